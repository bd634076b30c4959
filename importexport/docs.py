"""The card documentation, generated from the card list: ``docs/cards.md``.

``cards_markdown()`` renders every card of :data:`importexport.importexport.cards.CARDS` as Markdown, grouped
by set, after an introduction that says which figures the rulebook gives and which are the
project's own.  The introduction also checks the project's assignment scheme against the data,
so the page stays truthful after the card list is edited.

Run it after changing ``importexport/importexport/data/cards.yaml``::

    python -m importexport.docs           # rewrite docs/cards.md
    python -m importexport.docs --check   # exit status 1 if docs/cards.md is out of date
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .importexport.cards import CARDS, SET_SIZES, Card, CardList
from .importexport.constants import ANY_GOODS, GOODS_TYPE, RAINBOW

DOCS_FILE = Path(__file__).resolve().parent.parent / "docs" / "cards.md"
"""Where ``main()`` writes the card table (``docs/cards.md`` in the project root)."""

COLOUR_CYCLE: tuple[str, ...] = ("green", "yellow", "black", "blue", "red")
"""The five goods colours in the order the assignment scheme walks through them."""

ACTION_CYCLE: tuple[str, ...] = ("supply", "import", "contract", "load", "pirate")
"""The five base actions; a card's *action index* is its position here."""

SET_TITLES: dict[str, str] = {
    "base": "Base game",
    "capital": "Capital expansion",
    "tokyo": "Tokyo expansion",
    "kickstarter": "Kickstarter expansion",
    "kickstarter2": "Kickstarter 2 expansion",
    "j": "J expansion",
    "flag": "Flag expansion",
    "promo": "Promo cards",
}

SET_SHORT: dict[str, str] = {
    "base": "base", "capital": "Capital", "tokyo": "Tokyo", "kickstarter": "Kickstarter",
    "kickstarter2": "Kickstarter 2", "j": "J", "flag": "Flag", "promo": "promo",
}

SET_NOTES: dict[str, str] = {
    "base": (
        "The deck every game is dealt from; the other sets join it through the modules chosen at game "
        "creation (`Game(modules=[...])`, a scenario's `modules` key). "
        "Twenty cards of each goods type."
    ),
    "capital": (
        "Grey cards. The level requirement counts goods of every type together (shown as *any goods*); "
        "a *rainbow* container slot accepts any colour."
    ),
    "tokyo": "Cards written for the Tokyo harbour, which takes the Supply Island's place in that expansion.",
    "kickstarter": "Cards of the first Kickstarter expansion.",
    "kickstarter2": "Cards of the second Kickstarter expansion.",
    "j": (
        "Each card carries two contracts; whoever places it picks one orientation, and only that one counts. "
        "The cargo column shows both, separated by a slash. These cards have no level requirement."
    ),
    "flag": "Cards of the Flag expansion.",
    "promo": (
        "The rulebook lists ten more abilities than its component list has cards (180 against 170). "
        "The project keeps these ten here; calling them promo cards is the project's own choice."
    ),
}


# --- small helpers ------------------------------------------------------------------------------


def _ceil_half(n: int) -> int:
    return (n + 1) // 2


def level_value(card: Card) -> int:
    """The number on a card's level requirement (0 when it has none)."""
    return sum(card.level.values())


def partner_colour(colour: str, i: int) -> str:
    """The colour ``i % 4 + 1`` places after ``colour`` in green, yellow, black, blue, red (cyclic)."""
    return COLOUR_CYCLE[(COLOUR_CYCLE.index(colour) + i % 4 + 1) % len(COLOUR_CYCLE)]


def scheme_cargo(colour: str, size: int, i: int) -> dict[str, int]:
    """``size`` containers: half (rounded up) of the partner colour, the rest of the card's own."""
    out = {partner_colour(colour, i): _ceil_half(size)}
    if size // 2:
        out[colour] = size // 2
    return out


def scheme_cargo_size(level: int, action: str) -> int:
    """2, 3 or 4 containers: ``2 + (level + action index) % 3``."""
    return 2 + (level + ACTION_CYCLE.index(action)) % 3


def _in_set(cards: CardList, name: str) -> list[Card]:
    return [c for c in cards.cards if c.set == name]


# --- the assignment scheme, checked against the data --------------------------------------------


@dataclass(frozen=True)
class SchemeCheck:
    """One rule of the assignment scheme and the cards that do (not) follow it."""

    rule: str
    checked: int
    exceptions: tuple[str, ...]

    @property
    def followed(self) -> int:
        return self.checked - len(self.exceptions)


def _check(rule: str, cards: Sequence[tuple[Card, bool]]) -> SchemeCheck:
    return SchemeCheck(rule, len(cards), tuple(c.name for c, ok in cards if not ok))


def _base_checks(cards: CardList) -> list[SchemeCheck]:
    base = _in_set(cards, "base")
    by_type = {colour: [c for c in base if c.goods == colour] for colour in COLOUR_CYCLE}
    all_pairs = {(a, lv) for a in ACTION_CYCLE for lv in range(4)}
    pairs_ok = [
        (c, len(group) == 20 and {(x.action, level_value(x)) for x in group} == all_pairs)
        for group in by_type.values()
        for c in group
    ]
    deal: list[tuple[Card, bool]] = []
    cargo: list[tuple[Card, bool]] = []
    own_colour: list[tuple[Card, bool]] = []
    for colour, group in by_type.items():
        for i, c in enumerate(group):
            deal.append((c, c.action == ACTION_CYCLE[i % 5] and level_value(c) == i // 5))
            size = scheme_cargo_size(level_value(c), c.action)
            cargo.append((c, c.cargo == scheme_cargo(colour, size, i)))
            own_colour.append((c, set(c.level) <= {colour}))
    return [
        _check("base: 20 cards per goods type, each action with each level 0-3 exactly once", pairs_ok),
        _check("base: the i-th card of a type has action i % 5 and level i // 5 (the plain deal)", deal),
        _check("base: a level requirement asks only for the card's own colour", own_colour),
        _check("base: cargo size and colours as described above (i = position within its type)", cargo),
    ]


def _coloured_set_checks(cards: CardList, sets: Sequence[str]) -> list[SchemeCheck]:
    figures: list[tuple[Card, bool]] = []
    cargo: list[tuple[Card, bool]] = []
    for name in sets:
        for j, c in enumerate(_in_set(cards, name)):
            level = (j // 5 + j) % 4
            figures.append((c, c.action == ACTION_CYCLE[j % 5] and level_value(c) == level
                            and set(c.level) <= {c.goods}))
            size = scheme_cargo_size(level_value(c), c.action)
            cargo.append((c, c.cargo == scheme_cargo(c.goods, size, j)))
    label = ", ".join(sets)
    return [
        _check(f"{label}: action j % 5, level (j // 5 + j) % 4 in the card's own colour", figures),
        _check(f"{label}: cargo as for base cards, with i = j (position within the set)", cargo),
    ]


def _j_checks(cards: CardList) -> list[SchemeCheck]:
    rows: list[tuple[Card, bool]] = []
    for j, c in enumerate(_in_set(cards, "j")):
        first = 2 + j % 2
        ok = (
            c.action == ACTION_CYCLE[j % 5]
            and not c.level
            and c.cargo == {c.goods: first}
            and c.cargo_alt == {partner_colour(c.goods, j): 5 - first}
        )
        rows.append((c, ok))
    return [_check("j: action j % 5, no level, cargo (2 + j % 2) own colour / the rest up to 5 in the partner colour", rows)]


def _capital_checks(cards: CardList) -> list[SchemeCheck]:
    actions: list[tuple[Card, bool]] = []
    levels: list[tuple[Card, bool]] = []
    cargo: list[tuple[Card, bool]] = []
    others = 0
    for j, c in enumerate(_in_set(cards, "capital")):
        if j % 3 == 0:
            want_action = "trade"
        else:
            want_action = ACTION_CYCLE[others % 5]
            others += 1
        actions.append((c, c.action == want_action))
        want_level = (9 * j + 6) // 14
        levels.append((c, c.level == ({ANY_GOODS: want_level} if want_level else {})))
        if j % 3 == 1:
            want_cargo = {RAINBOW: 3}
        else:
            each = 1 if j % 3 == 0 else 2
            want_cargo = {COLOUR_CYCLE[j % 5]: each, COLOUR_CYCLE[(j + 2) % 5]: each}
        cargo.append((c, c.cargo == want_cargo))
    return [
        _check("capital: every third card (j % 3 == 0) is a Trade card, the others cycle through the five actions",
               actions),
        _check("capital: level (9j + 6) // 14 counted over all goods (0 to 9)", levels),
        _check("capital: j % 3 == 1 three rainbow slots, else two colours j % 5 and (j + 2) % 5, 1 or 2 each", cargo),
    ]


def scheme_checks(cards: CardList = CARDS) -> list[SchemeCheck]:
    """Every rule of the project's assignment scheme, checked against ``cards``."""
    return [
        *_base_checks(cards),
        *_coloured_set_checks(cards, ("kickstarter", "kickstarter2", "tokyo", "flag", "promo")),
        *_j_checks(cards),
        *_capital_checks(cards),
    ]


# --- rendering ------------------------------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def goods_cell(card: Card) -> str:
    """``agriculture (yellow)``: goods type and colour."""
    kind = GOODS_TYPE["en"][("green", "yellow", "black", "blue", "red", "grey").index(card.goods)]
    return f"{kind} ({card.goods})"


def level_cell(card: Card) -> str:
    """``2 yellow``, ``3 any goods``, or a dash for no requirement."""
    if not card.level:
        return "—"
    return " + ".join(f"{n} {'any goods' if key == ANY_GOODS else key}" for key, n in card.level.items())


def _cargo_text(cargo: dict[str, int]) -> str:
    return " + ".join(f"{n} {key}" for key, n in cargo.items())


def cargo_cell(card: Card) -> str:
    """``2 green + 2 yellow``; J cards show both orientations as ``first / second``."""
    text = _cargo_text(card.cargo)
    if card.cargo_alt is not None:
        text += " / " + _cargo_text(card.cargo_alt)
    return text


def card_row(card: Card) -> str:
    """One Markdown table row for ``card``."""
    cells = [
        str(card.id),
        f"**{card.name}**",
        goods_cell(card),
        card.action.capitalize(),
        level_cell(card),
        cargo_cell(card),
        card.timing,
        card.text.en,
        ", ".join(card.rulebook) or "—",
    ]
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


TABLE_HEAD = (
    "| id | card | goods type (colour) | action | level | cargo | timing | ability | rulebook |\n"
    "| --: | --- | --- | --- | --- | --- | --- | --- | --- |"
)


def _intro(cards: CardList) -> list[str]:
    counts = ", ".join(f"{sum(1 for c in cards.cards if c.set == s)} {SET_SHORT[s]}" for s in SET_SIZES)
    sourced = [c for c in cards.cards if c.rulebook]
    lines = [
        "# The cards",
        "",
        "<!-- Generated by `python -m importexport.docs` from importexport/importexport/data/cards.yaml. Do not edit by hand. -->",
        "",
        f"The project's card list holds {len(cards)} cards ({counts}). This page shows every one of them: "
        "its id (the position in the data file), name, goods type and colour, the action symbol it is played "
        "for, its level requirement, its cargo requirement, when its ability works (`instant`: once, the moment "
        "the contract is fulfilled; `anytime`: whenever its holder may decide; `permanent`: always, once "
        "fulfilled), the ability in English, and which of these figures the rulebook itself vouches for.",
        "",
        "## What comes from the rulebook, and what does not",
        "",
        "The rulebook describes the ability of every card, but it prints none of the figures a physical card "
        "shows: not the goods type, not the action symbol, not the level or cargo requirement, and not which "
        "expansion a card belongs to. So:",
        "",
        "- **From the rulebook:** the *meaning* of each ability. The wording in the `ability` column (and the "
        "German wording in the data file) is the project's own.",
        "- **From the rulebook, per card:** the figures named in the `rulebook` column, because the rulebook "
        "states them or they follow from its text. Examples: the rulebook's level example makes HAWAIIAN SALT "
        "an agriculture card of level 2 and ROLLS ROYCE a luxury card of level 2; the five joker abilities "
        "(TELEVISIONS, WHEAT, SOAP, IMPALAS, BIG CATS) tie each goods type to its colour and so fix their own "
        "colours; an ability that counts itself (\"this one included\") among contracts of a type fixes that "
        "type; a text that speaks of the Tokyo harbour or of grey Capital cards and rainbow cargo places the "
        "card in that expansion.",
        "- **The project's own assignment:** every other figure. It follows the fixed scheme below, so that "
        "the deck is balanced and the numbers are reproducible, but it is not what the printed cards show.",
        "- **Names** are the rulebook's, with one misprint mended: its entry for card 111 reads PILLLOWS, "
        "with three L; the project calls the card PILLOWS wherever a player reads it.",
        "",
        f"These {len(sourced)} cards carry figures from the rulebook:",
        "",
        "| card | figures the rulebook gives |",
        "| --- | --- |",
    ]
    lines += [f"| {c.name} | {', '.join(c.rulebook)} |" for c in sourced]
    return lines


READING_TEXT = """\
## The printed card and the tutor's drawing

Chapter 2 of the tutor draws one card (HAWAIIAN SALT) large, the way the tables draw a card in a hand
or on the Supply Island, numbers its parts and says beside it which figures the rulebook gives and which
are the project's own (`importexport/widgets/anatomy.py`, block `anatomy` in a chapter file). The
rulebook also says where some figures sit on a printed card; the tutor draws them elsewhere:

| part | on a printed card (as the rulebook describes it) | in the tutor's drawing | where the figure comes from |
| --- | --- | --- | --- |
| name | not described | under the coloured band | the rulebook (it names every card) |
| goods type | the card's colour | the band's colour, with a shape and a letter (▲T ●A ■C ◆L ✖I ⬟K) | the `rulebook` column, else the project; the shapes and letters are the tutor's own aid |
| action | a symbol on the left side | symbol and name at the right of the band | the `rulebook` column, else the project |
| level requirement | filled circles at the top right | circles with letters, bottom left | the `rulebook` column, else the project |
| cargo requirement | bottom left, visible while the card lies under a ship | squares with letters, bottom right | the `rulebook` column, else the project |
| ability | its text; a sign marks instant and anytime abilities, permanent ones have none | the tooltip of a card on a table; printed on the annotated card and in the card browser | the rulebook's meaning in the project's words |

Whoever plays with the printed cards should go by them where their figures differ from this list;
the rules work the same with either."""


SCHEME_TEXT = """\
## How the project assigned the other figures

The scheme names the colours in the cycle green, yellow, black, blue, red (after red comes green
again) and numbers the actions supply 0, import 1, contract 2, load 3, pirate 4 (the *action index*).
Positions count from 0 and follow the order of the data file, which is alphabetical.

**Base game.** Each goods type has 20 cards, and among them every pairing of one of the five actions
with one of the levels 0 to 3 occurs exactly once. The plain deal walks the cards of one type in
order and gives the *i*-th card the action *i* % 5 and the level *i* // 5. Two rulebook figures
interrupt the deal: HAWAIIAN SALT and ROLLS ROYCE must be level 2, so each of them takes the pairing
supply/level 2, and the cards between its plain position and that pairing's position take the
remaining pairings, in the same order, one place shifted. A level requirement of *n* means *n*
circles of the card's own colour; level 0 means no requirement.

**Cargo (base game and the other coloured sets).** A card with level *L* and action index *a* needs
*k* = 2 + (*L* + *a*) % 3 containers, so 2, 3 or 4. Of these, ⌈*k*/2⌉ are of a *partner* colour and
⌊*k*/2⌋ of the card's own colour. The partner colour is the one (*i* % 4 + 1) steps after the card's
own colour in the cycle, where *i* is the card's position among the base cards of its goods type;
it is therefore never the card's own colour.

**Kickstarter, Kickstarter 2, Tokyo, Flag and promo cards.** Goods types are the project's choice
(except where the `rulebook` column says otherwise). With *j* the card's position within its set,
the action is *j* % 5 and the level is (*j* // 5 + *j*) % 4 in the card's own colour. The cargo rule
is the one above, with *i* = *j*.

**J cards.** No level requirement (the rulebook says so). The action is *j* % 5. The first
orientation asks for 2 + *j* % 2 containers of the card's own colour, the second for the rest up to
five (3 or 2) of the partner colour, counted with *i* = *j*.

**Capital cards.** All grey. Every third card (*j* = 0, 3, 6, 9, 12) is one of the five Trade cards;
the other ten cycle through supply, import, contract, load, pirate. The level requirement runs from
0 to 9, spread evenly over the fifteen cards as (9*j* + 6) // 14, and counts every good a player owns
whatever its type. The cards at *j* = 1, 4, 7, 10, 13 need three rainbow containers; the others need
the colours at cycle positions *j* % 5 and (*j* + 2) % 5, one each on a Trade card and two each on
the rest.

### The scheme checked against the data

This table is computed from `data/cards.yaml` each time the page is generated. A card listed as an
exception was set by hand (normally because the rulebook fixes one of its figures)."""


def _scheme_table(cards: CardList) -> list[str]:
    lines = ["| rule | cards | follow it | exceptions |", "| --- | --: | --: | --- |"]
    for check in scheme_checks(cards):
        other = ", ".join(check.exceptions) or "none"
        lines.append(f"| {_cell(check.rule)} | {check.checked} | {check.followed} | {other} |")
    return lines


EDIT_TEXT = """\
## Changing a card

1. Edit `importexport/importexport/data/cards.yaml`. Its header comment explains every field. Keep the `id` equal
   to the card's position in the list (0, 1, 2, ...), since save files refer to cards by id. If a
   figure comes from the rulebook, add its name to the card's `rulebook` list.
2. Regenerate this page: `python -m importexport.docs`. The test suite compares the page with the
   data (`tests/test_docs.py`), and `python -m importexport.docs --check` exits with status 1 while
   the page is out of date.
3. The package validates the list every time it loads (`importexport/importexport/cards.py`). A broken row stops
   the import with an error naming the card and the field, for example an unknown colour or action,
   a level count outside 1-9, a cargo count outside 1-6, an empty cargo requirement, an id that does
   not match the position, a name used twice, a second orientation on a card outside the J set (or
   one missing from a J card), a level requirement on a J card, or a grey card outside the Capital
   set (or a Capital card that is not grey)."""


def cards_markdown(cards: CardList = CARDS) -> str:
    """The full card documentation (the contents of ``docs/cards.md``)."""
    lines = _intro(cards)
    lines += ["", READING_TEXT, "", SCHEME_TEXT, ""]
    lines += _scheme_table(cards)
    lines += ["", EDIT_TEXT]
    for name in SET_SIZES:
        members = _in_set(cards, name)
        if not members:
            continue
        lines += ["", f"## {SET_TITLES[name]} ({len(members)} cards)", "", SET_NOTES[name], "", TABLE_HEAD]
        lines += [card_row(c) for c in members]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None, render: Callable[[], str] = cards_markdown) -> int:
    """Write ``docs/cards.md`` (or, with ``--check``, report whether it is up to date)."""
    parser = argparse.ArgumentParser(prog="python -m importexport.docs", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file differs from the card list")
    parser.add_argument("--output", type=Path, default=DOCS_FILE, help=f"target file (default: {DOCS_FILE})")
    args = parser.parse_args(argv)
    text = render()
    target: Path = args.output
    if args.check:
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != text:
            print(f"{target} is out of date: run `python -m importexport.docs`", file=sys.stderr)
            return 1
        print(f"{target} is up to date")
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
