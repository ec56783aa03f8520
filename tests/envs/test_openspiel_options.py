"""OpenSpiel: the ``returns`` parameter, the perfect-recall information-state tensor,
``private_info=ALL_PLAYERS`` and a realistic ``max_game_length``."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra (open_spiel) is not installed for this Python"
)

import numpy as np  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import grimoire  # noqa: E402
from grimoire.envs import common  # noqa: E402
from grimoire.envs import openspiel as gos  # noqa: E402

UTILITY = pyspiel.GameType.Utility


def play_out(state: object, seed: int, limit: int = 10_000) -> None:
    rng = np.random.RandomState(seed)
    for _ in range(limit):
        if state.is_terminal():  # type: ignore[attr-defined]
            return
        if state.is_chance_node():  # type: ignore[attr-defined]
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))  # type: ignore[attr-defined]
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))  # type: ignore[attr-defined]


@pytest.mark.parametrize("returns", common.REWARDS)
def test_returns_parameter(returns: str) -> None:
    game = gos.load("toy_race", players=2, returns=returns)
    assert game.get_parameters()["returns"] == returns
    state = game.new_initial_state()
    play_out(state, 3)
    truth = state.grimoire_state
    assert state.returns() == pytest.approx(common.final_rewards(truth, returns))
    zero_sum = returns in ("win", "margin")  # margin is zero-sum at two seats
    assert game.get_type().utility == (UTILITY.ZERO_SUM if zero_sum else UTILITY.GENERAL_SUM)
    assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()


def test_score_returns_give_solo_runika_its_score() -> None:
    gos.register(["runika"])
    game = pyspiel.load_game("grimoire_runika(players=1,returns=score)")
    state = game.new_initial_state()
    play_out(state, 1)
    assert state.returns() == [float(state.grimoire_state.scores()[0])]
    with pytest.raises((ValueError, RuntimeError), match="reward must be one of"):
        gos.load("toy_race", returns="points")


def test_information_state_tensor_has_perfect_recall() -> None:
    """Duel: the information-state tensor is the observation tensor followed by one slot per
    line the seat was told (differing from the observation tensor once it was told any)."""
    game = gos.load("toy_duel", players=2, hand=3)
    size = game.observation_tensor_size()
    assert game.information_state_tensor_size() == size + game.history_size + 1
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    steps = 0
    while not state.is_terminal() and steps < 12:
        for seat in range(2):
            info = np.asarray(state.information_state_tensor(seat))
            np.testing.assert_array_equal(info[:size], state.observation_tensor(seat))
            lines = state.seat_log(seat)
            history = info[size : size + game.history_size]
            assert list(history[: len(lines)]) == pytest.approx(
                [gos.line_code(line) for line in lines]
            )
            assert not history[len(lines) :].any() and info[-1] == 0.0
            if state.is_chance_node() or not state.is_terminal():
                resampled = state.resample_from_infostate(
                    seat, pyspiel.UniformProbabilitySampler(0.0, 1.0)
                )
                assert resampled.information_state_tensor(seat) == (
                    state.information_state_tensor(seat)
                )
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1
    assert len(state.seat_log(0)) > 0
    assert state.information_state_tensor(0) != state.observation_tensor(0)


def test_all_players_is_refused_where_a_view_hides_something() -> None:
    kind = pyspiel.IIGObservationType(
        perfect_recall=False,
        public_info=True,
        private_info=pyspiel.PrivateInfoType.ALL_PLAYERS,
    )
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        make_observation(gos.load("toy_duel", players=2), kind)
    # perfect information (Runika's default solo game): a seat's view is everything
    game = gos.load("runika", players=1)
    observation = make_observation(game, kind)
    state = game.new_initial_state()
    play_out(state, 0, limit=30)
    observation.set_from(state, 0)
    np.testing.assert_array_equal(observation.tensor, state.observation_tensor(0))


def test_max_game_length_is_measured_and_enforced() -> None:
    game = gos.load("ciub", players=2)
    default = grimoire.make("ciub", 2)
    bound = common.episode_bound(default)
    assert game.max_game_length() == bound == game.grimoire_game.options["decision_limit"]
    assert bound < default.max_game_length / 5
    assert game.get_parameters()["decision_limit"] == gos.AUTO_LIMIT
    given = gos.load("ciub", players=2, decision_limit=500)
    assert given.max_game_length() == 500
    # a game without the engine's option keeps its own bound
    toy = gos.load("toy_race", players=2)
    assert toy.max_game_length() == grimoire.make("toy_race", 2).max_game_length
