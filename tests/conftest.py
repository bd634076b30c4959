"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def english_widgets() -> Iterator[None]:
    """Widget tests start in English and leave the language as they found it."""
    try:
        from importexport.widgets import LANG
    except ImportError:  # the widget kit is not installed: nothing to reset
        yield
        return
    LANG.lang = "en"
    yield
    LANG.lang = "en"
