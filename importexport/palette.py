"""What both games' boards share on screen: the five ship and goods colours (each with a text colour
of WCAG AA contrast on it and a shape, so a colour is never told by hue alone) and the words of the
board's frame (who decides, the projector switch, the winner, the active player).  The board
drawing (``widgets/static/board.js``) draws both games' pictures with them.
"""

from __future__ import annotations

from typing import Final

from .catalog import Table

COLOUR_NAMES: Final = ("green", "yellow", "black", "blue", "red", "grey", "white")
"""The colours by index: Import/Export's goods colours (green to grey) and white."""
CSS_COLOUR: Final = ("#1e7a44", "#e0b21b", "#333333", "#2f6fce", "#c8322f", "#6b6b6b", "#ffffff")
TEXT_COLOUR: Final = ("#fff", "#000", "#fff", "#fff", "#fff", "#fff", "#000")
"""The text colour on each of :data:`CSS_COLOUR`: contrast of at least 4.5 (WCAG AA)."""
SHAPE: Final = ("▲", "●", "■", "◆", "✖", "⬟")
"""A shape per colour (green to grey), drawn beside the colour's letter."""

BOARD = Table("board", {
    "decides": "decides",
    "projector": "Projector",
    "projector_tip": "Large print for a projector (remembered)",
    "winner": "winner",
    "active": "active player",
})
"""The words of the board's frame, the same in both games."""
