"""The notebooks' kernels are started patiently (tests/conftest.py): a start that dies is tried again."""

from __future__ import annotations

import nbval.kernel
import pytest
from conftest import patient


def test_a_kernel_start_that_dies_is_tried_again_and_the_last_failure_is_reported() -> None:
    calls: list[int] = []

    def dies_twice(n: int) -> str:
        calls.append(n)
        if len(calls) < 3:
            raise RuntimeError("Kernel died before replying to kernel_info")
        return f"kernel {n}"

    assert patient(dies_twice, pause=0)(7) == "kernel 7" and calls == [7, 7, 7]
    calls.clear()
    with pytest.raises(RuntimeError, match="died"):
        patient(dies_twice, tries=2, pause=0)(8)
    assert calls == [8, 8]


def test_nbval_starts_its_kernels_patiently() -> None:
    assert getattr(nbval.kernel.start_new_kernel, "patient", False)
