"""Build any position from a short description (a dict or YAML text).

Chapters and tests set up the rulebook's examples with it.  The format is documented in
``docs/scenarios.md``; in short::

    players: 3
    active: 0
    harbours: [yellow, blue, green]
    seats:
      - credits: 12
        hand: [ALMONDS, WHEAT]
        goods: [RICE]
        ships:
          - contracts: [HAWAIIAN SALT]
            containers: [COFFEE]
          - at_sea: true
            containers: [SOAP, PENS]
    island: [CUPS]
    deck: [ONIONS]          # top first; the other unused cards are shuffled in below
    turn:                   # optional: start in the middle of a turn
      led: import
      declared: [2, 1, 3]   # per seat, -1 for none

Every card may appear once; a card is named (any letter case) or given by id; a container may
say the colour it counts as with ``NAME@colour``.  With the container-token variants (modules
"tokens1", "tokens2"), containers are tokens, written ``token:<colour>``; with "tokens2" so are
crew and goods (a crew token may name the action it keeps: ``token:<colour>:<action>``).
"""

from __future__ import annotations

from typing import Any

import yaml

from .cards import CARDS, CardError
from .constants import ACTIONS, BASE_COLOURS, COLOURS, MAX_PLAYERS, MIN_PLAYERS, START_CREDITS, TOKEN_PREFIX
from .engine import Game
from .errors import ScenarioError
from .rng import Rng
from .setup import check_modules, deck_sets
from .state import Player, Ship, State

SEAT_KEYS = {"credits", "hand", "crew", "goods", "fulfilled", "ships", "harbour"}
SHIP_KEYS = {"at_sea", "contracts", "containers"}
TOP_KEYS = {"players", "abilities", "seed", "active", "harbours", "seats", "island", "deck", "discard",
            "fill_deck", "turn", "lang", "modules", "market", "deal"}
DEAL_KEYS = {"deal", "players", "seed", "abilities", "modules", "lang"}


def load_scenario(spec: dict[str, Any] | str, lang: str | None = None) -> Game:
    """A game at the position ``spec`` describes (a dict, or YAML text)."""
    if isinstance(spec, str):
        try:
            spec = yaml.safe_load(spec)
        except yaml.YAMLError as exc:
            raise ScenarioError(f"the scenario is not valid YAML: {exc}") from None
    if not isinstance(spec, dict):
        raise ScenarioError("a scenario is a mapping (players, seats, island, deck, ...)")
    unknown = set(spec) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario key(s): {', '.join(sorted(unknown))}")
    if spec.get("deal"):
        return _deal(spec, lang or spec.get("lang", "en"))
    return _Builder(spec).build(lang or spec.get("lang", "en"))


def _deal(spec: dict[str, Any], lang: str) -> Game:
    """``deal: true``: the table exactly as a new game deals it (players, seed, abilities, modules)."""
    extra = set(spec) - DEAL_KEYS
    if extra:
        raise ScenarioError(f"with 'deal: true' the table is dealt, so {', '.join(sorted(extra))} cannot be given")
    n = spec.get("players", 4)
    if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ScenarioError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {n!r}")
    try:
        return Game(players=n, seed=int(spec.get("seed", 0)), abilities=bool(spec.get("abilities", False)),
                    modules=list(spec.get("modules", [])), lang=lang)
    except ValueError as exc:
        raise ScenarioError(f"deal: {exc}") from None


class _Builder:
    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.used: dict[int, str] = {}
        self.modules: list[str] = []
        self.tokens: set[int] = set()

    def token(self, ref: Any, where: str, area: str) -> int:
        """A container token ``token:<colour>`` (crew: ``token:<colour>:<action>``) of a free id."""
        need = "tokens1" if area == "containers" else "tokens2"
        if need not in self.modules:
            raise ScenarioError(f"{where}: {ref!r}: tokens in {area} need the module {need!r}")
        parts = ref[len(TOKEN_PREFIX):].lower().split(":")
        colour, action = parts[0], parts[1] if len(parts) > 1 else None
        if colour not in COLOURS[:5] or len(parts) > 2:
            raise ScenarioError(f"{where}: {ref!r}: write token:<colour> with one of green, yellow, black, blue, red")
        if action is not None and (area != "crew" or action not in ACTIONS):
            what = "one of " + ", ".join(ACTIONS) if area == "crew" else "no action (only crew tokens keep one)"
            raise ScenarioError(f"{where}: {ref!r}: a token in {area} takes {what}")
        kind = CARDS.token_copies(COLOURS.index(colour), ACTIONS.index(action) if action else -1)
        token = next(t for t in kind if t not in self.tokens)
        self.tokens.add(token)
        return token

    def items(self, refs: Any, where: str, area: str) -> list[int]:
        """Crew or goods: cards, or with "tokens2" tokens (and only tokens)."""
        if refs is None:
            return []
        if not isinstance(refs, list):
            raise ScenarioError(f"{where}: expected a list of cards")
        out = []
        for ref in refs:
            if isinstance(ref, str) and ref.lower().startswith(TOKEN_PREFIX):
                out.append(self.token(ref, where, area))
            elif "tokens2" in self.modules:
                raise ScenarioError(f"{where}: with the module 'tokens2' the {area} are tokens: write token:<colour>")
            else:
                out.append(self.card(ref, where))
        return out

    def card(self, ref: Any, where: str) -> int:
        if isinstance(ref, int) and not isinstance(ref, bool):
            if not 0 <= ref < len(CARDS):
                raise ScenarioError(f"{where}: there is no card with id {ref}")
            card = ref
        elif isinstance(ref, str):
            try:
                card = CARDS.by_name(ref).id
            except CardError as exc:
                raise ScenarioError(f"{where}: {exc}") from None
        else:
            raise ScenarioError(f"{where}: {ref!r} is not a card name")
        if card in self.used:
            raise ScenarioError(f"{where}: {CARDS.names[card]} is already used in {self.used[card]}")
        self.used[card] = where
        return card

    def cards(self, refs: Any, where: str) -> list[int]:
        if refs is None:
            return []
        if not isinstance(refs, list):
            raise ScenarioError(f"{where}: expected a list of cards")
        return [self.card(r, where) for r in refs]

    def build(self, lang: str) -> Game:
        spec = self.spec
        seats = spec.get("seats") or []
        n = spec.get("players", len(seats) or 4)
        if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ScenarioError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {n!r}")
        if len(seats) > n:
            raise ScenarioError(f"{len(seats)} seats described for a {n}-player game")
        harbours = spec.get("harbours") or [COLOURS[c] for c in BASE_COLOURS][:n] + ["grey"] * (n == MAX_PLAYERS)
        if len(harbours) != n or len(set(harbours)) != n or any(h not in COLOURS for h in harbours):
            raise ScenarioError(f"harbours: give {n} different colours out of {', '.join(COLOURS)}")
        s = State()
        s.abilities = bool(spec.get("abilities", False))
        try:
            s.modules = check_modules(spec.get("modules", []))
        except ValueError as exc:
            raise ScenarioError(str(exc)) from None
        if "market" in s.modules:
            market = spec.get("market", [0] * 5)
            if not isinstance(market, list) or len(market) != 5 or any(m not in range(-2, 3) for m in market):
                raise ScenarioError("market: give five markers (green, yellow, black, blue, red), each -2 to 2")
            s.market = list(market)
        seed = spec.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ScenarioError(f"seed must be a whole number of at least 0, not {seed!r}")
        s.rng = seed
        self.modules = s.modules
        for seat in range(n):
            desc = seats[seat] if seat < len(seats) else {}
            self.seat(s, seat, COLOURS.index(harbours[seat]), desc or {})
        s.island = self.cards(spec.get("island"), "island")
        s.discard = self.cards(spec.get("discard"), "discard")
        deck_top = self.cards(spec.get("deck"), "deck")
        rest: list[int] = []
        if spec.get("fill_deck", True):
            rest = [c for c in CARDS.ids_in_sets(deck_sets(s.modules)) if c not in self.used]
            rng = Rng(seed)
            rng.shuffle(rest)
            s.rng = rng.state
        s.deck = rest + list(reversed(deck_top))  # the last card is the top
        active = spec.get("active", 0)
        if not isinstance(active, int) or not 0 <= active < n:
            raise ScenarioError(f"active must be a seat from 0 to {n - 1}, not {active!r}")
        s.active = active
        s.decl, s.sold, s.acts = [-1] * n, [False] * n, [-1] * n
        self.turn(s, spec.get("turn"))
        g = Game.from_state(s, lang=lang, seed=seed, log=[(s.turn, "scenario", {"n": n, "p": active})])
        return g

    def seat(self, s: State, seat: int, harbour: int, desc: dict[str, Any]) -> None:
        where = f"seat {seat}"
        unknown = set(desc) - SEAT_KEYS
        if unknown:
            raise ScenarioError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        if "harbour" in desc:
            raise ScenarioError(f"{where}: give harbour colours in the top-level 'harbours' list")
        credits = desc.get("credits", START_CREDITS)
        if not isinstance(credits, int) or credits < 0:
            raise ScenarioError(f"{where}: credits must be a whole number of at least 0")
        p = Player(seat, harbour, credits)
        p.hand = self.cards(desc.get("hand"), f"{where} hand")
        p.crew = self.items(desc.get("crew"), f"{where} crew", "crew")
        p.goods = self.items(desc.get("goods"), f"{where} goods", "goods")
        p.fulfilled = self.cards(desc.get("fulfilled"), f"{where} fulfilled")
        ships = desc.get("ships") or [{}, {}]
        if len(ships) > 2:
            raise ScenarioError(f"{where}: a player has two ships")
        ships = list(ships) + [{}] * (2 - len(ships))
        for k, ship_desc in enumerate(ships):
            ship = self.ship(2 * seat + k, seat, ship_desc or {}, f"{where} ship {k}")
            s.ships.append(ship)
            p.ships.append(ship.id)
        s.players.append(p)

    def ship(self, sid: int, owner: int, desc: dict[str, Any], where: str) -> Ship:
        unknown = set(desc) - SHIP_KEYS
        if unknown:
            raise ScenarioError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        ship = Ship(sid, owner, bool(desc.get("at_sea", False)))
        for ref in desc.get("contracts") or []:
            side = 0
            if isinstance(ref, str) and ref.endswith(("/1", "/2")):
                ref, side = ref[:-2], int(ref[-1]) - 1
            ship.contracts.append(self.card(ref, where))
            ship.sides.append(side)
        if ship.at_sea and ship.contracts:
            raise ScenarioError(f"{where}: a ship at sea carries no contracts")
        for ref in desc.get("containers") or []:
            if isinstance(ref, str) and ref.lower().startswith(TOKEN_PREFIX):
                token = self.token(ref, where, "containers")
                ship.containers.append(token)
                ship.colours.append(CARDS.goods[token])
                continue
            if "tokens1" in self.modules:
                raise ScenarioError(f"{where}: with the token variants the containers are tokens: write token:<colour>")
            colour = None
            if isinstance(ref, str) and "@" in ref:
                ref, colour_name = ref.split("@", 1)
                if colour_name not in COLOURS:
                    raise ScenarioError(f"{where}: unknown colour {colour_name!r}")
                colour = COLOURS.index(colour_name)
            card = self.card(ref, where)
            ship.containers.append(card)
            ship.colours.append(CARDS.goods[card] if colour is None else colour)
        return ship

    def turn(self, s: State, turn: Any) -> None:
        if not turn:
            s.stack = [{"k": "lead", "p": s.active}]
            return
        bad = ScenarioError("turn: give 'led' (an action name) and 'declared' (one whole number per seat, -1 for none)")
        if not isinstance(turn, dict):
            raise bad
        led = turn.get("led")
        declared = turn.get("declared")
        if led not in ACTIONS or not isinstance(declared, list) or len(declared) != s.n:
            raise bad
        if any(not isinstance(x, int) or isinstance(x, bool) or x < -1 for x in declared):
            raise bad
        s.led = ACTIONS.index(led)
        s.decl = list(declared)
        s.stack = [{"k": "end_turn"}, {"k": "execute"}]
