"""Classes of abilities re-read together against one shared rule (docs/abilities.md's sections).

Each class lists its cards with the ruling for each; ``coverage`` renders them with the tests whose
``card`` marks show them (the abilities package is where cards are named).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    """A class of abilities re-read together against one shared rule: its cards with the ruling for
    each, and the test file whose ``card`` marks show them (besides ``also``: other tests per card)."""

    title: str
    text: str
    tests: str
    rows: tuple[tuple[str, str], ...]
    also: tuple[str, ...] = ()


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
            ("APPLES", "Not a copy: the hand card's own instant ability is carried out."),
            ("STOLEN DOCUMENTS", "Not a copy: the stolen card's own instant ability is carried out."),
        ),
        ("WIND TURBINES", "APPLES", "STOLEN DOCUMENTS"),
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
            ("YEN", "`YEN`: the ship, the contracts on it then, the first placed since; one card, one note."),
        ),
        ("TESLAS", "POISON BOTTLES", "SHOTGUNS", "HELICOPTER", "US DOLLARS", "SURSTRÖMMING", "YEN"),
    ),
)
