"""The learner's own copy of the chapters: what ``importexport tutor`` serves, so that working through a
chapter never rewrites the checkout's notebooks.

The copy lives in the user's data folder (``platformdirs.user_data_dir("importexport")/tutor``: on Linux
``~/.local/share/importexport/tutor``), or where ``IMPORTEXPORT_TUTOR_DIR`` or ``importexport tutor
--dir`` says. Each start brings it up to date with the checkout (:func:`prepare`):

- a chapter the copy lacks is copied;
- a chapter whose cells the learner has not changed since it was copied (only outputs and what
  JupyterLab writes on saving differ) is replaced by the checkout's, clean and as new as the checkout;
- a chapter the learner changed (a note added, a cell edited) is kept, only its widget outputs removed;
- a chapter that is no notebook any more (damaged) is set aside as ``NAME.ipynb.damaged`` and copied anew.

Saving never stores a widget: JupyterLab saves through :func:`pre_save_hook`, which drops the outputs
that show a widget (they point at a kernel's objects and would stay "Loading widget..." once that
kernel is gone) and any stored widget state, so a chapter reopened later opens clean and its tables come
back with Run All.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .build import cells

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The output type of a widget on display (a reference to a model in a running kernel)."""
MANIFEST = ".importexport-tutor.json"
"""In the learner's folder: for each file copied, a digest of its cells as copied (so a later start tells
the learner's changes from the checkout's)."""
ENV = "IMPORTEXPORT_TUTOR_DIR"
"""The environment variable naming the learner's folder instead of the user data folder."""


def default_folder() -> Path:
    """Where the learner's copy lives: ``$IMPORTEXPORT_TUTOR_DIR`` if set, else the user data folder's
    ``importexport/tutor``."""
    chosen = os.environ.get(ENV, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("importexport", appauthor=False)) / "tutor"


def strip_widgets(notebook: dict[str, Any]) -> bool:
    """Remove from ``notebook`` (its JSON as a dict) every output showing a widget, and the stored widget
    state; whether anything changed.  A cell left without outputs loses its execution count too."""
    changed = False
    for cell in notebook.get("cells", ()):
        outputs = cell.get("outputs")
        if not outputs:
            continue
        kept = [out for out in outputs if WIDGET_VIEW not in (out.get("data") or {})]
        if len(kept) != len(outputs):
            cell["outputs"] = kept
            if not kept:
                cell["execution_count"] = None
            changed = True
    metadata = notebook.get("metadata", {})
    if "widgets" in metadata:
        del metadata["widgets"]
        changed = True
    return changed


def pre_save_hook(model: dict[str, Any], **_kwargs: Any) -> None:
    """Jupyter's pre-save hook (``ContentsManager.pre_save_hook``): a notebook is saved without widgets."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        strip_widgets(model["content"])


@dataclass
class Prepared:
    """What :func:`prepare` did, by path under the folder."""

    copied: list[str] = field(default_factory=list)
    refreshed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)


def _files(source: Path) -> Iterable[Path]:
    return sorted(p for p in source.rglob("*") if p.is_file() and p.suffix in (".ipynb", ".md")
                  and ".ipynb_checkpoints" not in p.parts)


def _digest(text: str) -> str:
    """A digest of what a learner may change in a file: a notebook's cells (:func:`~.build.cells`), else the text."""
    found = cells(text)
    return hashlib.sha256(json.dumps(found if found is not None else text).encode()).hexdigest()


def _manifest(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}


def prepare(source: Path, folder: Path) -> Prepared:
    """Bring the learner's ``folder`` up to date with the checkout's notebooks in ``source`` (see the
    module's text); ``source`` is only read."""
    done = Prepared()
    copied = _manifest(folder)
    for path in _files(source):
        name = path.relative_to(source).as_posix()
        target = folder / name
        shipped = path.read_text(encoding="utf-8")
        digest = _digest(shipped)
        if target.is_file():
            mine = target.read_text(encoding="utf-8")
            if mine != shipped:
                if path.suffix == ".ipynb" and cells(mine) is None:  # no notebook any more: set aside, not lost
                    target.replace(target.with_name(target.name + ".damaged"))
                elif _digest(mine) != copied.get(name, digest):  # the learner's own changes: kept
                    notebook = json.loads(mine) if path.suffix == ".ipynb" else None
                    if notebook is not None and strip_widgets(notebook):
                        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
                    done.kept.append(name)
                    continue
                target.write_text(shipped, encoding="utf-8")
                done.refreshed.append(name)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(shipped, encoding="utf-8")
            done.copied.append(name)
        copied[name] = digest
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MANIFEST).write_text(json.dumps(copied, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return done
