"""Port Royal's tutor adapter (:class:`~importexport.protocol.TutorKit`, given by its kind and loaded
when the tutor first asks): where its chapters lie, how a chapter's position is built, its cards as its
scenarios name them, the numbers an exercise may read (from what a seat sees and the scores), the facts'
score lines, and the words of its measures and kinds of move."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..catalog import Table
from ..protocol import Measure, TutorKit
from .cards import CARDS
from .kind import RANK_ORDER
from .scenario import cards_named, load_scenario
from .table_kit import seat_name

PR_MEASURE_WORDS = Table("pr_measures", {
    "coins": "{p}'s coins",
    "points": "{p}'s influence points",
    "swords": "{p}'s swords",
    "persons": "the persons in front of {p}",
    "expeditions": "{p}'s fulfilled expeditions",
    "cubes": "{p}'s cubes on contracts",
    "contracts": "the contracts {p} has fulfilled",
    "takes_left": "the cards {p} may still take",
    "harbour": "the cards in the harbour",
    "waiting_expeditions": "the expeditions beside the harbour",
    "deck": "the cards in the draw pile",
    "discard": "the cards in the discard pile",
    "time_pile": "the cards in the time pile",
    "rank": "the team's rank",
})
"""Port Royal: what a ``read`` or a condition counts, as the object of a sentence."""
PR_NOW = Table("pr_now", {  # what a count is after a move
    "coins": ("{p} now has {n} coin", "{p} now has {n} coins"),
    "points": ("{p} now has {n} influence point", "{p} now has {n} influence points"),
    "swords": ("{p} now has {n} sword", "{p} now has {n} swords"),
    "persons": ("{n} person now lies in front of {p}", "{n} persons now lie in front of {p}"),
    "expeditions": ("{p} has now fulfilled {n} expedition", "{p} has now fulfilled {n} expeditions"),
    "cubes": ("{p} now has {n} cube on contracts", "{p} now has {n} cubes on contracts"),
    "contracts": ("{p} has now fulfilled {n} contract", "{p} has now fulfilled {n} contracts"),
    "takes_left": ("{p} may now take {n} more card", "{p} may now take {n} more cards"),
    "harbour": ("{n} card now lies in the harbour", "{n} cards now lie in the harbour"),
    "waiting_expeditions": ("{n} expedition now lies beside the harbour", "{n} expeditions now lie beside the harbour"),
    "deck": ("{n} card is now left in the draw pile", "{n} cards are now left in the draw pile"),
    "discard": ("{n} card now lies in the discard pile", "{n} cards now lie in the discard pile"),
    "time_pile": ("{n} card is now left in the time pile", "{n} cards are now left in the time pile"),
    "rank": ("the team's rank is now number {n}", "the team's rank is now number {n}"),
})
PR_DOES = Table("pr_does", {  # what a kind of move does, after "That move ..." / "Dieser Zug ..."
    "discover": "turns over the next card",
    "stop": "stops turning over cards",
    "repel": "drives off the ship just turned",
    "land": "lets the ship just turned stay in the harbour",
    "take": "takes a card from the harbour",
    "pay": "pays coins for a contract",
    "pass": "takes no more cards",
    "expedition": "fulfils an expedition",
    "contract": "puts a cube on a contract",
    "decline": "lets the chance at a contract go",
    "give": "gives a coin to a teammate",
    "end": "declares the game over",
})
PR_WANT = Table("pr_want", {  # the same, as what a player is asked to do
    "discover": "turn over the next card",
    "stop": "stop turning over cards",
    "repel": "drive off the ship just turned",
    "land": "let the ship just turned stay in the harbour",
    "take": "take a card from the harbour",
    "pay": "pay coins for a contract",
    "pass": "take no more cards",
    "expedition": "fulfil an expedition",
    "contract": "put a cube on a contract",
    "decline": "let the chance at a contract go",
    "give": "give a coin to a teammate",
    "end": "declare the game over",
})
PR_SCORES = Table("pr_facts", {
    "row": "{p}: influence points {points}, coins {coins}, cubes {cubes}",
    "won": "won",
})
"""A score line of a chapter's facts."""


def _takes_left(g: Any, seat: int) -> int:
    """Cards ``seat`` may still take now: the allowance left in their chance to take (0 when it is not
    their chance)."""
    stack = g.view(seat)["stack"]
    top = stack[-1] if stack else None
    return int(top["left"]) if top and top["kind"] == "take" and top["seat"] == seat else 0


def _rank(g: Any, seat: int) -> int:
    """Team play: the team's rank as a number, 1 for the lowest (Landlubber) up to 6 (Ruler of all the
    seas); 0 while some contract has no cube (the team has no rank)."""
    rank = g.scores()[0].get("rank")
    return RANK_ORDER.index(rank) + 1 if rank else 0


def measures() -> dict[str, Measure]:
    """The numbers an exercise may read, from what a seat sees (``view``) and the scores: the protocol's answers."""

    def mine(key: str) -> Callable[[Any, int], int]:
        def count(g: Any, seat: int) -> int:
            value = g.view(seat)["table"][seat][key]
            return value if isinstance(value, int) else len(value)
        return count

    def table(key: str) -> Measure:
        def count(g: Any, seat: int) -> int:
            value = g.view(0)[key]
            return value if isinstance(value, int) else len(value)
        return Measure(count, table=True)

    return {
        "coins": Measure(mine("coins")),
        "points": Measure(mine("points")),
        "swords": Measure(mine("swords")),
        "persons": Measure(mine("persons")),
        "expeditions": Measure(mine("expeditions")),
        "cubes": Measure(mine("contracts")),
        "contracts": Measure(mine("contracts")),
        "takes_left": Measure(_takes_left),
        "harbour": table("harbour"),
        "waiting_expeditions": table("expeditions"),
        "deck": table("deck_size"),
        "discard": table("discard_size"),
        "time_pile": table("time_pile_size"),
        "rank": Measure(_rank, table=True),
    }


def card_id(ref: str | int) -> int:
    """A card by id or by its scenario name (``trader:blue``, ``ship:yellow:2:2``): the lowest-numbered
    card of that description (``docs/portroyal-scenarios.md``)."""
    if isinstance(ref, int):
        if not 0 <= ref < len(CARDS):
            raise ValueError(f"card id {ref} is out of range (0-{len(CARDS) - 1})")
        return ref
    found = cards_named(ref)
    if found:
        return found[0]
    raise ValueError(f"unknown card {ref!r} (Port Royal cards are named as in docs/portroyal-scenarios.md)")


def score_lines(g: Any, lang: str) -> list[str]:
    """The scores, a line per seat: influence points, coins, cubes, and who won."""
    return [PR_SCORES.format("row", lang, p=seat_name(row["seat"], lang), points=row["points"], coins=row["coins"],
                             cubes=row["cubes"]) + (f" ({PR_SCORES.format('won', lang)})" if row["won"] else "")
            for row in g.scores()]


def scenario(spec: dict[str, Any], lang: str = "en") -> Any:
    return load_scenario(spec, lang=lang)


BLOCKS = ("text", "table", "facts", "exercise", "picture", "scores", "lookup")

KIT = TutorKit("portroyal", Path(__file__).resolve().parent.parent / "tutor" / "chapters" / "portroyal", "portroyal",
               scenario, card_id, measures, BLOCKS, None, (PR_MEASURE_WORDS, PR_NOW, PR_DOES, PR_WANT),
               score_lines=score_lines)
"""Port Royal's chapters: ``importexport/tutor/chapters/portroyal/``, their notebooks in ``portroyal/``."""
