"""Check tutor chapters against the engine: ``python -m importexport.tutor.check [--game ID] [NN ...]``.

The chapters of every installed game whose kind gives a tutor adapter are checked (``--game ID``: one
game's; a game without chapters is told so; ``NN``: those chapter numbers).  Every position must load,
every script and ``after`` list must be legal move by move, and every exercise must make sense: a
``legal`` exercise offers at least one allowed and one refused move, a ``move`` exercise has moves that
reach its goal and moves that do not, a ``number`` can be computed.
Prints the problems found, or ``ok``; the exit status is 1 when there are problems.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..protocol import table_kit
from .chapter import Chapter, ChapterError, Position, chapter_files, load_chapter_file, play_moves
from .exercises import Grader
from .facts import facts_text
from .games import TUTOR_GAMES, no_chapters

Action = Any
Game = Any


def bot_names(game: str) -> tuple[str, ...]:
    """The bots a position of ``game`` may name (the bots package names the same bots for every game)."""
    from ..bots import BOTS

    return tuple(BOTS)


def problems(chapter: Chapter) -> list[str]:
    out: list[str] = []
    where = chapter.path
    for name, pos in chapter.positions.items():
        try:
            g = chapter.game(name)
        except (ChapterError, ValueError) as exc:
            out.append(f"{where}: position {name!r}: {exc}")
            continue
        try:
            play_moves(g.copy(), pos.moves(), f"{where}: position {name!r}, {'guide' if pos.guide else 'script'}")
        except ChapterError as exc:
            out.append(str(exc))
        n = len(g.scores())  # (one row per seat)
        if pos.guide:
            out.extend(guide_problems(g.copy(), pos, f"{where}: position {name!r}"))
        for seat in [*(pos.humans or []), *pos.bots]:
            if not 0 <= seat < n:
                out.append(f"{where}: position {name!r}: seat {seat} does not exist ({n} players)")
        known = bot_names(chapter.game_id)
        for bot in pos.bots.values():
            if bot not in known:
                out.append(f"{where}: position {name!r}: unknown bot {bot!r} (known: {', '.join(known)})")
    grader = Grader(chapter)
    for name, ex in chapter.exercises.items():
        label = f"{where}: exercise {name!r}"
        if ex.position is not None and ex.position not in chapter.positions:
            continue  # reported by the model already
        try:
            if ex.kind == "legal":
                rows = grader.candidates(ex)
                allowed = sum(1 for _, legal, _ in rows if legal)
                if not 0 < allowed < len(rows):
                    out.append(f"{label}: the candidates must include allowed and refused moves ({allowed} of {len(rows)} allowed)")
            elif ex.kind == "move":
                g = grader.game(ex)
                mine = g.legal_actions(ex.seat)
                if not mine:
                    out.append(f"{label}: seat {ex.seat} has no decision to make at this position")
                else:
                    working = grader.working_moves(ex)
                    if not working:
                        out.append(f"{label}: no legal move reaches the goal")
                    elif len(working) == len(mine):
                        out.append(f"{label}: every legal move reaches the goal; the exercise asks nothing")
            elif ex.kind == "number":
                grader.number_answer(ex)
        except (ChapterError, ValueError, IndexError) as exc:
            out.append(f"{label}: {exc}")
    for kind, value in chapter.block_list():
        if kind == "facts":
            try:
                facts_text(chapter, value)
            except (ChapterError, ValueError) as exc:
                out.append(f"{where}: facts {value!r}: {exc}")
    return out


def guide_problems(g: Game, pos: Position, where: str) -> list[str]:
    """What keeps a guide from working as a reader meets it: a seat left without a player (after a
    move off the guide the referee plays on, so every seat that is not the reader's needs a bot), and
    a ``do`` step whose move cannot be reached by clicking what the table points at."""
    out = []
    readers = set(pos.humans or [])
    for seat in range(len(g.scores())):
        if seat not in readers and seat not in pos.bots:
            out.append(f"{where}: seat {seat} is neither the reader's nor a bot's (a move off the guide would stop the table)")
    for i, step in enumerate(pos.guide, 1):
        for move in step.moves():
            a = move.action()
            if step.do is not None:
                why = unreachable(g, a)
                if why:
                    out.append(f"{where}: guide step {i}: {why}")
            if a not in g.legal_actions(a.player):
                return out  # (reported by the script check)
            g.apply(a)
    return out


def unreachable(g: Game, a: Action) -> str | None:
    """Why the reader could not make ``a`` from what the table shows (``None``: they can).  A game whose
    adapter says ``points_on_table``: the table's picture must point at a thing that can be clicked; any
    other: the move must be the seat's to make now (a free choice counts)."""
    if not TUTOR_GAMES[g.game_id].points_on_table:
        if a.player not in g.deciders() and a not in g.legal_actions(a.player):
            return f"it is not seat {a.player}'s decision here"
        return None
    if a.player not in g.deciders():
        return f"it is not seat {a.player}'s decision here"
    pic = table_kit(g).picture(g, "en", None, a.player, a)
    point = pic["point"]
    if point["cards"] and point["cards"][0] not in pic["clickable"]["cards"]:
        return f"the card pointed at ({g.describe(a)}) cannot be clicked"
    if point["ships"] and point["ships"][0] not in pic["clickable"]["ships"]:
        return f"the ship pointed at ({g.describe(a)}) cannot be clicked"
    return None


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    games = list(TUTOR_GAMES)
    if "--game" in argv:
        at = argv.index("--game")
        if at + 1 >= len(argv) or argv[at + 1] not in TUTOR_GAMES:
            print(no_chapters(argv[at + 1] if at + 1 < len(argv) else None))
            return 2
        games = [argv[at + 1]]
        del argv[at:at + 2]
    if not all(a.isdigit() for a in argv):
        print("usage: python -m importexport.tutor.check [--game ID] [NN ...]")
        return 2
    paths = [p for game in games for p in chapter_files(game)]
    if argv:
        wanted = {f"{int(a):02d}" for a in argv}
        paths = [p for p in paths if p.name[:2] in wanted]
        if not paths:
            print(f"no chapter file for {', '.join(argv)} ({', '.join(TUTOR_GAMES[g].name for g in games)})")
            return 1
    found: list[str] = []
    for path in paths:
        found.extend(check_file(path))
    counts = ", ".join(f"{TUTOR_GAMES[g].name} {sum(1 for p in paths if p.parent == TUTOR_GAMES[g].chapter_dir)}" for g in games)
    print("\n".join(found) if found else f"ok ({len(paths)} chapter(s): {counts})")
    return 1 if found else 0


def check_file(path: Path) -> list[str]:
    try:
        chapter = load_chapter_file(path)
    except ChapterError as exc:
        return [str(exc)]
    return problems(chapter)


if __name__ == "__main__":
    sys.exit(main())
