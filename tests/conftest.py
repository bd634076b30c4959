"""Shared fixtures."""

from __future__ import annotations

import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from importexport.protocol import GAMES, GROUP

# Property tests run the same examples every time (a fixed seed, no example database), so a CI
# run is repeatable and its time is bounded by each test's ``max_examples``.
settings.register_profile("repeatable", derandomize=True, database=None, print_blob=True)
settings.load_profile("repeatable")

# The files that take a minute or more, run first.  xdist hands files to its workers in the order
# collected (``--no-loadscope-reorder`` in pyproject.toml: by default it sorts files by their number
# of tests, which left these, with few tests each, to the end, one worker busy for minutes while
# the others had nothing left).  Started first, they run beside the many short files.  The browser
# files alternate with the random games, so that the browsers and servers do not all start at once.
# (A worker with two tests or fewer left is sent the next file: the fourth goes to the first
# worker, after the whole game.)  A new file that takes a minute or more belongs here.
LONG_FILES = (
    "test_browser_game.py", "test_random_play.py", "test_random_modules.py",
    "test_browser.py", "test_random_modules_2.py", "test_browser_kernels.py",
    "test_random_play_abilities.py", "test_browser_chapters.py", "test_describe.py", "test_save_undo.py",
    "test_browser_portroyal.py", "test_browser_chapters_portroyal.py",
    "test_portroyal_random.py", "test_illegal_fuzz.py", "test_culling.py", "test_rooms_store.py",
    "test_rooms.py", "test_browser_plugin.py",
)


def patient(start: Callable[..., Any], tries: int = 3, pause: float = 1.0) -> Callable[..., Any]:
    """``start`` (a kernel start) tried up to ``tries`` times while it raises ``RuntimeError``, waiting
    ``pause`` seconds more each time.  A kernel can die before it answers when several start at the same
    moment (jupyter_client picks free ports, the kernel binds them a moment later: a race known under
    pytest-xdist); it happened once to nbval in a CI run, every cell of one notebook failing at setup."""

    def start_patiently(*args: Any, **kwargs: Any) -> Any:
        for attempt in range(1, tries):
            try:
                return start(*args, **kwargs)
            except RuntimeError:
                time.sleep(pause * attempt)
        return start(*args, **kwargs)  # the last try: its failure is the one reported

    start_patiently.patient = True  # type: ignore[attr-defined]
    return start_patiently


try:  # nbval starts each notebook's kernel with nbval.kernel.start_new_kernel
    import nbval.kernel
except ImportError:
    pass
else:
    if not getattr(nbval.kernel.start_new_kernel, "patient", False):
        nbval.kernel.start_new_kernel = patient(nbval.kernel.start_new_kernel)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """:data:`LONG_FILES` first; every other test keeps its place, a file's tests their order."""
    rank = {name: i for i, name in enumerate(LONG_FILES)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(autouse=True)
def english_widgets() -> Iterator[None]:
    """Widget tests start in English and leave the language as they found it.  The widgets a test
    made stop following the language when it ends: otherwise every later switch would redraw every
    widget of every earlier test in the worker (a test's widgets are never shown again)."""
    try:
        from importexport.widgets import LANG
        from importexport.widgets.lang import _FOLLOWING
    except ImportError:  # the widget kit is not installed: nothing to reset
        yield
        return
    LANG.lang = "en"
    before = set(_FOLLOWING)
    yield
    for owner in set(_FOLLOWING) - before:
        for handler in _FOLLOWING.pop(owner):
            LANG.unobserve(handler, names="lang")
    LANG.lang = "en"


@pytest.fixture(autouse=True, scope="session")
def _learner_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``importexport tutor`` in a test writes its learner's copy into a temporary folder, never into the
    user's data folder (one folder for the session; a test that needs its own sets the variable itself)."""
    from importexport.tutor.workspace import ENV

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV, str(tmp_path_factory.mktemp("learner")))
        yield


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
"""The example games, each its own distribution (``examples/<name>/pyproject.toml``)."""


def example_points() -> dict[str, tuple[Path, str, str, dict[str, str]]]:
    """Per example folder: (the folder, its distribution's name, version, its ``importexport.games``
    entry points), as its own ``pyproject.toml`` declares them."""
    out = {}
    for project in sorted(EXAMPLES.glob("*/pyproject.toml")):
        data = tomllib.loads(project.read_text(encoding="utf-8"))["project"]
        out[project.parent.name] = (project.parent, data["name"], data["version"],
                                    dict(data.get("entry-points", {}).get(GROUP, {})))
    return out


def register_examples(folder: Path) -> tuple[list[Path], list[str]]:
    """The example games registered as ``pip install -e examples/<name>`` would: each one's entry points,
    copied from its own ``pyproject.toml``, in a ``.dist-info`` folder written in ``folder`` (which
    ``importlib.metadata`` reads as installed metadata once ``folder`` is on ``sys.path``).  The folders
    to put on ``sys.path`` (or ``PYTHONPATH``, for another process): ``folder`` and each example's own;
    and the ids of the games they add."""
    ids, paths = [], []
    for example, name, version, points in example_points().values():
        dist = folder / f"{name.replace('-', '_')}-{version}.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
        lines = "".join(f"{gid} = {value}\n" for gid, value in points.items())
        (dist / "entry_points.txt").write_text(f"[{GROUP}]\n{lines}", encoding="utf-8")
        paths.append(example)
        ids += list(points)
    return [folder, *paths], ids


@pytest.fixture
def example_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The example games registered (:func:`register_examples`; faster than installing them, and nothing
    left installed): their folders on ``sys.path`` and :data:`~importexport.protocol.GAMES` made to
    look again; all undone after the test.  The ids of the games they add."""
    paths, ids = register_examples(tmp_path)
    for path in reversed(paths):
        monkeypatch.syspath_prepend(str(path))
    monkeypatch.setattr(GAMES, "_found", None)
    monkeypatch.setattr(GAMES, "_kinds", dict(GAMES._kinds))
    return ids


@pytest.fixture(scope="session")
def shared_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, Path]]:
    """One app server (its address, process id and rooms' file) for every browser test module of a worker that needs
    no server of its own (``browser_kit.app_url``): starting one takes 10-25 s under a full run's load,
    and a module closes its pages, whose kernels then go."""
    from browser_kit import serve_app

    with serve_app(tmp_path_factory) as served:
        yield served
