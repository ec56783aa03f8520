"""Simulations of both kinds of simultaneous decision, and bots that never see the truth.

Race (tests/toys/race.py) has parallel turns with a die rolled after every ``roll``: chance
interleaves with the seats' submissions. Duel (tests/toys/duel.py) has a sealed choice from
hidden hands."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.toys import register
from tests.toys.duel import DuelState

import grimoire
from grimoire.bots import RandomBot, make_bot
from grimoire.core.action_declaration import Actions, Kind, Numbered
from grimoire.core.bot import Bot
from grimoire.core.game import Game
from grimoire.core.state import TERMINAL, Actor, State
from grimoire.sim import SimulationError, play_game, run_tournament


@pytest.fixture(autouse=True)
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    register(monkeypatch)
    yield


def random_bots(game: grimoire.Game, seed: int) -> list[Bot]:
    return [RandomBot(seed * 10 + seat) for seat in range(game.players)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parallel_turns_with_chance_inside_always_finish(players: int) -> None:
    """Every seeded Race game ends; its record replays to the same scores; every submission
    counts once; seats acted in between each other's rolls (the turns really overlap)."""
    game = grimoire.make("toy_race", players=players, rounds=3, max_rolls=4)
    interleaved = 0
    for seed in range(12):
        result = play_game(game, random_bots(game, seed), seed=seed)
        assert result.record is not None
        replayed = result.record.replay()
        assert replayed.is_terminal() and replayed.scores() == result.scores
        seats = [actor for actor, _ in result.record.actions if actor >= 0]
        assert len(seats) == result.decisions <= game.max_game_length
        # a seat acted again after another seat acted in the middle of its turn (A B A)
        interleaved += any(
            a == c != b for a, b, c in zip(seats, seats[1:], seats[2:], strict=False)
        )
    assert interleaved >= 6


def test_sealed_choices_are_made_on_the_same_position() -> None:
    """Duel: in each round every seat chooses before any choice is applied, so no bot's
    state shows another's card."""
    seen: list[tuple[int, int, list[bool]]] = []

    class Spy(Bot):
        name = "spy"

        def choose(self, state: State, seat: int | None = None) -> int:
            assert seat is not None
            seen.append((seat, state.step, state.view(seat)["has_chosen"]))
            return state.legal_actions(seat)[0]

    game = grimoire.make("toy_duel", players=3, hand=3)
    result = play_game(game, [Spy() for _ in range(3)], seed=5)
    assert result.decisions == 9 and len(seen) == 9
    for start in range(0, 9, 3):
        batch = seen[start : start + 3]
        assert [seat for seat, _, _ in batch] == [0, 1, 2]
        assert len({step for _, step, _ in batch}) == 1
        assert all(not any(chosen) for _, _, chosen in batch)


class GrabState(State):
    """Parallel grabbing from a shared pool: each seat without a token takes one; a token
    taken by one seat is gone for the others (so a pending choice can become illegal)."""

    game: GrabGame

    def __init__(self, game: GrabGame, seed: int) -> None:
        super().__init__(game, seed)
        self.pool = [0, 1, 2]
        self.held: list[int | None] = [None, None]

    @property
    def current_player(self) -> Actor:
        waiting = frozenset(s for s, token in enumerate(self.held) if token is None)
        return waiting or TERMINAL

    def _legal_actions(self, seat: int) -> list[int]:
        return list(self.pool)

    def _apply(self, actor: int, action: int) -> None:
        self.pool.remove(action)
        self.held[actor] = action

    def chance_weights(self) -> list[tuple[int, int]]:
        return []

    def scores(self) -> list[float]:
        return [float(token or 0) for token in self.held]

    def winners(self) -> list[int]:
        return [0, 1] if self.is_terminal() else []

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"pool": list(self.pool), "held": list(self.held)}

    def _position(self) -> dict[str, Any]:
        return self._view(None)

    def _copy(self) -> GrabState:
        copy = GrabState(self.game, self.seed)
        copy.pool, copy.held = list(self.pool), list(self.held)
        return copy


class GrabGame(Game):
    name = "toy_grab"
    title = "Grab"
    min_players = 2
    max_players = 2
    simultaneous_decisions = True
    codec = Actions(Kind("grab", "grab {token}")).bind(token=Numbered(3, first=0))
    max_chance_outcomes = 1
    max_game_length = 2

    def _new_state(self, seed: int) -> State:
        return GrabState(self, seed)

    def _state_from_position(self, seed: int, position: dict[str, Any]) -> State:
        state = GrabState(self, seed)
        state.pool, state.held = list(position["pool"]), list(position["held"])
        return state


def test_a_choice_made_illegal_by_another_submission_is_asked_again() -> None:
    """Both seats choose token 0 on the same position; seat 0's grab is applied first, so
    seat 1's pending choice is no longer legal: seat 1 alone is asked again, on the new
    position, and grabs another token."""
    asked: list[tuple[int, list[int]]] = []

    class Greedy(Bot):
        name = "greedy"

        def choose(self, state: State, seat: int | None = None) -> int:
            assert seat is not None
            asked.append((seat, state.legal_actions(seat)))
            return state.legal_actions(seat)[0]

    result = play_game(GrabGame(2), [Greedy(), Greedy()], seed=1)
    assert asked == [(0, [0, 1, 2]), (1, [0, 1, 2]), (1, [1, 2])]
    assert result.decisions == 2 and result.scores == [0.0, 1.0]


class Recorder(Bot):
    """Keeps every state it is given, to look at afterwards."""

    name = "recorder"

    def __init__(self, seed: int, given: list[tuple[int, State]]) -> None:
        super().__init__(seed)
        self.given = given

    def choose(self, state: State, seat: int | None = None) -> int:
        assert seat is not None
        self.given.append((seat, state))
        return self.rng.choice(state.legal_actions(seat))


def test_bots_are_given_their_seats_state_never_the_truth() -> None:
    """Every state a bot gets is a re-dealt copy: a new object with another seed and no
    history, showing its own hand as it is, while the other hand (the planted secret) comes
    out differently in some of them."""
    given: list[tuple[int, State]] = []
    game = grimoire.make("toy_duel", players=2, hand=4)
    seed = 8
    result = play_game(game, [Recorder(1, given), Recorder(2, given)], seed=seed)
    assert result.record is not None
    truth = result.record.replay(upto=0)  # the true state, rebuilt step by step below
    different = 0
    states = dict(enumerate(given))
    steps = {state.step for _, state in given}
    actions = result.record.actions
    for index in range(len(actions) + 1):
        truth = result.record.replay(upto=index)
        if truth.step not in steps:
            continue
        for seat, mine in (pair for pair in states.values() if pair[1].step == truth.step):
            assert isinstance(mine, DuelState) and isinstance(truth, DuelState)
            assert mine.seed != seed and mine.history == []
            assert sorted(mine.hands[seat]) == sorted(truth.hands[seat])
            other = 1 - seat
            different += sorted(mine.hands[other]) != sorted(truth.hands[other])
            assert mine.view(seat) == truth.view(seat)
    assert different > 0


def test_max_game_length_is_enforced() -> None:
    """A game that would need more player actions than its bound is an error naming the seed."""
    game = grimoire.make("toy_race", players=2)

    class Forever(type(game)):  # type: ignore[misc]
        @property
        def max_game_length(self) -> int:
            return 3

    with pytest.raises(SimulationError, match="seed 4: no end after 3 decisions"):
        play_game(Forever(2, {}), random_bots(game, 4), seed=4)


def test_tournaments_of_parallel_games_do_not_depend_on_workers() -> None:
    alone = run_tournament("toy_race", 3, ["random"], 24, seed=6, workers=1, keep_records=True)
    pooled = run_tournament("toy_race", 3, ["random"], 24, seed=6, workers=2, keep_records=True)
    assert [r.record for r in alone.results] == [r.record for r in pooled.results]
    assert alone.to_json() == pooled.to_json()


@pytest.mark.parametrize("name", ["ciub", "five-seals"])
def test_heuristic_bots_still_play_whole_games_on_their_seats_state(name: str) -> None:
    game = grimoire.make(name, players=2)
    bots = [make_bot("heuristic", game, 1), make_bot("heuristic", game, 2)]
    result = play_game(game, bots, seed=3)
    assert result.winners and result.record is not None
    assert result.record.replay().scores() == result.scores
