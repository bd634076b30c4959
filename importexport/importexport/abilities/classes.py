"""The classes of card abilities re-read together against the rulebook (issue 27): per class its
ruling and, per card, the ruling there and the tests that show it (``file::function``, each marked
with the card).  ``coverage`` writes them into docs/abilities.md under the card table."""

from __future__ import annotations

ClassRow = tuple[str, str, tuple[str, ...]]
"""A card of a class: its name, the ruling, and its tests there (``file::function``, marked with the card)."""

CLASSES: tuple[tuple[str, str, tuple[ClassRow, ...]], ...] = (
    (
        "Per contract, not per ship",
        "A ship records the contract each of its containers lies on (`Ship.fills`, the contract card, -1 for "
        "none): a container keeps the contract it was loaded onto while that contract still has a slot for "
        "it; a new one takes the first placed contract with an open slot for it (its own colour before a "
        "rainbow slot before a wild fit), and others move along only when nothing else lets it on (the ship's "
        "cargo as a whole still decides what may be loaded and when the ship is fulfilled). **Ruling:** the "
        "player does not pick the contract; the engine places it as said. A container left from a discarded "
        "contract lies on none until a slot takes it. Two contracts on one ship count as two wherever a card "
        "or rule counts contracts. The payout counts every container on the ship (the rule says so); the goods "
        "market prices only containers on the fulfilled contracts and lowers every container's marker; the end "
        "scoring pays 2 per container on an unfulfilled contract. What is paid per container taken off a ship "
        "(the Import's compensation, 4 from PARTNERSHIP's super ship; STOLEN RICE for a pirated agriculture "
        "container) does not depend on the contract it lay on, and a pirated container is placed on a contract "
        "of the pirate's ship as a loaded one is. Cards that pay once for the ship (RARE METALS, SATELLITE, "
        "FLASH DRIVES, PARTNERSHIP's doubling) say so. Rules tested without a card: "
        "`test_reread_per_contract.py::test_the_market_prices_only_containers_on_the_fulfilled_contract_and_lowers_every_marker`, "
        "`test_reread_per_contract.py::test_the_end_scoring_counts_containers_on_unfulfilled_contracts_only`.",
        (
            ("BOK CHOY", "Pays when the contract it lies on is not agriculture, whatever the other contracts are (fixed).",
             ("test_reread_per_contract.py::test_bok_choy_pays_on_a_consumer_contract_beside_an_agriculture_one",
              "test_reread_per_contract.py::test_bok_choy_on_the_agriculture_contract_pays_nothing_though_the_other_is_consumer")),
            ("LAPTOPS", "2 cards per fulfilled contract with a technology container on it (fixed: was once per ship).",
             ("test_reread_per_contract.py::test_laptops_two_contracts_each_with_a_technology_container_draw_four",
              "test_reread_per_contract.py::test_laptops_only_the_contract_with_the_technology_container_draws")),
            ("JETS", "One container per contract, each from that contract's own containers, asked in the order placed (fixed).",
             ("test_reread_per_contract.py::test_jets_offers_each_contracts_own_containers_in_turn",
              "test_reread_reactions.py::test_jets_two_contracts_fulfilled_together_give_two_containers")),
            ("FLASH DRIVES", "One container per ship, one that lay on a fulfilled contract (fixed: not one on none).",
             ("test_reread_per_contract.py::test_flash_drives_offers_only_containers_that_lay_on_the_fulfilled_contract",
              "test_reread_per_contract.py::test_flash_drives_one_container_per_ship_with_two_contracts")),
            ("MUAY THAI SHORTS", "2 credits per contract on its ship, itself included.",
             ("test_reread_per_contract.py::test_muay_thai_shorts_pays_2_per_contract_on_its_ship",)),
            ("ONIONS", "2 credits per agriculture contract, two on one ship pay twice.",
             ("test_reread_per_contract.py::test_onions_two_agriculture_contracts_on_one_ship_pay_twice",)),
            ("MOUTHWASH", "2 credits per later consumer contract, two on one ship pay twice.",
             ("test_reread_per_contract.py::test_mouthwash_two_consumer_contracts_on_one_ship_pay_twice",)),
            ("PISTOLS", "2 credits per illegal contract another player fulfils.",
             ("test_reread_per_contract.py::test_pistols_two_illegal_contracts_on_one_ship_cost_4",)),
            ("SHOES", "One optional draw per contract fulfilled.",
             ("test_reread_per_contract.py::test_shoes_two_contracts_on_one_ship_two_draws",)),
            ("A SMALL TANK", "One card per contract fulfilled.",
             ("test_reread_per_contract.py::test_a_small_tank_two_contracts_on_one_ship_two_cards",)),
            ("PAPER", "One free import per consumer contract fulfilled.",
             ("test_reread_per_contract.py::test_paper_two_consumer_contracts_on_one_ship_two_free_imports",)),
            ("HENTAI MANGA", "Asked for each illegal contract fulfilled.",
             ("test_reread_per_contract.py::test_hentai_manga_asks_for_each_illegal_contract_on_the_ship",)),
            ("RARE METALS", "Per ship, as the card says (same ship): 4 once, however many consumer contracts.",
             ("test_reread_per_contract.py::test_rare_metals_pays_once_per_ship_however_many_consumer_contracts",)),
            ("SATELLITE", "Per ship, as the card says (once per ship that sails).",
             ("test_reread_per_contract.py::test_satellite_asks_once_per_ship_with_two_contracts",)),
        ),
    ),
    (
        "The J colour",
        "**Ruling:** a J card has one colour wherever it is not a container: the goods type the card list "
        "gives it (`rules.counts_as`, `rules.good_type`). The J rules name the chosen colour only for loading "
        "and for pirating, both about containers (and a container is nothing but its colour), so a J card "
        "taken off a ship into the goods, or reaching them any other way, is a good of its own type: for the "
        "levels, the scoring and its majorities, the goods market (fixed: a J card imported after being loaded "
        "as its other colour moved that colour's marker) and every ability that counts goods of a type. As a "
        "contract it is of that type too; its orientation only picks the cargo. With goods tokens (variant 2) "
        "a J card becomes a token of that type (`test_reread_j_colour.py::test_with_goods_tokens_a_j_card_pirated_into_the_goods_becomes_a_token_of_its_own_type`). Rules tested without a card: "
        "`test_reread_j_colour.py::test_a_j_good_moves_the_market_marker_of_its_own_type_not_the_colour_it_was_loaded_as`, "
        "`test_reread_j_colour.py::test_a_j_good_counts_as_its_own_type_for_the_levels`, "
        "`test_reread_j_colour.py::test_a_j_good_counts_as_its_own_type_in_the_scoring_and_its_majorities`, "
        "`test_reread_j_colour.py::test_every_j_card_among_goods_counts_as_the_type_the_card_list_gives_it`. "
        "The same function gives a Capital good the type it takes, so it moves that type's market marker (fixed): "
        "`test_reread_j_colour.py::test_a_capital_good_moves_the_market_marker_of_the_type_it_takes`.",
        (
            ("BUBBLEGUM", "A J good added pays when its own type is consumer.",
             ("test_reread_j_colour.py::test_bubblegum_pays_for_a_j_good_of_its_own_consumer_type_whatever_it_was_loaded_as",)),
            ("CHAPSTICK", "As BUBBLEGUM.",
             ("test_reread_j_colour.py::test_chapstick_pays_for_a_j_good_of_its_own_consumer_type_whatever_it_was_loaded_as",)),
            ("TELESCOPES", "Cashes in J goods of technology type only.",
             ("test_reread_j_colour.py::test_telescopes_cashes_in_a_j_good_of_technology_type_only",)),
            ("AMMUNITION", "Owners of J goods of illegal type pay.",
             ("test_reread_j_colour.py::test_ammunition_counts_a_j_good_of_illegal_type_only",)),
            ("VACUUMS", "A J good of luxury type may be given.",
             ("test_reread_j_colour.py::test_vacuums_may_be_paid_with_a_j_good_of_luxury_type_only",)),
            ("STEM CELLS", "A J card pirated into the goods is a good of its own type (with goods tokens: a token of it).",
             ("test_reread_j_colour.py::test_with_goods_tokens_a_j_card_pirated_into_the_goods_becomes_a_token_of_its_own_type",)),
            ("YAKUZA ART", "Consumer and technology J goods by their own types.",
             ("test_reread_j_colour.py::test_yakuza_art_sees_j_goods_as_their_own_types",)),
        ),
    ),
    (
        "Open choices where abilities and modules meet",
        "Where a card's text leaves the meeting with another ability or module open, the ruling is here.",
        (
            ("PARTNERSHIP", "The doubled payout is twice the payout table's figure (after TABLETS); the goods market "
             "then changes it once, each container's marker once, and the whole is never below 0 (the market prices "
             "containers, not payouts).",
             ("test_reread_per_contract.py::test_partnership_doubles_the_payout_and_the_market_changes_it_once",)),
            ("JETS", "Two contracts on one ship: asked contract by contract in the order they were placed, each time "
             "among that contract's containers.",
             ("test_reread_per_contract.py::test_jets_offers_each_contracts_own_containers_in_turn",)),
            ("FLASH DRIVES", "A container that filled no contract (left from a discarded one) is not offered; the "
             "goods market does not price it either, though its marker moves down.",
             ("test_reread_per_contract.py::test_flash_drives_offers_only_containers_that_lay_on_the_fulfilled_contract",)),
        ),
    ),
)
"""The classes of abilities re-read together (issue 27), each with its ruling and, per card, the
ruling and the tests (written under the card table of docs/abilities.md)."""
