"""The rulebook's worked examples, replayed through the public engine interface.

Every test builds its position with ``load_scenario`` and then moves the game only through
``legal_actions()`` / ``apply()``; the assertions name the exact outcome the rulebook describes.
"""

from __future__ import annotations

import pytest

from importexport import CARDS, Action, IllegalActionError
from importexport.importexport.actions import DISCARD, ISLAND, TAKE_CREW, TAKE_DISCARD, TAKE_GOODS
from importexport.importexport.constants import LOAD
from importexport.importexport.scenario import load_scenario

# --- helpers ------------------------------------------------------------------------------


def cid(name: str) -> int:
    return CARDS.by_name(name).id


def ids(*names: str) -> list[int]:
    return [cid(n) for n in names]


def game(players: int = 3, **spec):
    """A scenario with ``players`` seats; ``spec`` holds the other scenario keys."""
    return load_scenario({"players": players, **spec})


def act(g, player: int, kind: str, cards=(), target: int = -1, count: int = 0, option: int = 0,
        sources: tuple[int, ...] = ()) -> Action:
    """Apply a choice after checking that the engine offers it."""
    a = Action(player, kind, tuple(cid(c) if isinstance(c, str) else c for c in cards), target, count, option,
               sources=sources)
    assert a in g.legal_actions(), f"{a} not offered; legal: {[str(x) for x in g.legal_actions()]}"
    cards = sorted(g.state.all_cards())
    g.apply(a)
    assert sorted(g.state.all_cards()) == cards  # no card is lost or duplicated
    return a


def kinds(g, kind: str) -> list[Action]:
    return [a for a in g.legal_actions() if a.kind == kind]


def declare_counts(g, player: int) -> list[int]:
    assert g.deciders() == [player]
    return sorted(a.count for a in g.legal_actions() if a.kind == "declare")


def refused(g, action: Action, rule: str | None) -> None:
    """The engine refuses ``action`` (naming ``rule`` unless None) and leaves the table exactly as it was."""
    before, offered = g.state.to_dict(), list(g.legal_actions())
    with pytest.raises(IllegalActionError) as err:
        g.apply(action)
    if rule is not None:
        assert err.value.rule == rule
    assert g.state.to_dict() == before
    assert g.legal_actions() == offered


def logged(g, sentence: str) -> bool:
    return sentence in g.narrate("en")


def lines(score) -> dict[str, int]:
    return dict(score.lines)


def harbour_ship(desc: dict | None = None) -> list[dict]:
    return [desc or {}, {}]


# --- 1. following a led Load action ---------------------------------------------------------


def following_table():
    return game(
        4,
        seats=[
            {"hand": ["BOK CHOY", "BOOKS"], "ships": harbour_ship({"contracts": ["ALMONDS"]})},
            {"hand": ["AMMUNITION", "APPLE WATCH", "BATTERIES"]},
            {"hand": ["CANDY", "TEJ", "JASMINE TEA"], "crew": ["CANNABIS"],
             "ships": harbour_ship({"contracts": ["BEER"]})},
            {"hand": ["CANNONS", "INSECTS", "CELL PHONES", "HONEY", "PENS"], "crew": ["STOLEN RICE", "SHOES"],
             "fulfilled": ["LAPTOPS"], "ships": harbour_ship({"contracts": ["LEGOS"]})},
        ],
        deck=["FLOUR", "SOY SAUCE", "RICE"],
    )


def test_four_players_follow_or_draw_a_load_lead():
    """Four-seat Load example: lead without crew, two draws, one follow, crew adding optional loads."""
    g = following_table()
    act(g, 0, "play", ["BOK CHOY"])
    # No Load crew: the leader's count is fixed at 1, nobody asks him.
    assert g.state.decl[0] == 1 and g.deciders() == [1]
    # Player 2 holds no Load card and no pair of one colour: drawing is the only choice.
    assert g.legal_actions() == [Action(1, "draw")]
    act(g, 1, "draw")
    assert g.state.players[1].hand[-2:] == ids("FLOUR", "SOY SAUCE") and len(g.state.players[1].hand) == 5
    assert g.state.decl[1] == 0 and g.deciders() == [2]
    act(g, 2, "play", ["CANDY"])
    assert declare_counts(g, 2) == [1, 2]
    act(g, 2, "declare", count=2)
    assert g.state.discard == [] and g.state.played == ids("BOK CHOY", "CANDY")
    # Player 4's two red Pirate cards could follow as a two-card wild; he draws instead.
    assert set(g.legal_actions()) == {Action(3, "draw"), Action(3, "wild", tuple(sorted(ids("CANNONS", "INSECTS"))), LOAD)}
    act(g, 3, "draw")
    assert len(g.state.players[3].hand) == 6 and g.state.players[3].hand[-1] == cid("RICE")
    assert declare_counts(g, 3) == [0, 1, 2]
    act(g, 3, "declare", count=1)
    assert g.state.decl == [1, 0, 2, 1]
    # Carrying out: clockwise from the leader, each one all of his loads.
    assert g.deciders() == [0]
    act(g, 0, "load", ["BOOKS"], 0)
    assert g.deciders() == [2]
    act(g, 2, "load", ["TEJ"], 4)
    assert g.deciders() == [2]
    act(g, 2, "load", ["JASMINE TEA"], 4)
    assert g.deciders() == [3]
    act(g, 3, "load", ["PENS"], 6)
    # Turn over: the two cards played into harbours are discarded, the next seat leads.
    assert g.state.discard == ids("BOK CHOY", "CANDY")
    assert g.state.played == [] and g.state.active == 1 and g.deciders() == [1]
    assert g.state.ships[4].containers == ids("TEJ", "JASMINE TEA")
    for sentence in ("Player 1 leads Load with BOK CHOY.", "Player 2 draws instead of following.",
                     "Player 2 draws 2 cards.", "Player 3 follows with CANDY.", "Player 3 declares 2 Load actions.",
                     "Player 4 draws 1 card.", "Player 4 declares 1 Load action.", "Player 2 is now the active player."):
        assert logged(g, sentence), sentence


# --- 2. three Import bidding rounds ---------------------------------------------------------


def import_table():
    seats = import_table_seats()
    for seat, hand in zip(seats, (["APPLES"], ["BUBBLEGUM"], ["CELL PHONES"])):
        seat["hand"] = hand
    return game(3, seats=seats)


def test_three_bidding_rounds_of_one_import():
    """Import example: declared 2/1/3 give three rounds; paid win, tie won by the leader, free lone take."""
    g = import_table()
    act(g, 0, "play", ["APPLES"])
    assert declare_counts(g, 0) == [1, 2]
    act(g, 0, "declare", count=2)
    act(g, 1, "play", ["BUBBLEGUM"])
    assert g.state.decl[1] == 1
    act(g, 2, "draw")
    assert len(g.state.players[2].hand) == 5
    assert declare_counts(g, 2) == [0, 1, 2, 3]
    act(g, 2, "declare", count=3)
    assert g.state.decl == [2, 1, 3]

    # Round 1: the leader picks his own ship; all three bid in secret.
    assert g.deciders() == [0] and {a.target for a in kinds(g, "ship")} == {1, 3}
    act(g, 0, "ship", target=1)
    assert g.deciders() == [0, 1, 2]
    assert {a.player for a in kinds(g, "bid")} == {0, 1, 2}
    act(g, 0, "bid", count=2)
    assert g.deciders() == [1, 2]
    act(g, 2, "bid", count=1)
    act(g, 1, "bid", count=3)
    assert g.deciders() == [1]
    act(g, 1, "take", ["RICE"], TAKE_CREW)
    act(g, 1, "take", ["WHEAT"], TAKE_GOODS)
    p = g.state.players
    assert p[1].credits == 10 - 3 and p[1].crew == ids("RICE") and p[1].goods == ids("WHEAT")
    assert p[0].credits == 10 + 2 and p[2].credits == 10  # the losers keep their bids
    assert g.state.ships[1].at_sea and g.state.ships[1].containers == ids("SOAP", "CANDY")

    # Round 2: same ship; only the two players with two or more Import actions bid.
    assert g.deciders() == [0]
    act(g, 0, "ship", target=1)
    assert g.deciders() == [0, 2]
    act(g, 0, "bid", count=2)
    act(g, 2, "bid", count=2)
    assert g.deciders() == [0] and sorted(a.target for a in kinds(g, "winner")) == [0, 2]
    act(g, 0, "winner", target=0)
    # His crew is full, so both cards can only become goods.
    assert {a.target for a in kinds(g, "take")} == {TAKE_GOODS}
    act(g, 0, "take", ["SOAP"], TAKE_GOODS)
    act(g, 0, "take", ["CANDY"], TAKE_GOODS)
    assert p[0].credits == 12 - 2 and p[0].goods == ids("SOAP", "CANDY")
    assert not g.state.ships[1].at_sea and g.state.ships[1].containers == []

    # Round 3: the emptied ship is gone from the choice; the lone bidder takes for free.
    assert g.deciders() == [0] and [a.target for a in kinds(g, "ship")] == [3]
    act(g, 0, "ship", target=3)
    assert g.deciders() == [2] and not kinds(g, "bid")
    act(g, 2, "take", ["GLASSES"], TAKE_GOODS)
    act(g, 2, "take", ["JETS"], TAKE_GOODS)
    assert p[2].credits == 10 and p[2].goods == ids("GLASSES", "JETS")
    assert p[1].credits == 7 + 2  # the owner is paid even for a free take
    assert g.state.ships[3].containers == ids("SCOTCH", "TELESCOPES") and g.state.ships[3].at_sea
    assert g.state.discard == ids("APPLES", "BUBBLEGUM") and g.state.active == 1
    for sentence in ("Import round 1: bidding for Player 1's ship 2; bidders: Player 1, Player 2, Player 3.",
                     "Import round 2: bidding for Player 1's ship 2; bidders: Player 1, Player 3.",
                     "Import round 3: bidding for Player 2's ship 2; bidders: Player 3.",
                     "Player 1 breaks the tie in favour of Player 1.",
                     "Player 3 wins the cargo of Player 2's ship 2 for 0 credits."):
        assert logged(g, sentence), sentence


def test_bidding_part_from_declared_counts():
    """Import example started at the execution step: round k is open to those who declared k or more."""
    g = game(3, seats=import_table_seats(), turn={"led": "import", "declared": [2, 1, 3]})
    bidders = []
    for r, ship in enumerate((1, 1, 3), start=1):
        act(g, 0, "ship", target=ship)
        bidders.append(g.deciders())
        if r == 1:
            for seat, bid in ((0, 0), (1, 1), (2, 0)):
                act(g, seat, "bid", count=bid)
        elif r == 2:
            act(g, 0, "bid", count=0)
            act(g, 2, "bid", count=0)
            act(g, 0, "winner", target=0)
        for c in list(g.state.ships[ship].containers)[:2]:
            act(g, g.deciders()[0], "take", [c], TAKE_GOODS)
    assert bidders == [[0, 1, 2], [0, 2], [2]]
    assert [p.credits for p in g.state.players] == [12, 9 + 2, 10]


def import_table_seats():
    return [
        {"crew": ["APPLE WATCH"], "ships": [{}, {"at_sea": True, "containers": ["RICE", "WHEAT", "SOAP", "CANDY"]}]},
        {"ships": [{}, {"at_sea": True, "containers": ["GLASSES", "JETS", "SCOTCH", "TELESCOPES"]}]},
        {"crew": ["BIG AMMUNITION", "CHOPSTICKS", "COLOGNE"], "fulfilled": ["LAPTOPS", "LEGOS"]},
    ]


# --- 3. level requirements: HAWAIIAN SALT ---------------------------------------------------


def salt_table(harbour: str, goods: list[str]):
    return game(3, harbours=[harbour, "blue", "black"],
                seats=[{"hand": ["HAWAIIAN SALT", "ALMONDS"], "goods": goods}],
                turn={"led": "contract", "declared": [1, 0, 0]})


def test_hawaiian_salt_is_an_agriculture_level_two_card():
    """Card data behind the level example: the salt card asks for two agriculture levels."""
    card = CARDS.by_name("HAWAIIAN SALT")
    assert card.goods == "yellow" and card.level == {"yellow": 2}


@pytest.mark.parametrize(("harbour", "goods"), [("green", ["RICE", "WHEAT"]), ("yellow", ["RICE"])])
def test_hawaiian_salt_placeable(harbour, goods):
    """Level example: two agriculture goods, or one plus the yellow harbour, reach level 2."""
    g = salt_table(harbour, goods)
    salt = cid("HAWAIIAN SALT")
    assert {(a.target, a.count) for a in kinds(g, "contract") if a.cards == (salt,)} == {(0, 1), (1, 1)}
    act(g, 0, "contract", ["HAWAIIAN SALT"], 0, count=1)
    assert g.state.ships[0].contracts == [salt] and g.state.players[0].hand == ids("ALMONDS")
    assert logged(g, "Player 1 places HAWAIIAN SALT as a contract under Player 1's ship 1 (0 extra actions spent on levels).")


def test_hawaiian_salt_refused_one_level_short():
    """Level example, other side: one agriculture good, a green harbour and a single action are not enough."""
    g = salt_table("green", ["RICE"])
    salt = cid("HAWAIIAN SALT")
    assert all(a.cards != (salt,) for a in g.legal_actions())
    assert kinds(g, "contract")  # ALMONDS (no level) keeps the decision open
    refused(g, Action(0, "contract", (salt,), 0, 1), "level_missing")
    refused(g, Action(0, "contract", (salt,), 0, 2), "level_missing")


# --- 4. skipping levels with extra Contract actions -----------------------------------------

TECH3 = next(c.name for c in CARDS if c.set == "base" and c.level == {"green": 3})


def contract_lead(hand: list[str], crew: list[str], fulfilled: list[str]):
    return game(3, harbours=["blue", "yellow", "black"],
                seats=[{"hand": hand, "crew": crew, "fulfilled": fulfilled}, {}, {}])


def lead_contract(g, declared: int, offered: list[int]) -> None:
    """Seat 0 leads Contract with its first card and declares; the others draw."""
    act(g, 0, "play", [g.state.players[0].hand[0]])
    assert declare_counts(g, 0) == offered
    act(g, 0, "declare", count=declared)
    act(g, 1, "draw")
    act(g, 2, "draw")


def test_rolls_royce_with_one_missing_luxury_level():
    """Skipping-levels example: luxury level 1 plus one Contract crew lets the leader place ROLLS ROYCE."""
    assert CARDS.by_name("ROLLS ROYCE").goods == "blue" and CARDS.by_name("ROLLS ROYCE").level == {"blue": 2}
    g = contract_lead(["HONEY", "ROLLS ROYCE"], ["BEER"], [])
    rr = cid("ROLLS ROYCE")
    lead_contract(g, 2, offered=[1, 2])
    assert {(a.target, a.count) for a in kinds(g, "contract")} == {(0, 2), (1, 2)}
    refused(g, Action(0, "contract", (rr,), 0, 1), "level_missing")
    act(g, 0, "contract", ["ROLLS ROYCE"], 0, count=2)
    assert g.state.ships[0].contracts == [rr] and g.state.active == 1  # both actions were used up
    assert logged(g, "Player 1 places ROLLS ROYCE as a contract under Player 1's ship 1 (1 extra action spent on levels).")


def test_rolls_royce_not_with_a_single_action():
    """Skipping-levels example, counter-case: declaring only one action leaves ROLLS ROYCE unplayable."""
    g = contract_lead(["HONEY", "ROLLS ROYCE"], ["BEER"], [])
    lead_contract(g, 1, offered=[1, 2])
    assert g.state.players[0].hand == ids("ROLLS ROYCE") and g.state.ships[0].contracts == []
    assert logged(g, "Player 1 has no legal way to carry out 1 Contract action; it is lost.")


@pytest.mark.parametrize(("declared", "placed"), [(4, True), (3, False)])
def test_level_three_technology_from_nothing(declared, placed):
    """Skipping-levels example: a level-3 technology contract with no technology costs four actions."""
    g = contract_lead(["LEGOS", TECH3], ["BEER", "HONEY", "ONIONS"], ["ALMONDS", "BOOKS"])
    lead_contract(g, declared, offered=[1, 2, 3, 4])
    if placed:
        assert {a.count for a in kinds(g, "contract")} == {4}
        act(g, 0, "contract", [TECH3], 1, count=4)
        assert g.state.ships[1].contracts == [cid(TECH3)]
        assert logged(g, f"Player 1 places {TECH3} as a contract under Player 1's ship 2 (3 extra actions spent on levels).")
    else:
        assert g.state.players[0].hand == [cid(TECH3)] and g.state.active == 1


# --- 5. payouts by container count ----------------------------------------------------------

PAYOUT_SHIPS = {
    2: (["ALMONDS"], ["BOOKS"]),
    3: (["COFFEE"], ["BOOKS", "PENS"]),
    4: (["BEER"], ["AMMUNITION", "CANNONS", "WHEAT"]),
    5: (["ALMONDS", "COFFEE"], ["BOOKS", "PENS", "SOAP", "WHEAT"]),
    6: (["BEER", "ALMONDS"], ["AMMUNITION", "CANNONS", "WHEAT", "FLOUR", "BOOKS"]),
}


@pytest.mark.parametrize(("containers", "paid"), [(2, 6), (3, 10), (4, 10), (5, 14), (6, 14)])
def test_payout_by_container_count(containers, paid):
    """Fulfilment steps: payout by loaded containers, contracts to fulfilled, ship to sea, one card to the island."""
    contracts, loaded = PAYOUT_SHIPS[containers]
    g = game(3, seats=[{"hand": ["RICE"], "ships": harbour_ship({"contracts": contracts, "containers": loaded})}],
             deck=["MRI MACHINE"], turn={"led": "load", "declared": [1, 0, 0]})
    deck = len(g.state.deck)
    act(g, 0, "load", ["RICE"], 0)
    p, ship = g.state.players[0], g.state.ships[0]
    assert p.credits == 10 + paid
    assert p.fulfilled == ids(*contracts) and ship.contracts == []
    assert ship.at_sea and ship.containers == ids(*loaded, "RICE")
    assert g.state.island == ids("MRI MACHINE") and len(g.state.deck) == deck - 1
    assert logged(g, f"Player 1 takes {paid} credits (payout).")


# --- 6. final scoring -----------------------------------------------------------------------


def scores_for(goods_per_seat: list[list[str]], **extra):
    g = game(len(goods_per_seat), seats=[{"goods": goods} for goods in goods_per_seat], **extra)
    return [lines(s) for s in g.scores()], g.scores()


def test_three_way_luxury_tie_splits_eight():
    """Scoring example: three players tied on luxury goods get 3 each (8 split, rounded up)."""
    result, scores = scores_for([["CERAMICS"], ["CHAIRS"], ["FOXES"]])
    assert [r["most_blue"] for r in result] == [3, 3, 3]
    assert [s.total for s in scores] == [10 + 1 + 3] * 3


@pytest.mark.parametrize(("holders", "each"), [(1, -6), (2, -3), (3, -2), (4, -2)])
def test_illegal_penalty_split_and_rounded_up(holders, each):
    """Scoring rule: the most-illegal-goods penalty is shared among tied players, rounded up."""
    red = ["AMMUNITION", "CANNONS", "CONTRABAND", "IVORY"]
    result, _ = scores_for([[red[i]] if i < holders else [] for i in range(4)])
    assert [r.get("most_red", 0) for r in result] == [each] * holders + [0] * (4 - holders)


def test_goods_lines_all_types_and_illegal_double():
    """Scoring list: 1 per good, 2 per illegal good, 10 for owning every type, sole majorities in full."""
    result, scores = scores_for([
        ["BATTERIES", "RICE", "BOOKS", "CERAMICS", "AMMUNITION"],
        ["CANNONS", "CONTRABAND", "IVORY"],
        ["GENERATORS", "WHEAT"],
    ])
    assert result[0]["goods"] == 4 + 2 and result[0]["all_types"] == 10
    assert result[1]["goods"] == 3 * 2 and result[1]["all_types"] == 0 and result[1]["most_red"] == -6
    assert result[0]["most_black"] == 6 and result[0]["most_blue"] == 8 and "most_red" not in result[0]
    assert result[0]["most_green"] == result[2]["most_green"] == 3 and result[0]["most_yellow"] == 3
    assert scores[0].total == 10 + 6 + 10 + 6 + 8 + 3 + 3
    assert scores[1].total == 10 + 6 - 6


def test_two_per_container_on_unfulfilled_contract():
    """Scoring list: containers on a harbour ship with an open contract score 2 each; cargo at sea does not."""
    g = game(3, seats=[{"ships": [{"contracts": ["COFFEE"], "containers": ["BOOKS", "PENS"]},
                                  {"at_sea": True, "containers": ["RICE", "WHEAT"]}]},
                       {"ships": harbour_ship({"contracts": ["ALMONDS"]})}])
    result = [lines(s) for s in g.scores()]
    assert result[0]["containers"] == 4 and result[1]["containers"] == 0
    assert g.scores()[0].total == 14


# --- 7. crew and goods limits ---------------------------------------------------------------

LIMIT_SEAT = {"fulfilled": ["ALMONDS", "BOOKS"]}  # 1 printed + 2 cards = 3: crew <= 3, goods <= 6
CREW = ["BEER", "HONEY", "ONIONS"]
GOODS = ["RICE", "WHEAT", "FLOUR", "TEJ", "SUGAR", "LUMBER"]


def test_supply_crew_card_discarded_when_crew_full():
    """Limit example: three fulfilled contracts allow three crew; a fourth Supply crew card is discarded."""
    g = game(3, seats=[{**LIMIT_SEAT, "crew": CREW[:2]}], island=["PENS", "SOAP"],
             turn={"led": "supply", "declared": [2, 0, 0]})
    act(g, 0, "crew", ["PENS"])
    assert g.state.players[0].crew == ids(*CREW[:2], "PENS")
    act(g, 0, "crew", ["SOAP"])
    assert g.state.players[0].crew == ids(*CREW[:2], "PENS")
    assert g.state.discard == ids("SOAP") and g.state.island == []
    assert logged(g, "Player 1's crew is full: SOAP is taken from the Supply Island and discarded.")


def import_limits(crew: int, goods: int):
    return game(3, seats=[{**LIMIT_SEAT, "crew": CREW[:crew], "goods": GOODS[:goods]},
                          {"ships": [{}, {"at_sea": True, "containers": ["GLASSES", "JETS", "SCOTCH"]}]}],
                turn={"led": "import", "declared": [1, 0, 0]})


def take_targets(g) -> set[int]:
    return {a.target for a in kinds(g, "take")}


@pytest.mark.parametrize(
    ("crew", "goods", "first", "pick", "second"),
    [
        (0, 0, {TAKE_CREW, TAKE_GOODS}, TAKE_CREW, {TAKE_GOODS}),
        (3, 4, {TAKE_GOODS}, TAKE_GOODS, {TAKE_GOODS}),
        (3, 5, {TAKE_GOODS}, TAKE_GOODS, {TAKE_DISCARD}),
        (2, 6, {TAKE_CREW}, TAKE_CREW, {TAKE_DISCARD}),
        (3, 6, {TAKE_DISCARD}, TAKE_DISCARD, {TAKE_DISCARD}),
    ],
)
def test_import_take_respects_limits(crew, goods, first, pick, second):
    """Limit rules for imports: no crew option when full, one crew card at most, discard only without room."""
    g = import_limits(crew, goods)
    act(g, 0, "ship", target=3)
    assert g.deciders() == [0] and take_targets(g) == first
    for target in {TAKE_CREW, TAKE_GOODS, TAKE_DISCARD} - first:
        rule = {TAKE_DISCARD: "must_take", TAKE_CREW: "crew_full", TAKE_GOODS: "goods_full"}[target]
        refused(g, Action(0, "take", (cid("GLASSES"),), target), rule)
    act(g, 0, "take", ["GLASSES"], pick)
    assert take_targets(g) == second
    if pick == TAKE_CREW and TAKE_CREW not in second:
        refused(g, Action(0, "take", (cid("JETS"),), TAKE_CREW), "one_crew")
    target = next(iter(second))
    act(g, 0, "take", ["JETS"], target)
    p = g.state.players[0]
    assert len(p.crew) <= 3 and len(p.goods) <= 6
    assert g.state.ships[3].containers == ids("SCOTCH") and g.state.players[1].credits == 12


# --- Pirate ---------------------------------------------------------------------------------


def pirate_table():
    return game(
        3,
        seats=[
            {"ships": [{"contracts": ["COFFEE"]}, {"at_sea": True, "containers": ["CANDY"]}]},
            {"ships": [{"contracts": ["ALMONDS"], "containers": ["WHEAT"]}, {"at_sea": True, "containers": ["SOAP"]}]},
            {"ships": [{"contracts": ["HONEY"], "containers": ["FLOUR"]}, {"at_sea": True, "containers": ["RICE", "AMMUNITION"]}]},
        ],
        island=["PENS"], deck=["MRI MACHINE"],
        turn={"led": "pirate", "declared": [2, 1, 0]},
    )


def test_pirate_sources_and_destinations():
    """Pirate action: any container at sea or on the island; load only onto a matching open requirement, else discard."""
    g = pirate_table()
    opts = {(a.cards[0], a.sources[0], a.target) for a in kinds(g, "pirate")}
    candy, soap, rice, ammo, pens = ids("CANDY", "SOAP", "RICE", "AMMUNITION", "PENS")
    assert opts == {
        (candy, 1, 0), (candy, 1, -1), (soap, 3, 0), (soap, 3, -1), (rice, 5, 0), (rice, 5, -1),
        (ammo, 5, -1), (pens, ISLAND, 0), (pens, ISLAND, -1),
    }  # own ship at sea counts; harbour cargo (WHEAT, FLOUR) never; red fits no open slot of COFFEE
    refused(g, Action.pirate(0, ammo, 5, onto=0), "no_open_requirement")


def test_pirate_empties_ship_without_compensation_then_next_player():
    """Pirate example: an emptied ship sails home uncompensated; each player finishes all raids before the next."""
    g = pirate_table()
    act(g, 0, "pirate", ["SOAP"], 0, sources=(3,))
    assert g.state.ships[0].containers == ids("SOAP")
    assert not g.state.ships[3].at_sea and g.state.players[1].credits == 10
    assert logged(g, "Player 2's ship 2 returns to its harbour (its last container was pirated, no compensation).")
    assert g.deciders() == [0]
    act(g, 0, "pirate", ["AMMUNITION"], DISCARD, sources=(5,))
    assert g.state.discard == ids("AMMUNITION") and g.state.ships[5].containers == ids("RICE")
    # Player 2 now raids the island and so fulfils ALMONDS, the same way as a Load would.
    assert g.deciders() == [1]
    act(g, 1, "pirate", ["PENS"], 2, sources=(ISLAND,))
    p1, ship = g.state.players[1], g.state.ships[2]
    assert p1.credits == 16 and p1.fulfilled == ids("ALMONDS")
    assert ship.at_sea and ship.containers == ids("WHEAT", "PENS")
    assert g.state.island == ids("MRI MACHINE") and g.state.active == 1


# --- Supply: selling once per turn ----------------------------------------------------------


def test_supply_sell_only_once_per_turn():
    """Supply rule: a player sells to the island once per turn, but may still take crew; others may sell too."""
    g = game(3, seats=[{"hand": ["RICE", "WHEAT"]}, {"hand": ["FLOUR"]}], island=["BOOKS"],
             turn={"led": "supply", "declared": [2, 1, 0]})
    assert {a.kind for a in g.legal_actions()} == {"sell", "crew"}
    act(g, 0, "sell", ["RICE"])
    assert g.state.players[0].credits == 14 and g.state.island == ids("BOOKS", "RICE")
    assert kinds(g, "sell") == [] and {a.cards[0] for a in kinds(g, "crew")} == set(ids("BOOKS", "RICE"))
    refused(g, Action(0, "sell", (cid("WHEAT"),)), None)
    act(g, 0, "crew", ["BOOKS"])
    assert g.deciders() == [1]
    act(g, 1, "sell", ["FLOUR"])
    assert g.state.players[1].credits == 14 and g.state.island == ids("RICE", "FLOUR")
    assert g.state.players[0].crew == ids("BOOKS")


def test_second_sale_refusal_names_the_sell_once_rule():
    """Supply rule: the refusal of a second sale in one turn should name the once-per-turn rule."""
    g = game(3, seats=[{"hand": ["RICE", "WHEAT"]}], island=["BOOKS"], turn={"led": "supply", "declared": [2, 0, 0]})
    act(g, 0, "sell", ["RICE"])
    refused(g, Action(0, "sell", (cid("WHEAT"),)), "sell_once")


def test_tie_between_others_broken_by_active_player():
    """Bidding rule: the active player settles a tie even when he is not among the tied bidders."""
    g = game(3, seats=import_table_seats(), turn={"led": "import", "declared": [1, 2, 2]})
    act(g, 0, "ship", target=1)
    for seat, bid in ((0, 1), (1, 1), (2, 1)):
        act(g, seat, "bid", count=bid)
    act(g, 0, "winner", target=1)
    act(g, 1, "take", ["RICE"], TAKE_GOODS)
    act(g, 1, "take", ["WHEAT"], TAKE_GOODS)
    act(g, 0, "ship", target=3)
    assert g.deciders() == [1, 2]
    act(g, 1, "bid", count=4)
    act(g, 2, "bid", count=4)
    assert g.deciders() == [0] and sorted(a.target for a in kinds(g, "winner")) == [1, 2]
    act(g, 0, "winner", target=2)
    assert g.deciders() == [2] and g.state.players[2].credits == 6
