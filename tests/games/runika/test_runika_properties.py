"""Property tests over seeded random Runika games, 1..5 players, over a sample of the option
matrix: every game reaches the end within ``max_game_length``; it replays from its seed and
actions to the same state; positions round-trip through JSON text; an illegal action raises and
changes nothing; in the hidden-information variants ``resample(seat)`` leaves ``view(seat)``,
who acts and the seat's legal actions unchanged."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tests.rules.runika.rk_helpers import new_state

from grimoire.core.errors import IllegalAction
from grimoire.games.runika.game import RunikaGame

# (players, options): every variant at least once, and the combinations the rules allow
SAMPLE: list[Any] = [
    (1, {}),
    (1, {"solo_professor": "ekamu", "luniorn": True}),
    (2, {}),
    (2, {"flame_target": "red", "goal": 15, "starting_rune_end": True}),
    (2, {"secret_runes": True, "interaction": True}),
    (3, {"luniorn": True, "simultaneous": True}),
    (3, {"quick_draft": True, "goal": 15}),
    pytest.param(4, {"secret_runes": True, "quick_draft": True}, marks=pytest.mark.slow),
    pytest.param(
        4, {"simultaneous": True, "secret_runes": True, "goal": 30}, marks=pytest.mark.slow
    ),
    (5, {"charm": True, "luniorn": True}),
    (5, {"quick_draft": True, "simultaneous": True}),
]


def _id(case: Any) -> str:
    n, opts = case.values if hasattr(case, "values") else case
    return f"{n}p-" + "-".join(f"{k}={v}" for k, v in opts.items())


IDS = [_id(case) for case in SAMPLE]


def play(game: RunikaGame, seed: int, check_every: int = 23) -> Any:
    """A seeded random game with the checks every ``check_every`` steps; the final state."""
    state = game.new_state(seed, resolve_chance=False)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        if state.step % check_every == 0:
            check(game, state, rng)
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        actor = rng.choice(sorted(state.seats_to_act()))
        state.apply(rng.choice(state.legal_actions(actor)), actor)
        decisions += 1
        assert decisions <= game.max_game_length
    check(game, state, rng)
    return state


def check(game: RunikaGame, state: Any, rng: random.Random) -> None:
    doc = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(doc).to_json() == doc, f"round trip at step {state.step}"
    if game.hidden_information:
        for seat in range(game.players):
            copy = state.resample(seat, random.Random(rng.getrandbits(32)))
            assert copy.view(seat) == state.view(seat), f"seat {seat}, step {state.step}"
            assert copy.current_player == state.current_player
            if seat in state.seats_to_act():
                assert copy.legal_actions(seat) == state.legal_actions(seat)
    if state.is_terminal() or state.is_chance():
        return
    actor = min(state.seats_to_act())
    legal = set(state.legal_actions(actor))
    illegal = [a for a in range(game.num_actions) if a not in legal]
    before = state.to_json()
    for action in rng.sample(illegal, min(3, len(illegal))):
        with pytest.raises(IllegalAction):
            state.apply(action, actor)
        assert state.to_json() == before


@pytest.mark.parametrize(("players", "options"), SAMPLE, ids=IDS)
def test_random_games_finish_replay_and_round_trip(players: int, options: dict[str, Any]) -> None:
    game = RunikaGame(players, options)
    seed = 1000 + players
    state = play(game, seed)
    assert state.winners() or state.ended == "solo_loss" or players == 1
    # random play may never gain three given secret runes: there the safeguard may end it
    assert state.ended != "limit" or options.get("secret_runes"), "the safeguard ended it"
    again = game.new_state(seed, resolve_chance=False)
    for actor, action in state.history:
        again.apply(action, None if actor < 0 else actor)
    assert again.to_json(history=True) == state.to_json(history=True)


def test_secret_runes_are_never_in_another_seats_view() -> None:
    game = RunikaGame(3, {"secret_runes": True})
    state = new_state(game, 11)
    for seat in range(3):
        view = json.dumps(state.view(seat))
        for other in range(3):
            if other != seat:
                for rune in state.secret[other]:
                    rid = state.comp.runes[rune].id
                    if rid not in {state.comp.runes[r].id for r in state.secret[seat]}:
                        assert f'"{rid}"' not in view, (seat, other, rid)
