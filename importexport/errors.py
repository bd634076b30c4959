"""Typed errors.  Every message names what is wrong, in the language the game was created with;
a refused file or scenario (:class:`SaveFileError`, :class:`ScenarioError`) in any language:
``str(error)`` is the English, ``error.text(lang)`` the sentence in ``lang``."""

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


class TextError(ImportExportError, ValueError):
    """An error told by a message of the catalog (table ``files`` of :mod:`importexport.file_words`):
    ``key`` names the message, ``details`` fill it in (a detail may itself be a phrase, told in the
    same language)."""

    def __init__(self, key: str, /, **details: Any) -> None:
        self.key = key
        self.details = details
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (a language without a catalog gives the English)."""
        from .file_words import say

        return say(self.key, lang, self.details)


class SaveFileError(TextError):
    """A saved game that cannot be loaded; the message says where and why."""


class ScenarioError(TextError):
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


def told(exc: BaseException, lang: str) -> str:
    """An error's sentence in ``lang``: a file's or scenario's refusal in any language, any other error
    as it was raised."""
    return exc.text(lang) if isinstance(exc, TextError) else str(exc)
