"""Typed errors.  Every message names what is wrong, in the language the game was created with."""

from __future__ import annotations

from typing import Any


class ImportExportError(Exception):
    """Base class of the package's errors."""


class IllegalActionError(ImportExportError, ValueError):
    """A choice the rules forbid.  ``rule`` is the key of the rule that forbids it.

    The game is left exactly as it was before the attempt.
    """

    def __init__(self, message: str, rule: str, args: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.details = args or {}


class SaveFileError(ImportExportError, ValueError):
    """A saved game that cannot be loaded; the message says where and why."""


class ScenarioError(ImportExportError, ValueError):
    """A scenario that does not describe a possible table."""


class BadArgumentError(ImportExportError, ValueError):
    """An argument of a game's interface outside what it takes: an undo count or a seat that is no
    whole number, or out of range (``Game.undo``, ``Game.view``, ``Game.legal_actions``).

    Like :class:`IllegalActionError` it has ``rule`` (the check's key) and ``details`` (the
    sentence's arguments); the game is left exactly as it was.
    """

    def __init__(self, message: str, rule: str, args: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.details = args or {}
