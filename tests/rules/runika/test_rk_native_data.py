"""The native data of the hot path says exactly what the declared data says.

* Decision frames and chance events are native classes (``frames.py``) behind a JSON boundary
  (``frame_docs.py``, msgspec): every frame met in seeded games of every variant is written as
  its declared Struct writes it, reads back to itself, and shows the same text in refusals.
* The heuristic's best progress found by delta (``facts.Progress``) is the best progress of
  every placement valued afresh, to the last bit, on grids reached one change at a time, and
  ``progress_at`` (and ``progress4``, its unrolled twin) is the heuristic's formula as it
  always read.
"""

from __future__ import annotations

import random

import msgspec
import pytest
from tests.rules.runika.rk_helpers import runika_game

import grimoire
from grimoire.games.runika import frame_docs
from grimoire.games.runika.facts import (
    Progress,
    Tables,
    colour_masks,
    edge_bonus,
    grid_bits,
    progress4,
    progress_at,
)
from grimoire.games.runika.frames import Frame
from grimoire.games.runika.state import RunikaState

VARIANTS = [
    (2, {}),
    (3, {"simultaneous": True}),
    (2, {"secret_runes": True, "interaction": True}),
    (4, {"quick_draft": True, "luniorn": True}),
    (1, {}),
    (5, {"charm": True}),
]


def _frames_met(players: int, options: dict[str, object], seed: int) -> list[Frame]:
    game = grimoire.make("runika", players, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    met: list[Frame] = []
    while not state.is_terminal():
        assert isinstance(state, RunikaState)
        met += state.chance[:1]
        for stack in state.stacks:
            met += stack
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = min(state.seats_to_act())
        state.apply(rng.choice(state.progress_actions(seat)), seat)
    return met


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_frames_write_read_and_show_as_declared(players: int, options: dict[str, object]) -> None:
    kinds = set()
    for seed in (1, 2):
        for frame in _frames_met(players, options, seed):
            doc = frame.to_json()
            kinds.add(doc["k"])
            schema = frame_docs.FRAMES if doc["k"] in frame_docs.FRAMES.kinds else None
            declared = (schema or frame_docs.EVENTS).load([doc], "frame")[0]
            assert msgspec.to_builtins(declared) == doc
            assert list(msgspec.to_builtins(declared)) == list(doc)  # the keys' order too
            assert repr(declared) == repr(frame)
            again = frame_docs.native(declared)
            assert type(again) is type(frame) and again.to_json() == doc
            copy = frame.copy()
            assert copy.to_json() == doc
    assert {"main", "roll", "bag"} <= kinds


def _best_afresh(progress: Progress, rune: int, masks: list[int], home: list[int]) -> float:
    t = progress.t
    best = 0.0
    for i in range(t.first[rune], t.first[rune + 1]):
        best = max(best, progress_at(t, i, masks, home))
    return best


def test_progress_by_delta_is_progress_afresh() -> None:
    game = grimoire.make("runika", 2)
    state = game.new_state(1)
    assert isinstance(state, RunikaState)
    progress = Progress(state.tables)
    rng = random.Random(5)
    grid = [-1] * 16
    runes = len(state.comp.runes)
    for step in range(3000):
        cell = rng.randrange(16)
        grid[cell] = -1 if rng.random() < 0.3 else 4 * rng.randrange(4) + rng.randrange(2)
        if step % 50 == 0:  # now and then a grid far from the last
            grid = [rng.choice([-1, 0, 5, 9, 13]) for _ in range(16)]
        masks = colour_masks(grid_bits(grid, rng.choice([0, 0, 0, 0x0F0F])))
        home = rng.choice([[0, 1, 3, 2], [1, 2, 0, 3], [0, 1, 2, 3]])
        rune = rng.randrange(runes)
        if step % 7 == 0:  # the heuristic moves the bases to the position it decides on
            progress.prime(rune, masks, home)
        assert progress.best(rune, masks, home) == _best_afresh(progress, rune, masks, home)


def _progress_as_written(t: Tables, i: int, m: list[int], home: list[int]) -> float:
    """The heuristic's ``_progress`` as it read before the tables (a placement's fields)."""
    need = bin(t.claim[i]).count("1")
    right = 0
    near = 0.0
    for colour in range(4):
        cells = t.need[4 * i + colour]
        if cells:
            right += bin(cells & m[colour]).count("1")
            near += edge_bonus(cells & ~m[colour], home[colour])
    if t.purple[i]:
        right += max(bin(t.purple[i] & mask).count("1") for mask in m)
    wrong = 0
    if t.black[i]:
        wrong = sum(bin(t.black[i] & mask).count("1") for mask in m)
    share = (right - 0.5 * wrong) / need
    return max(0.0, share) ** 2 + 0.05 * near


def test_progress_at_is_the_formula() -> None:
    t = runika_game(grimoire.make("runika", 2)).tables
    rng = random.Random(9)
    for _ in range(20000):
        grid = [rng.choice([-1, -1, 0, 4, 8, 12, 1, 5]) for _ in range(16)]
        masks = colour_masks(grid_bits(grid, 0))
        home = rng.choice([[0, 1, 3, 2], [1, 2, 0, 3], [0, 1, 2, 3], [2, 3, 1, 0]])
        i = rng.randrange(len(t.claim))
        assert progress_at(t, i, masks, home) == _progress_as_written(t, i, masks, home)
        m0, m1, m2, m3 = masks
        h0, h1, h2, h3 = home
        assert progress4(t, i, m0, m1, m2, m3, h0, h1, h2, h3) == progress_at(t, i, masks, home)
