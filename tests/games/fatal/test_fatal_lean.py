"""The lean engine's parts of F.A.T.A.L. (issue 34): the re-deal's draws are
``random.Random``'s own, the frames copy, compare and write their JSON as the position format
has it, and the tables say what the components say."""

from __future__ import annotations

import doctest
import random

import pytest

import grimoire
from grimoire.games.fatal import draws, tables
from grimoire.games.fatal import frames as F
from grimoire.games.fatal.components import SYMBOLS, TYPES
from grimoire.games.fatal.draws import Draws
from grimoire.games.fatal.state import FatalState


@pytest.mark.parametrize("module", [draws, tables], ids=lambda module: module.__name__)
def test_docstring_examples(module: object) -> None:
    if not str(getattr(module, "__file__", "")).endswith(".py"):
        pytest.skip("compiled by mypyc (no docstring examples there): they run in the pure build")
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("seed", range(40))
def test_draws_are_random_random_draws(seed: int) -> None:
    ours, theirs = Draws(random.Random(seed)), random.Random(seed)
    for n in (1, 2, 5, 21, 22, 40, 60, 86, 90):
        population = list(range(100, 100 + n))
        for k in sorted({0, 1, min(5, n), min(6, n), n // 2, n}):
            assert ours.sample(population, k) == theirs.sample(population, k)
        mine, yours = population[:], population[:]
        ours.shuffle(mine)
        theirs.shuffle(yours)
        assert mine == yours
        assert ours.choice(population) == theirs.choice(population)
        assert ours.randrange(n) == theirs.randrange(n)
        assert ours.random() == theirs.random()


def test_draws_of_another_generator_are_its_own() -> None:
    class Other(random.Random):
        def random(self) -> float:
            return 0.25

    x, y = list(range(10)), list(range(10))
    Draws(Other(3)).shuffle(x)
    Other(3).shuffle(y)
    assert x == y


def test_frames_copy_compare_and_write_their_json() -> None:
    hand = F.Hand(seats=[2, 0, 1])
    copy = hand.copy()
    assert copy == hand and copy is not hand
    assert isinstance(copy, F.Hand)
    copy.seats.pop(0)
    assert hand.seats == [2, 0, 1] and copy != hand
    steal = F.Steal(s=1)
    assert steal.copy() is steal  # a kind the rules never change is shared
    doc = hand.to_json()
    doc["q"].append(4)  # the JSON is data, not the frame's own list
    assert hand.seats == [2, 0, 1]
    assert F.TDraw(to="display", slot=1).to_json() == {"k": "tdraw", "to": "display", "slot": 1}
    assert F.RoundEnd(at="tally").to_json() == {"k": "rend", "at": "tally"}
    assert repr(F.Share(victim=1, to=2)) == "{'k': 'share', 'v': 1, 'to': 2}"
    assert [F.tag_of(kind) for kind in F.CLASSES] == list(F.TAGS)


def test_tables_say_what_the_components_say() -> None:
    game = grimoire.make("fatal", 4)
    state = game.new_state(3)
    assert isinstance(state, FatalState)
    tab, comp, lay = state.tab, state.comp, state.lay
    for v in comp.visions:
        assert [tab.stars[3 * v.kind + p] for p in range(3)] == [v.stars(p) for p in range(3)]
        assert TYPES[tab.vtype[v.kind]] == v.type and SYMBOLS[tab.symbol[v.kind]] == v.symbol
        assert tab.second[v.kind] == v.second and tab.is_vision(v.kind)
    for e in comp.enchantments:
        assert tab.effect[e.kind] == e.effect and not tab.is_vision(e.kind)
    assert tab.card_kind == list(lay.card_kind) and tab.tre_value == list(lay.tre_value)
    assert [tab.opposing[s] for s in lay.signs] == [lay.opposing(s) for s in lay.signs]
