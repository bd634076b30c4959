"""Import/Export's tutor adapter (:class:`~importexport.protocol.TutorKit`, given by its kind and
loaded when the tutor first asks): where its chapters lie, how a chapter's position is built, its cards
by name, the numbers an exercise may read, the facts' score lines, a refused move in the kinds a learner
knows, and the words of its measures and kinds of move."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from ..catalog import LANGS, Table
from ..protocol import Measure, Refusal, TutorKit
from .actions import DECK, DISCARD, ISLAND, TO_GOODS, Action
from .cards import CARDS
from .constants import COLOURS
from .explain import reason
from .i18n import message, score_line_name, seat_name
from .render import chip
from .rules import fulfilled_count
from .scenario import load_scenario

MEASURE_WORDS = Table("measures", {
    "credits": "{p}'s credits",
    "hand": "the cards in {p}'s hand",
    "crew": "{p}'s crew cards",
    "goods": "{p}'s goods",
    "fulfilled": "{p}'s fulfilled contracts",
    "contracts": "the contracts on {p}'s ships",
    "containers": "the containers on {p}'s ships",
    "at_sea": "{p}'s ships at sea",
    "island": "the cards on the Supply Island",
    "deck": "the cards in the deck",
    "discard": "the cards in the discard pile",
    "score": "{p}'s final score",
})
"""What a ``read`` or a condition counts, as the object of a sentence."""
NOW = Table("now", {  # what a count is after a move
    "credits": ("{p} now has {n} credit", "{p} now has {n} credits"),
    "hand": ("{p} now holds {n} card", "{p} now holds {n} cards"),
    "crew": ("{p} now has {n} crew card", "{p} now has {n} crew cards"),
    "goods": ("{p} now has {n} good", "{p} now has {n} goods"),
    "fulfilled": ("{p} now has {n} fulfilled contract", "{p} now has {n} fulfilled contracts"),
    "contracts": ("{n} contract now lies under {p}'s ships", "{n} contracts now lie under {p}'s ships"),
    "containers": ("{p}'s ships now carry {n} container", "{p}'s ships now carry {n} containers"),
    "at_sea": ("{n} of {p}'s ships is now at sea", "{n} of {p}'s ships are now at sea"),
    "island": ("{n} card now lies on the Supply Island", "{n} cards now lie on the Supply Island"),
    "deck": ("{n} card is now left in the deck", "{n} cards are now left in the deck"),
    "discard": ("{n} card now lies in the discard pile", "{n} cards now lie in the discard pile"),
    "score": ("{p}'s score now comes to {n}", "{p}'s score now comes to {n}"),
})
DOES = Table("does", {  # what a kind of move does, after "That move ..." / "Dieser Zug ..."
    "draw": "draws cards",
    "play": "plays a single card",
    "wild": "plays two cards of one colour as a wild pair",
    "declare": "declares actions",
    "sell": "sells a card to the Supply Island",
    "crew": "hires a card from the Supply Island as crew",
    "contract": "places a contract under a ship",
    "load": "loads a card onto a ship",
    "pirate": "raids a container",
    "trade": "trades a card",
    "ship": "picks a ship whose cargo is auctioned",
    "bid": "places a bid",
    "winner": "decides a tie",
    "take": "takes a card of the won cargo",
    "drop": "discards a contract from a ship",
    "discard": "discards a card",
    "yes": "says yes to an ability's question",
    "no": "says no to an ability's question",
    "choose": "picks one of an ability's options",
    "anytime": "uses an anytime ability",
    "colour": "picks the colour of a container token",
})
WANT = Table("want", {  # the same, as what a player is asked to do
    "draw": "draw cards",
    "play": "play a single card",
    "wild": "play two cards of one colour as a wild pair",
    "declare": "declare actions",
    "sell": "sell a card to the Supply Island",
    "crew": "hire a card from the Supply Island as crew",
    "contract": "place a contract",
    "load": "load a card onto a ship",
    "pirate": "raid a container",
    "trade": "trade a card",
    "ship": "pick a ship whose cargo is auctioned",
    "bid": "bid",
    "winner": "decide a tie",
    "take": "take a card of the won cargo",
    "drop": "discard a contract",
    "discard": "discard a card",
    "yes": "answer yes",
    "no": "answer no",
    "choose": "pick one of an ability's options",
    "anytime": "use an anytime ability",
    "colour": "pick the colour of a container token",
})


def measures() -> dict[str, Measure]:
    """The numbers an exercise may read off an Import/Export table."""

    def ships(g: Any, seat: int) -> list[Any]:
        return [g.state.ships[i] for i in g.state.players[seat].ships]

    return {
        "credits": Measure(lambda g, s: g.state.players[s].credits),
        "hand": Measure(lambda g, s: len(g.state.players[s].hand)),
        "crew": Measure(lambda g, s: len(g.state.players[s].crew)),
        "goods": Measure(lambda g, s: len(g.state.players[s].goods)),
        "fulfilled": Measure(lambda g, s: fulfilled_count(g, s)),
        "contracts": Measure(lambda g, s: sum(len(x.contracts) for x in ships(g, s))),
        "containers": Measure(lambda g, s: sum(len(x.containers) for x in ships(g, s))),
        "at_sea": Measure(lambda g, s: sum(1 for x in ships(g, s) if x.at_sea)),
        "island": Measure(lambda g, s: len(g.state.island), table=True),
        "deck": Measure(lambda g, s: len(g.state.deck), table=True),
        "discard": Measure(lambda g, s: len(g.state.discard), table=True),
        "score": Measure(lambda g, s: g.scores()[s].total),
    }


def card_id(ref: str | int) -> int:
    """A card by its id or its name (any case)."""
    if isinstance(ref, int):
        if not 0 <= ref < len(CARDS):
            raise ValueError(f"card id {ref} is out of range")
        return ref
    try:
        return CARDS.by_name(ref).id
    except Exception:
        raise ValueError(f"unknown card {ref!r}") from None


PLACES = {"discard": DISCARD, "goods": TO_GOODS, "island": ISLAND, "deck": DECK}
"""The places a chapter's move names in words."""


class Move(BaseModel):
    """A move a chapter writes as a mapping: ``{p: 0, kind: load, cards: [RICE], target: 0}``, or
    ``{p: 0, kind: pirate, cards: [CANDY], source: [3], target: discard}`` (the fields of
    :class:`~importexport.importexport.actions.Action`; cards, places and colours by name)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    p: int
    kind: str
    cards: list[str | int] = []
    target: int | Literal["discard", "goods"] = -1
    count: int = 0
    option: int = 0
    colour: Literal["green", "yellow", "black", "blue", "red"] | None = None
    source: list[int | Literal["island", "deck"]] = []

    @field_validator("cards")
    @classmethod
    def _known(cls, cards: list[str | int]) -> list[str | int]:
        for c in cards:
            card_id(c)
        return cards

    def __str__(self) -> str:
        return str(self.action())

    def action(self) -> Action:
        cards = tuple(card_id(c) for c in self.cards)
        target = PLACES[self.target] if isinstance(self.target, str) else self.target
        colour = None if self.colour is None else COLOURS.index(self.colour)
        sources = tuple(PLACES[x] if isinstance(x, str) else x for x in self.source)
        return Action(self.p, self.kind, cards, target, self.count, self.option, colour, sources).normalised()


def read_move(data: dict[str, Any]) -> Move:
    """A chapter's move written as a mapping (a ``ValueError`` names each field that is wrong)."""
    try:
        return Move.model_validate(data)
    except ValidationError as exc:
        raise ValueError("; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg'].removeprefix('Value error, ')}"
                                   for e in exc.errors())) from None


def card_names() -> dict[str, int]:
    return {n: i for i, n in enumerate(CARDS.names[: len(CARDS)])}


def score_lines(g: Any, lang: str) -> list[str]:
    """The scores, a line per seat: credits, each line of the scoring, the total."""
    out = []
    for sc in g.scores():
        lines = ", ".join(f"{score_line_name(key, lang)} {amount:+d}" for key, amount in sc.lines if amount)
        out.append(f"{seat_name(sc.seat, lang)}: {sc.credits} {score_line_name('credits', lang)}, {lines or '–'} = {sc.total}")
    return out


def refusal(g: Any, a: Any) -> Refusal:
    """The refusal of ``a``: a move of the wrong kind for the moment as the kinds expected (the tutor
    words them, since the engine's message names kinds the way the code does), any other in the engine's
    words."""
    key, args = reason(g, a)
    if key == "wrong_kind":
        return Refusal(expected=tuple(k for k in str(args.get("expected", "")).split(", ") if k))
    return Refusal({lang: message(key, lang, g.state, **args) for lang in LANGS})


def scenario(spec: dict[str, Any], lang: str = "en") -> Any:
    return load_scenario(spec, lang=lang)


BLOCKS = ("text", "table", "facts", "exercise", "picture", "scores", "lookup", "cards", "lab", "game", "setup", "anatomy")

KIT = TutorKit("importexport", Path(__file__).resolve().parent.parent / "tutor" / "chapters", "", scenario, card_id,
               measures, BLOCKS, read_move, (MEASURE_WORDS, NOW, DOES, WANT), card_names, points_on_table=True,
               refusal_words=refusal, score_lines=score_lines, card_chip=chip)
"""Import/Export's chapters: ``importexport/tutor/chapters/``, their notebooks in the languages' folders."""
