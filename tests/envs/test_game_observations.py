"""The games' own observation encoders (core.observation): a fixed layout from the components,
blind to what the seat cannot see, the same incrementally as from scratch, documented."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from tests.envs.cases import GAMES, Case, cases_of

import grimoire
from grimoire.core.observation import ObservationEncoder
from grimoire.core.state import State
from grimoire.envs.observation import GameEncoder, encoder_for, next_seat

CASES = [case for name in GAMES for case in cases_of(name)]
POSITIONS = 150  # per case: two cases per game


def own_encoder_game(case: Case) -> grimoire.Game:
    """The game of ``case``, or a skip where it has no encoder of its own (its capability
    ``observation_encoder``; the generic encoder of its view is tested in test_observation.py)."""
    game = case.make()
    if not game.capabilities.observation_encoder:
        pytest.skip(f"{game.title} has no observation encoder of its own")
    return game


def positions(state: State, rng: random.Random, limit: int):
    """Decision positions of a random game (chance from its seed) with the seat to act."""
    last, count = -1, 0
    while not state.is_terminal() and count < limit:
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = next_seat(state.seats_to_act(), last, state.game.players)
        yield state, seat
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        last, count = seat, count + 1


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_layout_is_fixed_and_contiguous(case: Case) -> None:
    game = own_encoder_game(case)
    encoder = game.observation_encoder()
    assert isinstance(encoder, ObservationEncoder) and encoder.version >= 1
    offset = 0
    for block in encoder.blocks:
        assert block.offset == offset and block.size > 0, block
        offset += block.size
    assert offset == encoder.size
    assert encoder.describe() == case.make().observation_encoder().describe()  # type: ignore[union-attr]
    assert isinstance(encoder_for(game), GameEncoder)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_blind_to_what_the_seat_cannot_see_and_incremental(case: Case) -> None:
    """At every position of random games, each seat's (and the spectator's) observation
    equals the one of ``resample(seat)`` (everything it cannot see re-dealt), and the running
    encoder (cached rows and sections) gives what a new encoder writes from scratch."""
    game = own_encoder_game(case)
    running = game.observation_encoder()
    assert running is not None
    rng = random.Random(f"observations/{case.id}")
    seen = 0
    number = 0
    distinct: set[bytes] = set()
    while seen < POSITIONS:
        state = game.new_state(number)
        number += 1
        for position, _ in positions(state, rng, POSITIONS - seen):
            for seat in [None, *range(game.players)]:
                mine = running.encode(position, seat)
                assert len(mine) == running.size
                fresh = game.observation_encoder()
                assert fresh is not None
                assert fresh.encode(position, seat) == mine, f"incremental, seat {seat}"
                if seat is not None:
                    other = position.resample(seat, rng)
                    assert running.encode(other, seat) == mine, f"seat {seat} sees a re-deal"
                    distinct.add(mine.tobytes())
            seen += 1
    assert len(distinct) > POSITIONS // 2  # the observation follows the game


def test_own_hidden_things_are_seen_by_their_seat_only() -> None:
    """F.A.T.A.L.: swap a card between seat 0's and seat 1's hands; seat 0 sees its hand
    change, seat 2 (who knows neither card) sees nothing change."""
    game = grimoire.make("fatal", players=3)
    state = game.new_state(4)
    while not all(state.hands) or state.is_chance():  # type: ignore[attr-defined]
        state.play(random.Random(1).choice(state.legal_actions(min(state.seats_to_act()))))
    encoder = game.observation_encoder()
    assert encoder is not None
    kinds = game.lay.card_kind  # type: ignore[attr-defined]
    hands = state.hands  # type: ignore[attr-defined]
    pair = next(
        (a, b)
        for a in hands[0]
        for b in hands[1]
        if kinds[a] != kinds[b] and not state.ck[a] & 4 and not state.ck[b] & 4  # type: ignore[attr-defined]
    )
    swapped = state.clone()
    h0, h1 = swapped.hands[0], swapped.hands[1]  # type: ignore[attr-defined]
    h0[h0.index(pair[0])], h1[h1.index(pair[1])] = pair[1], pair[0]
    assert encoder.encode(swapped, 0) != encoder.encode(state, 0)
    assert encoder.encode(swapped, 2) == encoder.encode(state, 2)


def test_the_tables_in_docs_rl_are_current() -> None:
    script = Path(__file__).resolve().parents[2] / "scripts" / "rl_tables.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
