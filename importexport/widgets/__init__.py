"""The widget kit: live tables, exercises, the rule lookup, the card browser and the chapters.

This is the only part of the package that imports ipywidgets; the engine stays free of it.
"""

from .lang import LANG, language_switch
from .table import TableView

__all__ = ["LANG", "TableView", "language_switch"]
