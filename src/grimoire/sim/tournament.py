"""Tournaments: many seeded games between bots, with seat rotation and deterministic results.

How a tournament is laid out (see docs/simulation.md):

* The **line-up** is one bot kind per *entrant* (``bots``, or one kind repeated for every seat).
* **Seat rotation** (``rotate_seats=True``): in game ``i`` entrant ``j`` sits at seat
  ``(j + i) % players``. Every block of ``players`` consecutive games therefore seats every
  entrant once at every seat; when ``games`` is a multiple of ``players`` the rotation is
  exactly balanced (``TournamentResult.balanced``). Without rotation entrant ``j`` always
  sits at seat ``j``.
* **Seeds**: game ``i`` is played from ``derive_seed(seed, f"game/{i}")`` and the bot at seat
  ``s`` of game ``i`` gets ``derive_seed(seed, f"game/{i}/seat/{s}")``; every game gets fresh
  bots. A game's result thus depends only on (game, options, line-up, seed, i), never on
  which process played it or in which order, so ``workers > 1`` gives identical results.
* **Shared wins** are counted fractionally: each of the ``k`` winners of a game gets ``1/k``
  of a win, so the win shares of a game with a winner sum to 1 and an even contest gives
  every seat a win rate of ``1/players``. A finished game without winners gives no wins.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from grimoire.bots.registry import make_bot
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game
from grimoire.core.rng import derive_seed
from grimoire.registry import game_class
from grimoire.sim.play import GameResult, play_game
from grimoire.sim.stats import Summary, summarize
from grimoire.sim.workers import watch_parent  # workers end when this process is killed

TOURNAMENT_FORMAT = "grimoire-tournament/1"
ProgressCallback = Callable[[int, int], None]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament seeded with ``seed``."""
    return derive_seed(seed, f"game/{index}")


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in game ``index`` of a tournament seeded with ``seed``."""
    return derive_seed(seed, f"game/{index}/seat/{seat}")


def expand_bots(bots: Sequence[str], players: int) -> list[str]:
    """The line-up: one bot kind for every seat (one kind given) or the kinds as given."""
    kinds = [kind.strip().lower() for kind in bots]
    if not kinds or any(not kind for kind in kinds):
        raise InvalidOptions("name at least one bot kind (e.g. 'heuristic' or 'random')")
    if len(kinds) == 1:
        return kinds * players
    if len(kinds) != players:
        raise InvalidOptions(
            f"{len(kinds)} bots for {players} players: give one bot kind for all seats "
            f"or exactly one per seat"
        )
    return kinds


def seating(lineup: Sequence[str], index: int, rotate_seats: bool) -> list[str]:
    """The bot kind at each seat of game ``index``: entrant ``j`` sits at ``(j + index) % n``
    with rotation, at seat ``j`` without."""
    n = len(lineup)
    shift = index % n if rotate_seats else 0
    return [lineup[(seat - shift) % n] for seat in range(n)]


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class SeatStats:
    """How one seat did over the tournament. ``wins`` counts shared wins fractionally."""

    seat: int
    games: int
    wins: float
    win_rate: Summary  # per game: this seat's share of the win (0, 1/k or 1)
    score: Summary
    bots: dict[str, int]  # bot kind -> games it played at this seat

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate.mean,
            "win_rate_stderr": self.win_rate.stderr,
            "score": self.score.to_json(),
            "bots": dict(self.bots),
        }


@dataclass(frozen=True)
class BotStats:
    """How one bot kind did, over all the seats it filled. Per game, the kind's win share and
    score are averaged over its ``seats_per_game`` seats, so ``win_rate`` is its wins per
    seat-game and the standard errors are over independent games."""

    bot: str
    seats_per_game: int
    games: int
    wins: float
    win_rate: Summary
    score: Summary

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "seats_per_game": self.seats_per_game,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate.mean,
            "win_rate_stderr": self.win_rate.stderr,
            "score": self.score.to_json(),
        }


@dataclass(frozen=True)
class LengthStats:
    """Game length: player decisions always; the game's turns when every game exposed them."""

    decisions: Summary
    chance_steps: Summary
    turns: Summary | None

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions.to_json(),
            "chance_steps": self.chance_steps.to_json(),
            "turns": None if self.turns is None else self.turns.to_json(),
        }


@dataclass(frozen=True)
class TournamentResult:
    """Everything a tournament measured. Equal inputs give equal results (and equal JSON)."""

    game: str
    title: str
    players: int
    options: dict[str, Any]
    seed: int
    games: int
    lineup: list[str]
    rotate_seats: bool
    seats: list[SeatStats]
    bots: list[BotStats]
    length: LengthStats
    shared_wins: int  # games won by more than one seat
    no_winner: int  # finished games that nobody won
    results: list[GameResult] = field(repr=False)
    seatings: list[list[str]] = field(repr=False)  # bot kind per seat, per game

    @property
    def balanced(self) -> bool:
        """Whether every bot kind sat at every seat equally often (with rotation: when
        ``games`` is a multiple of ``players``, or when all seats have the same kind)."""
        return all(
            len({seat.bots.get(kind, 0) for seat in self.seats}) == 1 for kind in self.lineup
        )

    def to_json(self, *, include_games: bool = False) -> dict[str, Any]:
        """JSON data (schema ``grimoire-tournament/1``, see docs/simulation.md). With
        ``include_games`` it also lists every game's seed, seating and outcome."""
        doc: dict[str, Any] = {
            "format": TOURNAMENT_FORMAT,
            "game": self.game,
            "title": self.title,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "games": self.games,
            "lineup": list(self.lineup),
            "rotate_seats": self.rotate_seats,
            "balanced": self.balanced,
            "fair_win_rate": 1 / self.players,
            "seats": [seat.to_json() for seat in self.seats],
            "bots": [bot.to_json() for bot in self.bots],
            "length": self.length.to_json(),
            "shared_wins": self.shared_wins,
            "no_winner": self.no_winner,
        }
        if include_games:
            doc["results"] = [
                {"index": index, "seating": list(kinds), **result.to_json()}
                for index, (kinds, result) in enumerate(
                    zip(self.seatings, self.results, strict=True)
                )
            ]
        return doc


# --------------------------------------------------------------------------- running
@dataclass(frozen=True)
class _Task:
    """A chunk of games for one worker. The game class travels by reference (pickled as
    module + name), so any importable game works, registered or not."""

    game_cls: type[Game]
    players: int
    options: dict[str, Any]
    seed: int
    lineup: tuple[str, ...]
    rotate_seats: bool
    indices: tuple[int, ...]
    keep_records: bool
    max_decisions: int | None


def _play_one(game: Game, task: _Task, index: int) -> GameResult:
    kinds = seating(task.lineup, index, task.rotate_seats)
    bots = [
        make_bot(kind, game, bot_seed(task.seed, index, seat)) for seat, kind in enumerate(kinds)
    ]
    return play_game(
        game,
        bots,
        game_seed(task.seed, index),
        max_decisions=task.max_decisions,
        keep_record=task.keep_records,
    )


def _run_task(task: _Task) -> list[GameResult]:
    """Worker entry point: play the task's games in order."""
    game = task.game_cls(task.players, task.options)
    return [_play_one(game, task, index) for index in task.indices]


def _chunk_size(games: int, workers: int) -> int:
    # About 16 chunks per worker: smooth progress, little pickling overhead, good balance.
    return max(1, min(64, math.ceil(games / (workers * 16))))


def run_tournament(
    game_name: str,
    players: int | None,
    bots: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    rotate_seats: bool = True,
    workers: int = 1,
    progress: ProgressCallback | None = None,
    *,
    keep_records: bool = False,
    max_decisions: int | None = None,
) -> TournamentResult:
    """Play ``games`` games of ``game_name`` between ``bots`` and gather the statistics.

    ``players`` None means the game's minimum. ``bots`` is one kind for every seat or one kind
    per seat (the line-up; see the module docstring for seat rotation and seeding).
    ``workers > 1`` plays chunks of games in that many processes; the results are merged by
    game index, so they are identical to ``workers=1``. ``progress(done, total)`` is called in
    this process after every game (``workers=1``) or every finished chunk. ``keep_records``
    keeps every game's record in ``results``; ``max_decisions`` aborts a game that runs longer.
    """
    cls = game_class(game_name)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidOptions(f"games must be a whole number of at least 1, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidOptions(f"workers must be a whole number of at least 1, not {workers!r}")
    game = cls(cls.min_players if players is None else players, dict(options or {}))
    lineup = expand_bots(bots, game.players)
    for kind in sorted(set(lineup)):
        make_bot(kind, game, 0)  # unknown kinds fail here, before any work starts

    def task(indices: Sequence[int]) -> _Task:
        return _Task(
            game_cls=cls,
            players=game.players,
            options=dict(game.options),
            seed=seed,
            lineup=tuple(lineup),
            rotate_seats=rotate_seats,
            indices=tuple(indices),
            keep_records=keep_records,
            max_decisions=max_decisions,
        )

    results: list[GameResult | None] = [None] * games
    if workers == 1:
        whole = task(range(games))
        for index in range(games):
            results[index] = _play_one(game, whole, index)
            if progress is not None:
                progress(index + 1, games)
    else:
        size = _chunk_size(games, workers)
        chunks = [range(start, min(start + size, games)) for start in range(0, games, size)]
        _run_parallel([task(chunk) for chunk in chunks], workers, results, progress)
    finished = [result for result in results if result is not None]
    assert len(finished) == games
    return _aggregate(game, seed, lineup, rotate_seats, finished)


def _run_parallel(
    tasks: list[_Task],
    workers: int,
    results: list[GameResult | None],
    progress: ProgressCallback | None,
) -> None:
    # "spawn" everywhere: the same behaviour on every OS, and safe when the caller runs
    # threads (a progress display, a web server) that fork() would copy mid-flight.
    context = multiprocessing.get_context("spawn")
    total, done = len(results), 0
    with ProcessPoolExecutor(
        max_workers=min(workers, len(tasks)),
        mp_context=context,
        initializer=watch_parent,
        initargs=(os.getpid(),),
    ) as pool:
        pending: dict[Future[list[GameResult]], _Task] = {
            pool.submit(_run_task, task): task for task in tasks
        }
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    task = pending.pop(future)
                    for index, result in zip(task.indices, future.result(), strict=True):
                        results[index] = result
                    done += len(task.indices)
                    if progress is not None:
                        progress(done, total)
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def _aggregate(
    game: Game,
    seed: int,
    lineup: list[str],
    rotate_seats: bool,
    results: list[GameResult],
) -> TournamentResult:
    n = game.players
    seatings = [seating(lineup, index, rotate_seats) for index in range(len(results))]
    shares: list[list[Fraction]] = []  # per game, per seat: share of the win
    for result in results:
        row = [Fraction(0)] * n
        for seat in result.winners:
            row[seat] = Fraction(1, len(result.winners))
        shares.append(row)

    seats = []
    for seat in range(n):
        kinds: dict[str, int] = {}
        for kinds_at in seatings:
            kinds[kinds_at[seat]] = kinds.get(kinds_at[seat], 0) + 1
        seats.append(
            SeatStats(
                seat=seat,
                games=len(results),
                wins=float(sum(row[seat] for row in shares)),
                win_rate=summarize([float(row[seat]) for row in shares]),
                score=summarize([result.scores[seat] for result in results]),
                bots=dict(sorted(kinds.items())),
            )
        )

    bot_stats = []
    for kind in sorted(set(lineup)):
        count = lineup.count(kind)
        per_game_share, per_game_score, wins = [], [], Fraction(0)
        for kinds_at, row, result in zip(seatings, shares, results, strict=True):
            mine = [seat for seat in range(n) if kinds_at[seat] == kind]
            share = sum((row[seat] for seat in mine), Fraction(0))
            wins += share
            per_game_share.append(float(share / count))
            per_game_score.append(math.fsum(result.scores[seat] for seat in mine) / count)
        bot_stats.append(
            BotStats(
                bot=kind,
                seats_per_game=count,
                games=len(results),
                wins=float(wins),
                win_rate=summarize(per_game_share),
                score=summarize(per_game_score),
            )
        )

    turns = [result.turns for result in results]
    length = LengthStats(
        decisions=summarize([float(result.decisions) for result in results]),
        chance_steps=summarize([float(result.chance_steps) for result in results]),
        turns=None
        if any(t is None for t in turns)
        else summarize([float(t) for t in turns if t is not None]),
    )
    return TournamentResult(
        game=game.name,
        title=game.title,
        players=n,
        options=dict(game.options),
        seed=seed,
        games=len(results),
        lineup=list(lineup),
        rotate_seats=rotate_seats,
        seats=seats,
        bots=bot_stats,
        length=length,
        shared_wins=sum(1 for result in results if len(result.winners) > 1),
        no_winner=sum(1 for result in results if not result.winners),
        results=results,
        seatings=seatings,
    )
