"""Tournaments between bots: many seeded games, seats rotated, win rates with confidence intervals.

    importexport simulate --games 200 --players 4 --bots heuristic,random,random,random
                          [--seed 0] [--abilities] [--modules capital,market] [--plot out.svg] [--jobs 2]
    importexport simulate --game portroyal [--mode competitive|base|cooperative|solo]
                          [--contracts ID,ID,...] [--players 4] [--bots ...] [...]

The option flags are made from the chosen game's option schema (``GameKind.schema``), ``--game`` being
read first: one flag per option (``--abilities``, ``--modules``; ``--mode``, ``--contracts``; a
plugged-in game's own).  A bad argument (a player count the game or mode does not allow, an unknown game, mode,
bot, module or contract, an option of another game, an output file that cannot be written, ...) is
refused with one line on stderr and exit status 2 before any game is played; the ranges are in docs/cli.md.

Games come in blocks of ``players`` games that share one deal (one game seed); within a block the
bots move round the table one seat per game, so every bot plays every seat of every deal equally
often (when ``--games`` is a multiple of ``--players``).  A win shared by ``k`` tied players counts
``1/k`` for each.  Per bot (all seats it holds together) the table shows the games, the wins, the
win rate with its 95% Wilson interval, the mean final score and the mean and median time per move
(``median choice``: moves with more than one legal option only).

In team play (Port Royal's cooperative and solo modes) the seats win or lose together: per bot the
table counts each game once and shows the share of games the team won (Wilson interval) and the
team's mean rank index (0: lost, 1 and up: the ranks from the lowest; normal 95% interval).
The bots and the games come through :data:`~importexport.protocol.GAMES`, so any game there plays.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from .bots import BOTS, make_bot
from .errors import BadArgumentError
from .protocol import DEFAULT_GAME, GAMES, GameKind, OptionError, OptionSpec, check_options

Z95 = 1.959963984540054
DEFAULT_PLAYERS = 4
"""The players of a tournament without ``--players`` (the nearest count the game's options allow)."""


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``wins / n`` (wins may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class SeatResult:
    """One seat of one game: which bot, its final score, its share of the win, its move times; in team
    play ``rank``, the team's rank index (0: lost)."""

    bot: str
    score: int
    win: float
    times: list[float]
    choice_times: list[float]
    rank: int | None = None


@dataclass
class BotStats:
    """Everything one bot did over a tournament, all its seats together."""

    name: str
    seats: int = 0
    games: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    choice_times: list[float] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)

    @property
    def team(self) -> bool:
        return bool(self.ranks)

    @property
    def mean_rank(self) -> float:
        return statistics.fmean(self.ranks) if self.ranks else 0.0

    @property
    def rank_interval(self) -> tuple[float, float]:
        """A normal 95% interval of the mean rank index."""
        if len(self.ranks) < 2:
            return (self.mean_rank, self.mean_rank)
        half = Z95 * statistics.stdev(self.ranks) / math.sqrt(len(self.ranks))
        return (max(0.0, self.mean_rank - half), self.mean_rank + half)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def mean_time(self) -> float:
        return statistics.fmean(self.times) if self.times else 0.0

    @property
    def median_time(self) -> float:
        return statistics.median(self.times) if self.times else 0.0

    @property
    def median_choice_time(self) -> float:
        return statistics.median(self.choice_times) if self.choice_times else 0.0


@dataclass(frozen=True)
class Spec:
    """One game to play: the deal (game seed), the bots by seat, the rules (``abilities`` and
    ``modules`` for Import/Export; ``options`` for another game, e.g. ``(("mode", "solo"),)``)."""

    index: int
    game_seed: int
    bots: tuple[str, ...]
    abilities: bool
    modules: tuple[str, ...]
    game: str = DEFAULT_GAME
    options: tuple[tuple[str, object], ...] = ()

    def new_game(self) -> object:
        cards = {"abilities": self.abilities, "modules": list(self.modules)} if self.abilities or self.modules else {}
        return GAMES[self.game].new(players=len(self.bots), seed=self.game_seed, **cards, **dict(self.options))


def schedule(games: int, bots: Sequence[str], seed: int, abilities: bool, modules: Sequence[str],
             game: str = DEFAULT_GAME, options: Sequence[tuple[str, object]] = ()) -> list[Spec]:
    """Game ``i`` deals with seed ``seed + i // P`` and seats bot ``(s + i) % P`` at seat ``s``."""
    n = len(bots)
    out = []
    for i in range(games):
        shift = i % n
        order = tuple(bots[(s + shift) % n] for s in range(n))
        out.append(Spec(i, seed + i // n, order, abilities, tuple(modules), game, tuple(options)))
    return out


def play_game(spec: Spec) -> list[SeatResult]:
    """Play one game of ``spec``; the results per seat."""
    kind = GAMES[spec.game]
    g: Any = spec.new_game()
    players = [make_bot(name, seed=spec.game_seed * 101 + 7 * seat + spec.index, game=spec.game)
               for seat, name in enumerate(spec.bots)]
    times: list[list[float]] = [[] for _ in spec.bots]
    choice_times: list[list[float]] = [[] for _ in spec.bots]
    steps = 0
    while not g.is_over():
        seat = g.deciders()[0]
        several = len(g.legal_actions(seat)) > 1
        t0 = time.perf_counter()
        action = players[seat].choose(g, seat)
        dt = time.perf_counter() - t0
        times[seat].append(dt)
        if several:
            choice_times[seat].append(dt)
        g.apply(action)
        steps += 1
        if steps > 100_000:
            raise RuntimeError(f"game {spec.index} did not end")
    assert kind.outcome is not None
    rows = kind.outcome(g)
    if any(r.get("team") for r in rows):
        return [SeatResult(name, rows[seat]["score"], 1.0 if rows[seat]["won"] else 0.0, times[seat],
                           choice_times[seat], rows[seat]["rank"]) for seat, name in enumerate(spec.bots)]
    winners = [seat for seat, r in enumerate(rows) if r["won"]]
    return [
        SeatResult(name, rows[seat]["score"], (1 / len(winners)) if seat in winners else 0.0, times[seat],
                   choice_times[seat])
        for seat, name in enumerate(spec.bots)
    ]


def tally(results: Iterable[list[SeatResult]], names: Sequence[str]) -> dict[str, BotStats]:
    """Sum the seat results per bot name (in the order the names were first given).  In team play a
    bot's seats in one game count as one game (they win or lose together) with the team's points."""
    stats: dict[str, BotStats] = {}
    for name in names:
        if name not in stats:
            stats[name] = BotStats(name, seats=sum(1 for x in names if x == name))
    for game in results:
        team = any(r.rank is not None for r in game)
        counted: set[str] = set()
        for r in game:
            b = stats[r.bot]
            b.times.extend(r.times)
            b.choice_times.extend(r.choice_times)
            if team and r.bot in counted:
                continue
            counted.add(r.bot)
            b.games += 1
            b.wins += r.win
            b.scores.append(sum(x.score for x in game) if team else r.score)
            if r.rank is not None:
                b.ranks.append(r.rank)
    return stats


class Progress:
    """A plain-text progress bar on a stream (stderr), redrawn in place."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total, self.width = total, width
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self.done = 0

    def step(self) -> None:
        self.done += 1
        frac = self.done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        elapsed = time.perf_counter() - self.start
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} games  {elapsed:6.1f} s  (eta {eta:5.0f} s)")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def _ignore_ctrl_c() -> None:
    """In a worker process: Ctrl+C is the parent's to handle (it stops the pool), not a traceback per worker."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(
    games: int, bots: Sequence[str], seed: int = 0, abilities: bool = False, modules: Sequence[str] = (),
    jobs: int = 1, progress: Callable[[], None] | None = None, game: str = DEFAULT_GAME,
    options: Sequence[tuple[str, object]] = (),
) -> dict[str, BotStats]:
    """Play the tournament (in ``jobs`` processes) and return the statistics per bot.  ``game`` is an id
    of :data:`~importexport.protocol.GAMES`; ``options`` its ``new`` options (Port Royal's ``mode``,
    ``contracts``)."""
    for name in bots:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")
    specs = schedule(games, bots, seed, abilities, modules, game, options)
    results: list[list[SeatResult]] = []
    if jobs > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn").Pool(
            jobs, initializer=_ignore_ctrl_c,
        ) as pool:
            for r in pool.imap_unordered(play_game, specs):
                results.append(r)
                if progress:
                    progress()
    else:
        for spec in specs:
            results.append(play_game(spec))
            if progress:
                progress()
    return tally(results, bots)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def report(stats: dict[str, BotStats]) -> str:
    """The results table (plain text); in team play with the team's won share and mean rank index."""
    team = any(b.team for b in stats.values())
    if team:
        head: tuple[str, ...] = ("bot", "seats", "games", "team won", "won share", "95% CI", "mean rank",
                                 "95% CI", "team points", "mean move", "median move", "median choice")
    else:
        head = ("bot", "seats", "games", "wins", "win rate", "95% CI", "mean score", "mean move", "median move",
                "median choice")
    rows = [head]
    for b in stats.values():
        lo, hi = b.interval
        first = (b.name, str(b.seats), str(b.games), f"{b.wins:g}" if b.wins == int(b.wins) else f"{b.wins:.2f}",
                 f"{100 * b.rate:.1f}%", f"[{100 * lo:.1f}%, {100 * hi:.1f}%]")
        if team:
            rlo, rhi = b.rank_interval
            first += (f"{b.mean_rank:.2f}", f"[{rlo:.2f}, {rhi:.2f}]")
        rows.append((*first, f"{b.mean_score:.1f}", _ms(b.mean_time), _ms(b.median_time), _ms(b.median_choice_time)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(r, widths)))
             for r in rows]
    return "\n".join(lines)


def svg_chart(stats: dict[str, BotStats], title: str = "", fair: float | None = None) -> str:
    """A bar chart of the win rates with 95% whiskers, as an SVG document (written by hand)."""
    bots = list(stats.values())
    bar_w, gap, left, top, height = 70, 40, 60, 40, 260
    width = left + len(bots) * (bar_w + gap) + gap
    total_h = top + height + 60

    def y(rate: float) -> float:
        return top + height * (1 - rate)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_h}" '
        f'viewBox="0 0 {width} {total_h}" font-family="sans-serif" font-size="12">',
        f'<rect x="0" y="0" width="{width}" height="{total_h}" fill="white"/>',
        f'<text x="{width / 2:.0f}" y="20" text-anchor="middle" font-size="14">{_esc(title)}</text>',
    ]
    for k in range(0, 11, 2):
        rate = k / 10
        out.append(f'<line x1="{left}" y1="{y(rate):.1f}" x2="{width - 10}" y2="{y(rate):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y(rate) + 4:.1f}" text-anchor="end">{k * 10}%</text>')
    if fair is not None:
        out.append(f'<line x1="{left}" y1="{y(fair):.1f}" x2="{width - 10}" y2="{y(fair):.1f}" '
                   f'stroke="#c33" stroke-dasharray="4 3"/>')
    for i, b in enumerate(bots):
        x = left + gap + i * (bar_w + gap)
        lo, hi = b.interval
        out.append(f'<rect x="{x}" y="{y(b.rate):.1f}" width="{bar_w}" height="{height * b.rate:.1f}" fill="#4a7ab7">'
                   f'<title>{_esc(b.name)}: {100 * b.rate:.1f}%</title></rect>')
        cx = x + bar_w / 2
        out.append(f'<line x1="{cx}" y1="{y(hi):.1f}" x2="{cx}" y2="{y(lo):.1f}" stroke="black" stroke-width="1.5"/>')
        for edge in (lo, hi):
            out.append(f'<line x1="{cx - 10}" y1="{y(edge):.1f}" x2="{cx + 10}" y2="{y(edge):.1f}" stroke="black"/>')
        out.append(f'<text x="{cx}" y="{top + height + 18}" text-anchor="middle">{_esc(b.name)}</text>')
        out.append(f'<text x="{cx}" y="{top + height + 34}" text-anchor="middle" fill="#555">'
                   f'{100 * b.rate:.1f}% of {b.games}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def bot_names(text: str | None, players: int, team: bool = False) -> list[str]:
    """The bots of ``--bots``: one known name per seat, or one name for every seat (``ValueError`` if not).
    Without ``--bots``: a heuristic bot and random bots (a team of heuristic bots in team play)."""
    if text is None:
        return ["heuristic"] * players if team else ["heuristic"] + ["random"] * (players - 1)
    bots = [b.strip() for b in text.split(",") if b.strip()]
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0][:40]!r}; known bots: {', '.join(BOTS)}")
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise ValueError(f"names {len(bots)} bots for {players} players: give one name per seat, "
                         f"or one name for every seat")
    return bots


def check_writable(path: str) -> None:
    """Refuse (``ValueError``) an output path that cannot be written, before any work is done.

    The file is opened for appending, which changes nothing in an existing file; one that did not
    exist is removed again.
    """
    target = Path(path)
    if not path or target.is_dir():
        raise ValueError(f"{path!r} is a directory, not a file" if path else "the path is empty")
    existed = target.exists()
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
    if not existed:
        target.unlink(missing_ok=True)


def _option_flags(ap: Any, kind: GameKind) -> dict[str, OptionSpec]:
    """One flag per option of the game's schema (``players`` aside), each ``None`` unless given."""
    flags: dict[str, OptionSpec] = {}
    for spec in kind.schema:
        if spec.name == "players":
            continue
        flags[spec.name] = spec
        helped = f"{kind.name}: {spec.help or spec.word}"
        flag = f"--{spec.name}"
        if spec.kind == "bool":
            ap.add_argument(flag, action="store_const", const=True, default=None, help=helped)
        elif spec.kind == "multi":
            ap.add_argument(flag, nargs="*", default=None, help=helped)
        else:
            ap.add_argument(flag, default=None, help=helped)
    return flags


def _chosen_game(argv: Sequence[str] | None) -> str:
    """The ``--game`` of the command line (the default for none, or one no game has: the parser then
    refuses it), read first: the option flags are that game's."""
    import argparse

    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default=DEFAULT_GAME)
    known, _rest = pre.parse_known_args(argv)
    return known.game if known.game in GAMES.ids() else DEFAULT_GAME


def _refuse_unknown(ap: Any, kind: GameKind, rest: list[str]) -> None:
    """Arguments the chosen game's parser does not know: an option of another game is named as such
    (only now are the other games loaded), anything else as argparse would."""
    name = next((r[2:].split("=", 1)[0] for r in rest if r.startswith("--")), "")
    owners = [GAMES[g].name for g in GAMES.ids() if g != kind.id and name and GAMES[g].option(name) is not None]
    if owners:
        ap.error(f"argument --{name}: {', '.join(owners)} only (not {kind.name})")
    ap.error(f"unrecognized arguments: {' '.join(rest)}")


def _given(ap: Any, spec: OptionSpec, raw: Any, chosen: dict[str, Any]) -> Any:
    """A flag's text as the option's value (``ap.error`` for one that is not)."""
    if spec.kind == "bool":
        return True
    if spec.kind == "int":
        try:
            return int(raw)
        except ValueError:
            ap.error(f"argument --{spec.name}: {str(raw)[:40]!r} is not a whole number")
    if spec.kind == "choice":
        return raw
    names = list(dict.fromkeys(v.strip() for part in raw for v in part.split(",") if v.strip()))
    every = (*spec.allowed(chosen), *spec.unlisted)
    if "all" in names:
        return every
    if names and not every:
        ap.error(f"argument --{spec.name}: the game has no {spec.word}s with these options")
    unknown = [v for v in names if v not in every]
    if unknown:
        ap.error(f"argument --{spec.name}: unknown {spec.word} {unknown[0][:40]!r}: choose from {', '.join(every)} or all")
    return tuple(names)


def rules_text(kind: GameKind, options: dict[str, Any]) -> str:
    """The options of a tournament in one line: ``abilities on, modules capital`` / ``mode solo, contracts drawn``."""
    parts = []
    for spec in kind.schema:
        if spec.name == "players":
            continue
        value = options.get(spec.name, spec.default)
        if spec.kind == "bool":
            parts.append(f"{spec.name} {'on' if value else 'off'}")
        elif spec.kind == "multi":
            parts.append(f"{spec.name} {','.join(map(str, value)) if value else 'drawn' if value is None else 'none'}")
        else:
            parts.append(f"{spec.name} {value}")
    return ", ".join(parts)


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    from .cli import Parser, game_count, int_in, job_count, seed_number

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    kind = GAMES[_chosen_game(argv)]
    ap = Parser(prog="importexport simulate", description="bot tournaments")
    ap.add_argument("--game", choices=GAMES.ids(), default=DEFAULT_GAME,
                    help=f"the game (default {DEFAULT_GAME}); the option flags below are its own (see --game ID --help)")
    ap.add_argument("--games", type=game_count, default=100, help="1 to 1000000 (default 100)")
    ap.add_argument("--players", type=int_in(-(2**63), 2**63, shown="a player count"), default=None,
                    help=f"{kind.name}: {kind.players[0]} to {kind.players[1]}, as its options allow "
                         f"(default {DEFAULT_PLAYERS}, or the nearest it allows)")
    ap.add_argument("--bots", default=None,
                    help=f"one bot name per seat, comma-separated, or one for every seat ({', '.join(BOTS)}; "
                         f"default heuristic,random,... or, in team play, heuristic for every seat)")
    ap.add_argument("--seed", type=seed_number, default=0, help="0 to 2**64-1 (default 0)")
    flags = _option_flags(ap, kind)
    ap.add_argument("--plot", default=None, help="write an SVG bar chart of the win rates to this file")
    ap.add_argument("--jobs", type=job_count, default=1, help="worker processes, 1 to 64 (default 1)")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    args, rest = ap.parse_known_args(argv)
    if rest:
        _refuse_unknown(ap, kind, rest)
    given = {name: getattr(args, name) for name in flags if getattr(args, name) is not None}
    chosen: dict[str, Any] = {spec.name: spec.default for spec in kind.schema}
    for spec in kind.schema:  # (in the schema's order: an option's allowed values follow those before it)
        if spec.name in given:
            chosen[spec.name] = _given(ap, spec, given[spec.name], chosen)
    options = {name: value for name, value in chosen.items() if name != "players"}
    try:
        check_options(kind.schema, options)
    except OptionError as exc:
        ap.error(f"argument --{exc.option}: {str(exc).removeprefix(exc.option + ': ')}")
    lo, hi = kind.player_range(options)
    players = min(max(DEFAULT_PLAYERS, lo), hi) if args.players is None else args.players
    try:
        kind.new(players=players, seed=0, **options)
    except BadArgumentError as exc:
        ap.error(f"argument --{'players' if exc.rule.startswith('players') else exc.rule}: {exc}")
    except ValueError as exc:
        ap.error(f"argument --{next(reversed(given), 'players')}: {exc}")
    rules = rules_text(kind, options)
    options_list = sorted(options.items())
    team = any(seat.get("team") for seat in kind.outcome(kind.new(players=players, seed=0, **options))) \
        if kind.outcome else False
    try:
        bots = bot_names(args.bots, players, team)
    except ValueError as exc:
        ap.error(f"argument --bots: {exc}")
    if args.plot is not None:
        try:
            check_writable(args.plot)
        except ValueError as exc:
            ap.error(f"argument --plot: {exc}")
    bar = None if args.quiet else Progress(args.games, err)
    try:
        stats = run(args.games, bots, args.seed, False, (), args.jobs, bar.step if bar else None, args.game,
                    options_list)
    except ValueError as exc:
        ap.error(str(exc))
    game_words = "" if args.game == DEFAULT_GAME else f"{kind.name}, "
    out.write(f"{args.games} games, {players} players, bots {','.join(bots)}, seed {args.seed}, {game_words}{rules}\n")
    out.write(report(stats) + "\n")
    if args.plot:
        what = "Team won share" if team else "Win rates"
        title = f"{what}: {game_words}{','.join(bots)} ({args.games} games)"
        try:
            with open(args.plot, "w", encoding="utf-8") as fh:
                fh.write(svg_chart(stats, title, fair=None if team else 1 / players))
        except OSError as exc:
            ap.error(f"argument --plot: cannot write {args.plot}: {exc.strerror or exc}")
        out.write(f"chart written to {args.plot}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
