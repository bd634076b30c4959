"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

# Property tests run the same examples every time (a fixed seed, no example database), so a CI
# run is repeatable and its time is bounded by each test's ``max_examples``.
settings.register_profile("repeatable", derandomize=True, database=None, print_blob=True)
settings.load_profile("repeatable")


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
