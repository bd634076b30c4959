"""One device's process at a room (``tests/test_rooms_store.py`` starts two, as two app servers would):
it holds one seat, makes that seat's moves as they come, and waits for the others' through the
store's change notification.  Prints JSON: the moves it made and, for each move of another seat, how
long after it was stored this process saw it.

    python tests/rooms_player.py URL CODE TOKEN MOVES SEED [WAIT]

WAIT is how long one wait for a change may last, in seconds (5 by default): a move seen well before a
wait could run out was seen through the notification.
"""

from __future__ import annotations

import json
import random
import sys
import time

from importexport.rooms import MovedOn, RoomService


def play(url: str, code: str, token: str, moves: int, seed: int, wait: float = 5.0) -> dict[str, object]:
    service = RoomService(url)
    seat = service.seat_of(code, token)
    pick = random.Random(seed)
    seen, version, made, lags = 0, -1, [], []
    while True:
        changes = service.changes_since(code, seen)
        now = time.time()
        for m in changes.moves:
            if m.seat != seat:
                lags.append([m.number, now - m.time])
        seen += len(changes.moves)
        version = changes.room.version
        if changes.room.state != "playing" or seen >= moves:
            break
        g = service.position(code)
        if len(g.history) == seen and seat in g.deciders():
            try:
                made.append(service.move(code, token, pick.choice(g.legal_actions(seat)), at=seen) - 1)
            except MovedOn:
                pass
            continue
        version = service.wait(code, version, timeout=wait)
    service.store.close()
    return {"seat": seat, "made": made, "lags": lags, "seen": seen}


if __name__ == "__main__":
    url, code, token, moves, seed = sys.argv[1:6]
    wait = float(sys.argv[6]) if len(sys.argv) > 6 else 5.0
    print(json.dumps(play(url, code, token, int(moves), int(seed), wait)))
