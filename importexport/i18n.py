"""Every sentence the engine says, in English and German: the event log and refusals.

Events are stored as ``(turn, key, args)``; :func:`render_event` fills the template of ``key`` in
the wanted language.  Arguments are formatted by name: ``p``/``q`` are seats, ``c``/``d`` cards,
``cards`` a card list, ``s``/``t`` ships, ``a`` an action type.
"""

from __future__ import annotations

from typing import Any

from .actions import ISLAND, hand_owner
from .cards import CARDS
from .constants import ACTION_NAME, COLOURS, GOODS_TYPE

LANGS = ("en", "de")

EVENTS: dict[str, dict[str, str]] = {
    "moves_on": {"en": "{c} moves on to {s} as a rainbow container.", "de": "{c} wandert als Regenbogen-Container weiter auf {s}."},
    "last_container_discarded": {
        "en": "{c} is the last container on {s} and goes to the discard pile.",
        "de": "{c} ist der letzte Container auf {s} und kommt auf den Ablagestapel.",
    },
    "fulfilled_swap": {
        "en": "{p} puts {c} on the Supply Island and takes {d} into the fulfilled contracts ({why}).",
        "de": "{p} legt {c} auf die Vorratsinsel und nimmt {d} zu den erfüllten Aufträgen ({why}).",
    },
    "steal_random": {
        "en": "{p} takes a random card from {q}'s hand ({why}).",
        "de": "{p} zieht zufällig eine Karte aus der Hand von {q} ({why}).",
    },
    "give_hand_card": {"en": "{p} gives a card from the hand to {q} ({why}).", "de": "{p} gibt {q} eine Handkarte ({why})."},
    "pirate_unseen": {"en": "{p} takes an unseen card from {s} as a pirate.", "de": "{p} erbeutet eine verdeckte Karte von {s}."},
    "ship_home_loaded": {
        "en": "{s} returns to its harbour with its last container, {c} ({why}).",
        "de": "{s} kehrt mit dem letzten Container, {c}, in den Hafen zurück ({why}).",
    },
    "extra_ship": {
        "en": "{p} turns {c} sideways: it is now {s}, an extra ship for one voyage.",
        "de": "{p} dreht {c} quer: die Karte ist jetzt {s}, ein Zusatzschiff für eine Fahrt.",
    },
    "ship_discarded": {
        "en": "{s} has made its one voyage: {c} goes to the discard pile.",
        "de": "{s} hat seine eine Fahrt hinter sich: {c} kommt auf den Ablagestapel.",
    },
    "super_ship": {
        "en": "{p} lashes a second ship to {s}: together they are one super ship.",
        "de": "{p} koppelt ein zweites Schiff an {s}: zusammen sind sie ein Superschiff.",
    },
    "super_ship_split": {
        "en": "The super ship {s} is back: its two ships lie apart again in {p}'s harbour.",
        "de": "Das Superschiff {s} ist zurück: seine zwei Schiffe liegen wieder getrennt im Hafen von {p}.",
    },
    "bid_kept": {"en": "{p} keeps the winning bid of {n} credits.", "de": "{p} behält das Siegergebot von {n} Credits."},
    "free_import": {
        "en": "{p} imports {c} from {s} without bidding ({why}).",
        "de": "{p} importiert {c} von {s} ohne Bietrunde ({why}).",
    },
    "island_swap": {
        "en": "{p} gives {cards} from the hand to the Supply Island and takes {d} ({why}).",
        "de": "{p} gibt {cards} aus der Hand auf die Vorratsinsel und nimmt {d} ({why}).",
    },
    "island_drop": {
        "en": "{p} puts {c} on the Supply Island instead of loading it ({why}).",
        "de": "{p} legt {c} auf die Vorratsinsel, statt die Karte zu laden ({why}).",
    },
    "extra_action": {
        "en": "{p} gets one more {a} action ({why}).",
        "de": "{p} bekommt eine weitere {a}-Aktion ({why}).",
    },
    "draw_instead": {
        "en": "{p} draws the top card instead of loading one from the hand ({why}).",
        "de": "{p} zieht die oberste Karte, statt eine aus der Hand zu laden ({why}).",
    },
    "keep_drawn": {
        "en": "The drawn card fits none of {p}'s contracts and stays in the hand ({why}).",
        "de": "Die gezogene Karte passt auf keinen Auftrag von {p} und bleibt auf der Hand ({why}).",
    },
    "credits_instead": {
        "en": "{p} chooses to draw but takes credits rather than cards ({why}).",
        "de": "{p} wählt Nachziehen, nimmt aber Credits statt Karten ({why}).",
    },
    "virtual_crew": {
        "en": "{p} discards {c}; until the end of this turn it counts as one {a} crew card.",
        "de": "{p} legt {c} ab; bis zum Ende dieses Zuges zählt die Karte als eine {a}-Crew.",
    },
    "contract_from_island": {
        "en": "{p} places {c} from the Supply Island as a contract under {s} ({why}).",
        "de": "{p} legt {c} von der Vorratsinsel als Auftrag an {s} ({why}).",
    },
    # exchanges (cards and credits moving between players and areas)
    "ex_give_card": {"en": "{p} gives {c} from the hand to {q} ({why}).", "de": "{p} gibt {q} die Handkarte {c} ({why})."},
    "ex_give_hand": {
        "en": "{p} hands the whole hand ({n} card(s)) to {q} ({why}).",
        "de": "{p} gibt {q} die ganze Hand ({n} Karte(n)) ({why}).",
    },
    "ex_give_good": {"en": "{p} gives the good {c} to {q} ({why}).", "de": "{p} gibt {q} das Gut {c} ({why})."},
    "ex_give_contract": {
        "en": "{p} gives the fulfilled contract {c} to {q} ({why}).",
        "de": "{p} gibt {q} den erfüllten Auftrag {c} ({why}).",
    },
    "ex_good_lost": {
        "en": "{p} has no room for the good {c}, so it is discarded ({why}).",
        "de": "{p} hat keinen Platz für das Gut {c}, es wird abgelegt ({why}).",
    },
    "ex_good_to_island": {
        "en": "{p} puts the good {c} on the Supply Island ({why}).",
        "de": "{p} legt das Gut {c} auf die Vorratsinsel ({why}).",
    },
    "ex_island_to_goods": {
        "en": "{p} takes {c} from the Supply Island into the goods ({why}).",
        "de": "{p} nimmt {c} von der Vorratsinsel zu den Gütern ({why}).",
    },
    "ex_swap_crew_goods": {
        "en": "{p}'s crew and goods trade places ({why}).",
        "de": "Crew und Güter von {p} wechseln die Plätze ({why}).",
    },
    "ex_crew_to_goods": {
        "en": "{p} moves the whole crew ({n} card(s)) into the goods ({why}).",
        "de": "{p} verschiebt die ganze Crew ({n} Karte(n)) zu den Gütern ({why}).",
    },
    "ex_to_goods": {"en": "{p} moves {c} into the goods.", "de": "{p} verschiebt {c} zu den Gütern."},
    "ex_to_crew": {"en": "{p} moves {c} into the crew.", "de": "{p} verschiebt {c} in die Crew."},
    "ex_crew_full": {"en": "{p}'s crew is full, so {c} is discarded.", "de": "Die Crew von {p} ist voll, daher wird {c} abgelegt."},
    "ex_to_island": {
        "en": "{p} puts {c} on the Supply Island rather than among the fulfilled contracts.",
        "de": "{p} legt {c} auf die Vorratsinsel statt zu den erfüllten Aufträgen.",
    },
    "ex_discard_contract": {"en": "{p} discards the fulfilled contract {c}.", "de": "{p} legt den erfüllten Auftrag {c} ab."},
    "ex_cannot_pay": {
        "en": "{p} cannot pay {n} credits, so {c} has no effect.",
        "de": "{p} kann {n} Credits nicht bezahlen, daher bleibt {c} ohne Wirkung.",
    },
    "ex_load": {"en": "{p} loads {c} onto {s} ({why}).", "de": "{p} lädt {c} auf {s} ({why})."},
    "ex_take_container": {"en": "{p} takes the container {c} from {s} ({why}).", "de": "{p} nimmt den Container {c} von {s} ({why})."},
    "ex_keep": {"en": "{p} cannot load {c} and keeps it in the hand.", "de": "{p} kann {c} nicht laden und behält die Karte auf der Hand."},
    "ex_play_fulfilled": {
        "en": "{p} puts {c} from the hand among the fulfilled contracts ({why}).",
        "de": "{p} legt {c} aus der Hand zu den erfüllten Aufträgen ({why}).",
    },
    "ex_steal": {
        "en": "{p} takes {q}'s fulfilled contract {d}, leaving {c} in its place.",
        "de": "{p} nimmt {q} den erfüllten Auftrag {d} weg und lässt {c} an seiner Stelle.",
    },
    "ex_copy": {"en": "{p}'s {c} copies the ability of {d}.", "de": "{c} von {p} übernimmt die Fähigkeit von {d}."},
    "ex_pirate_ban": {
        "en": "No Pirate actions for anybody until {p}'s next turn.",
        "de": "Bis zum nächsten Zug von {p} gibt es für niemanden Pirat-Aktionen.",
    },
    "ex_pirate_ban_over": {
        "en": "{p}'s turn has come: Pirate actions are allowed again.",
        "de": "{p} ist am Zug: Pirat-Aktionen sind wieder erlaubt.",
    },
    "ability_draw": {"en": "{p} draws {n} card(s) ({why}).", "de": "{p} zieht {n} Karte(n) ({why})."},
    "set_aside": {
        "en": "{n} credits from the bank are set aside on {c} for {p}, to be collected at the end ({total} so far).",
        "de": "{n} Credits aus der Bank kommen für {p} auf {c} und werden erst am Ende genommen (bisher {total}).",
    },
    "give_card": {
        "en": "{p} hands a card from the hand over to {q} ({why}).",
        "de": "{p} gibt {q} eine Handkarte ({why}).",
    },
    "container_to_hand": {
        "en": "{p} takes the container {c} from {s} into the hand ({why}).",
        "de": "{p} nimmt den Container {c} von {s} auf die Hand ({why}).",
    },
    "container_to_goods": {
        "en": "{p} moves the container {c} from {s} into the goods ({why}).",
        "de": "{p} legt den Container {c} von {s} zu den Gütern ({why}).",
    },
    "contract_to_crew": {
        "en": "{p} puts the fulfilled contract {c} into the crew instead ({why}).",
        "de": "{p} legt den erfüllten Auftrag {c} stattdessen in die Crew ({why}).",
    },
    "contract_to_goods": {
        "en": "{p} puts the fulfilled contract {c} into the goods instead ({why}).",
        "de": "{p} legt den erfüllten Auftrag {c} stattdessen zu den Gütern ({why}).",
    },
    "ride_along": {
        "en": "{c} goes onto {s} together with {d}: the two count as one container.",
        "de": "{c} kommt zusammen mit {d} auf {s}: beide zählen als ein Container.",
    },
    "other_action": {"en": "{p} carries out {a} instead ({why}).", "de": "{p} führt stattdessen {a} aus ({why})."},
    "tuck": {"en": "{p} tucks {c} under {s} for good.", "de": "{p} schiebt {c} dauerhaft unter {s}."},
    "to_goods": {"en": "{p} moves {c} into the goods ({why}).", "de": "{p} legt {c} zu den Gütern ({why})."},
    "to_crew": {"en": "{p} moves {c} into the crew ({why}).", "de": "{p} nimmt {c} in die Crew ({why})."},
    "to_hand": {"en": "{p} takes {c} back into the hand ({why}).", "de": "{p} nimmt {c} zurück auf die Hand ({why})."},
    "to_ship": {
        "en": "{p} puts {c} as a container onto {s} ({why}).",
        "de": "{p} legt {c} als Container auf {s} ({why}).",
    },
    "cash_in": {"en": "{p} hands in the good {c} ({why}).", "de": "{p} gibt das Gut {c} ab ({why})."},
    "discard_fulfilled": {
        "en": "{p} discards the fulfilled contract {c} ({why}).",
        "de": "{p} legt den erfüllten Auftrag {c} ab ({why}).",
    },
    "end_goods_type": {"en": "{p} announces {g} for {c}.", "de": "{p} sagt {g} für {c} an."},
    "end_action_type": {"en": "{p} picks {a} for {c}.", "de": "{p} wählt {a} für {c}."},
    "name_type": {"en": "{p} names {goods}.", "de": "{p} nennt {goods}."},
    "type_shown": {
        "en": "{p} shows {c}, a card of the named type.",
        "de": "{p} zeigt {c}, eine Karte der genannten Art.",
    },
    "type_missed": {"en": "{p} draws no card of the named type.", "de": "{p} zieht keine Karte der genannten Art."},
    "reveal_deck": {"en": "{p} reveals {cards} from the deck.", "de": "{p} deckt {cards} vom Nachziehstapel auf."},
    "reveal_hand": {"en": "{p} shows their hand: {cards}.", "de": "{p} zeigt die Handkarten: {cards}."},
    "empty_hand": {"en": "{p} has no cards in hand.", "de": "{p} hat keine Handkarten."},
    "take_from_hand": {"en": "{p} takes {cards} from {q}'s hand.", "de": "{p} nimmt {cards} aus der Hand von {q}."},
    "take_random": {
        "en": "{p} takes {n} random card(s) from {q}'s hand.",
        "de": "{p} nimmt {n} zufällige Karte(n) aus der Hand von {q}.",
    },
    "hand_to_island": {
        "en": "{p} lays their hand face up on the Supply Island: {cards}.",
        "de": "{p} legt die Handkarten offen auf die Vorratsinsel: {cards}.",
    },
    "take_island": {
        "en": "{p} takes {cards} from the Supply Island into their hand.",
        "de": "{p} nimmt {cards} von der Vorratsinsel auf die Hand.",
    },
    "deck_search": {
        "en": "{p} searches the deck, takes an illegal card into their hand and shuffles the deck.",
        "de": "{p} durchsucht den Nachziehstapel, nimmt eine illegale Karte auf die Hand und mischt den Stapel.",
    },
    "deck_search_none": {
        "en": "{p} searches the deck, finds no illegal card and shuffles the deck.",
        "de": "{p} durchsucht den Nachziehstapel, findet keine illegale Karte und mischt den Stapel.",
    },
    "deck_face_up": {
        "en": "{p} turns the deck face up: its top card is visible for the rest of the game.",
        "de": "{p} dreht den Nachziehstapel um: die oberste Karte bleibt bis zum Spielende sichtbar.",
    },
    "contract_discarded": {
        "en": "{p} discards {c} instead of keeping it as a fulfilled contract.",
        "de": "{p} legt {c} ab, statt die Karte als erfüllten Auftrag zu behalten.",
    },
    "cannot_pay_ability": {
        "en": "{p} cannot pay {n} credits and so cannot use {c}.",
        "de": "{p} kann {n} Credits nicht zahlen und {c} daher nicht nutzen.",
    },
    "market": {
        "en": "The goods market changes the payout of {before} by {n}.",
        "de": "Der Warenmarkt verändert die Auszahlung von {before} um {n}.",
    },
    "setup": {
        "en": "A table for {n} players is set up ({rules}{mods}); {p} starts.",
        "de": "Ein Tisch für {n} Spieler ist aufgebaut ({rules}{mods}); {p} beginnt.",
    },
    "scenario": {
        "en": "A prepared position for {n} players; {p} is the active player.",
        "de": "Eine vorbereitete Stellung für {n} Spieler; {p} ist am Zug.",
    },
    "turn": {"en": "{p} is now the active player.", "de": "{p} ist jetzt am Zug."},
    "extra_turn": {"en": "{p} takes an extra turn.", "de": "{p} macht einen zusätzlichen Zug."},
    "extra_turn_owed": {
        "en": "{p} will take an extra turn after this one.",
        "de": "{p} bekommt nach diesem Zug einen Extrazug.",
    },
    "lead_draw": {"en": "{p} draws instead of leading.", "de": "{p} zieht, statt eine Aktion anzuführen."},
    "follow_draw": {"en": "{p} draws instead of following.", "de": "{p} zieht, statt zu folgen."},
    "draw": {"en": "{p} draws {n} card(s).", "de": "{p} zieht {n} Karte(n)."},
    "lead": {"en": "{p} leads {a} with {cards}.", "de": "{p} führt {a} an, mit {cards}."},
    "follow": {"en": "{p} follows with {cards}.", "de": "{p} folgt mit {cards}."},
    "declare": {"en": "{p} declares {n} {a} action(s).", "de": "{p} sagt {n}× {a} an."},
    "cannot_act": {
        "en": "{p} has no legal way to carry out {n} {a} action(s); they are lost.",
        "de": "{p} kann {n}× {a} nicht regelgerecht ausführen; die Aktionen verfallen.",
    },
    "sell": {"en": "{p} sells {c} to the Supply Island.", "de": "{p} verkauft {c} an die Vorratsinsel."},
    "crew": {"en": "{p} takes {c} into the crew.", "de": "{p} nimmt {c} in die Crew."},
    "crew_full": {
        "en": "{p}'s crew is full: {c} is taken from the Supply Island and discarded.",
        "de": "Die Crew von {p} ist voll: {c} wird von der Vorratsinsel genommen und abgelegt.",
    },
    "contract": {
        "en": "{p} places {c} as a contract under {s} ({n} extra action(s) spent on levels).",
        "de": "{p} legt {c} als Auftrag an {s} ({n} zusätzliche Aktion(en) für Stufen).",
    },
    "load": {"en": "{p} loads {c} onto {s}.", "de": "{p} lädt {c} auf {s}."},
    "pirate": {
        "en": "{p} pirates {c} from {src} and {dest}.",
        "de": "{p} plündert {c} von {src} und {dest}.",
    },
    "solo": {"en": "{p} plays {c} and carries out {a} alone.", "de": "{p} spielt {c} und führt {a} allein aus."},
    "trade": {"en": "{p} trades {c} for {d}.", "de": "{p} tauscht {c} gegen {d}."},
    "fulfil": {
        "en": "{p} fulfils {cards} on {s} with {n} containers.",
        "de": "{p} erfüllt {cards} an {s} mit {n} Containern.",
    },
    "sail": {"en": "{s} sails to the Open Sea.", "de": "{s} fährt in die Offene See."},
    "ship_home": {"en": "{s} returns to its harbour ({why}).", "de": "{s} kehrt in den Hafen zurück ({why})."},
    "to_island": {"en": "{c} goes from the deck to the Supply Island.", "de": "{c} kommt vom Stapel auf die Vorratsinsel."},
    "reshuffle": {
        "en": "The deck ran out: the {n} discarded cards are shuffled into a new deck.",
        "de": "Der Stapel ist leer: die {n} abgelegten Karten werden zu einem neuen Stapel gemischt.",
    },
    "gain": {"en": "{p} takes {n} credits ({why}).", "de": "{p} erhält {n} Credits ({why})."},
    "pay": {"en": "{p} pays {n} credits to the bank ({why}).", "de": "{p} zahlt {n} Credits an die Bank ({why})."},
    "transfer": {"en": "{p} pays {n} credits to {q} ({why}).", "de": "{p} zahlt {q} {n} Credits ({why})."},
    "no_ship": {
        "en": "Import round {r}: no ship is at sea, so the round is lost.",
        "de": "Bietrunde {r}: kein Schiff ist auf See, die Runde entfällt.",
    },
    "import_round": {
        "en": "Import round {r}: bidding for {s}; bidders: {bidders}.",
        "de": "Bietrunde {r}: es wird auf {s} geboten; Bieter: {bidders}.",
    },
    "bid_in": {"en": "{p} has placed a sealed bid.", "de": "{p} hat verdeckt geboten."},
    "bids": {"en": "Bids revealed: {bids}.", "de": "Gebote aufgedeckt: {bids}."},
    "tie": {"en": "{p} breaks the tie in favour of {q}.", "de": "{p} entscheidet den Gleichstand für {q}."},
    "import_won": {"en": "{p} wins the cargo of {s} for {n} credits.", "de": "{p} gewinnt die Ladung von {s} für {n} Credits."},
    "take_crew": {"en": "{p} takes {c} into the crew.", "de": "{p} nimmt {c} in die Crew."},
    "take_goods": {"en": "{p} adds {c} to the goods.", "de": "{p} legt {c} zu den Gütern."},
    "take_discard": {
        "en": "{p} has no room for {c} and discards it.",
        "de": "{p} hat keinen Platz für {c} und legt die Karte ab.",
    },
    "drop": {"en": "{p} discards the unfulfilled contract {c} from {s}.", "de": "{p} legt den unerfüllten Auftrag {c} von {s} ab."},
    "ability": {"en": "{p}'s {c} takes effect.", "de": "Die Fähigkeit von {c} ({p}) tritt in Kraft."},
    "coin": {"en": "{p} flips a coin: {heads}.", "de": "{p} wirft eine Münze: {heads}."},
    "bought_contract": {
        "en": "{p} buys {c} from {q} and adds it to their fulfilled contracts.",
        "de": "{p} kauft {c} von {q} und legt die Karte zu den eigenen erfüllten Aufträgen.",
    },
    "discard_hand": {"en": "{p} discards {c} from the hand ({why}).", "de": "{p} legt {c} aus der Hand ab ({why})."},
    "trim": {"en": "{p} is over a limit and discards {c}.", "de": "{p} überschreitet ein Limit und legt {c} ab."},
    "end_triggered": {
        "en": "The game will end after this turn ({why}).",
        "de": "Das Spiel endet nach diesem Zug ({why}).",
    },
    "instant_win": {"en": "{p} wins the game at once through {c}!", "de": "{p} gewinnt durch {c} sofort das Spiel!"},
    "game_over": {"en": "Game over. Winner(s): {winners}.", "de": "Spielende. Sieger: {winners}."},
    # container tokens (modules "tokens1", "tokens2")
    "token_swap": {"en": "{c} is discarded; {d} takes its place.", "de": "{c} wird abgelegt; an ihrer Stelle liegt nun ein {d}."},
    "token_found": {
        "en": "{p} returns {c} to the supply and takes {d} from the discard pile instead.",
        "de": "{p} legt {c} in den Vorrat zurück und nimmt dafür {d} vom Ablagestapel.",
    },
    "token_none": {
        "en": "{p} returns {c} to the supply; the discard pile holds no {g} card, so nothing is taken.",
        "de": "{p} legt {c} in den Vorrat zurück; auf dem Ablagestapel liegt keine Karte vom Typ {g}, also gibt es nichts.",
    },
    "token_back": {"en": "{c} goes back to the supply.", "de": "{c} kommt zurück in den Vorrat."},
    "token_colour": {
        "en": "{p} places {d} for the grey card {c}.",
        "de": "{p} legt für die graue Karte {c} ein {d}.",
    },
}

WHY: dict[str, dict[str, str]] = {
    "sell": {"en": "sale to the Supply Island", "de": "Verkauf an die Vorratsinsel"},
    "payout": {"en": "payout", "de": "Auszahlung"},
    "bid": {"en": "winning bid", "de": "Siegergebot"},
    "compensation": {"en": "someone else imported from their ship", "de": "ein anderer hat von seinem Schiff importiert"},
    "credits": {"en": "a player has reached the credit goal", "de": "ein Spieler hat das Credit-Ziel erreicht"},
    "cards": {"en": "deck and discard pile are both empty", "de": "Nachzieh- und Ablagestapel sind leer"},
    "win": {"en": "an instant win", "de": "ein Sofortsieg"},
    "capital": {"en": "Capital cards may leave the hand at any time", "de": "Capital-Karten dürfen jederzeit abgelegt werden"},
    "j_load": {"en": "loading a two-contract J card", "de": "Laden einer J-Karte mit zwei Aufträgen"},
    "tokyo": {"en": "a contract from the Tokyo harbour", "de": "ein Auftrag aus dem Hafen von Tokio"},
    "empty": {"en": "it sailed with no containers", "de": "es fuhr ohne Container los"},
    "pirated": {"en": "its last container was pirated, no compensation", "de": "der letzte Container wurde geplündert, ohne Ausgleich"},
    "imported": {"en": "its last containers were imported", "de": "die letzten Container wurden importiert"},
}

WORDS: dict[str, dict[str, str]] = {
    "player": {"en": "Player {n}", "de": "Spieler {n}"},
    "ship": {"en": "{owner}'s ship {k}", "de": "Schiff {k} von {owner}"},
    "island": {"en": "the Supply Island", "de": "der Vorratsinsel"},
    "deck_top": {"en": "the top of the deck", "de": "dem Nachziehstapel"},
    "hand_of": {"en": "{owner}'s hand", "de": "der Hand von {owner}"},
    "to_goods": {"en": "puts it into the goods", "de": "legt ihn zu den Gütern"},
    "discards": {"en": "discards it", "de": "legt ihn ab"},
    "loads": {"en": "loads it onto {s}", "de": "lädt ihn auf {s}"},
    "basic": {"en": "basic rules", "de": "Grundregeln"},
    "with_abilities": {"en": "with card abilities", "de": "mit Kartenfähigkeiten"},
    "heads": {"en": "heads", "de": "Kopf"},
    "tails": {"en": "tails", "de": "Zahl"},
    "nobody": {"en": "nobody", "de": "niemand"},
    "and": {"en": " and ", "de": " und "},
}


KIND_WORDS: dict[str, dict[str, str]] = {
    "draw": {"en": "draw", "de": "nachziehen"},
    "play": {"en": "play a card", "de": "Karte spielen"},
    "wild": {"en": "two-card wild", "de": "Zwei-Karten-Joker"},
    "declare": {"en": "declare", "de": "ansagen"},
    "sell": {"en": "sell", "de": "verkaufen"},
    "crew": {"en": "hire crew", "de": "Crew anheuern"},
    "contract": {"en": "place a contract", "de": "Auftrag anlegen"},
    "load": {"en": "load", "de": "laden"},
    "pirate": {"en": "pirate", "de": "plündern"},
    "ship": {"en": "choose a ship", "de": "Schiff wählen"},
    "bid": {"en": "bid", "de": "bieten"},
    "winner": {"en": "break the tie", "de": "Gleichstand entscheiden"},
    "take": {"en": "take a card", "de": "Karte nehmen"},
    "drop": {"en": "discard a contract", "de": "Auftrag ablegen"},
    "yes": {"en": "yes", "de": "ja"},
    "no": {"en": "no", "de": "nein"},
    "choose": {"en": "choose an option", "de": "Option wählen"},
    "anytime": {"en": "use an anytime ability", "de": "Jederzeit-Fähigkeit nutzen"},
    "colour": {"en": "choose a token colour", "de": "Plättchenfarbe wählen"},
    "trade": {"en": "trade", "de": "tauschen"},
    "discard": {"en": "discard", "de": "ablegen"},
}
"""Kinds of choice in words (refusals list what is expected instead)."""


def word(key: str, lang: str, **args: Any) -> str:
    return WORDS[key][lang].format(**args)


def seat_name(seat: int, lang: str) -> str:
    return word("player", lang, n=seat + 1)


def ship_name(ship: int, lang: str, state: Any = None) -> str:
    """Seat k's two ships are ids 2k and 2k+1 ("ship 1", "ship 2").  Extra ships an ability adds
    come after all of those; with the game's ``state`` they are named after their owner, numbered on."""
    if state is not None and 2 * len(state.players) <= ship < len(state.ships):
        owner = state.ships[ship].owner
        k = 3 + sum(1 for x in state.ships[2 * len(state.players):ship] if x.owner == owner)
        return word("ship", lang, owner=seat_name(owner, lang), k=k)
    return word("ship", lang, owner=seat_name(ship // 2, lang), k=ship % 2 + 1)


def place_name(place: int, lang: str, state: Any = None) -> str:
    """Where a card is taken from: a ship (id), the Supply Island, the deck's top or a seat's hand
    (the places of :mod:`importexport.actions`)."""
    if place >= 0:
        return ship_name(place, lang, state)
    owner = hand_owner(place)
    if owner is not None:
        return word("hand_of", lang, owner=seat_name(owner, lang))
    return word("island" if place == ISLAND else "deck_top", lang)


TOKEN_WORDS = {
    "en": ("green", "yellow", "black", "blue", "red"),
    "de": ("grünes", "gelbes", "schwarzes", "blaues", "rotes"),
}


def card_name(card: int, lang: str = "en") -> str:
    """A card's name; a container token (modules "tokens1"/"tokens2") in words of ``lang``."""
    if card < CARDS.token_base or not 0 <= card < CARDS.table_size:
        return CARDS.names[card]
    colour, action = CARDS.token_kinds[card - CARDS.token_base]
    name = f"{TOKEN_WORDS[lang][colour]} {'Plättchen' if lang == 'de' else 'token'}"
    return f"{name} ({ACTION_NAME[lang][action]})" if action >= 0 else name


def action_name(action: int, lang: str) -> str:
    if action < 0:
        return "-"
    return ACTION_NAME[lang][action] if action < len(ACTION_NAME[lang]) else str(action)


COLOUR_WORDS = {
    "en": COLOURS,
    "de": ("grün", "gelb", "schwarz", "blau", "rot", "grau"),
}


def goods_name(colour: int, lang: str) -> str:
    return f"{GOODS_TYPE[lang][colour]} ({COLOUR_WORDS[lang][colour]})"


def _format(key: str, args: dict[str, Any], lang: str, state: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in args.items():
        if name in ("p", "q"):
            out[name] = seat_name(value, lang) if value >= 0 else word("nobody", lang)
        elif name in ("c", "d"):
            out[name] = card_name(value, lang)
        elif name == "cards":
            out[name] = word("and", lang).join(card_name(c, lang) for c in value)
        elif name == "s":
            out[name] = place_name(value, lang, state)
        elif name == "a":
            out[name] = action_name(value, lang)
        elif name == "g":
            out[name] = goods_name(value, lang)
        elif name == "why":
            out[name] = WHY[value][lang] if value in WHY else value
        elif name in ("bidders", "winners"):
            out[name] = ", ".join(seat_name(b, lang) for b in value) or word("nobody", lang)
        elif name == "bids":
            out[name] = ", ".join(f"{seat_name(int(k), lang)} {v}" for k, v in value.items())
        elif name == "goods":
            out[name] = goods_name(value, lang)
        elif name == "heads":
            out[name] = word("heads" if value else "tails", lang)
        elif name == "abilities":
            out["rules"] = word("with_abilities" if value else "basic", lang)
        elif name == "modules":
            out["mods"] = "".join(", " + m for m in value)
        elif name == "want":
            out[name] = EXPECTED[value][lang]
        elif name == "kind":
            out[name] = KIND_WORDS.get(value, {}).get(lang, value)
        elif name == "expected":  # kinds of choice, e.g. "draw, play, wild"
            out[name] = ", ".join(KIND_WORDS.get(k, {}).get(lang, k) for k in str(value).split(", ") if k)
        else:
            out[name] = value
    if key == "setup":
        out.setdefault("mods", "")
    if key == "pirate":
        out["src"] = out["s"]
        t = args["t"]
        out["dest"] = (
            word("loads", lang, s=ship_name(t, lang, state)) if t >= 0
            else word("to_goods" if t == -2 else "discards", lang)  # -2: into the goods (an ability)
        )
    return out


def render_event(event: tuple[int, str, dict[str, Any]], lang: str = "en", state: Any = None) -> str:
    """One log line; with the game's ``state``, extra ships an ability added get their own names."""
    _turn, key, args = event
    return EVENTS[key][lang].format(**_format(key, args, lang, state))


EXPECTED = {
    "whole": {"en": "a whole number", "de": "eine ganze Zahl"},
    "kind": {"en": "one of the kinds of choice (draw, play, wild, declare, ...)",
             "de": "eine der Arten von Entscheidungen (draw, play, wild, declare, ...)"},
    "cards": {"en": "a tuple of card numbers", "de": "ein Tupel von Kartennummern"},
    "places": {"en": "a tuple of places (ship numbers or named places)",
               "de": "ein Tupel von Orten (Schiffsnummern oder benannte Orte)"},
    "colour": {"en": "None or a colour number", "de": "None oder eine Farbnummer"},
}
"""What a field of a malformed choice should have been (``bad_field``)."""


def message(key: str, lang: str = "en", state: Any = None, **args: Any) -> str:
    """A refusal's text (see ``explain.REASONS``)."""
    from .explain import REASONS

    return REASONS[key][lang].format(**_format(key, args, lang, state))


SCORE_LINES: dict[str, dict[str, str]] = {
    "credits": {"en": "credits", "de": "Credits"},
    "containers": {"en": "containers on unfulfilled contracts", "de": "Container auf unerfüllten Aufträgen"},
    "goods": {"en": "goods", "de": "Güter"},
    "all_types": {"en": "all five goods types", "de": "alle fünf Güterarten"},
    "most": {"en": "majority in {t}", "de": "Mehrheit bei {t}"},
    "ability": {"en": "ability of {c}", "de": "Fähigkeit von {c}"},
}


def score_line_name(key: str, lang: str) -> str:
    """The words for a line of ``Game.scores()`` (``most_green``, ``ability:NAME``, ...)."""
    if key.startswith("most_"):
        return SCORE_LINES["most"][lang].format(t=GOODS_TYPE[lang][COLOURS.index(key[5:])])
    if key.startswith("ability:"):
        return SCORE_LINES["ability"][lang].format(c=key[8:])
    return SCORE_LINES[key][lang] if key in SCORE_LINES else key
