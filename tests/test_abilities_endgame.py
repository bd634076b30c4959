"""Abilities, group G: the end of the game, instant wins and anytime cash-ins.

Every test builds a concrete position with ``load_scenario``, drives it only through
``legal_actions()``/``apply()`` and runs it with card abilities and under the basic rules, where the
ability must do nothing.  Most scoring tests end the game the ordinary way: the last seat holds
46 credits and sells a card in a Supply action, reaching the credit goal; the end-of-game
questions (if any) follow, then the final scoring.

Filler cards come from :class:`Fill`: cards whose abilities (if any) cannot act from where the
test puts them, so the tests keep working as more abilities are registered.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cid, is_quiet

from importexport import CARDS, Action
from importexport.bots import RandomBot, play_out
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.actions import TAKE_GOODS
from importexport.importexport.constants import (
    BASE_COLOURS,
    BLACK,
    BLUE,
    COLOURS,
    GREEN,
    IMPORT,
    LOAD,
    RED,
    SUPPLY,
    YELLOW,
    payout,
)
from importexport.importexport.savefile import load as load_save
from importexport.importexport.scenario import load_scenario

ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])

GROUP = (
    "ARTIFACTS", "CERAMICS", "CHAMPAGNE", "CHEAP SHIRTS", "COLOGNE", "DIAMONDS", "GOLD STUFF",
    "IMPORT/EXPORT DEFINITIVE EDITION", "LONG COATS", "NICE SUITS", "SAUNA", "TESLAS", "VELVET ROBES",
    "IVORY", "FOXES", "EXOTIC FISH", "GRAPHICS CARDS", "IMPROBABILITY", "MRI MACHINE", "TELESCOPES",
    "SEGWAYS", "OLIVE OIL", "BIONIC EARS", "SUSHI KNIVES", "ICELAND WATER", "SOUVENIRS",
)


# --- positions ------------------------------------------------------------------------------------

def harmless(card: Any, where: str) -> bool:
    """Can ``card`` lie in ``where`` (hand, crew, goods, container, fulfilled) and do nothing?"""
    if card.cargo_alt is not None or card.timing == "anytime":
        return False
    ability = REGISTRY.get(card.name)
    if ability is None:
        return where != "fulfilled" or card.timing == "instant"
    if ability.as_contract or hasattr(ability, "anytime_options"):
        return False
    if where == "container" and hasattr(ability, "on_container_fulfilled"):
        return False
    if where == "fulfilled":
        lasting = ability.modifies or ability.listens or any(hasattr(ability, h) for h in ("score", "wins"))
        return card.timing == "instant" and not lasting
    return True


class Fill:
    """Hands out filler cards, each at most once, never one of this group's."""

    def __init__(self, *used: str) -> None:
        self.used = {n.upper() for n in used} | set(GROUP)

    def take(self, colour: int, n: int = 1, where: str = "goods", action: int | None = None) -> list[str]:
        pool = [
            c.name for c in sorted(CARDS.cards, key=lambda c: (c.set != "base", c.id))
            if c.goods == COLOURS[colour] and c.name.upper() not in self.used and harmless(c, where)
            and (action is None or CARDS.action[c.id] == action)
        ]
        assert len(pool) >= n, f"not enough filler cards of {COLOURS[colour]} for {where}"
        self.used.update(pool[:n])
        return pool[:n]

    def one(self, colour: int, where: str = "goods", action: int | None = None) -> str:
        return self.take(colour, 1, where, action)[0]

    def mixed(self, colours: list[int], where: str) -> list[str]:
        return [self.one(c, where) for c in colours]


def ending(
    seats: list[dict[str, Any]], abilities: bool, fill: Fill, players: int = 3, seller_credits: int = 46,
    **top: Any,
):
    """A game whose last seat (active, one Supply action) sells a card and so reaches the credit goal;
    ``seats`` describes the others.  Returns the game right after the sale."""
    seats = [dict(s) for s in seats] + [{} for _ in range(players - 1 - len(seats))]
    seller = players - 1
    seats.append({"credits": seller_credits, "hand": [fill.one(GREEN, "hand")]})
    declared = [-1] * players
    declared[seller] = 1
    g = load_scenario({
        "players": players, "abilities": abilities, "active": seller, "seats": seats,
        "turn": {"led": "supply", "declared": declared}, **top,
    })
    sell = [a for a in g.legal_actions(seller) if a.kind == "sell"]
    g.apply(sell[0])
    return g


def lines(g, seat: int = 0) -> dict[str, int]:
    return dict(g.scores()[seat].lines)


def question(g) -> str | None:
    """The step of the ability question now asked (None if no question is asked)."""
    frame = g.state.stack[-1] if g.state.stack else {}
    return frame.get("step") if frame.get("kind") == "ask" else None


def kinds(g, player: int | None = None) -> set[str]:
    return {a.kind for a in g.legal_actions(player)}


def anytime(g, seat: int = 0) -> list[Action]:
    return [a for a in g.legal_actions(seat) if a.kind == "anytime"]


def only(g, kind: str, player: int | None = None, **fields: Any) -> Action:
    found = [
        a for a in g.legal_actions(player)
        if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())
    ]
    assert len(found) == 1, (kind, fields, [str(a) for a in g.legal_actions()])
    return found[0]


def ids(names: list[str]) -> list[int]:
    return [cid(n) for n in names]


# --- the mechanism -----------------------------------------------------------------------------------

def test_every_card_of_the_group_is_registered():
    assert set(GROUP) <= set(REGISTRY)


@pytest.mark.card("SOUVENIRS")
def test_souvenirs_has_no_hooks():
    ability = REGISTRY["SOUVENIRS"]
    assert not ability.modifies and not ability.listens
    hooks = ("on_fulfil", "on_container_fulfilled", "score", "wins", "anytime_options")
    assert not any(hasattr(ability, h) for h in hooks)


# --- extra credits at the end -------------------------------------------------------------------------

@pytest.mark.card("ARTIFACTS")
@ON_OFF
@pytest.mark.parametrize(("yellow", "bonus"), [(2, 20), (1, 0)])
def test_artifacts_twenty_for_two_goods_of_every_type(abilities, yellow, bonus):
    fill = Fill("ARTIFACTS")
    goods = [n for col in BASE_COLOURS for n in fill.take(col, yellow if col == YELLOW else 2)]
    seat0 = {"fulfilled": ["ARTIFACTS", *fill.take(BLUE, 4, "fulfilled")], "goods": goods}
    g = ending([seat0], abilities, fill)
    assert g.is_over()
    assert lines(g).get("ability:ARTIFACTS") == (bonus if abilities else None)


@pytest.mark.card("GOLD STUFF")
@pytest.mark.card("IMPORT/EXPORT DEFINITIVE EDITION")
@ON_OFF
@pytest.mark.parametrize("card", ["GOLD STUFF", "IMPORT/EXPORT DEFINITIVE EDITION"])
def test_six_per_fulfilled_luxury_contract(abilities, card):
    fill = Fill(card)
    fulfilled = [card, fill.one(BLUE, "fulfilled"), fill.one(GREEN, "fulfilled"), fill.one(RED, "fulfilled")]
    g = ending([{"fulfilled": fulfilled}], abilities, fill)
    assert g.is_over()
    assert lines(g).get(f"ability:{card}") == (12 if abilities else None)  # this card and the other blue one


@pytest.mark.card("VELVET ROBES")
@ON_OFF
def test_velvet_robes_one_per_hand_card(abilities):
    fill = Fill("VELVET ROBES")
    seat0 = {"fulfilled": ["VELVET ROBES"], "hand": fill.mixed([GREEN, RED, BLUE], "hand")}
    g = ending([seat0], abilities, fill)
    assert lines(g).get("ability:VELVET ROBES") == (3 if abilities else None)


@pytest.mark.card("CHAMPAGNE")
@ON_OFF
@pytest.mark.parametrize(("others", "bonus"), [(1, 8), (2, 4), (3, 0)], ids=["most", "tie", "fewer"])
def test_champagne_most_fulfilled_contracts(abilities, others, bonus):
    fill = Fill("CHAMPAGNE")
    seats = [
        {"fulfilled": ["CHAMPAGNE", fill.one(BLUE, "fulfilled")]},
        {"fulfilled": fill.take(GREEN, others, "fulfilled")},
    ]
    g = ending(seats, abilities, fill)
    assert lines(g).get("ability:CHAMPAGNE") == (bonus if abilities else None)


@pytest.mark.card("CHAMPAGNE")
@pytest.mark.card("FOXES")
@pytest.mark.parametrize(("foxes_seat", "bonus"), [(0, 8), (1, 0)])
def test_champagne_tie_goes_to_the_foxes_holder(foxes_seat, bonus):
    fill = Fill("CHAMPAGNE", "FOXES")
    seats: list[dict[str, Any]] = [
        {"fulfilled": ["CHAMPAGNE", fill.one(BLUE, "fulfilled")]},
        {"fulfilled": fill.take(GREEN, 2, "fulfilled")},
    ]
    seats[foxes_seat]["fulfilled"][-1] = "FOXES"
    g = ending(seats, True, fill)
    assert lines(g)["ability:CHAMPAGNE"] == bonus


@pytest.mark.card("NICE SUITS")
@ON_OFF
@pytest.mark.parametrize(("others", "bonus"), [(2, 16), (3, 8), (4, 0)], ids=["most", "tie", "fewer"])
def test_nice_suits_most_containers_on_ships_at_sea_too(abilities, others, bonus):
    fill = Fill("NICE SUITS")
    seats = [
        {"fulfilled": ["NICE SUITS"], "ships": [
            {"at_sea": True, "containers": fill.take(GREEN, 2, "container")},
            {"at_sea": True, "containers": fill.take(RED, 1, "container")},
        ]},
        {"ships": [{}, {"at_sea": True, "containers": fill.take(YELLOW, others, "container")}]},
    ]
    g = ending(seats, abilities, fill)
    assert lines(g).get("ability:NICE SUITS") == (bonus if abilities else None)


# --- goods values, majorities, ties ----------------------------------------------------------------------

@pytest.mark.card("LONG COATS")
@ON_OFF
def test_long_coats_luxury_goods_worth_three(abilities):
    fill = Fill("LONG COATS")
    seat0 = {"fulfilled": ["LONG COATS", fill.one(RED, "fulfilled")], "goods": fill.mixed([BLUE, BLUE, GREEN], "goods")}
    g = ending([seat0], abilities, fill)
    assert lines(g)["goods"] == (2 * 3 + 1 if abilities else 3)


@pytest.mark.card("CERAMICS")
@ON_OFF
def test_ceramics_two_consumer_goods_add_a_luxury_good_at_the_end(abilities):
    fill = Fill("CERAMICS")
    seats = [
        {"fulfilled": ["CERAMICS", *fill.take(RED, 2, "fulfilled")], "goods": fill.mixed([BLACK] * 4 + [BLUE], "goods")},
        {"goods": fill.take(BLUE, 2)},
    ]
    g = ending(seats, abilities, fill, seller_credits=10)  # no end yet: the count is plain
    assert lines(g)["goods"] == 5
    g = ending(seats, abilities, Fill("CERAMICS", *seats[0]["goods"], *seats[1]["goods"], *seats[0]["fulfilled"]))
    assert g.is_over()
    mine, theirs = lines(g, 0), lines(g, 1)
    if abilities:  # 4 consumer goods add 2 luxury goods: 3 luxury beat 2
        assert (mine["goods"], mine.get("most_blue"), theirs.get("most_blue")) == (7, 8, None)
    else:
        assert (mine["goods"], mine.get("most_blue"), theirs.get("most_blue")) == (5, None, 8)
    assert len(g.state.players[0].goods) == 5  # no cards were added


@pytest.mark.card("SAUNA")
@ON_OFF
def test_sauna_doubles_majority_bonus_and_penalty(abilities):
    fill = Fill("SAUNA")
    seats = [
        {"fulfilled": ["SAUNA", fill.one(GREEN, "fulfilled")], "goods": fill.mixed([BLUE, BLUE, RED, RED], "goods")},
        {"goods": fill.mixed([BLUE, RED], "goods")},
    ]
    g = ending(seats, abilities, fill)
    mine = lines(g)
    factor = 2 if abilities else 1
    assert (mine["most_blue"], mine["most_red"]) == (8 * factor, -6 * factor)
    assert "most_blue" not in lines(g, 1)


@pytest.mark.card("IVORY")
@ON_OFF
@pytest.mark.parametrize(("others", "amount"), [(1, 6), (2, 3)], ids=["most", "tie"])
def test_ivory_most_illegal_goods_gains_instead_of_paying(abilities, others, amount):
    fill = Fill("IVORY")
    seats = [
        {"fulfilled": ["IVORY", fill.one(GREEN, "fulfilled")], "goods": fill.take(RED, 2)},
        {"goods": fill.take(RED, others)},
    ]
    g = ending(seats, abilities, fill)
    assert lines(g)["most_red"] == (amount if abilities else -amount)
    if others == 2:
        assert lines(g, 1)["most_red"] == -3  # the other tied player still pays its share


@pytest.mark.card("IVORY")
@pytest.mark.card("SAUNA")
def test_ivory_with_sauna_gains_twelve():
    fill = Fill("IVORY", "SAUNA")
    seats = [{"fulfilled": ["IVORY", "SAUNA"], "goods": fill.take(RED, 2)}, {"goods": fill.take(RED, 1)}]
    g = ending(seats, True, fill)
    assert lines(g)["most_red"] == 12


@pytest.mark.card("FOXES")
@ON_OFF
def test_foxes_wins_majority_ties_and_escapes_the_penalty_tie(abilities):
    fill = Fill("FOXES")
    seats = [
        {"fulfilled": ["FOXES", fill.one(GREEN, "fulfilled")], "goods": fill.mixed([BLUE, BLUE, RED], "goods")},
        {"goods": fill.mixed([BLUE, BLUE, RED], "goods")},
    ]
    g = ending(seats, abilities, fill)
    mine, theirs = lines(g, 0), lines(g, 1)
    if abilities:
        assert (mine.get("most_blue"), theirs.get("most_blue")) == (8, None)
        assert (mine.get("most_red"), theirs.get("most_red")) == (None, -6)
    else:
        assert (mine.get("most_blue"), theirs.get("most_blue")) == (4, 4)
        assert (mine.get("most_red"), theirs.get("most_red")) == (-3, -3)


@pytest.mark.card("FOXES")
@pytest.mark.card("IVORY")
def test_foxes_with_ivory_takes_the_illegal_bonus_whole():
    fill = Fill("FOXES", "IVORY")
    seats = [{"fulfilled": ["FOXES", "IVORY"], "goods": fill.take(RED, 1)}, {"goods": fill.take(RED, 1)}]
    g = ending(seats, True, fill)
    assert (lines(g, 0).get("most_red"), lines(g, 1).get("most_red")) == (6, None)


@pytest.mark.card("FOXES")
@ON_OFF
def test_foxes_wins_an_import_bid_tie(abilities):
    fill = Fill("FOXES")
    g = load_scenario({
        "players": 3, "abilities": abilities,
        "seats": [{}, {"fulfilled": ["FOXES"]}, {"ships": [{}, {"at_sea": True, "containers": fill.take(GREEN, 2)}]}],
        "turn": {"led": "import", "declared": [1, 1, -1]},
    })
    g.apply(only(g, "ship", 0, target=5))
    g.apply(Action(0, "bid", count=3))
    g.apply(Action(1, "bid", count=3))
    if abilities:
        assert g.deciders() == [1] and kinds(g) == {"take"}  # seat 1 won without a tie decision
        assert g.state.players[1].credits == 10 - 3
    else:
        assert g.deciders() == [0] and kinds(g, 0) >= {"winner"}


# --- end-of-game choices ---------------------------------------------------------------------------------

@pytest.mark.card("CHEAP SHIRTS")
@ON_OFF
def test_cheap_shirts_moves_crew_into_goods_up_to_the_limit(abilities):
    fill = Fill("CHEAP SHIRTS")
    crew = fill.mixed([BLUE, GREEN, RED], "crew")
    seat0 = {
        "fulfilled": ["CHEAP SHIRTS", *fill.take(GREEN, 2, "fulfilled")],  # goods limit 8
        "crew": crew, "goods": fill.take(YELLOW, 6),
    }
    g = ending([seat0], abilities, fill)
    if not abilities:
        assert g.is_over() and g.state.players[0].crew == ids(crew)
        return
    assert question(g) == "shirts" and g.deciders() == [0]
    shirts = cid("CHEAP SHIRTS")
    assert set(g.legal_actions(0)) == {Action(0, "choose", (shirts, c)) for c in ids(crew)}
    g.apply(Action(0, "choose", (shirts, cid(crew[2]))))
    assert question(g) == "shirts"  # room for one more, two to choose from
    g.apply(Action(0, "choose", (shirts, cid(crew[0]))))
    assert g.is_over()
    p = g.state.players[0]
    assert p.crew == [cid(crew[1])] and p.goods[-2:] == [cid(crew[2]), cid(crew[0])]
    assert lines(g)["goods"] == 6 + 1 + 2  # 6 agriculture, 1 luxury, 1 illegal (worth 2)


@pytest.mark.card("CHEAP SHIRTS")
def test_cheap_shirts_all_fit_no_question():
    fill = Fill("CHEAP SHIRTS")
    crew = fill.mixed([BLUE, GREEN], "crew")
    g = ending([{"fulfilled": ["CHEAP SHIRTS"], "crew": crew}], True, fill)
    assert g.is_over()
    assert g.state.players[0].crew == [] and g.state.players[0].goods == ids(crew)


@pytest.mark.card("DIAMONDS")
@ON_OFF
def test_diamonds_moves_two_fulfilled_contracts_into_goods(abilities):
    fill = Fill("DIAMONDS")
    contracts = fill.mixed([BLUE, GREEN, RED], "fulfilled")
    g = ending([{"fulfilled": ["DIAMONDS", *contracts], "goods": fill.take(YELLOW, 3)}], abilities, fill)
    if not abilities:
        assert g.is_over() and question(g) is None
        return
    d = cid("DIAMONDS")
    assert question(g) == "diamonds"
    assert set(g.legal_actions(0)) == {Action(0, "no", (d,))} | {
        Action(0, "choose", (d, c)) for c in [d, *ids(contracts)]
    }
    g.apply(Action(0, "choose", (d, cid(contracts[0]))))
    assert question(g) == "diamonds"
    g.apply(Action(0, "choose", (d, cid(contracts[1]))))
    assert g.is_over()
    p = g.state.players[0]
    assert p.fulfilled == [d, cid(contracts[2])]
    assert p.goods[-2:] == ids(contracts[:2])
    assert lines(g)["goods"] == 3 + 2


@pytest.mark.card("DIAMONDS")
def test_diamonds_goods_limit_and_declining():
    fill = Fill("DIAMONDS")
    contracts = fill.mixed([BLUE, GREEN], "fulfilled")  # goods limit 8; 6 once one contract has left
    seats = [{"fulfilled": ["DIAMONDS", *contracts], "goods": fill.take(YELLOW, 5)}]
    g = ending(seats, True, fill)
    d = cid("DIAMONDS")
    g.apply(Action(0, "choose", (d, cid(contracts[0]))))
    assert g.is_over()  # a second contract would not fit (7 goods, limit 4): no second question
    assert len(g.state.players[0].goods) == 6
    g = ending(seats, True, Fill("DIAMONDS", *contracts, *seats[0]["goods"]))
    g.apply(Action(0, "no", (d,)))
    assert g.is_over() and len(g.state.players[0].goods) == 5


@pytest.mark.card("TESLAS")
@ON_OFF
def test_teslas_supply_crew_counts_as_the_announced_goods_type(abilities):
    fill = Fill("TESLAS")
    crew = fill.take(GREEN, 2, "crew", SUPPLY) + fill.take(RED, 1, "crew", IMPORT)
    seats = [
        {"fulfilled": ["TESLAS", *fill.take(RED, 2, "fulfilled")], "crew": crew, "goods": fill.take(BLUE, 1)},
        {"goods": fill.take(BLUE, 2)},
    ]
    g = ending(seats, abilities, fill)
    if not abilities:
        assert g.is_over()
        assert (lines(g, 0)["goods"], lines(g, 1).get("most_blue")) == (1, 8)
        return
    t = cid("TESLAS")
    assert question(g) == "teslas"
    assert set(g.legal_actions(0)) == {Action(0, "choose", (t,), col) for col in BASE_COLOURS}
    g.apply(Action(0, "choose", (t,), BLUE))
    assert g.is_over()
    assert g.state.players[0].crew == ids(crew)  # the cards stay in the crew
    mine = lines(g, 0)
    assert (mine["goods"], mine.get("most_blue"), lines(g, 1).get("most_blue")) == (3, 8, None)


@pytest.mark.card("COLOGNE")
@ON_OFF
@pytest.mark.parametrize(("pick", "bonus"), [(SUPPLY, 8), (LOAD, 4)])
def test_cologne_four_per_crew_card_of_the_picked_action(abilities, pick, bonus):
    fill = Fill("COLOGNE")
    crew = fill.take(GREEN, 2, "crew", SUPPLY) + fill.take(RED, 1, "crew", LOAD)
    g = ending([{"fulfilled": ["COLOGNE", *fill.take(RED, 2, "fulfilled")], "crew": crew}], abilities, fill)
    if not abilities:
        assert g.is_over() and "ability:COLOGNE" not in lines(g)
        return
    c = cid("COLOGNE")
    assert question(g) == "cologne"
    assert set(g.legal_actions(0)) == {Action(0, "choose", (c,), SUPPLY), Action(0, "choose", (c,), LOAD)}
    g.apply(Action(0, "choose", (c,), pick))
    assert g.is_over()
    assert lines(g)["ability:COLOGNE"] == bonus


@pytest.mark.card("CHEAP SHIRTS")
@pytest.mark.card("TESLAS")
@pytest.mark.card("TELESCOPES")
def test_end_questions_come_in_phase_order():
    """Last cash-ins first, then cards moving between areas, then the types announced."""
    fill = Fill("CHEAP SHIRTS", "TESLAS", "TELESCOPES")
    crew = fill.take(GREEN, 2, "crew", SUPPLY) + fill.take(YELLOW, 1, "crew", SUPPLY)
    seat0 = {
        "fulfilled": ["TESLAS", "CHEAP SHIRTS", "TELESCOPES"],  # goods limit 8, crew limit 4
        "crew": crew, "goods": [*fill.take(GREEN, 1), *fill.take(YELLOW, 6)],
    }
    g = ending([seat0], True, fill)
    asked = []
    while not g.is_over():
        asked.append(question(g))
        if question(g) == "last":
            tech = anytime(g)
            assert len(tech) == 1
            g.apply(tech[0])  # cash in the technology good: room for one more crew card
        else:
            g.apply([a for a in g.legal_actions(0) if a.kind == "choose"][0])
    assert asked == ["last", "shirts", "shirts", "teslas"]
    p = g.state.players[0]
    assert len(p.crew) == 1 and len(p.goods) == 8


@pytest.mark.card("TESLAS")
def test_end_question_survives_save_and_undo():
    fill = Fill("TESLAS")
    crew = fill.take(GREEN, 1, "crew", SUPPLY)
    g = ending([{"fulfilled": ["TESLAS"], "crew": crew}], True, fill)
    assert question(g) == "teslas"
    copy = load_save(g.save())
    assert question(copy) == "teslas" and copy.legal_actions() == g.legal_actions()
    answer = Action(0, "choose", (cid("TESLAS"),), RED)
    for game in (g, copy):
        game.apply(answer)
    assert g.is_over() and copy.is_over()
    assert lines(g)["goods"] == lines(copy)["goods"] == 2  # one illegal good, worth 2
    g.undo()
    assert question(g) == "teslas" and "end_choice" not in g.state.marks


# --- end conditions and instant wins ----------------------------------------------------------------------

@pytest.mark.card("MRI MACHINE")
@ON_OFF
@pytest.mark.parametrize("start", [46, 66])
def test_mri_machine_raises_the_credit_goal_for_everyone(abilities, start):
    fill = Fill("MRI MACHINE")
    g = ending([{"fulfilled": ["MRI MACHINE"]}], abilities, fill, seller_credits=start)
    over = not abilities or start + 4 >= 70
    assert g.is_over() is over
    assert g.state.end_reason == ("credits" if over else "")


def sale_position(abilities: bool, card: str, credits: list[int], goods: list[int], fill: Fill):
    """Seat 0 (holding ``card``) sells a card in a Supply action (+4); ``goods``: count per seat."""
    seats = [
        {"credits": c, "goods": fill.take(GREEN, n), "fulfilled": [card] * (seat == 0)}
        for seat, (c, n) in enumerate(zip(credits, goods))
    ]
    seats[0]["fulfilled"] += fill.take(BLUE, 2, "fulfilled")
    seats[0]["hand"] = [fill.one(RED, "hand")]
    g = load_scenario({
        "players": len(credits), "abilities": abilities, "seats": seats,
        "turn": {"led": "supply", "declared": [1] + [-1] * (len(credits) - 1)},
    })
    assert not g.is_over()
    g.apply(only(g, "sell", 0))
    return g


@pytest.mark.card("EXOTIC FISH")
@ON_OFF
@pytest.mark.parametrize(
    ("credits", "goods", "wins"),
    [([16, 10, 9], [3, 2, 2], True), ([16, 11, 9], [3, 2, 2], False), ([16, 10, 9], [3, 3, 1], False)],
    ids=["wins", "not-twice", "goods-tie"],
)
def test_exotic_fish_twice_the_credits_and_most_goods(abilities, credits, goods, wins):
    g = sale_position(abilities, "EXOTIC FISH", credits, goods, Fill("EXOTIC FISH"))
    assert g.state.players[0].credits == 20
    if abilities and wins:
        assert g.is_over() and g.state.end_reason == "win" and g.state.winners == [0]
    else:
        assert not g.is_over() and g.state.end_reason == ""


def import_position(abilities: bool, fulfilled: list[str], seat0: dict[str, Any], seat1: dict[str, Any], cargo):
    """Seat 0 imports alone from seat 2's ship at sea carrying ``cargo``."""
    g = load_scenario({
        "players": 3, "abilities": abilities,
        "seats": [{"fulfilled": fulfilled, **seat0}, seat1, {"ships": [{}, {"at_sea": True, "containers": cargo}]}],
        "turn": {"led": "import", "declared": [1, -1, -1]},
    })
    assert not g.is_over()
    g.apply(only(g, "ship", 0, target=5))
    return g


def take(g, name: str) -> None:
    g.apply(only(g, "take", 0, cards=(cid(name),), target=TAKE_GOODS))


@pytest.mark.card("GRAPHICS CARDS")
@ON_OFF
def test_graphics_cards_most_goods_of_four_types_wins(abilities):
    fill = Fill("GRAPHICS CARDS")
    cargo = fill.take(BLUE, 2)
    g = import_position(
        abilities, ["GRAPHICS CARDS", *fill.take(RED, 2, "fulfilled")],
        {"goods": fill.mixed([GREEN, YELLOW, BLACK], "goods")}, {"goods": fill.take(BLUE, 1)}, cargo,
    )
    take(g, cargo[0])
    assert not g.is_over()  # luxury goods tied 1:1, so only 3 types are "the most"
    take(g, cargo[1])
    if abilities:
        assert g.is_over() and g.state.end_reason == "win" and g.state.winners == [0]
    else:
        assert not g.is_over()


@pytest.mark.card("IMPROBABILITY")
@ON_OFF
def test_improbability_every_colour_in_crew_fulfilled_and_goods_wins(abilities):
    fill = Fill("IMPROBABILITY")
    cargo = [fill.one(GREEN), fill.one(RED)]
    g = import_position(
        abilities, ["IMPROBABILITY", *fill.mixed(list(BASE_COLOURS), "fulfilled")],
        {"crew": fill.mixed(list(BASE_COLOURS), "crew"), "goods": fill.mixed([GREEN, YELLOW, BLACK, BLUE], "goods")},
        {}, cargo,
    )
    take(g, cargo[0])
    assert not g.is_over()  # still no illegal good
    take(g, cargo[1])
    if abilities:
        assert g.is_over() and g.state.end_reason == "win" and g.state.winners == [0]
    else:
        assert not g.is_over()


@pytest.mark.card("IMPROBABILITY")
def test_improbability_grey_is_no_colour():
    fill = Fill("IMPROBABILITY")
    g = load_scenario({
        "players": 3, "abilities": True,
        "seats": [{
            "fulfilled": ["IMPROBABILITY", *fill.mixed(list(BASE_COLOURS), "fulfilled")],
            "crew": fill.mixed(list(BASE_COLOURS), "crew"),
            "goods": fill.mixed([GREEN, YELLOW, BLACK, BLUE, 5], "goods"),  # a grey Capital good, no red
        }],
    })
    assert not g.is_over()


# --- anytime cash-ins ------------------------------------------------------------------------------------

def anytime_game(abilities: bool, seat0: dict[str, Any], active: int = 0, **top: Any):
    return load_scenario({"players": 3, "abilities": abilities, "active": active, "seats": [seat0], **top})


@pytest.mark.card("TELESCOPES")
@ON_OFF
def test_telescopes_cash_in_technology_goods(abilities):
    fill = Fill("TELESCOPES")
    tech = fill.take(GREEN, 2)
    g = anytime_game(abilities, {"fulfilled": ["TELESCOPES"], "goods": [*tech, fill.one(BLUE)]})
    opts = anytime(g)
    if not abilities:
        assert opts == []
        return
    t = cid("TELESCOPES")
    assert opts == [Action(0, "anytime", (t,), c) for c in ids(tech)]
    frame = dict(g.state.stack[-1])
    g.apply(opts[0])
    p = g.state.players[0]
    assert p.credits == 14 and cid(tech[0]) not in p.goods and g.state.discard[-1] == cid(tech[0])
    assert g.state.stack[-1] == frame  # the lead decision is still pending
    assert anytime(g) == [Action(0, "anytime", (t,), cid(tech[1]))]


@pytest.mark.card("TELESCOPES")
@ON_OFF
def test_telescopes_last_chance_before_the_scoring(abilities):
    fill = Fill("TELESCOPES")
    tech = fill.take(GREEN, 2)
    g = ending([{"fulfilled": ["TELESCOPES"], "goods": tech, "credits": 0}], abilities, fill)
    if not abilities:
        assert g.is_over()
        return
    assert question(g) == "last" and kinds(g, 0) == {"no", "anytime"}
    g.apply(anytime(g)[0])
    assert question(g) == "last"
    g.apply(only(g, "no", 0))
    assert g.is_over()
    assert g.scores()[0].credits == 4 and lines(g)["goods"] == 1


@pytest.mark.card("OLIVE OIL")
@ON_OFF
def test_olive_oil_discard_for_two_in_your_own_turn(abilities):
    fill = Fill("OLIVE OIL")
    seat0 = {"fulfilled": ["OLIVE OIL", fill.one(RED, "fulfilled")], "hand": [fill.one(GREEN, "hand")]}
    g = anytime_game(abilities, seat0)
    o = cid("OLIVE OIL")
    if not abilities:
        assert anytime(g) == []
        return
    assert anytime(g) == [Action(0, "anytime", (o,))]
    g.apply(Action(0, "anytime", (o,)))
    p = g.state.players[0]
    assert p.credits == 12 and o not in p.fulfilled and g.state.discard[-1] == o
    assert g.deciders() == [0]


@pytest.mark.card("OLIVE OIL")
def test_olive_oil_not_in_another_players_turn_nor_after_the_end():
    fill = Fill("OLIVE OIL")
    lead = fill.one(RED, "hand")
    g = load_scenario({
        "players": 3, "abilities": True, "active": 1,
        "seats": [{"fulfilled": ["OLIVE OIL"], "hand": [fill.one(GREEN, "hand")]}, {"hand": [lead]}],
    })
    g.apply(only(g, "play", 1, cards=(cid(lead),)))
    g.apply(only(g, "draw", 2))
    assert g.deciders() == [0]  # seat 0 follows (or draws) in seat 1's turn
    assert anytime(g) == []
    g = ending([{"fulfilled": ["OLIVE OIL"]}], True, Fill("OLIVE OIL", lead))
    assert g.is_over()  # no last chance to discard it


@pytest.mark.card("BIONIC EARS")
@ON_OFF
def test_bionic_ears_back_into_the_hand(abilities):
    fill = Fill("BIONIC EARS")
    seat0 = {"fulfilled": ["BIONIC EARS", fill.one(RED, "fulfilled")], "goods": fill.take(YELLOW, 5)}
    g = anytime_game(abilities, seat0)
    b = cid("BIONIC EARS")
    if not abilities:
        assert anytime(g) == []
        return
    assert anytime(g) == [Action(0, "anytime", (b,))]
    g.apply(Action(0, "anytime", (b,)))
    p = g.state.players[0]
    assert b in p.hand and b not in p.fulfilled
    # the goods limit fell from 6 to 4: seat 0 discards a good first
    assert g.state.stack[-1]["kind"] == "trim" and kinds(g, 0) == {"choose"}
    g.apply(g.legal_actions(0)[0])
    assert len(p.goods) == 4 and g.state.stack[-1]["kind"] == "lead"


@pytest.mark.card("SUSHI KNIVES")
@ON_OFF
@pytest.mark.parametrize("luxury", [5, 3])
def test_sushi_knives_four_luxury_cards_for_two_credits(abilities, luxury):
    fill = Fill("SUSHI KNIVES")
    hand = fill.take(BLUE, luxury, "hand") + [fill.one(GREEN, "hand")]
    g = anytime_game(abilities, {"fulfilled": ["SUSHI KNIVES"], "hand": hand})
    opts = anytime(g)
    if not abilities or luxury < 4:
        assert opts == []
        return
    assert len(opts) == 5  # every choice of 4 out of 5
    s = cid("SUSHI KNIVES")
    four = tuple(sorted(ids(hand[:4])))
    g.apply(Action(0, "anytime", (s, *four)))
    p = g.state.players[0]
    assert p.credits == 12 and sorted(p.hand) == sorted(ids(hand[4:]))
    assert set(g.state.discard[-4:]) == set(four)
    assert anytime(g) == []


@pytest.mark.card("ICELAND WATER")
@ON_OFF
def test_iceland_water_sell_agriculture_cards_for_two(abilities):
    fill = Fill("ICELAND WATER")
    yellow = fill.take(YELLOW, 2, "hand")
    g = anytime_game(abilities, {"fulfilled": ["ICELAND WATER"], "hand": [*yellow, fill.one(GREEN, "hand")]})
    opts = anytime(g)
    if not abilities:
        assert opts == []
        return
    w = cid("ICELAND WATER")
    assert opts == [Action(0, "anytime", (w,), c) for c in ids(yellow)]
    g.apply(opts[1])
    assert g.state.players[0].credits == 12 and g.state.island[-1] == cid(yellow[1])
    assert anytime(g) == [Action(0, "anytime", (w,), cid(yellow[0]))]


@pytest.mark.card("ICELAND WATER")
def test_iceland_water_last_chance_at_the_end():
    fill = Fill("ICELAND WATER")
    yellow = fill.one(YELLOW, "hand")
    g = ending([{"fulfilled": ["ICELAND WATER"], "hand": [yellow], "credits": 0}], True, fill)
    assert question(g) == "last"
    g.apply(only(g, "anytime", 0))
    assert g.is_over()  # nothing left to use: the question ends by itself
    assert g.scores()[0].credits == 2


def segways_position(abilities: bool, crew: int = 1):
    """Seat 0 holds SEGWAYS (fulfilled) and a contract one technology container short."""
    contract = next(
        c.name for c in CARDS.cards
        if c.cargo_alt is None and is_quiet(c.name) and c.cargo.get("green", 0) >= 1 and c.name not in GROUP
    )
    fill = Fill(contract)
    loaded = [n for colour, k in CARDS.by_name(contract).cargo.items()
              for n in fill.take(COLOURS.index(colour), k - (colour == "green"), "container")]
    seat0 = {
        "fulfilled": ["SEGWAYS", fill.one(RED, "fulfilled")],  # crew limit 3, goods limit 6
        "crew": fill.mixed([BLUE] * crew, "crew"), "goods": fill.take(YELLOW, 2),
        "ships": [{"contracts": [contract], "containers": loaded}, {}],
    }
    return anytime_game(abilities, seat0), contract, len(loaded) + 1


@pytest.mark.card("SEGWAYS")
@ON_OFF
@pytest.mark.parametrize("where", ["crew", "goods", "ship"])
def test_segways_moves_to_crew_goods_or_a_ship(abilities, where):
    g, contract, containers = segways_position(abilities)
    sg = cid("SEGWAYS")
    opts = anytime(g)
    if not abilities:
        assert opts == []
        return
    assert opts == [Action(0, "anytime", (sg,), option=0), Action(0, "anytime", (sg,), option=1),
                    Action(0, "anytime", (sg,), 0, option=2)]
    g.apply(opts[["crew", "goods", "ship"].index(where)])
    p = g.state.players[0]
    assert sg not in p.fulfilled
    if where == "crew":
        assert p.crew[-1] == sg
    elif where == "goods":
        assert p.goods[-1] == sg
    else:  # the last container: the contract is fulfilled, with the usual payout
        assert cid(contract) in p.fulfilled and p.credits == 10 + payout(containers)
        assert sg in g.state.ships[0].containers
    assert anytime(g) == []


@pytest.mark.card("SEGWAYS")
def test_segways_limits_counted_after_it_leaves():
    g, _, _ = segways_position(True, crew=2)  # crew limit 3 falls to 2: no room in the crew
    assert {a.option for a in anytime(g)} == {1, 2}


@pytest.mark.card("SEGWAYS")
def test_segways_last_chance_at_the_end():
    fill = Fill("SEGWAYS")
    g = ending([{"fulfilled": ["SEGWAYS", fill.one(RED, "fulfilled")]}], True, fill)
    assert question(g) == "last"
    g.apply(only(g, "anytime", 0, option=1))
    assert g.is_over() and cid("SEGWAYS") in g.state.players[0].goods
    assert lines(g)["goods"] == 1


# --- no ability -----------------------------------------------------------------------------------------

@pytest.mark.card("SOUVENIRS")
def test_souvenirs_changes_nothing():
    from helpers import fulfil_position

    results = []
    for abilities in (True, False):
        g, load = fulfil_position("SOUVENIRS", abilities)
        g.apply(load)
        assert cid("SOUVENIRS") in g.state.players[0].fulfilled
        results.append((
            [p.credits for p in g.state.players],
            [(s.lines, s.total) for s in g.scores()],
            sorted(str(a) for a in g.legal_actions()),
        ))
    assert results[0] == results[1]


# --- random play with the group's cards on the table ---------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_the_group_in_play(seed):
    fulfilled: list[list[str]] = [[], [], [], []]
    for i, name in enumerate(GROUP):
        if name not in ("EXOTIC FISH", "GRAPHICS CARDS", "IMPROBABILITY"):  # let the games run to the end
            fulfilled[(i + seed) % 4].append(name)
    g = load_scenario({
        "players": 4, "abilities": True, "seed": seed,
        "seats": [{"fulfilled": f, "credits": 30} for f in fulfilled],
    })
    play_out(g, [RandomBot(seed * 10 + k) for k in range(4)], max_steps=20_000)
    assert g.is_over() and g.state.winners
    assert len(g.scores()) == 4
