"""Closed pages give their kernels back: Chromium opens and closes six pages of the app one after
the other, and Voila is left with only its preheated kernel.

Its own file, so its server has served no other test's pages (a page of an earlier test whose
kernel had not gone yet used to cost this test up to a minute of waiting) and xdist runs it beside
tests/test_browser.py.
"""

from __future__ import annotations

import time

from browser_kit import SERVER, app_url, browser, kernels_of, needs_chromium

__all__ = ["app_url", "browser"]  # (the fixtures this module uses)
pytestmark = needs_chromium
OWN_SERVER = True  # (browser_kit.app_url: a server that has served no other module's pages)
PAGES = 6  # (each page takes the preheated kernel and the pool starts the next: a leak shows after two)


def test_closed_pages_give_their_kernels_back(browser, app_url: str) -> None:
    """Six pages opened and closed one after the other (each asks Voila to shut its kernel down as it goes):
    within a minute only the preheated kernel is left."""
    pid = SERVER["pid"]
    deadline = time.time() + 60
    while kernels_of(pid) != 1 and time.time() < deadline:  # (the server may still be preheating it)
        time.sleep(0.5)
    before = kernels_of(pid)
    assert before == 1, f"{before} kernels before any page opened: the preheated one expected"
    context = browser.new_context()
    for _ in range(PAGES):
        page = context.new_page()
        page.goto(app_url, timeout=90_000)
        page.wait_for_selector(".iex-start", timeout=90_000)
        assert kernels_of(pid) >= 2  # this page's kernel, and the pool refilled
        page.close(run_before_unload=True)
        gone = time.time()
        while kernels_of(pid) > before and time.time() - gone < 30:  # its kernel goes at once
            time.sleep(0.5)
    started = time.time()
    while kernels_of(pid) > before and time.time() - started < 60:
        time.sleep(1)
    assert kernels_of(pid) <= before, f"{kernels_of(pid)} kernels a minute after the pages closed, {before} before"
    context.close()
