"""What the JupyterLab browser tests share: a JupyterLab server (one per test module) on a temporary copy
of ``notebooks/`` whose kernels import this checkout's ``importexport``, one page of it (loading
JupyterLab takes long, opening another notebook in it does not), and the steps a reader takes
there: File ▸ Open from Path…, Run ▸ Run All Cells, wait until the kernel is idle and the widgets
are drawn.  Not a test module itself; the Chromium side is ``browser_kit``'s.

JupyterLab's own chrome is kept out of the way without changing the reader's steps: the server gets
settings, workspaces and Jupyter config folders of its own (the "official Jupyter news?" question
is switched off there, and any toast or dialog that still comes is dismissed), and the page opens
in a workspace of its own, so it does not reopen the notebooks of an earlier page.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from browser_kit import ARTIFACTS, free_port
from helpers import identities, kill_all, process_tree, still_running
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

from importexport.cli import server_env
from importexport.tutor import build

ROOT = Path(__file__).resolve().parents[1]
WAIT_MS = 60_000  # the longest any one wait may take (CI: 2 cores shared by 3 test workers)
CHAPTERS = {6, 8}  # rendered from the chapter files into the copy (the checkout's notebooks may lag behind)
SETTINGS = {"@jupyterlab/apputils-extension/notification.jupyterlab-settings":
            {"fetchNews": "false", "checkForUpdates": False}}  # no "official Jupyter news?" toast
SERVER_CONFIG = {"ServerApp": {"jpserver_extensions": {  # what the chapters do not need: a faster start
    "jupyter_lsp": False, "jupyter_server_terminals": False, "voila.server_extension": False}}}
_workspaces = itertools.count(1)


@dataclass
class Lab:
    """A JupyterLab started: its address, its process, the folder it serves and its log."""

    url: str
    proc: subprocess.Popen[str]
    folder: Path
    log: Path
    kernels: dict[int, int] = field(default_factory=dict)  # every kernel seen below the server: pid, start time

    def kernel_pids(self) -> set[int]:
        """The kernels running below the server now (remembered, so the end can check they went)."""
        now = {pid for pid, args in process_tree(self.proc.pid).items() if "ipykernel" in args}
        self.kernels |= identities(now)
        return now

    def ready(self) -> None:
        """Wait until the server answers (at most :data:`WAIT_MS`); fail with its log if it does not."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while True:
            assert self.proc.poll() is None, f"JupyterLab ended: {self.log.read_text()[-3000:]}"
            try:
                with urllib.request.urlopen(self.url + "api/status", timeout=10):
                    return
            except OSError:
                assert time.monotonic() < deadline, f"JupyterLab does not answer: {self.log.read_text()[-3000:]}"
                time.sleep(0.2)


def notebook_copy(dest: Path) -> Path:
    """``notebooks/`` copied to ``dest``, with the chapters in :data:`CHAPTERS` rendered from their
    current chapter files (``build.write`` into the copy: the checkout is not touched)."""
    shutil.copytree(ROOT / "notebooks", dest)
    build.write(dest, CHAPTERS)
    return dest


def lab_folders(base: Path) -> tuple[Path, Path, Path, Path]:
    """JupyterLab's settings, workspaces, Jupyter config and runtime folders of its own under ``base``, made
    and filled (the user's do not count)."""
    settings, workspaces, config, runtime = (base / name for name in ("settings", "workspaces", "config", "runtime"))
    for path, value in SETTINGS.items():
        (settings / path).parent.mkdir(parents=True, exist_ok=True)
        (settings / path).write_text(json.dumps(value), encoding="utf-8")
    for d in (workspaces, config, runtime):
        d.mkdir(exist_ok=True)
    (config / "jupyter_server_config.json").write_text(json.dumps(SERVER_CONFIG), encoding="utf-8")
    return settings, workspaces, config, runtime


def start_lab(base: Path) -> Lab:
    """Start JupyterLab on a copy of the notebooks under ``base``, in a process group of its own, with
    settings, workspaces, Jupyter config and runtime folders of its own there too (the user's do not
    count).  It is still starting: :meth:`Lab.ready` waits for it."""
    folder = notebook_copy(base / "notebooks")
    settings, workspaces, config, runtime = lab_folders(base)
    port = free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.root_dir={folder}", f"--LabApp.user_settings_dir={settings}",
           f"--LabApp.workspaces_dir={workspaces}", "--LabApp.extension_manager=readonly"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # (a container)
        cmd.append("--allow-root")
    env = {**server_env(), "JUPYTER_CONFIG_DIR": str(config), "JUPYTER_RUNTIME_DIR": str(runtime)}
    log = base / "jupyterlab.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True)
    return Lab(f"http://127.0.0.1:{port}/", proc, folder, log)


def stop_lab(lab: Lab) -> list[str]:
    """Stop the server (SIGTERM: it shuts its kernels down first), then kill whatever is left of its
    process group and of its kernels (each kernel runs in a session of its own).  Returns what was
    left and had to be killed (empty: nothing)."""
    lab.kernel_pids()
    try:
        os.killpg(lab.proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        lab.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pass
    seen = {**lab.kernels, **identities(group_members(lab.proc.pid))}  # (by start time: a pid may be reused)
    deadline = time.monotonic() + 10
    while still_running(seen) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [f"{pid}" for pid in kill_all(seen)]
    if lab.proc.poll() is None:
        left.append(f"server {lab.proc.pid}")
        lab.proc.kill()
        lab.proc.wait(timeout=10)
    return left


def group_members(pgid: int) -> list[int]:
    """The processes whose process group is ``pgid``."""
    rows = subprocess.run(["ps", "-eo", "pid=,pgid="], capture_output=True, text=True, check=True).stdout
    return [int(pid) for pid, group in (line.split() for line in rows.splitlines()) if int(group) == pgid]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab for one test module, started (``lab_page`` waits until it answers, having launched the
    browser meanwhile); at the end it and all its kernels are gone (checked)."""
    server = start_lab(tmp_path_factory.mktemp("lab"))
    try:
        yield server
    finally:
        left = stop_lab(server)
        assert not left, f"processes left after JupyterLab stopped (killed now): {left}"


# --- a reader's steps in JupyterLab ---------------------------------------------------------------

CURRENT = "#jp-main-dock-panel .jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook in the tab shown
TRACEBACK = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"  # (an error is shown so)


def dismiss(page: Page) -> None:
    """Close whatever JupyterLab put in front of the notebook: a toast (news, updates) or a dialog
    (e.g. "Select Kernel": its default answer)."""
    for toast in page.locator(".Toastify__toast").all():
        close = toast.locator(".jp-toast-button:text-is('No'), .jp-Notification-Toast-Close")
        if close.count():
            close.first.click()
    dialog = page.locator(".jp-Dialog")
    if dialog.count():
        dialog.locator(".jp-mod-accept").first.click()


def kernel_idle(page: Page, timeout: int = WAIT_MS) -> None:
    """Wait until the notebook shown has a kernel and it is idle (its toolbar names the kernel, and
    the status bar, which follows the tab shown, says Idle)."""
    page.wait_for_function("""sel => {
        const panel = document.querySelector(sel);
        const name = panel && panel.querySelector('.jp-KernelName');
        const bar = document.querySelector('#jp-main-statusbar');
        const text = bar ? bar.innerText : '';
        return name && !name.innerText.includes('No Kernel') && text.includes('| Idle') && !text.includes('No Kernel');
    }""", arg=CURRENT, timeout=timeout)


@pytest.fixture(scope="module")
def lab_page(lab: Lab, browser: Browser) -> Iterator[Page]:
    """A 1280×720 page with JupyterLab open in a workspace of its own (the tests of a module share
    it: loading JupyterLab takes long, opening a notebook in it does not)."""
    lab.ready()
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{lab.url}lab/workspaces/test-{next(_workspaces)}", timeout=WAIT_MS)
    page.wait_for_selector("#jp-MainMenu .lm-MenuBar-item", timeout=WAIT_MS)
    dismiss(page)
    yield page
    page.close()


def menu(page: Page, title: str, command: str) -> None:
    """Click the main menu ``title`` and in it the item of JupyterLab's ``command``."""
    page.locator("#jp-MainMenu .lm-MenuBar-item", has_text=re.compile(f"^{re.escape(title)}$")).click()
    page.locator(f".lm-Menu li[data-command='{command}']").click()


def open_notebook(page: Page, path: str) -> Locator:
    """File ▸ Open from Path… ``path`` (under the notebooks folder); returns the notebook's panel once
    its kernel is idle."""
    dismiss(page)
    before = page.locator(".jp-NotebookPanel").count()
    menu(page, "File", "filebrowser:open-path")
    page.locator(".jp-Dialog input").fill(path)
    page.locator(".jp-Dialog .jp-mod-accept").click()
    expect(page.locator(".jp-NotebookPanel")).to_have_count(before + 1, timeout=WAIT_MS)
    panel = page.locator(CURRENT)
    panel.locator(".jp-Cell").first.wait_for(timeout=WAIT_MS)
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:  # (a dialog, e.g. the kernel's, would wait for an answer: answer it)
        dismiss(page)
        try:
            kernel_idle(page, 2_000)
            break
        except PlaywrightError:
            if time.monotonic() > deadline:
                raise
    dismiss(page)
    return panel


def run_all(panel: Locator, drawn: str = ".iex-board", top: bool = True) -> None:
    """Run ▸ Run All Cells on the notebook ``panel`` shown, then wait until every code cell has run,
    the kernel is idle and ``drawn`` is there (the widgets arrive after their cell has run); then
    (``top``) back to the notebook's top, or (not ``top``) where Run All left the reader.  A cell that
    fails stops the run (JupyterLab leaves the cells after it unrun): that fails here at once, with its
    traceback."""
    page = panel.page
    menu(page, "Run", "runmenu:run-all")
    page.wait_for_function("""sel => {
        const prompts = [...document.querySelectorAll(sel + ' .jp-CodeCell .jp-InputArea-prompt')];
        const outputs = [...document.querySelectorAll(sel + ' ' + TRACEBACK)];
        const failed = outputs.some(o => o.textContent.includes('Traceback'));
        const busy = prompts.some(p => p.textContent.includes('*'));
        return prompts.length > 0 && (prompts.every(p => /\\[\\d+\\]/.test(p.textContent)) || (failed && !busy));
    }""".replace("TRACEBACK", repr(TRACEBACK)), arg=CURRENT, timeout=WAIT_MS)
    failed = [t for t in panel.locator(TRACEBACK).all_text_contents() if "Traceback" in t]
    assert not failed, f"Run All Cells stopped at an error:\n{failed[0][-3000:]}"
    kernel_idle(page)
    panel.locator(drawn).first.wait_for(state="attached", timeout=WAIT_MS)
    dismiss(page)
    if top:
        scroll_to_top(panel)


def scroll_to_top(panel: Locator) -> None:
    """Scroll the notebook ``panel`` to its first cell."""
    panel.locator(".jp-WindowedPanel-outer").first.evaluate("el => { el.scrollTop = 0; }")


def cell(panel: Locator, source: str) -> Locator:
    """The code cell of the notebook ``panel`` whose source is ``source`` (``ch.table('three-rounds')``)."""
    return panel.locator(".jp-CodeCell").filter(has=panel.page.locator(".jp-InputArea-editor", has_text=source))


def wait_texts(scope: Locator, selector: str, texts: list[str]) -> None:
    """Wait until the elements ``selector`` under ``scope`` read ``texts``, one each, in order (checked at
    every frame, so a widget's answer is seen at once; ``expect`` backs off to a second between checks)."""
    try:
        scope.page.wait_for_function("""([root, sel, want]) => {
            const got = [...root.querySelectorAll(sel)].map(e => e.textContent.trim());
            return got.length === want.length && got.every((t, i) => t === want[i]);
        }""", arg=[scope.element_handle(), selector, texts], timeout=WAIT_MS)
    except PlaywrightError:
        got = [t.strip() for t in scope.locator(selector).all_text_contents()]
        raise AssertionError(f"{selector} reads {got}, not {texts}") from None


OUTSIDE = """([root, sels]) => {
    const outer = root.closest('.jp-WindowedPanel-outer');
    const v = outer ? outer.getBoundingClientRect() : {top: 0, bottom: window.innerHeight};
    const top = Math.max(v.top, 0), bottom = Math.min(v.bottom, window.innerHeight);
    return sels.filter(sel => {
        const e = [...root.querySelectorAll(sel)].find(x => x.getClientRects().length);
        if (!e) return true;
        const r = e.getBoundingClientRect();
        return r.top < top - 1 || r.bottom > bottom + 1;
    });
}"""
"""Those of the selectors whose first element shown under ``root`` is not wholly inside the notebook's view."""
SMALL_TEXT = """root => [...root.querySelectorAll('*')].filter(e => {
    const st = getComputedStyle(e);
    return e.getClientRects().length && st.visibility !== 'hidden' && st.clipPath === 'none'
        && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && parseFloat(st.fontSize) < 14;
}).map(e => `${e.textContent.trim().slice(0, 40)} (${getComputedStyle(e).fontSize})`)"""
"""The texts under ``root`` shown smaller than 14 px (screen-reader-only words, clipped, do not count)."""


def in_view(scope: Locator, selectors: list[str], timeout: int = 10_000) -> None:
    """Wait until the first element shown of each of ``selectors`` under ``scope`` is wholly inside the
    notebook's view (a chapter's table brings itself into view a moment after a click); fail naming those
    that are not."""
    try:
        scope.page.wait_for_function(f"args => ({OUTSIDE})(args).length === 0",
                                     arg=[scope.element_handle(), selectors], timeout=timeout)
    except PlaywrightError:
        left = scope.evaluate(f"(root, sels) => ({OUTSIDE})([root, sels])", selectors)
        ARTIFACTS.mkdir(exist_ok=True)
        scope.page.screenshot(path=str(ARTIFACTS / "not-in-view.png"))
        raise AssertionError(f"not inside the window: {left} (test-artifacts/not-in-view.png)") from None


def small_texts(scope: Locator) -> list[str]:
    """The texts under ``scope`` shown smaller than 14 px."""
    return scope.evaluate(SMALL_TEXT)
