"""Every refusal names its rule: near misses of legal choices, in random positions.

For each legal choice of random positions (every module, abilities on and off), the choices that
differ from it in one detail (another card, another ship or seat, another count or option) are
tried.  Each one the rules forbid is refused with a specific reason (never the generic "a detail
does not fit" or "not one of the legal choices"), worded in English and German, and the game is
left untouched.  The other way round, each decision's ``check`` (the rule that refuses) accepts
every option the same decision lists, and so does each free choice's (``flow.FREE_CHECKS``), so
the two cannot drift apart.
"""

from __future__ import annotations

import random

import pytest

from importexport import CARDS, Action, Game, IllegalActionError
from importexport.bench import ALL_MODULES
from importexport.importexport.explain import REASONS, reason
from importexport.importexport.flow import FRAMES, FREE_CHECKS
from importexport.importexport.i18n import message

GENERIC = {"wrong_detail", "not_legal"}


def near_misses(g: Game, a: Action, rng: random.Random) -> list[Action]:
    s = g.state
    table = [c for c in s.all_cards() if c < len(CARDS)] or [0]
    out: list[Action] = []
    for i in range(len(a.cards)):
        for other in rng.sample(table, min(3, len(table))):
            out.append(a._replace(cards=a.cards[:i] + (other,) + a.cards[i + 1:]))
    if a.cards:
        out.append(a._replace(cards=a.cards[:-1]))
        out.append(a._replace(cards=a.cards + (rng.choice(table),)))
    for target in {a.target - 1, a.target + 1, -1, rng.randrange(len(s.ships)), rng.randrange(s.n)}:
        out.append(a._replace(target=target))
    for count in {a.count - 1, a.count + 1}:
        out.append(a._replace(count=count))
    for option in {a.option - 1, a.option + 1}:
        out.append(a._replace(option=option))
    for colour in {None, 0 if a.colour is None else a.colour + 1}:
        out.append(a._replace(colour=colour))
    for sources in {(), (-1,), (rng.randrange(len(s.ships)),), a.sources * 2}:
        out.append(a._replace(sources=sources))
    return out


def checked_positions(abilities: bool, games: int, seed: int) -> int:
    rng = random.Random(seed)
    tried = 0
    for i in range(games):
        modules = ALL_MODULES if i % 2 else ()
        g = Game(players=2 + i % 5, seed=seed + i, abilities=abilities, modules=modules)
        step = 0
        while not g.is_over() and step < 400:
            legal = g.legal_actions()
            top = g.state.stack[-1]
            check = FRAMES[top["kind"]].check
            for a in legal:
                if a.kind in FREE_CHECKS:
                    assert FREE_CHECKS[a.kind](g, a) is None, f"the free choice's check refuses its own option {a}"
                elif check is not None:
                    assert check(g, top, a) is None, f"{top['kind']} check refuses its own option {a}"
            if step % 5 == 0:
                before = g.state.to_dict()
                for a in rng.sample(legal, min(4, len(legal))):
                    for miss in near_misses(g, a, rng):
                        if miss in legal or miss.normalised() in legal:
                            continue
                        key, args = reason(g, miss)
                        assert key not in GENERIC, f"{top['kind']}: {miss} (near {a}) refused only generically: {key}"
                        for lang in ("en", "de"):
                            assert message(key, lang, g.state, **args)
                        with pytest.raises(IllegalActionError):
                            g.apply(miss)
                        tried += 1
                assert g.state.to_dict() == before
            g.apply(rng.choice(legal))
            step += 1
    return tried


@pytest.mark.parametrize("abilities", [False, True], ids=["basic", "abilities"])
def test_every_near_miss_is_refused_with_its_own_rule(abilities: bool) -> None:
    assert checked_positions(abilities, games=10, seed=7 if abilities else 3) > 500


def test_every_reason_has_both_languages() -> None:
    assert all(set(texts) == {"en", "de"} for texts in REASONS.values())
