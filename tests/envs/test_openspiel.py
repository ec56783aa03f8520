"""OpenSpiel Python games: random_sim_test with serialisation on every game, the game type
flags, resampling from an information state, fast clones, and IS-MCTS and MCTS playing."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra (open_spiel) is not installed for this Python"
)

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from tests.envs.cases import (  # noqa: E402
    ALL_CASES,
    GAMES,
    TOYS,
    Case,
    cases_of,
    game_class,
    short_options,
)

import grimoire  # noqa: E402
from grimoire.envs import openspiel as gos  # noqa: E402
from grimoire.envs.common import episode_bound, has_decision_limit  # noqa: E402

# The per-step checks of random_sim_test (clones, strings and tensors of every seat, repeated
# serialisation) are slow on long games: where a game offers the engine's decision limit, its
# games end after this many decisions (a terminal state like any other).
SIM_DECISIONS = 80


def load(case: Case, **extra: object) -> object:
    gos.register([case.game])
    return gos.load(
        case.game, **{**case.kwargs(), **short_options(case.game, SIM_DECISIONS), **extra}
    )


def play_chance(state: object, rng: np.random.RandomState) -> None:
    while state.is_chance_node():  # type: ignore[attr-defined]
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))  # type: ignore[attr-defined]


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.id)
def test_random_sim_test_with_serialisation(case: Case) -> None:
    game = load(case)
    sims = 3 if case.game in TOYS else 1
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_flags() -> None:
    names = gos.register()
    assert names == [gos.short_name(name) for name in grimoire.game_names()]
    registered = set(pyspiel.registered_names())
    for name in grimoire.game_names():
        cls = game_class(name)
        game = pyspiel.load_game(gos.short_name(name))
        kind = game.get_type()
        grim = cls(cls.min_players, {})
        assert gos.short_name(name) in registered
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        hidden = grim.hidden_information or grim.simultaneous_decisions
        expected = (
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        )
        assert kind.information == expected
        assert game.num_distinct_actions() == grim.num_actions
        # a realistic bound where the engine's decision_limit can enforce it (docs/rl.md)
        bound = episode_bound(grim) if has_decision_limit(grim) else grim.max_game_length
        assert game.max_game_length() == bound
        assert game.num_players() == cls.min_players
        if cls.min_players > 1:
            assert game.utility_sum() == 0.0
        else:  # a solo game: +1 / -1, general-sum
            assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_parameters_by_text_and_by_dict() -> None:
    gos.register(["ciub"])
    game = pyspiel.load_game("grimoire_ciub(players=3,length=short,skulls_wild=true)")
    assert game.grimoire_game.options["length"] == "short"
    assert game.grimoire_game.options["skulls_wild"] is True
    assert game.num_players() == 3
    # an option whose choices mix strings and seat numbers is a string parameter: "#2"
    seat = pyspiel.load_game("grimoire_ciub(players=3,start_player=#2)")
    assert seat.grimoire_game.options["start_player"] == 2
    same = pyspiel.load_game("grimoire_ciub", {"players": 3, "start_player": "2"})
    assert same.grimoire_game.options == seat.grimoire_game.options
    assert gos.load("ciub", players=3, start_player=2).grimoire_game.options == (
        seat.grimoire_game.options
    )
    assert str(game).startswith("grimoire_ciub(")


@pytest.mark.parametrize("case", ALL_CASES[::2], ids=lambda case: case.id)
def test_resample_from_infostate_keeps_the_information_state(case: Case) -> None:
    game = load(case)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    checked = 0
    while not state.is_terminal() and checked < 30:
        play_chance(state, rng)
        if state.is_terminal():
            break
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        resampled = state.resample_from_infostate(player, sampler)
        assert resampled.current_player() == player
        assert resampled.information_state_string(player) == state.information_state_string(player)
        assert resampled.observation_tensor(player) == state.observation_tensor(player)
        assert resampled.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))
        checked += 1


def test_clone_copies_through_the_states_own_clone(monkeypatch: pytest.MonkeyPatch) -> None:
    case = Case("toy_duel", 2)
    game = load(case)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    play_chance(state, np.random.RandomState(0))
    inner = type(state.grimoire_state)
    calls = []
    original = inner.clone

    def counting(self: object) -> object:
        calls.append(self)
        return original(self)

    monkeypatch.setattr(inner, "clone", counting)
    copy = state.clone()
    assert len(calls) == 1
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.information_state_string(0) == state.information_state_string(0)


def test_the_information_state_has_perfect_recall() -> None:
    """Duel: the cards a seat was dealt and played stay in its information state."""
    game = load(Case("toy_duel", 2, {"hand": 2}))
    rng = np.random.RandomState(1)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    play_chance(state, rng)
    first = state.information_state_string(0)
    assert "deal" in first and "a card to seat 2" in first  # seat id 1, counted from 1
    state.apply_action(state.legal_actions()[0])
    later = state.information_state_string(1)
    assert "seat 1 chooses a card" in later  # the choice itself is hidden


def test_ismcts_plays_a_hidden_information_game() -> None:
    """One short game of Duel (sealed decisions, hidden hands): IS-MCTS at seat 0."""
    game = load(Case("toy_duel", 2, {"hand": 4}))
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=40, random_state=rng)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    moves = 0
    while not state.is_terminal():
        play_chance(state, rng)
        if state.is_terminal():
            break
        if state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert moves == 4
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("game_name", GAMES)
def test_search_bots_decide_on_every_game(game_name: str) -> None:
    """IS-MCTS where the game hides something, MCTS (on a determinised copy) everywhere."""
    case = Case(game_name, game_class(game_name).min_players)
    game = load(case)
    rng = np.random.RandomState(5)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    play_chance(state, rng)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION:  # type: ignore[attr-defined]
        searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=rng)
        assert searcher.step(state) in state.legal_actions()
    planner = mcts.MCTSBot(game, 2.0, 6, evaluator, random_state=rng)
    player = state.current_player()
    determinised = state.resample_from_infostate(
        player, pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    assert planner.step(determinised) in state.legal_actions()


@pytest.mark.parametrize("game_name", GAMES)
def test_a_short_ismcts_game_on_every_hidden_information_game(game_name: str) -> None:
    """A whole game, cut short by the engine's decision limit where the game offers one, with
    IS-MCTS at seat 0 and random play elsewhere."""
    hidden = [
        case
        for case in cases_of(game_name)
        if (grim := case.make()).hidden_information or grim.simultaneous_decisions
    ]
    if not hidden:
        pytest.skip(f"{game_name} has perfect information with every option")
    case = hidden[0]  # the defaults, or every option's last value (Runika's secret runes)
    gos.register([game_name])
    game = gos.load(game_name, **case.kwargs(**short_options(game_name, 30)))
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    rng = np.random.RandomState(11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        play_chance(state, rng)
        if state.is_terminal():
            break
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    assert sum(state.returns()) == pytest.approx(0.0) or case.players == 1
