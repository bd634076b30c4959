"""Port Royal (base game and the contracts expansion "Ein Auftrag geht noch"): the referee's package.

``deck.load_deck`` reads and validates the base game's 120 cards from ``data/base.yaml``
(documented in ``docs/portroyal.md``).  The engine, scenarios and bots are still to come.
"""
