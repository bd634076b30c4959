"""Instant abilities that move cards or credits between players and areas."""

from __future__ import annotations
