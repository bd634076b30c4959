"""The lock of tested versions: it covers pyproject.toml, and CI installs exactly it.

`requirements/lock.txt` is generated from `pyproject.toml` (README, "The lock"). These tests keep the
two in step, check that every way of installing goes through the lock, and, in CI
(`IMPORTEXPORT_REQUIRE_LOCK=1`, set by `.ci/run`), that what is installed is what is locked.
"""

from __future__ import annotations

import os
import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements" / "lock.txt"
PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[^\s;]+)\s*(?:;\s*(?P<marker>.+))?$")


def locked() -> dict[str, list[tuple[Version, Marker | None]]]:
    """Every pin of the lock by normalised name (a package may have one pin per Python range)."""
    pins: dict[str, list[tuple[Version, Marker | None]]] = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        match = PIN.match(line.strip())
        if match:
            marker = Marker(match["marker"]) if match["marker"] else None
            pins.setdefault(canonicalize_name(match["name"]), []).append((Version(match["version"]), marker))
    return pins


def requirements() -> list[Requirement]:
    """The project's own requirements: the core and every extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    texts = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        texts.extend(extra)
    return [Requirement(text) for text in texts]


def pin_here(pins: list[tuple[Version, Marker | None]]) -> Version | None:
    """The pin that applies to this Python and platform, if any."""
    for version, marker in pins:
        if marker is None or marker.evaluate():
            return version
    return None


def test_the_lock_pins_every_requirement_of_pyproject_at_an_allowed_version() -> None:
    pins = locked()
    assert len(pins) > 50  # the whole tree, not only the direct requirements
    for requirement in requirements():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is required by pyproject.toml but not locked: refresh the lock"
        for version, _ in pins[name]:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"the lock pins {requirement.name}=={version}, outside {requirement.specifier}: refresh the lock"
            )


def test_every_install_goes_through_the_lock() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    header = LOCK.read_text(encoding="utf-8").splitlines()[1]
    refresh = re.search(r"`pip install uv && (uv pip compile [^`]+)`", readme)
    assert refresh, "the README names the command that refreshes the lock"
    assert header.strip("# ").split() == [w for w in refresh.group(1).split() if w != "--upgrade"]
    assert 'pip install --quiet --disable-pip-version-check -c requirements/lock.txt -e ".[test]"' in (
        ROOT / ".ci" / "run"
    ).read_text(encoding="utf-8")
    binder = [line.strip() for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    assert "-c ../requirements/lock.txt" in binder  # nested paths are read relative to the file
    assert (ROOT / "binder" / "../requirements/lock.txt").resolve() == LOCK


@pytest.mark.skipif(
    os.environ.get("IMPORTEXPORT_REQUIRE_LOCK") != "1",
    reason="set IMPORTEXPORT_REQUIRE_LOCK=1 to check the installed versions (CI does; the README's way "
    "of trying the newest releases does not)",
)
def test_every_installed_dependency_is_the_locked_version() -> None:
    pins = locked()
    wrong = []
    for name, options in pins.items():
        version = pin_here(options)
        if version is None:
            continue
        try:
            installed = Version(metadata.version(name))
        except metadata.PackageNotFoundError:
            continue  # locked for an extra that this install did not ask for
        if installed != version:
            wrong.append(f"{name} {installed} (locked {version})")
    assert not wrong, "installed versions differ from the lock: " + ", ".join(wrong)
    test_extra = [r for r in requirements() if r.marker is None or r.marker.evaluate({"extra": "test"})]
    for requirement in test_extra:
        assert metadata.version(requirement.name)  # every requirement of the test extra is installed
