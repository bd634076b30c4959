"""Abilities that grant free or extra actions, draws and turns."""

from __future__ import annotations
