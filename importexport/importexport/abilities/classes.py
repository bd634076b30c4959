"""Classes of abilities re-read together against one shared rule (docs/abilities.md's sections).

Each class lists its cards with the ruling for each; ``coverage`` renders them with the tests whose
``card`` marks show them (the abilities package is where cards are named).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Row(NamedTuple):
    """A card of a class: its name, the ruling there, and (where the class's test file is not enough)
    the tests that show it, as ``file::function``, each marked with the card."""

    name: str
    ruling: str
    tests: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """A class of abilities re-read together against one shared rule: its cards with the ruling for
    each, and the test file whose ``card`` marks show them (besides ``also``: other tests per card)."""

    title: str
    text: str
    tests: str
    rows: tuple[Row | tuple[str, str], ...]
    also: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(Row(*row) for row in self.rows))


SECTIONS = (
    Section(
        "The sailing ship",
        "A ship that has just fulfilled its contracts keeps its containers and waits in harbour for its "
        "sailing step, while the instant abilities of those contracts run. It is never offered as a place "
        "for a new contract or a container: every path that offers a ship asks one test, "
        "`rules.takes_cargo` (in harbour and no `sail` step pending for it). Loads that need an open cargo "
        "requirement pass it by twice over, since the ship carries no contract any more; the tests below "
        "fail when `takes_cargo` forgets the pending sailing.",
        "test_reread_sailing.py",
        (
            ("AR GLASSES", "Its free actions are the rules' own Contract, Load and Pirate actions: none offers "
                           "the fulfilling ship, and naming it is refused as `ship_sailing` (fixed: the Contract "
                           "action offered it). PLATINUM RINGS' free actions take the same path."),
            ("JASMINE TEA", "Its extra contracts are the Contract action's options, so never the sailing ship."),
            ("FLOUR", "Placed with its cargo only on a ship that stays (fixed: the sailing ship was offered)."),
            ("LUTEFISK", "From the hand onto a ship that stays (fixed earlier)."),
            ("SPACECRAFT", "The island contract goes onto a ship that stays; any ship about to sail is left out, "
                           "not only the one whose fulfilment this is."),
            ("BAMBOO", "A ship about to sail has no contract but is not free: never offered."),
            ("CHEAP LABOR", "Never onto the ship that just fulfilled it, though it carries no contract."),
            ("YEN", "Tucking is neither a contract nor a load, and the text allows any of your ships: the ship "
                    "about to sail may take YEN, which then counts for the first contract placed on it later."),
            ("THE ALGORITHM", "Loads only where a container is still wanted, so never onto the sailing ship."),
            ("CONTAINER FACTORY", "As THE ALGORITHM: only ships with an open requirement."),
            ("AUTOMATION", "Moves on to another ship with a contract in harbour, never the one that sails."),
            ("SEGWAYS", "Loaded only where its colour fills an open slot."),
            ("MAPLE SYRUP", "Its free load is a Load action's option."),
            ("ROBO-CATS", "Its pairs go only onto ships with contracts that stay."),
            ("PARTNERSHIP", "Joins only ships with contracts that stay."),
            ("FAKE MONEY", "Loads a taken container only onto your ships with contracts that stay."),
            ("EUROS", "Only ships at sea; the ship that fulfilled it has not sailed yet."),
            ("MINI VAN", "Pirated cards land through the Pirate action's targets. Its extra sources are other "
                         "players' harbour ships; the only ship about to sail while you pirate is your own."),
        ),
        ("THE ALGORITHM", "CONTAINER FACTORY", "AUTOMATION", "SEGWAYS", "MAPLE SYRUP", "ROBO-CATS", "PARTNERSHIP",
         "FAKE MONEY", "EUROS", "MINI VAN"),
    ),
    Section(
        "Copied abilities",
        "WIND TURBINES copies the ability of another fulfilled contract (level 1 or lower). The copy works "
        "through WIND TURBINES (`registry.bound`: the copied ability with WIND TURBINES as its card) at every "
        "moment the original works: on arrival, as a lasting rule change, as a reaction and its question, as "
        "an anytime choice, in the end-of-game steps, in the scoring and as an instant win (one test each "
        "below; WIND TURBINES' own tests show the instant and the lasting rule change). APPLES and STOLEN "
        "DOCUMENTS do not copy: they carry out another card's instant ability as if that card had just been "
        "fulfilled, and the card itself then lies among the fulfilled contracts, where its lasting ability "
        "is its own.",
        "test_reread_copies.py",
        (
            ("WIND TURBINES", "Questions, end-of-game steps and notes of the copy are WIND TURBINES' own (fixed: "
                              "a copied end-of-game step was never asked, and the copy shared the original's notes)."),
            ("BOOKS", "Copied, it pays its 2 credits a turn beside the original's: each card is its own ability."),
            ("BATTERIES", "Copied, it gives one more paid Load a turn beside the original's."),
            ("DIAMONDS", "Copied, its end-of-game question is asked through WIND TURBINES (fixed)."),
            ("COLOGNE", "Copied, its holder and the original's each keep their own action type (fixed: one note "
                        "for the table)."),
            ("GRAPHICS CARDS", "Copied, its instant win is its copier's, through WIND TURBINES."),
            ("ICELAND WATER", "Copied, its last chance once the game has ended is its copier's too, through WIND "
                              "TURBINES (fixed: the copier was never asked)."),
            Row("AEROPONICS", "Copied, a ship of the copier at sea with one container left comes home too (fixed: "
                              "the step looked for the original card only).",
                ("test_audit_b_copies.py::test_aeroponics_copied_brings_a_ship_with_one_container_home",)),
            Row("AUTOMATION", "Copied, WIND TURBINES loads itself as the rainbow container and moves on as "
                              "AUTOMATION does (fixed: a card on a ship was asked only for its own hook).",
                ("test_audit_b_copies.py::test_automation_copied_moves_on_when_its_ship_is_fulfilled",)),
            ("APPLES", "Not a copy: the hand card's own instant ability is carried out."),
            ("STOLEN DOCUMENTS", "Not a copy: the stolen card's own instant ability is carried out."),
        ),
        ("WIND TURBINES", "APPLES", "STOLEN DOCUMENTS", "ICELAND WATER"),
    ),
    Section(
        "Notes per holder",
        "An ability that remembers something between steps keeps it in `state.marks`, under one schema "
        "(`state.Notes`, also the save file's). A note that belongs to whoever holds the ability is a row "
        "starting with the seat and the card it works through (a copy's own card), so two holders, or a "
        "card and its copy, never share one; facts of the table (a tucked card, a joined pair of ships, the "
        "face-up deck) are one note for all.",
        "test_reread_copies.py",
        (
            ("BATTERIES", "`uses`: [seat, card, turn, uses]; so too PLAYSTATIONS, MACHINE ARMS, SMART CARS, "
                          "CONTRABAND, ROPE."),
            ("BOOKS", "`uses`: once a turn per holder (fixed: one mark for all)."),
            ("COLOGNE", "`end_choice`: [seat, card, action type] (fixed: one mark for all)."),
            ("TESLAS", "`end_choice`: [seat, card, goods type] (was one note for the table; a single card above "
                       "level 1, never copied, so no game went differently)."),
            ("POISON BOTTLES", "`paid`: [holder, card, turn, payer] (was one list of payers for the table; a "
                               "single card, never copied)."),
            ("SHOTGUNS", "`paid`, as POISON BOTTLES."),
            ("HELICOPTER", "`set_aside`: [card, credits]: the credits lie on the card (was one total for the "
                           "table; a single card, never copied)."),
            ("US DOLLARS", "`virtual_crew`: [seat, card, turn, action type]."),
            ("WIND TURBINES", "`copies`: [WIND TURBINES, copied card]."),
            ("SURSTRÖMMING", "`pirate_ban`: the seats whose next turn lifts the ban."),
            ("YEN", "`YEN`: the ship, the contracts on it then, the first placed since (renewed at each fulfilment "
                    "of the ship, fixed); one card, one note."),
        ),
        ("TESLAS", "POISON BOTTLES", "SHOTGUNS", "HELICOPTER", "US DOLLARS", "SURSTRÖMMING", "YEN"),
    ),
    Section(
        'Per contract, not per ship',
        "A ship records the contract each of its containers lies on (`Ship.fills`, the contract card, -1 for none): a container keeps the contract it was loaded onto while that contract still has a slot for it; a new one takes the first placed contract with an open slot for it (its own colour before a rainbow slot before a wild fit), and others move along only when nothing else lets it on (the ship's cargo as a whole still decides what may be loaded and when the ship is fulfilled). **Ruling:** the player does not pick the contract; the engine places it as said. A container left from a discarded contract lies on none until a slot takes it. Two contracts on one ship count as two wherever a card or rule counts contracts. The payout counts every container on the ship (the rule says so); the goods market prices only containers on the fulfilled contracts and lowers every container's marker; the end scoring pays 2 per container on an unfulfilled contract. What is paid per container taken off a ship (the Import's compensation, 4 from PARTNERSHIP's super ship; STOLEN RICE for a pirated agriculture container) does not depend on the contract it lay on, and a pirated container is placed on a contract of the pirate's ship as a loaded one is. Cards that pay once for the ship (RARE METALS, SATELLITE, FLASH DRIVES, PARTNERSHIP's doubling) say so. Rules tested without a card: `test_reread_per_contract.py::test_the_market_prices_only_containers_on_the_fulfilled_contract_and_lowers_every_marker`, `test_reread_per_contract.py::test_the_end_scoring_counts_containers_on_unfulfilled_contracts_only`.",
        'test_reread_per_contract.py',
        (
            Row('BOK CHOY', 'Pays when the contract it lies on is not agriculture, whatever the other contracts are (fixed).',
                ('test_reread_per_contract.py::test_bok_choy_pays_on_a_consumer_contract_beside_an_agriculture_one', 'test_reread_per_contract.py::test_bok_choy_on_the_agriculture_contract_pays_nothing_though_the_other_is_consumer')),
            Row('LAPTOPS', '2 cards per fulfilled contract with a technology container on it (fixed: was once per ship).',
                ('test_reread_per_contract.py::test_laptops_two_contracts_each_with_a_technology_container_draw_four', 'test_reread_per_contract.py::test_laptops_only_the_contract_with_the_technology_container_draws')),
            Row('JETS', "One container per contract, each from that contract's own containers, asked in the order placed (fixed).",
                ('test_reread_per_contract.py::test_jets_offers_each_contracts_own_containers_in_turn', 'test_reread_reactions.py::test_jets_two_contracts_fulfilled_together_give_two_containers')),
            Row('FLASH DRIVES', 'One container per ship, one that lay on a fulfilled contract (fixed: not one on none).',
                ('test_reread_per_contract.py::test_flash_drives_offers_only_containers_that_lay_on_the_fulfilled_contract', 'test_reread_per_contract.py::test_flash_drives_one_container_per_ship_with_two_contracts')),
            Row('MUAY THAI SHORTS', '2 credits per contract on its ship, itself included.',
                ('test_reread_per_contract.py::test_muay_thai_shorts_pays_2_per_contract_on_its_ship',)),
            Row('ONIONS', '2 credits per agriculture contract, two on one ship pay twice.',
                ('test_reread_per_contract.py::test_onions_two_agriculture_contracts_on_one_ship_pay_twice',)),
            Row('MOUTHWASH', '2 credits per later consumer contract, two on one ship pay twice.',
                ('test_reread_per_contract.py::test_mouthwash_two_consumer_contracts_on_one_ship_pay_twice',)),
            Row('PISTOLS', '2 credits per illegal contract another player fulfils.',
                ('test_reread_per_contract.py::test_pistols_two_illegal_contracts_on_one_ship_cost_4',)),
            Row('SHOES', 'One optional draw per contract fulfilled.',
                ('test_reread_per_contract.py::test_shoes_two_contracts_on_one_ship_two_draws',)),
            Row('A SMALL TANK', 'One card per contract fulfilled.',
                ('test_reread_per_contract.py::test_a_small_tank_two_contracts_on_one_ship_two_cards',)),
            Row('PAPER', 'One free import per consumer contract fulfilled.',
                ('test_reread_per_contract.py::test_paper_two_consumer_contracts_on_one_ship_two_free_imports',)),
            Row('HENTAI MANGA', 'Asked for each illegal contract fulfilled.',
                ('test_reread_per_contract.py::test_hentai_manga_asks_for_each_illegal_contract_on_the_ship',)),
            Row('RARE METALS', 'Per ship, as the card says (same ship): 4 once, however many consumer contracts.',
                ('test_reread_per_contract.py::test_rare_metals_pays_once_per_ship_however_many_consumer_contracts',)),
            Row('SATELLITE', 'Per ship, as the card says (once per ship that sails).',
                ('test_reread_per_contract.py::test_satellite_asks_once_per_ship_with_two_contracts',)),
        ),
    ),
    Section(
        'The J colour',
        "**Ruling:** a J card has one colour wherever it is not a container: the goods type the card list gives it (`rules.counts_as`, `rules.good_type`). The J rules name the chosen colour only for loading and for pirating, both about containers (and a container is nothing but its colour), so a J card taken off a ship into the goods, or reaching them any other way, is a good of its own type: for the levels, the scoring and its majorities, the goods market (fixed: a J card imported after being loaded as its other colour moved that colour's marker) and every ability that counts goods of a type. As a contract it is of that type too; its orientation only picks the cargo. With goods tokens (variant 2) a J card becomes a token of that type (`test_reread_j_colour.py::test_with_goods_tokens_a_j_card_pirated_into_the_goods_becomes_a_token_of_its_own_type`). Rules tested without a card: `test_reread_j_colour.py::test_a_j_good_moves_the_market_marker_of_its_own_type_not_the_colour_it_was_loaded_as`, `test_reread_j_colour.py::test_a_j_good_counts_as_its_own_type_for_the_levels`, `test_reread_j_colour.py::test_a_j_good_counts_as_its_own_type_in_the_scoring_and_its_majorities`, `test_reread_j_colour.py::test_every_j_card_among_goods_counts_as_the_type_the_card_list_gives_it`. The same function gives a Capital good the type it takes, so it moves that type's market marker (fixed): `test_reread_j_colour.py::test_a_capital_good_moves_the_market_marker_of_the_type_it_takes`.",
        'test_reread_j_colour.py',
        (
            Row('BUBBLEGUM', 'A J good added pays when its own type is consumer.',
                ('test_reread_j_colour.py::test_bubblegum_pays_for_a_j_good_of_its_own_consumer_type_whatever_it_was_loaded_as',)),
            Row('CHAPSTICK', 'As BUBBLEGUM.',
                ('test_reread_j_colour.py::test_chapstick_pays_for_a_j_good_of_its_own_consumer_type_whatever_it_was_loaded_as',)),
            Row('TELESCOPES', 'Cashes in J goods of technology type only.',
                ('test_reread_j_colour.py::test_telescopes_cashes_in_a_j_good_of_technology_type_only',)),
            Row('AMMUNITION', 'Owners of J goods of illegal type pay.',
                ('test_reread_j_colour.py::test_ammunition_counts_a_j_good_of_illegal_type_only',)),
            Row('VACUUMS', 'A J good of luxury type may be given.',
                ('test_reread_j_colour.py::test_vacuums_may_be_paid_with_a_j_good_of_luxury_type_only',)),
            Row('STEM CELLS', 'A J card pirated into the goods is a good of its own type (with goods tokens: a token of it).',
                ('test_reread_j_colour.py::test_with_goods_tokens_a_j_card_pirated_into_the_goods_becomes_a_token_of_its_own_type',)),
            Row('YAKUZA ART', 'Consumer and technology J goods by their own types.',
                ('test_reread_j_colour.py::test_yakuza_art_sees_j_goods_as_their_own_types',)),
        ),
    ),
    Section(
        'Open choices where abilities and modules meet',
        "Where a card's text leaves the meeting with another ability or module open, the ruling is here.",
        'test_reread_per_contract.py',
        (
            Row('PARTNERSHIP', "The doubled payout is twice the payout table's figure (after TABLETS); the goods market then changes it once, each container's marker once, and the whole is never below 0 (the market prices containers, not payouts).",
                ('test_reread_per_contract.py::test_partnership_doubles_the_payout_and_the_market_changes_it_once',)),
            Row('JETS', "Two contracts on one ship: asked contract by contract in the order they were placed, each time among that contract's containers.",
                ('test_reread_per_contract.py::test_jets_offers_each_contracts_own_containers_in_turn',)),
            Row('FLASH DRIVES', 'A container that filled no contract (left from a discarded one) is not offered; the goods market does not price it either, though its marker moves down.',
                ('test_reread_per_contract.py::test_flash_drives_offers_only_containers_that_lay_on_the_fulfilled_contract',)),
        ),
    ),
)
