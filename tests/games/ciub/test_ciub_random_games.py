"""Property tests: thousands of random Ciúb games, for every player count and option, keep the
components and the turn structure the rulebook describes."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.ciub.ciub_play import Player, TurnWatcher, play
from tests.rules.ciub.ciub_helpers import new_state

import grimoire

OPTIONS = st.fixed_dictionaries(
    {
        "self_adjust": st.sampled_from(["number_or_skull", "number", "not_action"]),
        "skulls_wild": st.booleans(),
        "start_player": st.sampled_from(["random", 0, 1]),
    }
)
# x 3 player counts x 2 lengths: 960 games by default (the generic contracts run in the contract
# battery, tests/contract); CIUB_GAMES_PER_SETUP raises it for a longer soak.
GAMES_PER_SETUP = int(os.environ.get("CIUB_GAMES_PER_SETUP", "160"))
# Three games in four are played "eagerly" (shorter games); the rest uniformly at random.
EAGER = st.sampled_from([True, True, True, False])


@pytest.mark.parametrize("length", ["normal", "short"])
@pytest.mark.parametrize("players", [2, 3, 4])
@settings(
    max_examples=GAMES_PER_SETUP,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(options=OPTIONS, seed=st.integers(0, 2**63 - 1), eager=EAGER)
def test_random_games_finish_and_keep_every_invariant(players, length, options, seed, eager):
    """Every game ends; no exception; each die is in one place with constant colour counts
    and each of the 33 cards in one place; one claim per turn; at every turn start the limits
    hold, the tray is empty, rows are full while the pile lasts, phase 1 is skipped only in
    the final turns; exactly one final turn for every other player; winners: most VP, then
    most dice."""
    game = grimoire.make("ciub", players=players, length=length, **options)
    state = new_state(game, seed)
    watcher = TurnWatcher(state)
    play(state, Player(seed, eager), watcher)
    watcher.finished(state)
