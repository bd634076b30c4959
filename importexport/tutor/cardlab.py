"""The card lab: find cards, and set up a table where any card's ability can be tried at once.

``search_cards`` filters the card list (text, set, goods type, action, timing) and
``lab_position(card)`` returns a ready position (a scenario as in ``docs/scenarios.md``, the seats
the reader plays, a one-line caption in English and German) in which the card's ability shows
within a move or two.

Positions are built from one mid-game table (``TABLE``, three players).  Where the card lies and
which action is being carried out follow from how its ability works (``Lab``):

- ``fulfil``: the card is a contract on Player 1's ship 1, one container short; loading the last
  one (in the hand) fulfils it and sets off what it does on arrival (every instant ability, and
  lasting cards that act as they arrive).
- ``fulfilled``: the card already lies among Player 1's fulfilled contracts (permanent
  abilities); the action being carried out is the one the ability changes, or the game is about to
  end for cards that score.
- ``hand``, ``contract``, ``container``: the card lies where its ability works from.

``LABS`` (read from ``tutor/cardlab.yaml``, a table of overrides) holds every card whose lab is not
the plain default of its timing (``lab_of``).  Entries name the cards that matter; the rest of the
table is filled with cards whose abilities cannot act where they lie (``_Filler``), so that only
the chosen card's ability is at work.  ``NOT_SHOWN`` lists the cards no lab can show at work, with
the reason.  (Card names live in the data file: the package's code never names a card.)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

import yaml

from ..importexport.abilities import REGISTRY
from ..importexport.cards import CARDS, Card
from ..importexport.constants import COLOURS, RAINBOW_SLOT
from ..importexport.setup import MODULES
from ..scenario_text import SAFE_LOADER

LANGS = ("en", "de")
Where = Literal["fulfil", "fulfilled", "hand", "contract", "container"]
WHERE: tuple[str, ...] = get_args(Where)
Text = tuple[str, str]  # (English, German)

# --- search -----------------------------------------------------------------------------------

SET_MODULE: dict[str, str] = {s: m for m, sets in MODULES.items() for s in sets}  # card set -> module


def search_cards(
    text: str = "",
    sets: list[str] | None = None,
    goods: list[str] | None = None,
    actions: list[str] | None = None,
    timings: list[str] | None = None,
    lang: str = "en",
) -> list[int]:
    """Ids of the cards matching every filter given, sorted by name.

    ``text`` is looked for (ignoring case) in the name and in the ability text of both languages,
    so a German word finds cards in English mode too (``lang``, the reader's language, only has to
    be known).  The other filters are lists of allowed values (``Card.set``, ``goods`` colour, ``action``,
    ``timing``); ``None`` or an empty list allows everything.
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
    needle = text.strip().casefold()
    found = [
        c for c in CARDS.cards
        if (not sets or c.set in sets) and (not goods or c.goods in goods)
        and (not actions or c.action in actions) and (not timings or c.timing in timings)
        and (not needle or needle in _haystack(c.id))
    ]
    return [c.id for c in sorted(found, key=lambda c: c.name)]


@cache
def _haystack(card: int) -> str:
    c = CARDS.cards[card]
    return "\n".join((c.name, c.text.en, c.text.de)).casefold()


# --- lab positions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lab:
    """How to show one card's ability: where it lies and what Player 1 is doing.

    ``seats`` changes the generic table per seat: a key replaces that area (``hand``, ``goods``,
    ``ships``, ``credits``, ...), a key ending in ``+`` adds cards to it.  ``table`` replaces
    top-level scenario keys (``island``, ``deck``, ``players``, ``harbours``, ...).  In lists,
    ``~colour`` (or ``~colour:action``) stands for a card of that colour whose ability cannot act
    there, ``=colour`` for one that may also lie among fulfilled contracts.  ``led`` is the action
    being carried out (``None``: the active player's turn begins); ``declared`` the actions per
    seat (default: one for the active player).  ``fulfils``: contracts that lie on Player 1's ship 1
    one container short, the last one in the hand (with ``fulfil``, after the card itself).
    ``humans``: the seats the reader plays (with ``led=None`` every seat, who must follow or draw).
    ``caption``: English and German; ``{card}`` is the card, ``{last}`` the container that
    completes ship 1.
    """

    where: Where
    caption: Text
    led: str | None = "load"
    declared: tuple[int, ...] = ()
    active: int = 0
    humans: tuple[int, ...] = (0,)
    seats: dict[int, dict[str, Any]] = field(default_factory=dict)
    table: dict[str, Any] = field(default_factory=dict)
    fulfils: tuple[str, ...] = ()


# The mid-game table every lab starts from: Player 1 (seat 0) is active, with goods of four
# types, a crew, two fulfilled contracts and a ship at sea; the others hold cards of every kind.
TABLE: dict[str, Any] = {
    "players": 3,
    "seats": [
        {"credits": 20, "hand": ["~yellow", "~red", "~blue"], "crew": ["~green", "~black"],
         "goods": ["~green", "~black", "~yellow", "~red"], "fulfilled": ["=yellow", "=blue"],
         "ships": [{}, {"at_sea": True, "containers": ["~blue", "~yellow", "~green"]}]},
        {"credits": 14, "hand": ["~yellow", "~black", "~green", "~red"], "crew": ["~red:pirate"],
         "goods": ["~red", "~blue", "~yellow"], "fulfilled": ["=red"],
         "ships": [{}, {"at_sea": True, "containers": ["~red", "~black", "~yellow", "~blue"]}]},
        {"credits": 12, "hand": ["~yellow", "~blue", "~black"], "crew": [],
         "goods": ["~blue", "~black", "~green"], "fulfilled": [],
         "ships": [{}, {"at_sea": True, "containers": ["~red", "~green"]}]},
    ],
    "island": ["~black", "~yellow"],
    "deck": ["~green", "~yellow", "~black", "~blue", "~red", "~green", "~yellow", "~black"],
}

AREAS = ("hand", "crew", "goods", "fulfilled")

SOLO = [-1, 1, -1]  # only Player 2 carries out the led action

DATA_FILE = Path(__file__).resolve().parent / "cardlab.yaml"


def _load() -> tuple[dict[str, Text], dict[str, Lab], dict[str, str]]:
    """The captions, the labs and the cards not shown, from ``tutor/cardlab.yaml`` (its header
    explains the format)."""
    raw = yaml.load(DATA_FILE.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    captions = {key: (text["en"], text["de"]) for key, text in raw["captions"].items()}
    labs: dict[str, Lab] = {}
    for name, entry in raw["labs"].items():
        try:
            labs[CARDS.by_name(name).name] = _lab(dict(entry), captions)
        except (TypeError, ValueError, KeyError) as exc:
            raise ValueError(f"{DATA_FILE.name}: lab of {name}: {exc}") from None
    return captions, labs, dict(raw["not_shown"])


def _lab(entry: dict[str, Any], captions: dict[str, Text]) -> Lab:
    """One entry of the data file as a :class:`Lab` (presets filled in)."""
    preset = entry.pop("preset", None)
    caption = entry.pop("caption", preset)
    entry["caption"] = captions[caption] if isinstance(caption, str) else (caption["en"], caption["de"])
    seats = {int(seat): changes for seat, changes in (entry.pop("seats", None) or {}).items()}
    if preset == "ending":
        entry.update(where="fulfilled", led="supply")
        seats[0] = {"credits": 46, **seats.get(0, {})}
    elif preset == "others":
        entry.setdefault("active", 1)
        entry.update(where="fulfilled", humans=[0, 1], declared=SOLO if entry.get("led") else [])
    elif preset is not None:
        raise ValueError(f"unknown preset {preset!r}")
    if entry.get("where") not in WHERE:
        raise ValueError(f"where: one of {', '.join(WHERE)}, not {entry.get('where')!r}")
    for key in ("declared", "humans", "fulfils"):
        if key in entry:
            entry[key] = tuple(entry[key])
    return Lab(seats=seats, **entry)


CAPTIONS, LABS, NOT_SHOWN = _load()


# --- building a lab position ---------------------------------------------------------------------


def lab_position(card: int | str, lang: str = "en") -> dict[str, Any]:
    """A ready position to try ``card``'s ability (a name in any case, or an id).

    Returns ``{"scenario": ..., "humans": [...], "caption": {"en": ..., "de": ...}}``: the
    scenario has abilities on, the modules the card's set needs and narration in ``lang``;
    ``humans`` are the seats the reader plays (every seat that must decide before Player 1's turn
    is over, so the table never waits for nobody).
    """
    c = _card(card)
    lab = lab_of(c.id)
    spec, names = _build(c, lab)
    spec["lang"] = lang
    caption = {code: text.format(card=c.name, **names) for code, text in zip(LANGS, lab.caption)}
    # at the start of a turn the others must follow or draw at once, so the reader plays every seat
    humans = list(lab.humans) if lab.led is not None else list(range(spec["players"]))
    return {"scenario": spec, "humans": humans, "caption": caption}


def lab_of(card: int) -> Lab:
    """The lab of ``card``: its entry in ``LABS``, or the default for its timing."""
    c = CARDS.cards[card]
    if c.name in LABS:
        return LABS[c.name]
    if c.timing == "instant":
        return Lab("fulfil", CAPTIONS["fulfil"])
    if hasattr(REGISTRY[c.name], "on_fulfil"):  # a lasting card that also acts as it arrives
        return Lab("fulfil", CAPTIONS["arrival"])
    return Lab("fulfilled", CAPTIONS["lasting"])


def _card(card: int | str) -> Card:
    if isinstance(card, int) and not isinstance(card, bool):
        if not 0 <= card < len(CARDS.cards):
            raise ValueError(f"there is no card with id {card}")
        return CARDS.cards[card]
    if isinstance(card, str):
        return CARDS.by_name(card)
    raise ValueError(f"{card!r} is neither a card name nor an id")


def _build(c: Card, lab: Lab) -> tuple[dict[str, Any], dict[str, str]]:
    """The scenario of ``lab`` for card ``c``, and the names its caption may use."""
    spec = copy.deepcopy(TABLE)
    spec.update(copy.deepcopy(lab.table))
    n = spec["players"]
    seats = spec["seats"] = [*spec["seats"][:n], *({} for _ in range(n - len(spec["seats"])))]
    for seat, changes in lab.seats.items():
        for key, value in copy.deepcopy(changes).items():
            if key.endswith("+"):
                seats[seat][key[:-1]] = [*seats[seat].get(key[:-1], []), *value]
            else:
                seats[seat][key] = value
    me = seats[0]
    ships = me.setdefault("ships", [{}])
    names: dict[str, str] = {}
    contracts = [c.name, *lab.fulfils] if lab.where == "fulfil" else list(lab.fulfils)
    if contracts:
        slots = [_slot_token(s) for name in contracts for s in CARDS.by_name(name).slots(0)]
        ships[0] = {"contracts": contracts, "containers": slots[:-1]}
        me["hand"] = [slots[-1], *me.get("hand", [])]
    if lab.where in ("fulfilled", "hand"):
        me.setdefault(lab.where, []).append(c.name)
    elif lab.where == "contract":
        ships[0].setdefault("contracts", []).insert(0, c.name)
    elif lab.where == "container":  # the lab names the contract the card is loaded on
        ships[0].setdefault("containers", []).insert(0, c.name)
    spec.setdefault("harbours", _harbours(c.goods, n))
    module = SET_MODULE.get(c.set)
    spec["modules"] = sorted({*spec.get("modules", []), *([module] if module else [])})
    spec["abilities"] = True
    if lab.led is not None:
        declared = list(lab.declared) or [1 if seat == lab.active else -1 for seat in range(n)]
        spec["turn"] = {"led": lab.led, "declared": declared}
    spec["active"] = lab.active
    _Filler(spec, c.name).fill()
    if contracts:
        names["last"] = me["hand"][0]
    return spec, names


def _slot_token(slot: int) -> str:
    return "~" + ("green" if slot == RAINBOW_SLOT else COLOURS[slot])


def _harbours(colour: str, n: int) -> list[str]:
    """Player 1's harbour in the card's own colour (a level for it), the others after it."""
    order = [c for c in COLOURS[:5] if c != colour]
    first = [colour] if colour != "grey" else [order.pop(0)]
    return first + order[: n - 1]


class _Filler:
    """Replaces the ``~colour`` and ``=colour`` placeholders of a scenario with real base cards.

    ``~``: a card whose ability works only from the fulfilled contracts (or not at all), so it is
    inert in a hand, crew, goods area, on a ship, the Supply Island or the deck.  ``=``: a card
    whose ability is only an instant one, so it is inert among fulfilled contracts too.  No card
    already named in the scenario (nor the lab's own card) is used twice.
    """

    def __init__(self, spec: dict[str, Any], card: str) -> None:
        self.spec = spec
        self.used = {card.upper()} | {n.upper().split("@")[0].split("/")[0] for n in _names(spec)}

    def fill(self) -> None:
        for strict in (True, False):  # the scarce strict fillers first
            for seat in self.spec["seats"]:
                for area in AREAS:
                    self._list(seat, area, strict)
                for ship in seat.get("ships", []):
                    self._list(ship, "contracts", strict)
                    self._list(ship, "containers", strict)
            for key in ("island", "deck", "discard"):
                self._list(self.spec, key, strict)

    def _list(self, holder: dict[str, Any], key: str, strict: bool) -> None:
        items = holder.get(key)
        if items:
            holder[key] = [self._one(x, strict) if isinstance(x, str) and x[0] == ("=" if strict else "~") else x
                           for x in items]

    def _one(self, token: str, strict: bool) -> str:
        colour, _, action = token[1:].partition(":")
        for c in _pool(strict):
            if c.goods == colour and (not action or c.action == action) and c.name not in self.used:
                self.used.add(c.name)
                return c.name
        raise ValueError(f"no filler card left for {token!r}")


def _names(spec: dict[str, Any]) -> list[str]:
    """Every card named (not a placeholder) anywhere in a scenario."""
    lists = [spec.get(k) or [] for k in ("island", "deck", "discard")]
    for seat in spec["seats"]:
        lists.extend(seat.get(a) or [] for a in AREAS)
        for ship in seat.get("ships", []):
            lists.extend([ship.get("contracts") or [], ship.get("containers") or []])
    return [x for xs in lists for x in xs if isinstance(x, str) and x[0] not in "~="]


@cache
def _pool(strict: bool) -> tuple[Card, ...]:
    """Base cards that can fill a table without acting (see ``_Filler``), strict ones first."""
    out = []
    for c in CARDS.cards:
        a = REGISTRY.get(c.name)
        if c.set != "base" or c.timing == "anytime" or a is None:
            continue
        hooks = [n for n in dir(a) if n.startswith(("on_self_", "watch_", "anytime_", "on_container_"))]
        if hooks or a.as_contract or a.in_crew or a.lends:
            continue
        inert = not a.modifies and not a.listens and not any(hasattr(a, h) for h in ("score", "wins"))
        if inert or not strict:
            out.append((not inert, c.id, c))
    return tuple(c for _, _, c in sorted(out))
