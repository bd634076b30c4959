"""High card: a tiny trick game with hidden hands, the example of a game plugged into importexport.

Each seat is dealt a hand from a shuffled deck (the core's seeded random source); the rest of the deck
stays hidden.  In each trick every seat plays one card in turn, beginning with the last trick's winner;
the highest card wins the trick (the lowest, with ``lowest=True``), and whoever wins most tricks wins.
:mod:`highcard.game` is the referee, :mod:`highcard.kind` the one object the project finds it by.
"""
