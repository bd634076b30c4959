"""The ``importexport`` command.

    importexport app [--port N] [--no-browser] [--rooms URL]   play in the browser (Voila): against bots or hot-seat
    importexport tutor [--port N] [--no-browser] [--lang de] [--dir FOLDER]   open the tutor chapters in JupyterLab
    importexport bench [...]                       the random-play benchmark (see importexport.bench)
    importexport cards [--set base]                list the cards
    importexport rules WORD... [--lang de]         look up a rule in the tutor chapters
    importexport replay FILE                       print the narrated log of a saved game
    importexport simulate [...]                    bot tournaments (see importexport.simulate)

Every bad argument is answered with one line on stderr, ``importexport SUBCOMMAND: error: ...``,
and exit status 2, never a traceback; the ranges are below and in docs/cli.md.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from .bounds import MAX_SAVE_BYTES
from .importexport.constants import MAX_PLAYERS, MIN_PLAYERS
from .importexport.setup import MODULES
from .protocol import DEFAULT_GAME
from .protocol import GAMES as KINDS

ROOT = Path(__file__).resolve().parent.parent
APP_NOTEBOOK = Path(__file__).resolve().parent / "app" / "play.ipynb"
TEMPLATE = "importexport"
"""Voila's template for the app's page: its lab template with nothing fetched from another host
(``app/jupyter/nbconvert/templates/importexport``)."""
TEMPLATES = Path(__file__).resolve().parent / "app" / "jupyter"
"""The Jupyter data folder that holds :data:`TEMPLATE` (put on ``JUPYTER_PATH`` by :func:`server_env`;
under ``nbconvert/``, not ``voila/``: Voila takes the first ``voila/`` data folder for its themes)."""

# The ranges the command accepts (docs/cli.md lists them too).
PORTS = (1, 65535)
PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
GAMES = (1, 1_000_000)  # simulate lays out its whole schedule in memory first
JOBS = (1, 64)
SEEDS = (0, 2**64 - 1)  # the game's random source keeps 64 bits: a larger seed would repeat a smaller one
POOLS = (0, 100)  # preheated kernels: each takes its memory whether a page comes or not


class Parser(argparse.ArgumentParser):
    """An argument parser whose every error is one line on stderr and exit status 2.

    argparse's own errors (an unknown option, a missing value, a value its ``type`` refuses) and
    the ones the command raises itself with :meth:`error` read alike:
    ``importexport simulate: error: argument --players: must be 2 to 6, not 7 (see --help)``.
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, error_line(self.prog, message, hint=self.add_help))


def error_line(prog: str, message: object, hint: bool = False) -> str:
    """``prog: error: message`` on one line (a message spread over lines is joined)."""
    text = " ".join(str(message).split())
    return f"{prog}: error: {text}{' (see --help)' if hint else ''}\n"


def int_in(low: int, high: int, shown: str | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``."""
    span = shown or f"{low} to {high}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number (must be {span})") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {span}, not {value}")
        return value

    parse.__name__ = "int"
    return parse


port_number = int_in(*PORTS)
player_count = int_in(*PLAYERS)
game_count = int_in(*GAMES)
job_count = int_in(*JOBS)
seed_number = int_in(*SEEDS, shown="0 to 2**64-1")
pool_size = int_in(*POOLS)


def host_address(text: str) -> str:
    """An argparse ``type``: the address the app listens on, an IP address (``0.0.0.0``: every network
    this machine is on, so other devices of a class reach it)."""
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not an IP address (127.0.0.1: this machine only; 0.0.0.0: every network it is on)") from None


def lan_address() -> str | None:
    """This machine's address on its network, as other devices reach it (None without a network).
    A UDP socket is pointed at a private address to learn the route's own end: nothing is sent."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            address = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def module_names(text: str) -> tuple[str, ...]:
    """An argparse ``type``: comma-separated module names ('all' for every one), each one known."""
    names = [m.strip() for m in text.split(",") if m.strip()]
    if "all" in names:
        return tuple(MODULES)
    unknown = [m for m in names if m not in MODULES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown module {unknown[0][:40]!r}: choose from {', '.join(MODULES)} or all")
    return tuple(names)


def tutor_page(lang: str = "en") -> str:
    """The page the tutor opens, under the notebooks folder: the contents of one language."""
    from .tutor.build import CONTENTS

    return f"{lang}/{CONTENTS}"


def notebooks_dir() -> Path:
    """The tutor's notebooks: those of the checkout this command runs from (``ROOT / "notebooks"``, next
    to the package), else ``./notebooks`` (an installed package has none beside it)."""
    here = ROOT / "notebooks"
    return here if (here / tutor_page()).is_file() else Path.cwd() / "notebooks"


IOPUB_SECONDS = 60
"""How long Voila waits after a cell of the dashboard for the kernel's last output (see :func:`app_command`)."""
VOILA_EXECUTOR: dict[str, int] = {"iopub_timeout": IOPUB_SECONDS}
"""The app's settings of Voila's cell runner (``VoilaExecutor``), wherever Voila serves it: the app's
and the tutor's command lines (:func:`voila_executor_flags`), Binder's server configuration
(:mod:`importexport.app.server_config`)."""


def voila_executor_flags() -> list[str]:
    """:data:`VOILA_EXECUTOR` as command-line flags."""
    return [f"--VoilaExecutor.{name}={value}" for name, value in VOILA_EXECUTOR.items()]


SAVE_HOOK = "importexport.tutor.workspace.pre_save_hook"
"""What JupyterLab runs before saving a notebook: no widget is stored (see :mod:`importexport.tutor.workspace`)."""


def tutor_command(folder: Path, port: int, no_browser: bool, lang: str = "en") -> list[str]:
    """The JupyterLab command serving ``folder`` on 127.0.0.1 and opening the contents in ``lang``;
    notebooks are saved without widgets (:data:`SAVE_HOOK`)."""
    # JupyterLab serves Voila too (its server extension: the app at /voila/render/...), with the
    # app's wait for a cell's last output (IOPUB_SECONDS, see app_command).
    cmd = [sys.executable, "-m", "jupyterlab", f"--notebook-dir={folder}", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", f"--LabApp.default_url=/lab/tree/{tutor_page(lang)}",
           f"--ContentsManager.pre_save_hook={SAVE_HOOK}", *voila_executor_flags()]
    if no_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # a fresh machine or a container: root
        cmd.append("--allow-root")
    return cmd


def run_tutor(port: int, no_browser: bool, lang: str, prog: str, into: Path | None = None) -> int:
    """JupyterLab on the learner's copy of the tutor's notebooks (``into``, by default
    :func:`~importexport.tutor.workspace.default_folder`; brought up to date with the checkout's by
    :func:`~importexport.tutor.workspace.prepare`, which never writes the checkout) until Ctrl+C or
    SIGTERM (see :func:`serve`); one error line and status 2 if there are none to open or the folder
    cannot be written."""
    from .tutor.workspace import default_folder, prepare

    source = notebooks_dir()
    if not (source / tutor_page(lang)).is_file():
        places = " or ".join(str(p) for p in dict.fromkeys([ROOT / "notebooks", source]))
        sys.stderr.write(error_line(prog, f"no tutor notebooks in {places}: run it from a checkout of the project "
                                          "(python -m importexport.tutor.build writes them)"))
        return 2
    folder = (into or default_folder()).resolve()
    if folder == source.resolve() or source.resolve() in folder.parents:
        sys.stderr.write(error_line(prog, f"the learner's folder {folder} must lie outside the checkout's notebooks"))
        return 2
    try:
        done = prepare(source, folder)
    except OSError as exc:
        sys.stderr.write(error_line(prog, f"cannot write the learner's copy in {folder}: {exc.strerror or exc}"))
        return 2
    print(f"Import/Export: the tutor runs JupyterLab on your copy of the chapters in {folder}  (Ctrl+C stops it)",
          flush=True)
    if done.kept:
        print(f"  kept your changed chapters: {', '.join(done.kept)} (the originals: {source})", flush=True)
    return serve(tutor_command(folder, port, no_browser, lang))


CULL_SECONDS = 600  # a kernel with no page connected to it goes after 10 minutes without activity
FILL_DELAY = 120  # a pool of more than one kernel is filled again two minutes after a page took one
CULL_OPEN_SECONDS = 3 * 3600  # one whose page is open but untouched goes after 3 hours (a tab forgotten)
CULL_RANGE = (1, 365 * 24 * 3600)  # what the environment may set (a year at most: timedelta's range)
KERNEL_MANAGER = "importexport.app.voila_kernels.PoolSparingKernelManager"


def cull_seconds(name: str = "IMPORTEXPORT_CULL_SECONDS", default: int = CULL_SECONDS) -> int:
    """An idle timeout from the environment variable ``name`` if it is a whole number of seconds in
    :data:`CULL_RANGE` (the tests shorten it), else ``default``.  ``IMPORTEXPORT_CULL_SECONDS``: for
    kernels no page is connected to; ``IMPORTEXPORT_CULL_OPEN_SECONDS``: for open, untouched pages."""
    text = os.environ.get(name, "").strip()
    if text.isascii() and text.isdigit() and CULL_RANGE[0] <= int(text) <= CULL_RANGE[1]:
        return int(text)
    return default


def fill_delay(pool: int) -> int:
    """Seconds Voila waits before it starts kernels again for the pages it handed its preheated ones to:
    one kernel (a person, a reload) at once; a class's pool only after the class's pages have come up,
    so that starting the next pool does not take the machine from them (``benchmarks/bench_class.py``)."""
    return 1 if pool <= 1 else FILL_DELAY


IPC_PATH_MAX = 107
"""The longest path a Unix socket may have on Linux (``sun_path`` holds 108 bytes with its final zero)."""


def kernel_transport() -> str:
    """How the app's Voila talks to its kernels: ``ipc`` (Unix sockets) on Linux, ``tcp`` elsewhere.

    Over tcp jupyter_client picks free ports for a kernel, and the kernel binds them only a moment later:
    when thirty kernels started at once, one found its port taken meanwhile (``Address already in use``)
    and died.  A Unix socket is a file named after its kernel's connection file, which no other kernel
    or program can take.  Voila keeps the connection files in a folder of its own under the temporary
    folder; a socket's path must fit :data:`IPC_PATH_MAX`, so a very long temporary folder keeps tcp.
    Windows has no ZeroMQ ipc, and only Linux has been measured (``benchmarks/bench_kernel_start.py``)."""
    import tempfile

    if not sys.platform.startswith("linux"):
        return "tcp"
    longest = os.path.join(tempfile.gettempdir(), "voila_" + 8 * "x", f"kernel-{36 * 'x'}-ipc-99")
    return "ipc" if len(os.fsencode(longest)) <= IPC_PATH_MAX else "tcp"


def app_command(port: int, no_browser: bool, host: str = "127.0.0.1", pool: int = 1,
                notebook: Path = APP_NOTEBOOK) -> list[str]:
    """The Voila command serving the play dashboard on ``host`` (this machine only by default) with
    ``pool`` preheated kernels (a class opening the app at once: about the class's size); ``notebook``:
    another notebook served the same way (``benchmarks/bench_class.py --app trivial``)."""
    # A page closed normally shuts its kernel down at once (see widgets/static/xsrf.js).  A page that
    # vanishes without that request (a crashed tab, a dropped network) loses its websocket, and
    # jupyter_server's idle culler shuts its kernel down once it has been idle for the timeout with
    # no connection.  Plain culling in Voila 0.5.13 also takes the kernel a new page has just been
    # handed from the preheat pool (it has been quiet since it was preheated, and the page connects
    # a moment later), and that page hangs; PoolSparingKernelManager (app/voila_kernels.py) spares
    # the kernels in the pool and gives one that left it a full timeout (20 s at least) to be connected.
    # An open page keeps its kernel until it has been untouched for CULL_OPEN_SECONDS (a tab
    # forgotten open); its game is kept in the browser, so a reload continues it.
    # Voila runs the dashboard's cells with nbclient, which after each cell waits only 4 s (its default)
    # for the kernel's last output messages and then goes on without them: on a busy machine the cell
    # that shows the app lost its widget that way, and the page stayed empty.  IOPUB_SECONDS waits longer
    # (only a late message makes it wait at all).
    timeout = cull_seconds()
    cmd = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", f"--Voila.ip={host}",
           "--preheat_kernel=True", f"--pool_size={pool}", f"--VoilaKernelManager.fill_delay={fill_delay(pool)}",
           *voila_executor_flags(), f"--template={TEMPLATE}",
           f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
           f"--MappingKernelManager.cull_idle_timeout={timeout}",
           f"--MappingKernelManager.cull_interval={max(1, min(60, timeout // 2))}",
           "--MappingKernelManager.cull_connected=False", f"--KernelManager.transport={kernel_transport()}",
           f"--PoolSparingKernelManager.open_idle_seconds={cull_seconds('IMPORTEXPORT_CULL_OPEN_SECONDS', CULL_OPEN_SECONDS)}"]
    if no_browser:
        cmd.append("--no-browser")
    return cmd


def wait_for_port(port: int, seconds: float = 60.0) -> bool:
    """Wait until a server listens on 127.0.0.1:``port`` (True), or ``seconds`` have passed (False)."""
    import socket
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.2)
    return False


def server_env() -> dict[str, str]:
    """The environment for a server and its kernels: this checkout's package comes first on the
    path, so the server (Voila loads the app's kernel manager from it) and the notebooks use the
    package this command belongs to, installed or not; its page template (:data:`TEMPLATE`) comes
    first on Jupyter's data path."""
    path = os.environ.get("PYTHONPATH", "")
    data = os.environ.get("JUPYTER_PATH", "")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), path) if p),
            "JUPYTER_PATH": os.pathsep.join(p for p in (str(TEMPLATES), data) if p)}


def serve(cmd: list[str], cwd: str | None = None) -> int:
    """Run a server (Voila, JupyterLab) until it ends.  Ctrl+C or SIGTERM sent to this command stop
    the server too, and wait for it to shut its kernels down, so nothing is left running."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=server_env())

    def stop(signum: int, frame: object) -> None:
        proc.terminate()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        while True:
            try:
                return proc.wait()
            except KeyboardInterrupt:  # the server had the Ctrl+C as well; make sure it goes
                proc.terminate()
    finally:
        signal.signal(signal.SIGTERM, previous)
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()


def run_app(port: int, no_browser: bool, rooms: str | None = None, host: str = "127.0.0.1", pool: int = 1) -> int:
    """Serve the app; ``rooms``: the rooms' store (a file path or a database URL, checked already),
    handed to the app's kernels in ``$IMPORTEXPORT_ROOMS`` (without it: the default SQLite file);
    ``host``: the address to listen on (another than 127.0.0.1 lets other devices in); ``pool``: how
    many kernels are kept started ahead of the pages that will need them."""
    if rooms is not None:
        os.environ["IMPORTEXPORT_ROOMS"] = rooms
    print(f"Import/Export: the app is at http://127.0.0.1:{port}/  (Ctrl+C stops it)", flush=True)
    address = ipaddress.ip_address(host)
    if not address.is_loopback:  # (127.0.0.2 or ::1 let no other device in either)
        shared = lan_address() if address.is_unspecified else host
        shown = f"[{shared}]" if shared and ":" in shared else shared  # an IPv6 address is bracketed in a URL
        where = f"http://{shown}:{port}/" if shared else f"this machine's address on the network, port {port}"
        if shared:  # the rooms' links name it, also on a page opened at 127.0.0.1 (widgets/rooms.py shared_page)
            os.environ["IMPORTEXPORT_PUBLIC_URL"] = where
        print(f"Other devices on the network open {where} (anyone who reaches it can play: use a trusted network)",
              flush=True)
    # Voila reads app/voila.json from the folder it starts in: the widgets' code files (named by their
    # content's hash) are served as never changing, so a device that opened the app before keeps them
    # instead of asking for each again (benchmarks/bench_class.py --cache warm, docs/rooms.md).
    return serve(app_command(port, no_browser, host, pool), cwd=str(APP_NOTEBOOK.parent))


def check_rooms(url: str, parser: argparse.ArgumentParser) -> None:
    """Open the rooms' store once (making its tables if missing); a store that cannot be used stops
    the command with its one sentence."""
    from .rooms import RoomError, Store

    try:
        Store(url).close()
    except RoomError as exc:
        parser.error(f"argument --rooms: {exc}")


def read_save(path: str) -> str:
    """The text of a saved-game file; ``ValueError`` with a one-line reason if it cannot be one."""
    p = Path(path)
    try:
        if not p.exists():
            raise ValueError(f"no such file: {path}")
        if p.is_dir():
            raise ValueError(f"{path} is a directory, not a saved game")
        if not p.is_file():
            raise ValueError(f"{path} is not a regular file, not a saved game")
        size = p.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise ValueError(f"{path} is too large for a saved game ({size} bytes; the limit is {MAX_SAVE_BYTES})")
        with open(p, "rb") as fh:
            data = fh.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_SAVE_BYTES:
        raise ValueError(f"{path} is too large for a saved game (the limit is {MAX_SAVE_BYTES} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a text file (not UTF-8), so not a saved game") from None


def replay(path: str, lang: str | None, prog: str) -> int:
    """Print the narrated log of the game saved in ``path``; one error line and 2 if it cannot."""
    from .errors import SaveFileError, told
    from .importexport.savefile import load

    try:
        g = load(read_save(path))
    except (ValueError, SaveFileError) as exc:  # SaveFileError says what is damaged and where, in the language asked for
        sys.stderr.write(error_line(prog, told(exc, lang or "en")))
        return 2
    except Exception as exc:  # damage the loader's own checks did not foresee: still one line, no traceback
        sys.stderr.write(error_line(prog, f"the saved game in {path} is damaged ({type(exc).__name__}: {exc})"))
        return 2
    print("\n".join(g.narrate(lang)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; a bad argument exits with status 2 (``SystemExit``) or returns 2.

    Ctrl+C ends any command with status 130 and one line, and a reader that stops early
    (``importexport replay game.json | head``) ends it quietly: neither prints a traceback.
    """
    try:
        return _run(argv)
    except KeyboardInterrupt:
        print("\nimportexport: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reading end of the pipe is gone: point stdout at nothing so the exit flush is quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def notebook_path(page: str) -> str:
    """Where the tutor's notebook ``page`` (``de/06-import-and-bidding.ipynb``) is on disk: relative to
    the checkout (``notebooks/de/...``) or else to the current folder; just ``page`` if there is none."""
    path = notebooks_dir() / page
    if not path.is_file():
        return page
    for base in (ROOT, Path.cwd()):
        if path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    return str(path)


def _run(argv: Sequence[str] | None) -> int:
    ap = Parser(prog="importexport", description="Import/Export: rules tutor and playable edition")
    sub = ap.add_subparsers(dest="command", required=True, parser_class=Parser)
    app = sub.add_parser("app", help="play a game in the browser (Voila), against bots or hot-seat")
    app.add_argument("--port", type=port_number, default=8866, help="1 to 65535 (default 8866)")
    app.add_argument("--no-browser", action="store_true")
    app.add_argument("--host", type=host_address, default="127.0.0.1", metavar="IP",
                     help="the address to listen on: 127.0.0.1 (default) for this machine only, 0.0.0.0 to let "
                          "other devices of the network in (a class playing rooms)")
    app.add_argument("--pool", type=pool_size, default=1, metavar="N",
                     help="kernels kept started ahead for pages about to open (default 1; a class opening the "
                          "app at once: the class's size; about 90 MB of memory each, see docs/rooms.md)")
    app.add_argument("--rooms", default=None, metavar="URL",
                     help="where rooms are kept: an SQLite file or postgresql://... (default: a file in the user data folder)")
    tutor = sub.add_parser("tutor", help="open the tutor chapters in JupyterLab")
    tutor.add_argument("--port", type=port_number, default=8888, help="1 to 65535 (default 8888)")
    tutor.add_argument("--no-browser", action="store_true")
    tutor.add_argument("--lang", default="en", choices=["en", "de"], help="the language to open (default en)")
    tutor.add_argument("--dir", type=Path, default=None,
                       help="the learner's folder for the chapters (default: the user data folder's importexport/tutor)")
    sub.add_parser("bench", help="random-play benchmark", add_help=False)
    sub.add_parser("simulate", help="bot tournaments: win rates, scores, move times", add_help=False)
    cards = sub.add_parser("cards", help="list the cards")
    cards.add_argument("--set", default=None, help="only the cards of this set (base, capital, tokyo, ...)")
    cards.add_argument("--game", default=DEFAULT_GAME, choices=KINDS.ids(), help=f"whose cards (default {DEFAULT_GAME})")
    rules = sub.add_parser("rules", help="look up a rule by keyword (English or German)")
    rules.add_argument("query", nargs="+")
    rules.add_argument("--lang", default=None, choices=["en", "de"])
    rules.add_argument("--game", default=DEFAULT_GAME, choices=KINDS.ids(),
                       help=f"whose chapters to search (default {DEFAULT_GAME}; a game with chapters)")
    replay_ap = sub.add_parser("replay", help="narrate a saved game")
    replay_ap.add_argument("file")
    replay_ap.add_argument("--lang", default=None, choices=["en", "de"])
    parsers = {"app": app, "tutor": tutor, "cards": cards, "rules": rules, "replay": replay_ap}
    args, rest = ap.parse_known_args(None if argv is None else list(argv))

    if args.command == "bench":
        from .bench import main as bench_main

        bench_main(rest, prog="importexport bench")
        return 0
    if args.command == "simulate":
        from .simulate import main as simulate_main

        return simulate_main(rest)
    if rest:
        parsers[args.command].error(f"unrecognised arguments: {' '.join(rest)}")
    if args.command == "app":
        if args.rooms is not None:
            check_rooms(args.rooms, app)
        return run_app(args.port, args.no_browser, args.rooms, args.host, args.pool)
    if args.command == "tutor":
        return run_tutor(args.port, args.no_browser, args.lang, tutor.prog, args.dir)
    if args.command == "cards":
        kind = KINDS[args.game]
        if kind.card_lines is None:
            cards.error(f"argument --game: {kind.name} has no card list")
        if args.set is not None and args.set not in kind.card_sets:
            cards.error(f"argument --set: unknown set {args.set[:40]!r}: choose from {', '.join(kind.card_sets)}")
        print("\n".join(kind.card_lines(args.set)))
        return 0
    if args.command == "rules":
        from .tutor.games import TUTOR_GAMES, no_chapters
        from .tutor.lookup import query_words, search

        if args.game not in TUTOR_GAMES:
            rules.error(f"argument --game: {no_chapters(args.game)}")

        query = " ".join(args.query)
        if not re.search(r"\w", query):
            rules.error("the query has no word to look up: give a keyword, e.g. 'importexport rules Gebot'")
        hits = search(query, args.lang, game=args.game)
        if not hits:
            print(f"nothing found for {query!r}")
            return 1
        words = query_words(query)
        for h in hits:
            print(f"chapter {h.chapter} ({notebook_path(h.path)}) > {h.entry.title[h.lang]}")
            print(f"    {h.snippet(words)}")
        return 0
    if args.command == "replay":
        return replay(args.file, args.lang, replay_ap.prog)
    return 1


if __name__ == "__main__":
    sys.exit(main())
