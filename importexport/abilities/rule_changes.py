"""Abilities that change following, crew, limits and levels."""

from __future__ import annotations
