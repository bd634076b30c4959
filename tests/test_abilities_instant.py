"""Instant abilities, group A: credits and cards for the player who fulfils the contract.

Every test builds a concrete position with ``load_scenario`` in which seat 0 is one Load away
from fulfilling the card, drives the game only through ``legal_actions()``/``apply()``, and runs
both with card abilities and under the basic rules (where nothing beyond the payout happens).

Filler cards come from :class:`Fill`: cards whose abilities (if any) cannot act from where the
test puts them, so the tests keep working as more abilities are registered.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import cid

from importexport import CARDS, Action, IllegalActionError
from importexport.importexport.abilities import REGISTRY
from importexport.importexport.constants import BLACK, BLUE, COLOURS, GREEN, RAINBOW_SLOT, RED, YELLOW, payout
from importexport.importexport.scenario import load_scenario

ON_OFF = pytest.mark.parametrize("abilities", [True, False], ids=["abilities", "basic"])

GROUP = (
    "AMMUNITION", "DANGER PETS", "FLOWERS", "HONEY", "IMPORT TAX", "PENS", "PILLOWS", "RICE", "TEJ",
    "MUAY THAI SHORTS", "POTATOES", "ROOIBOS TEA", "LUCKY CARDS", "SHOWERS", "MASSAGE TABLES", "ROLLS ROYCE",
    "CUPS", "MERINO WOOL", "VACCINES", "YAKUZA ART", "ANTIQUITIES", "HAWAIIAN SALT", "MUJI PENS", "YERBA MATE",
)


# --- positions ----------------------------------------------------------------------------------

def harmless(name: str, fulfilled: bool) -> bool:
    """Can this card lie in a hand, crew, goods area or on a ship (or, with ``fulfilled``, among the
    fulfilled contracts) without its ability doing anything?"""
    card = CARDS.by_name(name)
    if card.timing == "anytime" or card.cargo_alt:
        return False
    if fulfilled and card.timing != "instant":
        return False
    ability = REGISTRY.get(card.name)
    if ability is None:
        return True
    hooks = [h for h in dir(ability) if not h.startswith("__")]
    acts_anywhere = ("anytime_options", "on_container_fulfilled", "on_self_", "watch_")
    if getattr(ability, "as_contract", False) or getattr(ability, "in_crew", False):
        return False
    if any(h.startswith(acts_anywhere) for h in hooks):
        return False
    lasting = ability.modifies or ability.listens or getattr(ability, "lends", False)
    if fulfilled and (lasting or any(h in ("score", "wins") for h in hooks)):
        return False
    return True


class Fill:
    """Hands out filler cards of a colour, each card at most once, never one of this group's."""

    def __init__(self, *used: str) -> None:
        self.used = {n.upper() for n in used} | set(GROUP)

    def take(self, colour: int, n: int = 1, fulfilled: bool = False) -> list[str]:
        pool = [
            c.name for c in sorted(CARDS.cards, key=lambda c: (c.set != "base", c.id))
            if c.goods == COLOURS[colour] and c.name.upper() not in self.used and harmless(c.name, fulfilled)
        ]
        assert len(pool) >= n, f"not enough harmless {COLOURS[colour]} cards"
        self.used.update(pool[:n])
        return pool[:n]

    def one(self, colour: int, fulfilled: bool = False) -> str:
        return self.take(colour, 1, fulfilled)[0]


def slots_of(contracts: list[str]) -> list[int]:
    return [s for name in contracts for s in CARDS.by_name(name).slots(0)]


def position(
    contracts: list[str] | str, abilities: bool, fill: Fill, *, seat0: dict[str, Any] | None = None,
    others: list[dict[str, Any]] | None = None, players: int = 3, **top: Any,
):
    """Seat 0 (active, one Load declared) holds the last container of its ship 0, which carries
    ``contracts``; returns the game and that Load action."""
    contracts = [contracts] if isinstance(contracts, str) else contracts
    fill.used.update(contracts)
    containers = [fill.one(GREEN if s == RAINBOW_SLOT else s) for s in slots_of(contracts)]
    first = dict(seat0 or {})
    first["hand"] = [containers[-1], *first.get("hand", [])]
    first["ships"] = [{"contracts": contracts, "containers": containers[:-1]}, {}]
    spec = {
        "players": players, "abilities": abilities, "seats": [first, *(others or [])],
        "turn": {"led": "load", "declared": [1] + [-1] * (players - 1)}, **top,
    }
    g = load_scenario(spec)
    load = Action(0, "load", (cid(containers[-1]),), 0)
    assert load in g.legal_actions(0), [str(a) for a in g.legal_actions(0)]
    return g, load


def fulfilled_game(contracts: list[str] | str, abilities: bool, fill: Fill, **kw: Any):
    """The position of :func:`position` after the Load that fulfils the contract(s)."""
    g, load = position(contracts, abilities, fill, **kw)
    g.apply(load)
    names = [contracts] if isinstance(contracts, str) else contracts
    assert all(cid(n) in g.state.players[0].fulfilled or cid(n) in g.state.discard for n in names)
    return g


def pay(contracts: list[str] | str) -> int:
    return payout(len(slots_of([contracts] if isinstance(contracts, str) else contracts)))


def credits(g) -> list[int]:
    return [p.credits for p in g.state.players]


def hand(g, seat: int) -> list[int]:
    return g.state.players[seat].hand


def events(g, key: str) -> list[dict[str, Any]]:
    return [args for _, k, args in g.log if k == key]


def ability_choices(g, card: str) -> list[Action]:
    return [a for a in g.legal_actions() if a.cards[:1] == (cid(card),) and a.kind in ("yes", "no", "choose")]


def choose(g, card: str, kind: str = "choose", **fields: Any) -> None:
    found = [a for a in ability_choices(g, card) if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert len(found) == 1, (kind, fields, [str(a) for a in g.legal_actions()])
    g.apply(found[0])


def ids(names: list[str]) -> list[int]:
    return [cid(n) for n in names]


# --- credits from other players, the bank, everybody ----------------------------------------------

@pytest.mark.card("AMMUNITION")
@ON_OFF
def test_ammunition_owners_of_illegal_goods_pay_2(abilities):
    f = Fill()
    others = [
        {"goods": [f.one(RED)], "credits": 10},
        {"goods": [f.one(RED), f.one(GREEN)], "credits": 1},  # cannot pay 2: pays nothing
        {"goods": [f.one(GREEN), f.one(BLUE)], "credits": 10},  # no illegal good
    ]
    g = fulfilled_game("AMMUNITION", abilities, f, players=4, others=others)
    base = 10 + pay("AMMUNITION")
    assert credits(g) == ([base + 2, 8, 1, 10] if abilities else [base, 10, 1, 10])


@pytest.mark.card("DANGER PETS")
@ON_OFF
def test_danger_pets_every_other_player_gives_2(abilities):
    g = fulfilled_game("DANGER PETS", abilities, Fill(), others=[{"credits": 5}, {"credits": 1}])
    base = 10 + pay("DANGER PETS")
    assert credits(g) == ([base + 2, 3, 1] if abilities else [base, 5, 1])


@pytest.mark.card("FLOWERS")
@ON_OFF
def test_flowers_everyone_takes_4(abilities):
    g = fulfilled_game("FLOWERS", abilities, Fill(), players=4, others=[{"credits": 0}, {}, {"credits": 3}])
    bonus = 4 if abilities else 0
    assert credits(g) == [10 + pay("FLOWERS") + bonus, bonus, 10 + bonus, 3 + bonus]


@pytest.mark.card("IMPORT TAX")
@ON_OFF
def test_import_tax_others_pay_the_bank_4_and_the_card_is_discarded(abilities):
    g = fulfilled_game("IMPORT TAX", abilities, Fill(), others=[{"credits": 10}, {"credits": 3}])
    base = 10 + pay("IMPORT TAX")
    tax = cid("IMPORT TAX")
    if abilities:
        assert credits(g) == [base, 6, 3]  # seat 2 cannot pay 4 and pays nothing
        assert tax in g.state.discard and tax not in g.state.players[0].fulfilled
        assert events(g, "contract_discarded") == [{"p": 0, "c": tax}]
    else:
        assert credits(g) == [base, 10, 3]
        assert g.state.players[0].fulfilled == [tax]


# --- credits counted from the table -----------------------------------------------------------------

@pytest.mark.card("HONEY")
@ON_OFF
def test_honey_2_per_agriculture_good_on_the_table(abilities):
    f = Fill()
    seat0 = {"goods": [f.one(YELLOW)]}
    others = [{"goods": [*f.take(YELLOW, 2), f.one(GREEN)]}, {"goods": [f.one(BLACK)], "crew": [f.one(YELLOW)]}]
    g = fulfilled_game("HONEY", abilities, f, seat0=seat0, others=others)
    assert credits(g)[0] == 10 + pay("HONEY") + (2 * 3 if abilities else 0)  # the yellow crew card is no good


@pytest.mark.card("PENS")
@ON_OFF
def test_pens_2_per_consumer_good_in_every_goods_area(abilities):
    f = Fill()
    seat0 = {"goods": [f.one(BLACK), f.one(RED)]}
    others = [{"goods": f.take(BLACK, 2)}, {"crew": [f.one(BLACK)], "goods": [f.one(YELLOW)]}]
    g = fulfilled_game("PENS", abilities, f, seat0=seat0, others=others)
    assert credits(g)[0] == 10 + pay("PENS") + (2 * 3 if abilities else 0)


@pytest.mark.card("PILLOWS")
@ON_OFF
@pytest.mark.parametrize("before", [0, 2])
def test_pillows_2_per_fulfilled_card_including_itself(abilities, before):
    f = Fill()
    fulfilled = [f.one(c, fulfilled=True) for c in (GREEN, BLUE)[:before]]
    g = fulfilled_game("PILLOWS", abilities, f, seat0={"fulfilled": fulfilled})
    assert credits(g)[0] == 10 + pay("PILLOWS") + (2 * (before + 1) if abilities else 0)


@pytest.mark.card("RICE")
@ON_OFF
def test_rice_2_per_agriculture_contract_fulfilled_including_itself(abilities):
    f = Fill()
    fulfilled = [f.one(YELLOW, fulfilled=True), f.one(YELLOW, fulfilled=True), f.one(GREEN, fulfilled=True)]
    g = fulfilled_game("RICE", abilities, f, seat0={"fulfilled": fulfilled})
    assert credits(g)[0] == 10 + pay("RICE") + (2 * 3 if abilities else 0)


@pytest.mark.card("TEJ")
@ON_OFF
@pytest.mark.parametrize(("crew", "bonus"), [(0, 0), (1, 0), (2, 0), (3, 2), (4, 2), (5, 4)])
def test_tej_crew_minus_2_rounded_up_to_even(abilities, crew, bonus):
    f = Fill()
    seat0 = {"crew": f.take(BLUE, crew), "fulfilled": [f.one(c, fulfilled=True) for c in (GREEN, BLACK, RED, BLUE)]}
    g = fulfilled_game("TEJ", abilities, f, seat0=seat0)
    assert credits(g)[0] == 10 + pay("TEJ") + (bonus if abilities else 0)


@pytest.mark.card("MUAY THAI SHORTS")
@ON_OFF
@pytest.mark.parametrize("together", [[], ["TEJ"]], ids=["alone", "with-another-contract"])
def test_muay_thai_shorts_2_per_contract_on_its_ship(abilities, together):
    contracts = ["MUAY THAI SHORTS", *together]  # TEJ with no crew adds nothing itself
    g = fulfilled_game(contracts, abilities, Fill())
    assert credits(g)[0] == 10 + pay(contracts) + (2 * len(contracts) if abilities else 0)


@pytest.mark.card("ROOIBOS TEA")
@ON_OFF
def test_rooibos_tea_asks_everyone_in_seat_order_tea_drinkers_take_2(abilities):
    g = fulfilled_game("ROOIBOS TEA", abilities, Fill())
    base = 10 + pay("ROOIBOS TEA")
    if not abilities:
        assert ability_choices(g, "ROOIBOS TEA") == []
        assert credits(g) == [base, 10, 10]
        return
    for seat, kind in ((0, "yes"), (1, "no"), (2, "yes")):
        assert g.deciders() == [seat]
        assert {a.kind for a in ability_choices(g, "ROOIBOS TEA")} == {"yes", "no"}
        choose(g, "ROOIBOS TEA", kind)
    assert ability_choices(g, "ROOIBOS TEA") == []
    assert credits(g) == [base + 2, 10, 12]


# --- drawing and taking cards ---------------------------------------------------------------------

@pytest.mark.card("CUPS")
@ON_OFF
def test_cups_draws_5(abilities):
    f = Fill()
    top = f.take(BLUE, 3) + f.take(RED, 3)
    g = fulfilled_game("CUPS", abilities, f, deck=top)
    assert hand(g, 0) == (ids(top[:5]) if abilities else [])
    assert g.state.island[-1] == cid(top[5] if abilities else top[0])  # the sailing ship's card comes after


@pytest.mark.card("MERINO WOOL")
@ON_OFF
@pytest.mark.parametrize("held", [0, 3])
def test_merino_wool_doubles_the_hand(abilities, held):
    f = Fill()
    mine = f.take(GREEN, held)
    top = f.take(BLUE, 4)
    g = fulfilled_game("MERINO WOOL", abilities, f, seat0={"hand": mine}, deck=top)
    assert hand(g, 0) == ids(mine) + (ids(top[:held]) if abilities else [])


@pytest.mark.card("POTATOES")
@ON_OFF
@pytest.mark.parametrize("pick", [0, 1], ids=["credits", "cards"])
def test_potatoes_2_credits_or_5_cards(abilities, pick):
    f = Fill()
    top = f.take(BLUE, 6)
    g = fulfilled_game("POTATOES", abilities, f, deck=top)
    base = 10 + pay("POTATOES")
    if not abilities:
        assert ability_choices(g, "POTATOES") == []
        assert credits(g)[0] == base and hand(g, 0) == []
        return
    assert g.deciders() == [0]
    assert sorted(a.target for a in ability_choices(g, "POTATOES")) == [0, 1]
    choose(g, "POTATOES", target=pick)
    assert credits(g)[0] == base + (2 if pick == 0 else 0)
    assert hand(g, 0) == ([] if pick == 0 else ids(top[:5]))


@pytest.mark.card("YAKUZA ART")
@ON_OFF
@pytest.mark.parametrize(("colours", "draws", "bonus"), [
    ((BLACK,), 5, 0), ((GREEN,), 0, 4), ((BLACK, GREEN), 5, 4), ((RED, BLUE), 0, 0),
])
def test_yakuza_art_consumer_good_draws_5_technology_good_takes_4(abilities, colours, draws, bonus):
    f = Fill()
    top = f.take(YELLOW, 6)
    g = fulfilled_game("YAKUZA ART", abilities, f, seat0={"goods": [f.one(c) for c in colours]}, deck=top)
    if not abilities:
        draws, bonus = 0, 0
    assert hand(g, 0) == ids(top[:draws])
    assert credits(g)[0] == 10 + pay("YAKUZA ART") + bonus


@pytest.mark.card("VACCINES")
@ON_OFF
def test_vaccines_takes_the_whole_supply_island(abilities):
    f = Fill()
    island = [f.one(GREEN), f.one(RED), f.one(BLUE)]
    top = [f.one(YELLOW)]
    g = fulfilled_game("VACCINES", abilities, f, island=island, deck=top)
    if abilities:
        assert hand(g, 0) == ids(island)
        assert g.state.island == ids(top)  # refilled by the sailing ship afterwards
    else:
        assert hand(g, 0) == []
        assert g.state.island == ids(island + top)


@pytest.mark.card("HAWAIIAN SALT")
@ON_OFF
def test_hawaiian_salt_takes_agriculture_cards_from_revealed_hands(abilities):
    f = Fill()
    h1 = [f.one(YELLOW), f.one(GREEN), f.one(YELLOW)]
    h2 = [f.one(RED)]
    h3 = [f.one(YELLOW)]
    others = [{"hand": h1}, {"hand": h2}, {"hand": h3}]
    g = fulfilled_game("HAWAIIAN SALT", abilities, f, players=4, others=others)
    if abilities:
        assert hand(g, 0) == ids([h1[0], h1[2], h3[0]])
        assert [hand(g, s) for s in (1, 2, 3)] == [ids([h1[1]]), ids(h2), []]
        assert credits(g)[0] == 10 + pay("HAWAIIAN SALT") + 2 * 3
        assert [e["p"] for e in events(g, "reveal_hand")] == [1, 2, 3]
    else:
        assert hand(g, 0) == [] and [hand(g, s) for s in (1, 2, 3)] == [ids(h1), ids(h2), ids(h3)]
        assert credits(g)[0] == 10 + pay("HAWAIIAN SALT")


@pytest.mark.card("MUJI PENS")
@ON_OFF
@pytest.mark.parametrize("held", [2, 0], ids=["hand", "empty-hand"])
def test_muji_pens_hand_to_the_island_then_3_random_cards_from_each_other_hand(abilities, held):
    """Not optional: nobody is asked; the whole hand (even an empty one) goes to the Supply Island."""
    f = Fill()
    mine = f.take(GREEN, held)
    h1, h2, h3 = f.take(BLUE, 5), f.take(RED, 2), []
    top = [f.one(YELLOW)]
    others = [{"hand": h1}, {"hand": h2}, {"hand": h3}]
    g = fulfilled_game("MUJI PENS", abilities, f, players=4, seat0={"hand": mine}, others=others, deck=top)
    assert ability_choices(g, "MUJI PENS") == [] and g.deciders() != [0]  # no question, with or without abilities
    if not abilities:
        assert hand(g, 0) == ids(mine) and g.state.island == ids(top)
        assert [hand(g, s) for s in (1, 2, 3)] == [ids(h1), ids(h2), []]
        return
    assert g.state.island == ids(mine + top)  # the hand first, then the sailing ship's deck card
    assert events(g, "hand_to_island") == ([{"p": 0, "cards": ids(mine)}] if mine else [])
    taken = hand(g, 0)
    assert len(taken) == 3 + 2 and set(taken) <= set(ids(h1 + h2))
    assert set(ids(h2)) <= set(taken)  # a hand of fewer than 3: all of it
    assert [len(hand(g, s)) for s in (1, 2, 3)] == [2, 0, 0]
    assert events(g, "take_random") == [{"p": 0, "q": 1, "n": 3}, {"p": 0, "q": 2, "n": 2}]


@pytest.mark.card("MUJI PENS")
def test_muji_pens_random_cards_come_from_the_seeded_source():
    def taken(seed: int) -> list[int]:
        f = Fill()
        others = [{"hand": f.take(BLUE, 6)}]
        g = fulfilled_game("MUJI PENS", True, f, players=2, others=others, seed=seed)
        assert len(hand(g, 0)) == 3 and len(hand(g, 1)) == 3
        return hand(g, 0)

    assert taken(1) == taken(1)
    assert len({tuple(taken(seed)) for seed in range(6)}) > 1


@pytest.mark.card("ANTIQUITIES")
@ON_OFF
def test_antiquities_pick_any_illegal_card_from_the_deck_then_shuffle(abilities):
    f = Fill()
    top = [f.one(GREEN), f.one(BLUE)]
    g = fulfilled_game("ANTIQUITIES", abilities, f, deck=top)
    if not abilities:
        assert ability_choices(g, "ANTIQUITIES") == [] and hand(g, 0) == []
        return
    deck = list(g.state.deck)
    options = ability_choices(g, "ANTIQUITIES")
    assert sorted(a.cards[1] for a in options) == sorted(c for c in deck if CARDS.goods[c] == RED)
    pick = options[-1].cards[1]
    choose(g, "ANTIQUITIES", cards=(cid("ANTIQUITIES"), pick))
    assert hand(g, 0) == [pick]
    assert sorted(g.state.deck + g.state.island[-1:]) == sorted(c for c in deck if c != pick)
    assert events(g, "deck_search") == [{"p": 0}]


@pytest.mark.card("ANTIQUITIES")
def test_antiquities_without_an_illegal_card_in_the_deck_nobody_is_asked():
    f = Fill()
    top = [f.one(GREEN), f.one(BLUE), f.one(YELLOW)]
    g = fulfilled_game("ANTIQUITIES", True, f, deck=top, fill_deck=False)
    assert ability_choices(g, "ANTIQUITIES") == [] and hand(g, 0) == []
    assert events(g, "deck_search_none") == [{"p": 0}]


@pytest.mark.card("MASSAGE TABLES")
@ON_OFF
@pytest.mark.parametrize(("colours", "revealed"), [
    ((GREEN, YELLOW, GREEN), 3),  # 3 cards: 4 credits
    ((GREEN, YELLOW, BLACK, BLUE, YELLOW), 5),
    ((RED, BLUE, BLUE, RED), 3),
    ((GREEN, YELLOW, BLACK, BLUE, RED, BLACK), 6),
])
def test_massage_tables_reveal_until_a_pair_of_one_type(abilities, colours, revealed):
    f = Fill()
    top = [f.one(c) for c in colours] + [f.one(GREEN)]
    g = fulfilled_game("MASSAGE TABLES", abilities, f, deck=top)
    if abilities:
        assert hand(g, 0) == ids(top[:revealed])
        assert credits(g)[0] == 10 + pay("MASSAGE TABLES") + revealed + revealed % 2
        assert events(g, "reveal_deck") == [{"p": 0, "cards": ids(top[:revealed])}]
    else:
        assert hand(g, 0) == [] and credits(g)[0] == 10 + pay("MASSAGE TABLES")


@pytest.mark.card("MASSAGE TABLES")
def test_massage_tables_two_capital_cards_are_a_pair():
    f = Fill()
    grey = [c.name for c in CARDS.cards if c.goods == "grey" and c.name not in GROUP and harmless(c.name, False)][:2]
    top = [grey[0], f.one(GREEN), grey[1], f.one(GREEN)]
    g = fulfilled_game("MASSAGE TABLES", True, f, deck=top)
    assert hand(g, 0) == ids(top[:3])
    assert credits(g)[0] == 10 + pay("MASSAGE TABLES") + 4


# --- naming a goods type ----------------------------------------------------------------------------

def named_options(g, card: str) -> list[int]:
    return sorted(a.target for a in ability_choices(g, card) if a.kind == "choose")


@pytest.mark.card("SHOWERS")
@ON_OFF
@pytest.mark.parametrize(("name", "bonus"), [(YELLOW, 8), (BLUE, 8), (RED, 0)])
def test_showers_name_a_type_draw_2_and_take_8_on_a_match(abilities, name, bonus):
    f = Fill()
    top = [f.one(BLUE), f.one(YELLOW), f.one(RED)]
    g = fulfilled_game("SHOWERS", abilities, f, deck=top)
    base = 10 + pay("SHOWERS")
    if not abilities:
        assert ability_choices(g, "SHOWERS") == [] and hand(g, 0) == [] and credits(g)[0] == base
        return
    assert named_options(g, "SHOWERS") == [GREEN, YELLOW, BLACK, BLUE, RED]
    choose(g, "SHOWERS", target=name)
    assert hand(g, 0) == ids(top[:2])
    assert credits(g)[0] == base + bonus
    assert events(g, "name_type") == [{"p": 0, "goods": name}]


@pytest.mark.card("ROLLS ROYCE")
@ON_OFF
@pytest.mark.parametrize("hit", [True, False], ids=["match-wins", "miss-to-hand"])
def test_rolls_royce_a_matching_top_card_wins_the_game(abilities, hit):
    f = Fill()
    top = [f.one(BLACK), f.one(GREEN)]
    g = fulfilled_game("ROLLS ROYCE", abilities, f, deck=top)
    if not abilities:
        assert ability_choices(g, "ROLLS ROYCE") == [] and not g.is_over()
        return
    assert named_options(g, "ROLLS ROYCE") == [GREEN, YELLOW, BLACK, BLUE, RED]
    choose(g, "ROLLS ROYCE", target=BLACK if hit else RED)
    assert hand(g, 0) == ids(top[:1])
    if hit:
        assert g.is_over() and g.state.end_reason == "win" and g.state.winners == [0]
        assert events(g, "instant_win") == [{"p": 0, "c": cid("ROLLS ROYCE")}]
    else:
        assert not g.is_over() and g.state.end_reason == ""
        assert g.state.island[-1] == cid(top[1])


# LUCKY CARDS lasts: from the fulfilled contracts, whenever its holder decides, one ``anytime`` choice
# per goods type (the target), each time for 30 credits.  Its positions start at the beginning of
# seat 0's turn with the card already fulfilled (tests/test_reread_instant.py fulfils it).

def lucky_turn(abilities: bool, money: int, f: Fill, deck: list[str]):
    """Seat 0's turn begins (two players); LUCKY CARDS lies among its fulfilled contracts and the
    hand holds a Supply card and one more card to sell.  Returns the game and the hand."""
    f.used.add("LUCKY CARDS")
    lead = next(c.name for c in CARDS.cards if c.set == "base" and c.action == "supply"
                and c.name.upper() not in f.used and harmless(c.name, False))
    f.used.add(lead)
    held = [lead, f.one(GREEN)]
    seats = [{"credits": money, "fulfilled": ["LUCKY CARDS"], "hand": held}, {}]
    return load_scenario({"players": 2, "abilities": abilities, "deck": deck, "seats": seats}), held


def lucky_options(g) -> list[int]:
    """The goods types seat 0 may name with LUCKY CARDS right now."""
    return sorted(a.target for a in g.legal_actions(0) if a.kind == "anytime" and a.cards == (cid("LUCKY CARDS"),))


def lucky(g, colour: int) -> Action:
    return Action(0, "anytime", (cid("LUCKY CARDS"),), colour)


@pytest.mark.card("LUCKY CARDS")
@ON_OFF
@pytest.mark.parametrize(("answer", "change", "drawn"), [
    (YELLOW, -30 + 50, 1), (RED, -30, 1), ("no", 0, 0),
])
def test_lucky_cards_pay_30_name_a_type_draw_one_50_on_a_match(abilities, answer, change, drawn):
    """Declining is making another choice: the gamble stays on offer at the holder's next decision."""
    f = Fill()
    top = [f.one(YELLOW), f.one(GREEN)]
    g, held = lucky_turn(abilities, 35, f, top)
    if not abilities:
        assert lucky_options(g) == []
        before = g.state.to_dict()
        with pytest.raises(IllegalActionError):
            g.apply(lucky(g, YELLOW))
        assert g.state.to_dict() == before
        return
    assert lucky_options(g) == [GREEN, YELLOW, BLACK, BLUE, RED]
    if answer == "no":
        g.apply(Action(0, "play", (cid(held[0]),)))  # seat 0 leads Supply instead
        g.apply(Action(1, "draw"))
        assert g.deciders() == [0] and lucky_options(g) == [GREEN, YELLOW, BLACK, BLUE, RED]  # still on offer
        kept = ids(held[1:])
    else:
        g.apply(lucky(g, answer))
        assert events(g, "name_type") == [{"p": 0, "goods": answer}]
        assert events(g, "type_shown" if change > 0 else "type_missed") == (
            [{"p": 0, "c": cid(top[0])}] if change > 0 else [{"p": 0}])
        assert g.deciders() == [0]  # no action used up: still the start of seat 0's turn
        assert lucky_options(g) == ([GREEN, YELLOW, BLACK, BLUE, RED] if 35 + change >= 30 else [])  # again?
        kept = ids(held)
    assert credits(g)[0] == 35 + change
    assert hand(g, 0) == kept + ids(top[:drawn])


@pytest.mark.card("LUCKY CARDS")
def test_lucky_cards_cannot_be_used_without_30_credits():
    """29 credits: neither offered nor accepted.  26 credits and a sale (4 credits) make 30: offered."""
    f = Fill()
    g, _ = lucky_turn(True, 29, f, [])
    assert lucky_options(g) == []
    before = g.state.to_dict()
    with pytest.raises(IllegalActionError):
        g.apply(lucky(g, YELLOW))
    assert g.state.to_dict() == before

    f = Fill()
    g, held = lucky_turn(True, 26, f, [])
    g.apply(Action(0, "play", (cid(held[0]),)))
    g.apply(Action(1, "draw"))
    assert g.deciders() == [0] and lucky_options(g) == []
    g.apply(Action(0, "sell", (cid(held[1]),)))
    assert credits(g)[0] == 30
    while 0 not in g.deciders():  # seat 1's turn: it draws, then seat 0 decides again
        g.apply(Action(g.deciders()[0], "draw"))
    assert lucky_options(g) == [GREEN, YELLOW, BLACK, BLUE, RED]
    g.apply(lucky(g, YELLOW))
    assert credits(g)[0] in (0, 50)
    assert lucky_options(g) == ([] if credits(g)[0] == 0 else [GREEN, YELLOW, BLACK, BLUE, RED])


# --- the face-up deck -------------------------------------------------------------------------------

@pytest.mark.card("YERBA MATE")
@ON_OFF
def test_yerba_mate_turns_the_deck_face_up_for_every_player(abilities):
    g, load = position("YERBA MATE", abilities, Fill())
    assert all(g.view(seat)["deck_top"] is None for seat in range(3))
    g.apply(load)
    for seat in range(3):
        view = g.view(seat)
        assert view["deck_top"] == (g.state.deck[-1] if abilities else None)
        assert view["deck"] == []  # never the cards beneath
    g.apply(next(a for a in g.legal_actions() if a.kind == "draw"))  # the next turn: still face up
    assert g.view(2)["deck_top"] == (g.state.deck[-1] if abilities else None)


@pytest.mark.card("YERBA MATE")
@pytest.mark.card("ROLLS ROYCE")
def test_yerba_mate_shows_what_to_name_for_rolls_royce():
    """Seat 0 fulfils YERBA MATE on one ship, then ROLLS ROYCE on the other, naming the visible top card."""
    f = Fill("YERBA MATE", "ROLLS ROYCE")
    yerba = [f.one(GREEN if s == RAINBOW_SLOT else s) for s in slots_of(["YERBA MATE"])]
    rolls = [f.one(GREEN if s == RAINBOW_SLOT else s) for s in slots_of(["ROLLS ROYCE"])]
    seat0 = {"hand": [yerba[-1], rolls[-1]], "ships": [
        {"contracts": ["YERBA MATE"], "containers": yerba[:-1]},
        {"contracts": ["ROLLS ROYCE"], "containers": rolls[:-1]},
    ]}
    g = load_scenario({"players": 3, "abilities": True, "seats": [seat0], "turn": {"led": "load", "declared": [2, -1, -1]}})
    g.apply(Action(0, "load", (cid(yerba[-1]),), 0))
    top = g.view(1)["deck_top"]
    assert top == g.state.deck[-1]
    g.apply(Action(0, "load", (cid(rolls[-1]),), 1))
    choose(g, "ROLLS ROYCE", target=CARDS.goods[top])
    assert g.is_over() and g.state.winners == [0]


# --- every ability in random play -------------------------------------------------------------------

@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.card(n)) for n in GROUP])
def test_random_play_after_each_ability_keeps_every_card(name):
    rng = random.Random(name)
    for seed in range(2):
        f = Fill()
        others = [{"hand": f.take(c, 3), "goods": [f.one(c)], "credits": rng.randrange(0, 12)} for c in (YELLOW, RED)]
        seat0 = {"hand": f.take(BLACK, 2), "goods": [f.one(GREEN)], "crew": [f.one(BLUE)], "credits": 35}
        g = fulfilled_game(name, True, f, seat0=seat0, others=others, seed=seed, island=[f.one(GREEN)])
        everything = sorted(g.state.all_cards())
        for _ in range(400):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
            assert sorted(g.state.all_cards()) == everything
            assert all(p.credits >= 0 for p in g.state.players)


@pytest.mark.card("SHOWERS")
@pytest.mark.card("POTATOES")
@pytest.mark.card("ROOIBOS TEA")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_ability_options_are_worded_apart_in_menus(lang):
    for name in ("SHOWERS", "POTATOES", "ROOIBOS TEA"):
        g = fulfilled_game(name, True, Fill())
        texts = [g.describe(a, lang) for a in g.legal_actions()]
        assert len(set(texts)) == len(texts) > 1, texts
