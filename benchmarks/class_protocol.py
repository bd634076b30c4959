"""Light clients that ask the app's server for what one page asks it for, without a browser
(``bench_class.py --clients protocol``): the server's own share of a class opening the app at once.

:func:`record` opens one real Chromium page and notes, in order, every request it makes to the server
up to the new-game screen (the page, Voila's bundle, the widgets' extensions, the kernel's model).
:func:`one_device` then makes the same requests over HTTP (six at a time, as a browser does for one
server), connects to the page's kernel over its websocket and asks what the page's widget manager
asks before it can draw anything: the kernel's info, then every widget's state (ipywidgets 8's
``jupyter.widget.control`` comm, ``request_states``).  The device's time is from its first request
to the widgets' states having arrived: what the server and the kernel must answer for the first
screen, without the browser's own work (parsing and running the bundle, drawing the widgets).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from urllib.parse import urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

CHROMIUM = "/usr/bin/chromium"
KERNEL = "{kernel}"  # stands for the page's own kernel id in a recorded path
ACCEPT = {"Accept-Encoding": "gzip, deflate", "User-Agent": "bench_class protocol client"}
CONTROL = "1.0.0"  # ipywidgets 8's control protocol, as its widget manager announces it
PARALLEL = 6  # requests a browser keeps open to one server (HTTP/1.1)


@dataclass
class Device:
    """One light client's times (seconds from its first request) and what it received."""

    page: float = float("nan")
    files: float = float("nan")
    socket: float = float("nan")
    state: float = float("nan")
    received: int = 0
    widgets: int = 0
    failed: str = ""
    statuses: dict[int, int] = field(default_factory=dict)


def kernel_of(html: str) -> str:
    """The kernel id Voila wrote into a preheated page."""
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    if not found:
        raise ValueError("no kernel id in the page")
    return found.group(1)


async def record(url: str) -> list[str]:
    """The paths (with query) one Chromium page requests from the server at ``url`` up to the new-game
    screen, in order, the page's own kernel id replaced by ``{kernel}``; the page itself first."""
    from playwright.async_api import async_playwright

    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    seen: list[str] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM)
        page = await browser.new_page(viewport={"width": 1280, "height": 720})
        page.on("request", lambda r: seen.append(r.url) if r.url.startswith(origin) else None)
        await page.goto(url, timeout=180_000)
        await page.wait_for_selector(".iex-start", state="visible", timeout=180_000)
        kernel = kernel_of(await page.content())
        await browser.close()
    paths = []
    for full in seen:
        parts = urlsplit(full)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if "/api/kernels/" in path:  # the page adds a time stamp to its kernel's model
            path = parts.path
        paths.append(path.replace(kernel, KERNEL))
    return paths


def message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> str:
    """A kernel message for the shell channel in Jupyter's JSON websocket protocol."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "",
              "date": datetime.now(UTC).isoformat(), "version": "5.3"}
    return json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                       "channel": "shell", "buffers": []})


async def fetch_all(client: AsyncHTTPClient, origin: str, paths: list[str], device: Device) -> None:
    """Get ``paths`` from the server, at most :data:`PARALLEL` at a time."""
    queue = list(reversed(paths))

    async def worker() -> None:
        while queue:
            answer = await client.fetch(HTTPRequest(origin + queue.pop(), headers=ACCEPT, request_timeout=300),
                                        raise_error=False)
            device.statuses[answer.code] = device.statuses.get(answer.code, 0) + 1
            device.received += len(answer.body or b"")

    await asyncio.gather(*(worker() for _ in range(PARALLEL)))


async def widget_states(origin: str, kernel: str, device: Device, start: float) -> None:
    """Connect to ``kernel``'s channels and ask for its info and its widgets' states, as the page's
    widget manager does; note when the socket was open and when the states came."""
    session = str(uuid.uuid4())
    ws_url = origin.replace("http", "ws", 1) + f"/api/kernels/{kernel}/channels?session_id={session}"
    conn = await websocket_connect(ws_url, connect_timeout=300)
    try:
        device.socket = time.monotonic() - start
        comm = str(uuid.uuid4())
        await conn.write_message(message(session, "kernel_info_request", {}))
        await conn.write_message(message(session, "comm_open", {
            "comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}, {"version": CONTROL}))
        await conn.write_message(message(session, "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}))
        while True:
            raw = await conn.read_message()
            if raw is None:
                raise ConnectionError("the kernel's socket closed before the widgets' states came")
            msg = json.loads(raw)
            data = msg.get("content", {}).get("data", {})
            if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                device.state = time.monotonic() - start
                device.widgets = len(data.get("states", {}))
                device.received += len(raw)
                await conn.write_message(message(session, "comm_close", {"comm_id": comm, "data": {}}))
                return
    finally:
        conn.close()


async def one_device(origin: str, paths: list[str], device: Device) -> None:
    """Make the recorded page's requests as one device; the times go into ``device``."""
    client = AsyncHTTPClient(force_instance=True, max_clients=PARALLEL)
    start = time.monotonic()
    try:
        answer = await client.fetch(HTTPRequest(origin + paths[0], headers=ACCEPT, request_timeout=300))
        device.received += len(answer.body)
        device.page = time.monotonic() - start
        kernel = kernel_of(answer.body.decode())
        await fetch_all(client, origin, [p.replace(KERNEL, kernel) for p in paths[1:]], device)
        device.files = time.monotonic() - start
        await widget_states(origin, kernel, device, start)
    except Exception as e:  # noqa: BLE001 (a device that failed counts as failed, whatever the cause)
        device.failed = f"{type(e).__name__}: {str(e)[:160]}"
    finally:
        client.close()


async def class_of_devices(url: str, paths: list[str], count: int, spread: float) -> list[Device]:
    """``count`` devices started one after another over ``spread`` seconds, each making ``paths``."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    devices = [Device() for _ in range(count)]

    async def later(i: int) -> None:
        await asyncio.sleep(i * spread / max(1, count - 1))
        await one_device(origin, paths, devices[i])

    await asyncio.gather(*(later(i) for i in range(count)))
    return devices
