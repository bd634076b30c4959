"""Abilities that move cards or credits between players and areas (``abilities/exchanges.py``).

Every test builds a position with ``load_scenario`` in which seat 0 is one Load away from
fulfilling the card, drives the game only through ``legal_actions()``/``apply()`` and checks the
effect with card abilities on, and that nothing of it happens under the basic rules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import cid, is_quiet, plain_cards

from importexport import CARDS, Action
from importexport.bots import RandomBot
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.constants import COLOURS, GREY, RAINBOW_SLOT, payout
from importexport.importexport.scenario import load_scenario

ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])
START = 10  # a scenario seat's credits unless given


def is_inert(name: str) -> bool:
    """A card that does nothing while it lies among the fulfilled contracts (at most an instant ability)."""
    a = REGISTRY.get(name)
    if a is None:
        return True
    if not is_quiet(name) or a.modifies or a.listens or a.lends or a.in_crew:
        return False
    hooks = ("score", "wins", "anytime_options")
    return not any(hasattr(a, h) for h in hooks) and not any(x.startswith("watch_") for x in dir(a))


class Pick:
    """Hands out filler cards, each at most once."""

    def __init__(self, *used: str) -> None:
        self.used = {n.upper() for n in used}

    def plain(self, colour: str, n: int = 1) -> list[str]:
        names = plain_cards(colour, n, self.used)
        self.used.update(names)
        return names

    def one(self, colour: str) -> str:
        return self.plain(colour)[0]

    def inert(self, n: int = 1, colour: str | None = None) -> list[str]:
        """Fulfilled-contract fillers."""
        names = [
            c.name for c in CARDS.cards
            if c.set == "base" and is_inert(c.name) and c.name not in self.used and colour in (None, c.goods)
        ][:n]
        assert len(names) == n
        self.used.update(names)
        return names


def fulfil_game(
    contract: str, abilities: bool, pick: Pick, *, hand: tuple[str, ...] = (), seat0: dict[str, Any] | None = None,
    others: tuple[dict[str, Any], ...] = (), players: int = 3, declared: int = 1, **top: Any,
):
    """Seat 0 (active, ``declared`` Load actions) loads the last container onto ship 0 and so fulfils ``contract``.

    ``hand``: seat 0's other hand cards; ``seat0`` may give ``ship1`` (seat 0's second ship).
    """
    seat = dict(seat0 or {})
    second = seat.pop("ship1", {})
    pick.used.add(contract.upper())
    names = [pick.one(COLOURS[s] if s != RAINBOW_SLOT else "green") for s in CARDS.by_name(contract).slots(0)]
    seat.update(hand=[names[-1], *hand], ships=[{"contracts": [contract], "containers": names[:-1]}, second])
    spec = {
        "players": players, "abilities": abilities, "seats": [seat, *others],
        "turn": {"led": "load", "declared": [declared] + [-1] * (players - 1)}, **top,
    }
    g = load_scenario(spec)
    g.apply(Action(0, "load", (cid(names[-1]),), 0))
    assert cid(contract) not in g.state.ships[0].contracts
    return g


def asked(g) -> bool:
    return bool(g.state.stack) and g.state.stack[-1]["kind"] == "ask"


def options(g, seat: int) -> set[tuple]:
    """The ability choices of ``seat`` now, as (kind, card names after the ability's card, target)."""
    assert g.deciders() == [seat], g.deciders()
    return {
        (a.kind, tuple(CARDS.names[c] for c in a.cards[1:]), a.target)
        for a in g.legal_actions(seat) if a.kind in ("choose", "yes", "no")
    }


def answer(g, seat: int, ability: str, *cards: str, target: int = -1, kind: str = "choose") -> None:
    a = Action(seat, kind, (cid(ability), *(cid(c) for c in cards)), target)
    assert g.deciders() == [seat], (g.deciders(), str(a))
    assert a in g.legal_actions(seat), (str(a), [str(x) for x in g.legal_actions(seat)])
    g.apply(a)


def names(cards: list[int]) -> list[str]:
    return [CARDS.names[c] for c in cards]


def cargo_payout(contract: str) -> int:
    return payout(len(CARDS.by_name(contract).slots(0)))


def conserved(g) -> None:
    cards = g.state.all_cards()
    assert len(cards) == len(set(cards))


# --- cards from hands -------------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("OPPOSITION LEAFLETS")
def test_opposition_leaflets_everyone_discards_one(abilities):
    pick = Pick()
    x, (a, b) = pick.one("green"), pick.plain("blue", 2)
    g = fulfil_game("OPPOSITION LEAFLETS", abilities, pick, hand=(x,), others=({"hand": [a, b]}, {}))
    p = g.state.players
    if not abilities:
        assert not asked(g) and names(p[0].hand) == [x] and names(p[1].hand) == [a, b]
        return
    assert options(g, 0) == {("choose", (x,), -1)}  # the holder too, first as the active player
    answer(g, 0, "OPPOSITION LEAFLETS", x)
    assert options(g, 1) == {("choose", (a,), -1), ("choose", (b,), -1)}
    answer(g, 1, "OPPOSITION LEAFLETS", b)
    assert not asked(g)  # seat 2 has no cards
    assert p[0].hand == [] and names(p[1].hand) == [a] and names(g.state.discard)[-2:] == [x, b]


@ON_OFF
@pytest.mark.card("MARKET DATA")
def test_market_data_two_cards_each_then_discarded(abilities):
    pick = Pick()
    a, b, c, d = pick.plain("green", 4)
    g = fulfil_game("MARKET DATA", abilities, pick, others=({"hand": [a, b, c]}, {"hand": [d]}))
    p, md = g.state.players, cid("MARKET DATA")
    if not abilities:
        assert not asked(g) and md in p[0].fulfilled and p[0].hand == []
        return
    answer(g, 1, "MARKET DATA", a)
    answer(g, 1, "MARKET DATA", c)  # a second card from the same player
    assert options(g, 2) == {("choose", (d,), -1)}  # only one card: gives it
    answer(g, 2, "MARKET DATA", d)
    assert names(p[0].hand) == [a, c, d] and names(p[1].hand) == [b] and p[2].hand == []
    assert md not in p[0].fulfilled and g.state.discard[-1] == md
    assert not asked(g)


@ON_OFF
@pytest.mark.card("SCULPTURES")
def test_sculptures_others_draw_three_then_give_two(abilities):
    pick = Pick()
    a = pick.one("green")
    deck = pick.plain("red", 6)
    g = fulfil_game("SCULPTURES", abilities, pick, others=({"hand": [a]}, {}), deck=deck)
    p = g.state.players
    if not abilities:
        assert not asked(g) and names(p[1].hand) == [a] and p[2].hand == []
        return
    assert names(p[1].hand) == [a, *deck[:3]] and names(p[2].hand) == deck[3:6]
    answer(g, 1, "SCULPTURES", a)
    answer(g, 1, "SCULPTURES", deck[1])
    answer(g, 2, "SCULPTURES", deck[3])
    answer(g, 2, "SCULPTURES", deck[5])
    assert names(p[0].hand) == [a, deck[1], deck[3], deck[5]]
    assert names(p[1].hand) == [deck[0], deck[2]] and names(p[2].hand) == [deck[4]]


@ON_OFF
@pytest.mark.card("VACUUMS")
def test_vacuums_whole_hand_or_a_luxury_good(abilities):
    pick = Pick()
    a, b = pick.plain("green", 2)
    lux1, lux2 = pick.plain("blue", 2)
    g2, g3 = pick.plain("yellow", 2)
    others = ({"hand": [a, b], "goods": [lux1]}, {"goods": [lux2, g2]}, {"goods": [g3]})
    g = fulfil_game("VACUUMS", abilities, pick, others=others, players=4)
    p = g.state.players
    if not abilities:
        assert not asked(g) and p[0].hand == [] and p[0].goods == []
        return
    assert options(g, 1) == {("choose", (), -1), ("choose", (lux1,), -1)}
    answer(g, 1, "VACUUMS")  # the whole hand
    assert options(g, 2) == {("choose", (lux2,), -1)}  # no cards in hand: must give the luxury good
    answer(g, 2, "VACUUMS", lux2)
    assert not asked(g)  # seat 3 has neither
    assert names(p[0].hand) == [a, b] and names(p[0].goods) == [lux2]
    assert p[1].hand == [] and names(p[1].goods) == [lux1] and names(p[2].goods) == [g2] and names(p[3].goods) == [g3]


# --- goods, contracts and credits changing hands ---------------------------------------------------

@ON_OFF
@pytest.mark.card("RAILGUNS")
def test_railguns_each_player_picks_what_they_can_give(abilities):
    pick = Pick("RAILGUNS")
    f1, f3 = pick.inert(2)
    g1, g2, g3 = pick.plain("green", 3)
    others = (
        {"credits": 10, "fulfilled": [f1], "goods": [g1, g2]},
        {"credits": 3, "goods": [g3]},  # can meet none of the three: gives nothing
        {"credits": 5, "fulfilled": [f3]},
    )
    g = fulfil_game("RAILGUNS", abilities, pick, others=others, players=4)
    p = g.state.players
    paid = START + cargo_payout("RAILGUNS")
    if not abilities:
        assert not asked(g) and p[0].credits == paid and p[0].goods == []
        return
    assert options(g, 1) == {
        ("choose", (), 0), ("choose", (f1,), 1), ("choose", (g1,), 2), ("choose", (g2,), 2),
    }
    answer(g, 1, "RAILGUNS", g2, target=2)
    assert options(g, 1) == {("choose", (g1,), 2)}  # the second good
    answer(g, 1, "RAILGUNS", g1, target=2)
    assert options(g, 3) == {("choose", (), 0), ("choose", (f3,), 1)}  # fewer than 2 goods
    answer(g, 3, "RAILGUNS", f3, target=1)
    assert not asked(g)
    assert names(p[0].goods) == [g2, g1] and names(p[0].fulfilled) == ["RAILGUNS", f3]
    assert [x.credits for x in p] == [paid, 10, 3, 5]
    assert p[1].goods == [] and p[3].fulfilled == [] and names(p[2].goods) == [g3]


@pytest.mark.card("RAILGUNS")
def test_railguns_credits_and_a_contract_that_leaves_its_giver_over_the_limit():
    pick = Pick("RAILGUNS")
    (f1,) = pick.inert(1)
    goods = pick.plain("green", 4)
    others = ({"credits": 0, "fulfilled": [f1], "goods": goods}, {"credits": 7})
    g = fulfil_game("RAILGUNS", True, pick, others=others)
    answer(g, 1, "RAILGUNS", f1, target=1)
    answer(g, 2, "RAILGUNS", target=0)
    p = g.state.players
    assert p[0].credits == START + cargo_payout("RAILGUNS") + 4 and p[2].credits == 3
    # seat 1 now has 1 fulfilled contract (the printed one): goods limit 2, so it discards two
    assert g.deciders() == [1] and g.state.stack[-1]["kind"] == "trim"
    for c in goods[:2]:
        g.apply(Action(1, "choose", (cid(c),), 1))
    assert names(p[1].goods) == goods[2:]
    assert g.state.stack[-1]["kind"] != "trim"


@ON_OFF
@pytest.mark.card("INTEREST")
def test_interest_one_good_each_and_you_choose_which_new_ones_to_keep(abilities):
    pick = Pick("INTEREST")
    (f,) = pick.inert(1)
    mine = pick.plain("yellow", 4)
    x1, x2, x3 = pick.plain("blue", 3)
    others = ({"goods": [x1]}, {"goods": [x2]}, {"goods": [x3]})
    g = fulfil_game("INTEREST", abilities, pick, seat0={"fulfilled": [f], "goods": mine}, others=others, players=4)
    p = g.state.players
    if not abilities:
        assert not asked(g) and names(p[0].goods) == mine
        return
    for seat, x in ((1, x1), (2, x2), (3, x3)):
        assert options(g, seat) == {("choose", (x,), -1)}
        answer(g, seat, "INTEREST", x)
    # 7 goods, limit 2 x 3 = 6: one of the three received goes, the own ones stay
    assert options(g, 0) == {("choose", (x,), -1) for x in (x1, x2, x3)}
    answer(g, 0, "INTEREST", x2)
    assert names(p[0].goods) == [*mine, x1, x3] and g.state.discard[-1] == cid(x2)
    assert not asked(g) and g.state.stack[-1]["kind"] != "trim"


@ON_OFF
@pytest.mark.card("INSECTS")
def test_insects_illegal_goods_to_a_player_then_take_one_of_theirs(abilities):
    pick = Pick("INSECTS")
    (f,) = pick.inert(1)
    r1, r2 = pick.plain("red", 2)
    y1, b1 = pick.one("yellow"), pick.one("blue")
    g = fulfil_game("INSECTS", abilities, pick, seat0={"fulfilled": [f], "goods": [r1, y1, r2]}, others=({"goods": [b1]}, {}))
    p = g.state.players
    if not abilities:
        assert not asked(g) and names(p[0].goods) == [r1, y1, r2] and names(p[1].goods) == [b1]
        return
    assert options(g, 0) == {("choose", (), 1), ("choose", (), 2)}
    answer(g, 0, "INSECTS", target=1)
    # seat 1 (goods limit 2) has room for one: the first illegal good stays, the second is discarded
    assert names(p[1].goods) == [b1, r1] and cid(r2) in g.state.discard
    assert options(g, 0) == {("choose", (b1,), -1), ("choose", (r1,), -1)}
    answer(g, 0, "INSECTS", b1)
    assert names(p[0].goods) == [y1, b1] and names(p[1].goods) == [r1]
    conserved(g)


@ON_OFF
@pytest.mark.card("DINO BONES")
def test_dino_bones_everyone_gives_a_good_to_the_island_then_you_take_two(abilities):
    pick = Pick("DINO BONES")
    (f,) = pick.inert(1)
    a, b = pick.plain("green", 2)
    c, i1 = pick.one("blue"), pick.one("black")
    g = fulfil_game("DINO BONES", abilities, pick, seat0={"fulfilled": [f], "goods": [a, b]},
                    others=({"goods": [c]}, {}), island=[i1])
    p, s = g.state.players, g.state
    if not abilities:
        assert not asked(g) and names(p[0].goods) == [a, b] and names(p[1].goods) == [c]
        return
    answer(g, 0, "DINO BONES", a)  # the holder gives one too, first as the active player
    answer(g, 1, "DINO BONES", c)  # seat 2 owns no goods and is skipped
    assert options(g, 0) == {("choose", (x,), -1) for x in (i1, a, c)}
    answer(g, 0, "DINO BONES", c)
    answer(g, 0, "DINO BONES", i1)
    assert names(p[0].goods) == [b, c, i1] and p[1].goods == []
    assert cid(a) in s.island and cid(c) not in s.island and cid(i1) not in s.island
    assert not asked(g)


# --- the holder's own areas ----------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("SANITIZER")
def test_sanitizer_swaps_crew_and_goods_then_discards_down(abilities):
    pick = Pick("SANITIZER")
    fulfilled = pick.inert(2)
    crew, goods = pick.plain("green", 1), pick.plain("blue", 5)
    g = fulfil_game("SANITIZER", abilities, pick, seat0={"fulfilled": fulfilled, "crew": crew, "goods": goods})
    p = g.state.players[0]
    if not abilities:
        assert names(p.crew) == crew and names(p.goods) == goods and g.state.stack[-1]["kind"] != "trim"
        return
    assert names(p.goods) == crew and names(p.crew) == goods
    assert g.deciders() == [0] and g.state.stack[-1]["kind"] == "trim"  # 5 crew, limit 4
    assert {a.cards for a in g.legal_actions(0)} == {(cid(c),) for c in goods}
    g.apply(Action(0, "choose", (cid(goods[2]),), 0))
    assert names(p.crew) == goods[:2] + goods[3:] and g.state.stack[-1]["kind"] != "trim"


@pytest.mark.parametrize("abilities, shift", [(True, True), (True, False), (False, None)], ids=["yes", "no", "basic"])
@pytest.mark.card("SOY SAUCE")
def test_soy_sauce_crew_into_goods_for_two_credits_each(abilities, shift):
    pick = Pick("SOY SAUCE")
    fulfilled = pick.inert(2)
    crew, goods = pick.plain("green", 3), pick.plain("blue", 6)
    g = fulfil_game("SOY SAUCE", abilities, pick, seat0={"fulfilled": fulfilled, "crew": crew, "goods": goods})
    p = g.state.players[0]
    paid = START + cargo_payout("SOY SAUCE")
    if abilities:
        assert options(g, 0) == {("yes", (), -1), ("no", (), -1)}
        answer(g, 0, "SOY SAUCE", kind="yes" if shift else "no")
    else:
        assert not asked(g)
    if not shift:
        assert names(p.crew) == crew and names(p.goods) == goods and p.credits == paid
        return
    assert p.crew == [] and names(p.goods) == goods + crew and p.credits == paid + 6
    assert g.state.stack[-1]["kind"] == "trim"  # 9 goods, limit 8: the holder picks one to discard
    g.apply(Action(0, "choose", (cid(goods[0]),), 1))
    assert names(p.goods) == goods[1:] + crew


@ON_OFF
@pytest.mark.card("SOLAR PANELS")
def test_solar_panels_pay_two_then_into_the_goods(abilities):
    g = fulfil_game("SOLAR PANELS", abilities, Pick())
    p, sp = g.state.players[0], cid("SOLAR PANELS")
    paid = START + cargo_payout("SOLAR PANELS")
    if abilities:
        assert p.credits == paid - 2 and p.goods == [sp] and p.fulfilled == []
    else:
        assert p.credits == paid and p.goods == [] and p.fulfilled == [sp]


@pytest.mark.parametrize("abilities, full", [(True, False), (True, True), (False, False)], ids=["room", "full", "basic"])
@pytest.mark.card("AVOCADO")
def test_avocado_moves_into_the_crew_or_is_discarded(abilities, full):
    pick = Pick("AVOCADO")
    crew = pick.plain("green", 1) if full else []
    g = fulfil_game("AVOCADO", abilities, pick, seat0={"crew": crew})
    p, av = g.state.players[0], cid("AVOCADO")
    if not abilities:
        assert p.fulfilled == [av] and p.crew == []
    elif full:  # crew limit 1 (the printed contract alone once Avocado leaves): no room
        assert p.fulfilled == [] and names(p.crew) == crew and av in g.state.discard
    else:
        assert p.fulfilled == [] and p.crew == [av]


@ON_OFF
@pytest.mark.card("SMALL POODLES")
def test_small_poodles_moves_into_the_goods(abilities):
    g = fulfil_game("SMALL POODLES", abilities, Pick())
    p, sp = g.state.players[0], cid("SMALL POODLES")
    assert (p.goods, p.fulfilled) == (([sp], []) if abilities else ([], [sp]))


@pytest.mark.parametrize("abilities, sell", [(True, True), (True, False), (False, None)], ids=["yes", "no", "basic"])
@pytest.mark.card("BEER")
def test_beer_to_the_supply_island_for_six(abilities, sell):
    g = fulfil_game("BEER", abilities, Pick())
    p, beer = g.state.players[0], cid("BEER")
    paid = START + cargo_payout("BEER")
    if abilities:
        assert options(g, 0) == {("yes", (), -1), ("no", (), -1)}
        answer(g, 0, "BEER", kind="yes" if sell else "no")
    else:
        assert not asked(g)
    if sell:
        assert beer in g.state.island and p.fulfilled == [] and p.credits == paid + 6
    else:
        assert beer not in g.state.island and p.fulfilled == [beer] and p.credits == paid


@ON_OFF
@pytest.mark.card("UNPASTEURIZED CHEESE")
def test_unpasteurized_cheese_joins_the_crew(abilities):
    g = fulfil_game("UNPASTEURIZED CHEESE", abilities, Pick())
    p, ch = g.state.players[0], cid("UNPASTEURIZED CHEESE")
    assert (p.crew, p.fulfilled) == (([ch], []) if abilities else ([], [ch]))


@ON_OFF
@pytest.mark.parametrize("led", ["pirate", "contract"])
@pytest.mark.card("UNPASTEURIZED CHEESE")
def test_unpasteurized_cheese_in_the_crew_counts_as_pirate_crew(abilities, led):
    pick = Pick("UNPASTEURIZED CHEESE")
    card = next(c.name for c in CARDS.cards if c.action == led and c.set == "base" and is_quiet(c.name))
    g = load_scenario({
        "players": 3, "abilities": abilities,
        "seats": [{"hand": [card], "crew": ["UNPASTEURIZED CHEESE"], "fulfilled": pick.inert(1)}],
    })
    g.apply(Action(0, "play", (cid(card),)))
    extra = (led == "pirate") == abilities  # printed Contract; a Pirate crew card with the ability
    declares = {a.count for a in g.legal_actions(0) if a.kind == "declare"}
    assert declares == ({1, 2} if extra else set())


# --- the card becomes a container or a contract -------------------------------------------------

@ON_OFF
@pytest.mark.parametrize("at_sea", [True, False], ids=["ship-at-sea", "none-at-sea"])
@pytest.mark.card("EUROS")
def test_euros_becomes_a_container_on_a_ship_at_sea(abilities, at_sea):
    pick = Pick("EUROS")
    x = pick.one("red")
    seat1 = {"ships": [{}, {"at_sea": True, "containers": [x]}]} if at_sea else {}
    g = fulfil_game("EUROS", abilities, pick, others=(seat1, {}))
    p, eu, ship = g.state.players[0], cid("EUROS"), g.state.ships[3]
    if not (abilities and at_sea):
        assert not asked(g) and p.fulfilled == [eu]
        return
    assert options(g, 0) == {("choose", (), 3)}  # seat 0's own ship has not sailed yet
    answer(g, 0, "EUROS", target=3)
    assert p.fulfilled == [] and ship.containers == [cid(x), eu] and ship.colours[-1] == GREY


@ON_OFF
@pytest.mark.parametrize("where", ["crew", "ship"])
@pytest.mark.card("THE ALGORITHM")
def test_the_algorithm_to_the_crew_or_onto_a_ship(abilities, where):
    g = fulfil_game("THE ALGORITHM", abilities, Pick("GLASSES"), seat0={"ship1": {"contracts": ["GLASSES"]}})
    p, al = g.state.players[0], cid("THE ALGORITHM")
    if not abilities:
        assert not asked(g) and p.fulfilled == [al]
        return
    assert options(g, 0) == {  # crew, the harbour ship whose contract still wants it, or stay (it says "may")
        ("choose", ("THE ALGORITHM",), -1), ("choose", ("THE ALGORITHM",), 1), ("no", (), -1),
    }
    answer(g, 0, "THE ALGORITHM", "THE ALGORITHM", target=-1 if where == "crew" else 1)
    assert p.fulfilled == []
    if where == "crew":
        assert p.crew == [al] and g.state.ships[1].containers == []
    else:
        assert p.crew == [] and g.state.ships[1].containers == [al] and g.state.ships[1].colours == [GREY]


@ON_OFF
@pytest.mark.card("CHEAP LABOR")
def test_cheap_labor_loads_onto_a_ship_without_contract(abilities):
    g = fulfil_game("CHEAP LABOR", abilities, Pick())
    p, cl = g.state.players[0], cid("CHEAP LABOR")
    if not abilities:
        assert not asked(g) and p.fulfilled == [cl]
        return
    assert options(g, 0) == {("choose", (), 1)}  # the ship that fulfilled it is about to sail
    answer(g, 0, "CHEAP LABOR", target=1)
    assert p.fulfilled == [] and g.state.ships[1].containers == [cl] and not g.state.ships[1].at_sea


@ON_OFF
@pytest.mark.card("BAMBOO")
def test_bamboo_placed_again_as_a_contract(abilities):
    g = fulfil_game("BAMBOO", abilities, Pick())
    p, bam = g.state.players[0], cid("BAMBOO")
    if not abilities:
        assert not asked(g) and p.fulfilled == [bam]
        return
    assert options(g, 0) == {("choose", (), 1), ("no", (), -1)}
    answer(g, 0, "BAMBOO", target=1)
    assert p.fulfilled == [] and g.state.ships[1].contracts == [bam]


# --- other contracts' abilities ---------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("APPLES")
def test_apples_puts_an_agriculture_card_from_hand_among_fulfilled_and_triggers_it(abilities):
    pick = Pick("APPLES", "BEER")
    other = pick.one("blue")
    g = fulfil_game("APPLES", abilities, pick, hand=("BEER", other))
    p, beer = g.state.players[0], cid("BEER")
    paid = START + cargo_payout("APPLES")
    if not abilities:
        assert not asked(g) and beer in p.hand and p.credits == paid
        return
    assert options(g, 0) == {("choose", ("BEER",), -1)}  # only agriculture cards
    answer(g, 0, "APPLES", "BEER")
    assert beer in p.fulfilled and names(p.hand) == [other]
    answer(g, 0, "BEER", kind="yes")  # BEER's own ability, as if just fulfilled
    assert beer in g.state.island and p.credits == paid + 6


@ON_OFF
@pytest.mark.card("WIND TURBINES")
def test_wind_turbines_copies_an_instant_ability_which_then_moves_wind_turbines(abilities):
    g = fulfil_game("WIND TURBINES", abilities, Pick("BEER", "INTEREST"), others=({"fulfilled": ["BEER", "INTEREST"]}, {}))
    p, wt = g.state.players[0], cid("WIND TURBINES")
    paid = START + cargo_payout("WIND TURBINES")
    if not abilities:
        assert not asked(g) and p.fulfilled == [wt] and p.credits == paid
        return
    assert options(g, 0) == {("choose", ("BEER",), -1)}  # INTEREST is above level 1
    answer(g, 0, "WIND TURBINES", "BEER")
    answer(g, 0, "WIND TURBINES", kind="yes")  # the copy asks through WIND TURBINES
    assert wt in g.state.island and p.fulfilled == [] and p.credits == paid + 6
    assert names(g.state.players[1].fulfilled) == ["BEER", "INTEREST"]


@ON_OFF
@pytest.mark.card("WIND TURBINES")
def test_wind_turbines_copies_a_lasting_ability(abilities):
    pick = Pick("BIG CATS", "GLASSES")
    red = pick.one("red")
    g = fulfil_game("WIND TURBINES", abilities, pick, hand=(red,), declared=2,
                    seat0={"ship1": {"contracts": ["GLASSES"]}}, others=({"fulfilled": ["BIG CATS"]}, {}))
    if abilities:
        answer(g, 0, "WIND TURBINES", "BIG CATS")
    # the second Load: a red container fits the blue/green contract only through the copied BIG CATS
    loads = [a for a in g.legal_actions(0) if a.kind == "load"]
    assert loads == ([Action(0, "load", (cid(red),), 1)] if abilities else [])


@ON_OFF
@pytest.mark.card("STOLEN DOCUMENTS")
def test_stolen_documents_swaps_for_a_technology_contract_which_takes_effect(abilities):
    pick = Pick("STOLEN DOCUMENTS", "SOLAR PANELS")
    (f,) = pick.inert(1, "yellow")
    tech = pick.one("green")
    others = ({"fulfilled": [f, "SOLAR PANELS"]}, {"fulfilled": [tech]})
    g = fulfil_game("STOLEN DOCUMENTS", abilities, pick, others=others)
    p, sd, sp = g.state.players, cid("STOLEN DOCUMENTS"), cid("SOLAR PANELS")
    paid = START + cargo_payout("STOLEN DOCUMENTS")
    if not abilities:
        assert not asked(g) and p[0].fulfilled == [sd] and names(p[1].fulfilled) == [f, "SOLAR PANELS"]
        return
    assert options(g, 0) == {("choose", ("SOLAR PANELS",), 1), ("choose", (tech,), 2)}
    answer(g, 0, "STOLEN DOCUMENTS", "SOLAR PANELS", target=1)
    assert names(p[1].fulfilled) == [f, "STOLEN DOCUMENTS"]
    # SOLAR PANELS took effect for the thief: 2 credits paid, the card moved on into the goods
    assert p[0].fulfilled == [] and p[0].goods == [sp] and p[0].credits == paid - 2


# --- the table ----------------------------------------------------------------------------------

@ON_OFF
@pytest.mark.card("SURSTRÖMMING")
def test_surstromming_no_pirate_actions_until_the_holders_next_turn(abilities):
    pick = Pick("SURSTRÖMMING")
    pirate_card = next(c.name for c in CARDS.cards if c.action == "pirate" and c.set == "base" and is_quiet(c.name))
    pick.used.add(pirate_card)
    loot = pick.one("blue")
    g = fulfil_game("SURSTRÖMMING", abilities, pick, others=({"hand": [pirate_card]}, {}), island=[loot])
    assert g.deciders() == [1]
    g.apply(Action(1, "play", (cid(pirate_card),)))
    g.apply(Action(2, "draw"))
    g.apply(Action(0, "draw"))
    pirates = [a for a in g.legal_actions() if a.kind == "pirate"]
    if not abilities:
        assert pirates and g.deciders() == [1]
        return
    assert pirates == [] and g.deciders() == [2]  # seat 1's Pirate action was lost
    assert [a for _, k, a in g.log if k == "cannot_act"] == [{"p": 1, "n": 1, "a": 4}]
    g.apply(Action(2, "draw"))  # seat 2's turn
    assert any(k == "ex_pirate_ban_over" for _, k, _ in g.log)  # seat 0's turn has come
    assert not g.state.marks.get("pirate_ban")


@ON_OFF
@pytest.mark.card("FAKE MONEY")
def test_fake_money_one_container_from_each_loaded_ship_of_the_others(abilities):
    pick = Pick("FAKE MONEY", "AMMUNITION", "MASSAGE TABLES")
    red, blue = pick.one("red"), pick.one("blue")
    others = (
        {"ships": [{}, {"at_sea": True, "containers": [red]}]},
        {"ships": [{"contracts": ["MASSAGE TABLES"], "containers": [blue]}, {}]},
    )
    g = fulfil_game("FAKE MONEY", abilities, pick, seat0={"ship1": {"contracts": ["AMMUNITION"]}}, others=others)
    s = g.state
    if not abilities:
        assert not asked(g) and s.ships[3].containers == [cid(red)] and s.ships[4].containers == [cid(blue)]
        return
    # red fits seat 0's AMMUNITION (load it); blue fits nowhere (to the hand)
    assert options(g, 0) == {("choose", (red,), 1), ("choose", (blue,), -1)}
    answer(g, 0, "FAKE MONEY", red, target=1)
    assert not s.ships[3].at_sea  # emptied at sea: back to its harbour
    assert options(g, 0) == {("choose", (blue,), -1)}
    answer(g, 0, "FAKE MONEY", blue)
    assert s.ships[1].containers == [cid(red)] and s.players[0].hand == [cid(blue)] and s.ships[4].containers == []
    assert not asked(g)


# --- every ability of the group in busy random positions ------------------------------------------

GROUP = (
    "OPPOSITION LEAFLETS", "MARKET DATA", "SCULPTURES", "VACUUMS", "RAILGUNS", "INTEREST", "INSECTS",
    "DINO BONES", "SANITIZER", "SOY SAUCE", "SOLAR PANELS", "AVOCADO", "SMALL POODLES", "BEER",
    "UNPASTEURIZED CHEESE", "EUROS", "THE ALGORITHM", "CHEAP LABOR", "BAMBOO", "APPLES", "WIND TURBINES",
    "STOLEN DOCUMENTS", "SURSTRÖMMING", "FAKE MONEY",
)


def busy_position(contract: str, seed: int):
    rng = random.Random(seed)
    pick = Pick(contract, "BEER", "SOLAR PANELS")
    colours = ["green", "yellow", "black", "blue", "red"]
    others: list[dict[str, Any]] = []
    for _ in range(3):
        others.append({
            "credits": rng.randrange(0, 12),
            "hand": pick.plain(rng.choice(colours), rng.randrange(0, 4)),
            "goods": pick.plain(rng.choice(colours), rng.randrange(0, 3)),
            "fulfilled": pick.inert(rng.randrange(0, 2)),
            "ships": [{}, {"at_sea": True, "containers": pick.plain(rng.choice(colours), rng.randrange(0, 3))}],
        })
    if contract != "SOLAR PANELS":
        others[0]["fulfilled"] = [*others[0]["fulfilled"], "SOLAR PANELS"]
    seat0 = {"crew": pick.plain("red", 1), "goods": pick.plain("yellow", 2), "fulfilled": pick.inert(1)}
    hand = ("BEER",) if contract != "BEER" else ()
    return fulfil_game(contract, True, pick, hand=hand, seat0=seat0, others=tuple(others), players=4,
                       seed=seed, island=pick.plain("black", 2))


@pytest.mark.parametrize("contract", GROUP)
def test_random_play_after_each_ability(contract):
    for seed in range(2):
        g = busy_position(contract, seed)
        total = len(g.state.all_cards())
        bot = RandomBot(seed)
        for _ in range(150):
            if g.is_over():
                break
            g.apply(bot.choose(g, g.deciders()[0]))
            cards = g.state.all_cards()
            assert len(cards) == total == len(set(cards))
