"""The rules tutor: chapters as data (``chapters/*.yaml``), graded by the engine.

Pure Python like the engine; the widgets that show the chapters live in ``importexport.widgets``.
"""

from .chapter import Chapter, ChapterError, chapter, chapters

__all__ = ["Chapter", "ChapterError", "chapter", "chapters"]
