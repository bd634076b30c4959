"""Abilities that change the Pirate action, and ships."""

from __future__ import annotations
