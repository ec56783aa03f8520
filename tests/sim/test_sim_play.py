from __future__ import annotations

import pytest
from tests.sim.sim_toygames import CLAIM

import grimoire
from grimoire.bots import RandomBot, make_bot
from grimoire.core.bot import Bot
from grimoire.core.state import State
from grimoire.sim import SimulationError, Summary, play_game, summarize


def random_bots(game: grimoire.Game, seed: int) -> list[Bot]:
    return [RandomBot(seed * 10 + seat) for seat in range(game.players)]


def test_ciub_random_game_finishes_and_replays() -> None:
    game = grimoire.make("ciub", players=2)
    result = play_game(game, random_bots(game, 1), seed=7)
    assert result.seed == 7
    assert len(result.scores) == 2
    assert result.winners and set(result.winners) <= {0, 1}
    assert result.decisions > 0 and result.chance_steps > 0
    assert result.turns is not None and result.turns > 0  # Ciúb's state exposes ``turns``
    assert result.bots == ["random", "random"]
    assert result.record is not None
    replayed = result.record.replay()
    assert replayed.is_terminal()
    assert replayed.scores() == result.scores
    assert sorted(replayed.winners()) == result.winners
    assert sum(1 for actor, _ in replayed.history if actor >= 0) == result.decisions


def test_same_seeds_same_game() -> None:
    game = grimoire.make("ciub", players=3)
    first = play_game(game, random_bots(game, 5), seed=11)
    again = play_game(game, random_bots(game, 5), seed=11)
    other = play_game(game, random_bots(game, 5), seed=12)
    assert first == again
    assert first.record is not None and other.record is not None
    assert first.record.actions != other.record.actions


def test_keep_record_false() -> None:
    game = grimoire.make("toy-claim", players=2)
    result = play_game(game, random_bots(game, 1), seed=1, keep_record=False)
    assert result.record is None
    assert "record" not in result.to_json()


class SpyBot(Bot):
    """Records the step and the submitted guesses of every position it is asked about."""

    name = "spy"

    def __init__(self, seen: list[tuple[int, int, int]]) -> None:
        super().__init__(0)
        self.seen = seen

    def choose(self, state: State, seat: int | None = None) -> int:
        assert seat is not None
        self.seen.append((seat, state.step, len(state.view(None)["submitted"])))
        return seat % 3


def test_simultaneous_decisions_choose_on_the_same_position() -> None:
    game = grimoire.make("toy-guess", players=3, rounds=4)
    seen: list[tuple[int, int, int]] = []
    result = play_game(game, [SpyBot(seen) for _ in range(3)], seed=3)
    assert result.decisions == 4 * 3
    assert result.chance_steps == 4
    assert result.turns is None  # this game exposes no turn count
    assert len(seen) == 12
    for round_start in range(0, 12, 3):
        batch = seen[round_start : round_start + 3]
        assert [seat for seat, _, _ in batch] == [0, 1, 2]  # asked in seat order
        assert len({step for _, step, _ in batch}) == 1  # on one and the same position
        assert all(submitted == 0 for _, _, submitted in batch)  # nobody sees another's guess
    assert result.record is not None
    assert result.record.replay().scores() == result.scores


def test_shared_win_is_reported_as_all_winners() -> None:
    game = grimoire.make("toy-claim", players=3)
    claimers = [make_bot("heuristic", game, seat) for seat in range(3)]
    result = play_game(game, claimers, seed=2)
    assert result.winners == [0, 1, 2]
    assert result.turns == 3
    assert result.bots == ["claimer"] * 3


class IllegalBot(Bot):
    name = "cheater"

    def choose(self, state: State, seat: int | None = None) -> int:
        return 99


class NotAnIntBot(Bot):
    name = "confused"

    def choose(self, state: State, seat: int | None = None) -> int:
        return "claim"  # type: ignore[return-value]


def test_illegal_choice_names_seed_bot_and_seat() -> None:
    game = grimoire.make("toy-claim", players=2)
    with pytest.raises(SimulationError, match=r"seed 42.*'cheater' at seat 1 chose 99"):
        play_game(game, [IllegalBot(), RandomBot(1)], seed=42)
    with pytest.raises(SimulationError, match=r"'confused' at seat 2 returned 'claim'"):
        play_game(game, [RandomBot(1), NotAnIntBot()], seed=42)


def test_max_decisions_stops_a_long_game() -> None:
    game = grimoire.make("toy-guess", players=2, rounds=50)
    with pytest.raises(SimulationError, match=r"seed 5: no end after 10 decisions"):
        play_game(game, random_bots(game, 1), seed=5, max_decisions=10)
    assert play_game(game, random_bots(game, 1), seed=5, max_decisions=100).decisions == 100


def test_wrong_number_of_bots() -> None:
    game = grimoire.make("toy-claim", players=3)
    with pytest.raises(ValueError, match="2 bots for a 3-player game"):
        play_game(game, [RandomBot(1), RandomBot(2)], seed=1)


def test_result_json() -> None:
    game = grimoire.make("toy-claim", players=2)
    result = play_game(game, [make_bot("heuristic", game, 1), RandomBot(2)], seed=9)
    doc = result.to_json()
    assert set(doc) == {
        "seed",
        "scores",
        "winners",
        "decisions",
        "chance_steps",
        "turns",
        "bots",
        "record",
        "first_player",
    }
    assert doc["first_player"] == 0  # the first seat to decide, after setup's chance
    assert doc["bots"] == ["claimer", "random"]
    assert 0 in doc["winners"]
    assert doc["record"]["actions"][1] == [0, CLAIM]  # after the setup chance draw


def test_summarize() -> None:
    summary = summarize([2.0, 4.0, 6.0])
    assert summary == Summary(n=3, mean=4.0, stderr=summary.stderr, min=2.0, max=6.0)
    assert summary.stderr == pytest.approx(2 / 3**0.5)
    assert summarize([5.0]).stderr is None
    with pytest.raises(ValueError):
        summarize([])


class SeedSpy(Bot):
    """Plays randomly and keeps the seed of every state it is handed."""

    def __init__(self, seeds: list[int]) -> None:
        super().__init__(0)
        self.seeds = seeds

    def choose(self, state: State, seat: int | None = None) -> int:
        self.seeds.append(state.seed)
        return self.rng.choice(state.legal_actions(seat))


class BlindSeedSpy(SeedSpy):
    """The same, saying it reads its legal actions only."""

    reads_position = False


def test_only_a_bot_that_reads_no_position_is_handed_the_true_state() -> None:
    """A bot that looks at the position gets a for_seat copy (a fresh seed: no future dice);
    one that reads only the legal actions is spared the copy."""
    game = grimoire.make("ciub", players=2)
    looking: list[int] = []
    play_game(game, [SeedSpy(looking), SeedSpy(looking)], seed=5)
    assert looking and 5 not in looking
    blind: list[int] = []
    play_game(game, [BlindSeedSpy(blind), BlindSeedSpy(blind)], seed=5)
    assert blind and set(blind) == {5}
    assert make_bot("random", game, 1).reads_position is False
    assert make_bot("heuristic", game, 1).reads_position is True
