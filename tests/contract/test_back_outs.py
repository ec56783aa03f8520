"""Back-outs and progress, for every registered game and the toys (docs/architecture.md).

A seeded random player that chooses among ``progress_actions`` (what every bot and agent is
offered) plays each case of the battery; at every decision:

- ``progress_actions`` is the legal actions without the declared back-outs (all of them when
  only back-outs are legal), the same on the seat's ``resample``;
- every declared back-out really leads back to a position met earlier in the same turn (the
  declaration is true: applied on a clone, its ``position_key`` is one already seen);
- no position comes back within a turn (``core.progress.Repetitions``): a game with an
  undeclared back-out would bring one back here, since the player picks it sometimes.

At a simultaneous decision the lowest seat acts, so a seat's turn is not interleaved with
another's and a back-out can return to the very position it left.
"""

from __future__ import annotations

import random
import zlib

import pytest
from tests.contract.cases import Case, all_cases

import grimoire
from grimoire.core.progress import Repetitions
from grimoire.core.state import State

CASES = all_cases()
DECISIONS = 400  # per case: enough to meet every kind of half-made choice several times


def check_progress(state: State, seat: int, rng: random.Random) -> list[int]:
    legal = state.legal_actions(seat)
    back = [action for action in legal if state.backs_out(action, seat)]
    progress = state.progress_actions(seat)
    assert progress == ([a for a in legal if a not in back] or legal)
    if rng.random() < 0.1:  # a back-out may depend only on what the seat knows
        assert (
            state.resample(seat, random.Random(rng.getrandbits(32))).progress_actions(seat)
            == progress
        )
    return back


def walk(case: Case, seed: int) -> int:
    """Play ``DECISIONS`` progress decisions of one seeded game; the back-outs checked."""
    game = grimoire.make(case.game, case.players, **case.options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    watch = Repetitions()
    turn: object = None
    seen: set[str] = set()  # every position of this turn (``turns``), whoever acted
    checked = 0
    for _ in range(DECISIONS):
        state.resolve_chance()
        if state.is_terminal():
            break
        assert not watch.repeated(state), f"a position came back within a turn at {state.step}"
        if state.turns != turn:
            turn, seen = state.turns, set()
        seen.add(state.position_key())
        seat = min(state.seats_to_act())
        for action in check_progress(state, seat, rng):
            after = state.clone()
            after.apply(action, seat)
            assert after.position_key() in seen, (
                f"'{state.action_to_string(action)}' is declared a back-out at step "
                f"{state.step} but leads to a position not met before in this turn"
            )
            checked += 1
        state.apply(rng.choice(state.progress_actions(seat)), seat)
    return checked


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_back_outs_are_true_and_no_position_comes_back_in_a_turn(case: Case) -> None:
    checked = sum(walk(case, seed=zlib.crc32(case.id.encode()) + k) for k in range(2))
    state = grimoire.make(case.game, case.players, **case.options).new_state(0)
    if type(state).backs_out is not State.backs_out:  # the game declares back-outs
        assert checked > 0, "no declared back-out was met: the check proved nothing"
    else:
        assert checked == 0
