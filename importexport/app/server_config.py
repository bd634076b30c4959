"""The app's Voila settings for a Jupyter server that serves Voila as its extension (Binder).

``importexport app`` starts Voila with its own command line (:func:`importexport.cli.app_command`).
Binder instead opens the app through the Voila extension of its Jupyter server, which reads its
settings from the user's ``jupyter_server_config.json``; ``binder/postBuild`` runs this module to
write the app's settings of Voila's cell runner there (:data:`importexport.cli.VOILA_EXECUTOR`: the
wait for a cell's last output), the app's page template (:data:`importexport.cli.TEMPLATE`, linked
into the user's Jupyter data folder, where Voila looks for templates) and the tutor's save hook
(:data:`importexport.cli.SAVE_HOOK`: a chapter is saved without its widgets, so it still opens after
its kernel is gone), keeping whatever else the file holds::

    python -m importexport.app.server_config [path]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..cli import SAVE_HOOK, TEMPLATE, TEMPLATES, VOILA_EXECUTOR


def default_path() -> Path:
    """The user's Jupyter server configuration file (``~/.jupyter/jupyter_server_config.json``)."""
    from jupyter_core.paths import jupyter_config_dir

    return Path(jupyter_config_dir()) / "jupyter_server_config.json"


def link_template(data: Path) -> Path:
    """Link the app's page template (:data:`~importexport.cli.TEMPLATE`) into the Jupyter data folder
    ``data`` (a link made before is made again); the link.  ValueError if something else is there."""
    source = TEMPLATES / "nbconvert" / "templates" / TEMPLATE
    link = data / "nbconvert" / "templates" / TEMPLATE
    if link.is_symlink():
        link.unlink()
    elif link.exists():
        raise ValueError(f"{link} is there already and is not a link to the app's template")
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(source, target_is_directory=True)
    return link


def write(path: Path) -> dict[str, Any]:
    """Set :data:`~importexport.cli.VOILA_EXECUTOR`, the page template and the save hook in the JSON configuration at ``path`` (made if missing);
    the configuration as written.  ValueError if the file is not a JSON object."""
    config: Any = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    if not isinstance(config, dict) or not all(isinstance(config.get(k, {}), dict)
                                                  for k in ("VoilaExecutor", "VoilaConfiguration", "ContentsManager")):
        raise ValueError(f"{path} is not a Jupyter configuration (a JSON object of sections)")
    config.setdefault("VoilaExecutor", {}).update(VOILA_EXECUTOR)
    config.setdefault("VoilaConfiguration", {})["template"] = TEMPLATE
    config.setdefault("ContentsManager", {})["pre_save_hook"] = SAVE_HOOK
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return config


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else default_path()
    try:
        from jupyter_core.paths import jupyter_data_dir

        write(path)
        link = link_template(Path(jupyter_data_dir()))
    except (ValueError, OSError) as exc:
        sys.stderr.write(f"importexport.app.server_config: {exc}\n")
        return 1
    print(f"{path}: VoilaExecutor {VOILA_EXECUTOR}, VoilaConfiguration.template {TEMPLATE} (linked as {link}), "
          f"ContentsManager.pre_save_hook {SAVE_HOOK}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
