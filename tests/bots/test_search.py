"""The search bots (``mcts``, ``ismcts``) and levels: legal, budget-bound, reproducible, and
blind to what their seat cannot see. No timing is asserted (speed lives in bench/)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import grimoire
from grimoire.bots import Budget, IsmctsBot, MctsBot, make_bot
from grimoire.bots.evaluation import evaluate, evaluator_for, generic_evaluate
from grimoire.bots.registry import LEVELS
from grimoire.bots.search import SearchBot, SearchResult
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game
from grimoire.core.state import CHANCE, State

GAMES = [("ciub", 2), ("five-seals", 2), ("fatal", 3)]


def decision(name: str, players: int, seed: int, skip: int = 30, **options: Any) -> State:
    """A mid-game position with a real choice, reached by heuristic play."""
    game = grimoire.make(name, players=players, **options)
    state = game.new_state(seed)
    bots = [make_bot("heuristic", game, s) for s in range(players)]
    passed = 0
    while True:
        actor = state.current_player
        assert not state.is_terminal()
        seat = actor if isinstance(actor, int) else min(actor)
        legal = state.legal_actions(seat)
        if len(legal) > 2:
            if passed >= skip:
                return state
            passed += 1
        state.play(bots[seat].choose(state.for_seat(seat, seed), seat), seat)


def same(a: SearchResult, b: SearchResult) -> bool:
    """The same search, but for the wall time it took."""
    return (a.seat, a.iterations, a.actions) == (b.seat, b.iterations, b.actions)


def seat_of(state: State) -> int:
    actor = state.current_player
    assert actor != CHANCE
    return actor if isinstance(actor, int) else min(actor)


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("kind", ["mcts:60", "ismcts:60"])
def test_search_is_legal_leaves_the_state_alone_and_is_reproducible(
    name: str, players: int, kind: str
) -> None:
    state = decision(name, players, seed=3)
    seat = seat_of(state)
    view = state.for_seat(seat, 11)
    before = view.to_json()
    first = make_bot(kind, state.game, seed=5)
    second = make_bot(kind, state.game, seed=5)
    assert isinstance(first, SearchBot) and isinstance(second, SearchBot)
    move = first.choose(view, seat)
    assert view.to_json() == before
    assert move in state.legal_actions(seat)
    assert second.choose(view, seat) == move
    assert first.last is not None and second.last is not None
    assert same(first.last, second.last)  # every visit count and mean the same
    assert first.last.iterations <= 60


@pytest.mark.parametrize(
    ("name", "players", "options"),
    [*((name, players, {}) for name, players in GAMES), ("runika", 2, {"secret_runes": True})],
)
def test_a_planted_secret_changes_nothing_the_bots_do(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Two states the seat cannot tell apart (the same view, the hidden rest dealt otherwise)
    give the same search, move for move and statistic for statistic."""
    state = decision(name, players, seed=4, **options)
    seat = seat_of(state)
    one = state.for_seat(seat, 1)
    other = state.for_seat(seat, 2)
    assert one.view(seat) == other.view(seat)
    if state.game.hidden_information:
        assert one.to_json() != other.to_json()  # the secret really differs
    for kind in ("mcts:40", "ismcts:40"):
        a, b = make_bot(kind, state.game, 9), make_bot(kind, state.game, 9)
        assert isinstance(a, SearchBot) and isinstance(b, SearchBot)
        assert a.choose(one, seat) == b.choose(other, seat)
        assert a.last is not None and b.last is not None
        assert same(a.last, b.last)


def test_iteration_budget_is_respected_and_early_stop_only_when_decided() -> None:
    state = decision("five-seals", 2, seed=6)
    seat = seat_of(state)
    bot = MctsBot(1, Budget(iterations=25))
    bot.choose(state.for_seat(seat, 1), seat)
    assert bot.last is not None
    assert bot.last.iterations <= 25
    visits = [a.visits for a in bot.last.actions]
    assert visits == sorted(visits, reverse=True)
    assert sum(visits) <= bot.last.iterations


def test_budgets_parse() -> None:
    assert Budget.parse("1s") == Budget(seconds=1.0)
    assert Budget.parse("250ms") == Budget(seconds=0.25)
    assert Budget.parse("2000") == Budget(iterations=2000)
    assert Budget.parse("2000/1s") == Budget(iterations=2000, seconds=1.0)
    for bad in ("", "fast", "0", "-1s", "1s/2s"):
        with pytest.raises(InvalidOptions):
            Budget.parse(bad)


def test_names_and_levels_resolve_in_the_registry() -> None:
    game = grimoire.make("fatal", players=3)
    assert isinstance(make_bot("mcts:0.5s", game, 1), MctsBot)
    assert isinstance(make_bot("ismcts:2000", game, 1), IsmctsBot)
    assert isinstance(make_bot("search:100", game, 1), IsmctsBot)  # hidden information
    assert isinstance(make_bot("search:100", grimoire.make("ciub", players=2), 1), MctsBot)
    hard = make_bot("HARD", game, 1)
    assert isinstance(hard, SearchBot)
    assert hard.budget == Budget(iterations=game.search_iterations)  # iterations, not time
    assert set(LEVELS) == {"easy", "normal", "hard"}
    plain = make_bot("search", game, 1)
    assert isinstance(plain, SearchBot)
    assert plain.budget == Budget(iterations=game.search_iterations)
    timed = make_bot("search:1s", game, 1)  # a time budget stays available by name
    assert isinstance(timed, SearchBot) and timed.budget == Budget(seconds=1.0)
    uniform = make_bot("ismcts:100:deal=uniform", game, 1)
    assert isinstance(uniform, SearchBot) and uniform.settings["deal"] == "uniform"
    for bad in (
        "mcts:fast",
        "mcts:100:depth=x",
        "mcts:100:colour=1",
        "mcts:9:turn=0.5",
        "mcts:9:deal=psychic",
        "wizard",
    ):
        with pytest.raises(InvalidOptions):
            make_bot(bad, game, 1)


def test_a_game_without_a_hook_falls_back_to_the_running_scores() -> None:
    state = decision("five-seals", 2, seed=2)
    assert evaluator_for(state.game, state) == state.game.evaluate
    assert type(state.game).evaluate is not Game.evaluate  # Five Seals declares its own
    values = [generic_evaluate(state, seat) for seat in range(2)]
    assert sum(values) == pytest.approx(1.0)
    scores = state.scores()
    if scores[0] != scores[1]:
        assert (values[0] > values[1]) == (scores[0] > scores[1])
    assert all(0.0 <= evaluate(state, seat) <= 1.0 for seat in range(2))


def test_search_plays_a_whole_short_game() -> None:
    game = grimoire.make("fatal", players=3)
    state = game.new_state(7)
    bots = [make_bot("ismcts:8", game, 1), make_bot("mcts:8", game, 2), make_bot("random", game, 3)]
    rng = random.Random(0)
    while not state.is_terminal():
        seat = seat_of(state)
        state.play(bots[seat].choose(state.for_seat(seat, rng), seat), seat)
    assert state.winners()


@pytest.mark.parametrize("name", grimoire.game_names())
def test_every_level_resolves_for_every_game_and_picks_a_legal_move(name: str) -> None:
    game = grimoire.make(name)
    state = game.new_state(1)
    while state.is_chance():
        state.resolve_chance()
    seat = seat_of(state)
    for level in LEVELS:
        bot = make_bot(level, game, 2)
        if isinstance(bot, SearchBot):
            assert bot.budget.seconds is None  # levels are iteration budgets
            bot = type(bot)(2, Budget(iterations=10))  # the level's search, a small budget
        assert bot.choose(state.for_seat(seat, 3), seat) in state.legal_actions(seat)


def test_a_search_never_backs_out_of_a_half_made_choice_when_it_can_go_on() -> None:
    """Ciúb's ``cancel`` only takes back a half-chosen re-roll: a search that weighed it like
    the targets walked use/cancel loops (a turn of 396 decisions, 187 of them cancels)."""
    from tests.bots.ciub_positions import position

    state = position(
        [("B1", "reroll", False), ("O1", "2", False), ("O2", "6", True)],
        phase="actions",
        supply_only=(),
    )
    state.apply_text("use B1")
    cancel = state.parse_action("cancel")
    assert cancel in state.legal_actions() and state.backs_out(cancel)
    bot = MctsBot(seed=3, budget="200")
    assert bot.choose(state) != cancel
    assert bot.last is not None
    assert cancel not in {stats.action for stats in bot.last.actions}
    # analysis still lists it, with every other legal action
    from grimoire.bots.analysis import analyse

    assert cancel in {row.action for row in analyse(state, 0, Budget.parse("60"), 1)}


def test_heuristic_is_refused_for_a_game_without_one_and_easy_still_plays() -> None:
    """A game that ships no heuristic is never played by another bot under that name."""
    from tests.sim.sim_toygames import GuessGame

    game = GuessGame(3)
    assert game.heuristic_bot(1) is None
    with pytest.raises(InvalidOptions, match="ships no heuristic bot"):
        make_bot("heuristic", game, 1)
    easy = make_bot("easy", game, 1)
    assert isinstance(easy, SearchBot)


def test_a_game_without_weights_searches_the_same_with_either_deal() -> None:
    """``deal=informed`` (the default) falls back to the even re-deal where the game has no
    ``_informed_resample`` (Ciúb): the same seeded search, statistic for statistic."""
    state = decision("ciub", 2, seed=4)
    seat = seat_of(state)
    view = state.for_seat(seat, 1)
    a = make_bot("mcts:60", state.game, 9)
    b = make_bot("mcts:60:deal=uniform", state.game, 9)
    assert isinstance(a, SearchBot) and isinstance(b, SearchBot)
    assert a.choose(view, seat) == b.choose(view, seat)
    assert a.last is not None and b.last is not None and same(a.last, b.last)
