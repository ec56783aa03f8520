"""Play one game to the end with one bot per seat, through the core contracts only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from grimoire.core.bot import Bot, Dealer
from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.record import GameRecord
from grimoire.core.rng import derive_seed
from grimoire.core.state import CHANCE, State


class SimulationError(GrimoireError, RuntimeError):
    """A simulated game could not be played to the end (a bot chose an illegal action, or
    the game ran past ``max_decisions``). The message names the game's seed to reproduce it."""


@dataclass
class GameResult:
    """The outcome of one finished game.

    ``decisions`` counts player actions applied (at a simultaneous decision every seat's
    submission counts once); ``chance_steps`` counts chance outcomes, setup included;
    ``turns`` is the game's own turn count when its state exposes an integer ``turns``
    attribute, else None. ``first_player`` is the seat that made the game's first player
    decision, after setup's chance (who started, whether the game's options or a die chose
    it); None when several seats decided at once at the first decision (a simultaneous
    start). ``record`` replays the game (``record.replay()``).
    """

    seed: int
    scores: list[float]
    winners: list[int]
    decisions: int
    chance_steps: int
    turns: int | None
    bots: list[str]
    record: GameRecord | None = field(default=None, repr=False)
    first_player: int | None = None

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "seed": self.seed,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "decisions": self.decisions,
            "chance_steps": self.chance_steps,
            "turns": self.turns,
            "bots": list(self.bots),
            "first_player": self.first_player,
        }
        if self.record is not None:
            doc["record"] = self.record.to_json()
        return doc


def game_turns(state: State) -> int | None:
    """The game's turn count (``State.turns``), or None for a game without turns."""
    return state.turns


Observer = Callable[[State, int, int], None]


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    *,
    max_decisions: int | None = None,
    keep_record: bool = True,
    observe: Observer | None = None,
) -> GameResult:
    """Play a new game of ``game`` from ``seed`` to the end; ``bots[s]`` plays seat ``s``.

    Chance is drawn from the seed (``State.resolve_chance``), so the same game, bots and
    bot seeds give the same game. A bot is only ever given ``state.for_seat(seat)``, a copy in
    which everything its seat cannot see is re-dealt and the seed is new (the re-deal is seeded
    from the game's seed, the seat and the step), never the true state.

    Simultaneous decisions, sealed or parallel, are played one submission at a time: every
    seat in ``state.seats_to_act()`` without a pending choice chooses on the same position (no
    bot sees another's choice); then the oldest pending choice (lowest seat first among equals)
    is applied and the chance it triggers resolved, so parallel turns interleave as at a table;
    a pending choice that is no longer legal (or whose seat no longer acts) is dropped, and
    that seat is asked again on the new position. A game that needs more than
    ``game.max_game_length`` (or ``max_decisions``) player actions is an error.
    ``observe(state, seat, action)``, if given, is called on the true state just before each
    player action is applied (for statistics; it must not change the state).
    """
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for a {game.players}-player game")
    state = game.new_state(seed)
    limit = game.max_game_length
    if max_decisions is not None:
        limit = min(limit, max_decisions)
    dealer = Dealer(seed, lambda seat, step: derive_seed(seed, f"for_seat/{seat}/{step}"))
    decisions = 0
    first_player: int | None = None
    pending: dict[int, tuple[int, int]] = {}  # seat -> (when it chose, its choice)
    try:
        while True:
            state.resolve_chance()
            actor = state.current_player
            if isinstance(actor, int) and not pending:  # one seat to act, or the end
                if actor < 0:  # resolve_chance stops only at a decision or the end
                    break
                seat = actor
                if decisions == 0:
                    first_player = seat  # who started: the first seat to decide
                _check_length(game, seed, decisions, limit, max_decisions)
                action = _choose(bots[seat], dealer, state, seat, seed)
            else:
                seats = state.seats_to_act()
                if not seats:
                    break
                if decisions == 0 and not pending and len(seats) == 1:
                    (first_player,) = seats
                _check_length(game, seed, decisions, limit, max_decisions)
                for seat in list(pending):
                    if seat not in seats or pending[seat][1] not in state.legal_actions(seat):
                        del pending[seat]  # its position changed under it: ask again
                for seat in sorted(seats - pending.keys()):
                    pending[seat] = (decisions, _choose(bots[seat], dealer, state, seat, seed))
                seat = min(pending, key=lambda s: (pending[s][0], s))
                action = pending.pop(seat)[1]
            if observe is not None and state.why_illegal(action, seat) is None:
                observe(state, seat, action)
            _apply(state, seat, action, bots[seat], seed)
            decisions += 1
    except SimulationError:
        raise
    except GrimoireError as error:
        raise SimulationError(f"{game.name} seed {seed}: {error}") from error
    history = state.history
    return GameResult(
        seed=seed,
        scores=[float(score) for score in state.scores()],
        winners=sorted(state.winners()),
        decisions=decisions,
        chance_steps=sum(1 for actor, _ in history if actor == CHANCE),
        turns=game_turns(state),
        bots=[bot.name for bot in bots],
        record=state.record() if keep_record else None,
        first_player=first_player,
    )


def _check_length(
    game: Game, seed: int, decisions: int, limit: int, max_decisions: int | None
) -> None:
    if decisions >= limit:
        raise SimulationError(
            f"{game.name} seed {seed}: no end after {decisions} decisions "
            f"(max_game_length={game.max_game_length}, max_decisions={max_decisions})"
        )


def _choose(bot: Bot, dealer: Dealer, state: State, seat: int, seed: int) -> int:
    """Ask ``bot`` on the state made for its seat (``Dealer.copy_for``): never the true state,
    except for a bot that reads nothing but the legal actions (``Bot.reads_position`` False),
    which the seat's ``for_seat`` copy shares with the true state anyway."""
    action = bot.choose(dealer.copy_for(bot, state, seat), seat)
    if isinstance(action, bool) or not isinstance(action, int):
        raise SimulationError(
            f"{state.game.name} seed {seed}: bot {bot.name!r} at seat {seat + 1} returned "
            f"{action!r}, not an action id"
        )
    return action


def _apply(state: State, seat: int, action: int, bot: Bot, seed: int) -> None:
    try:
        state.apply(action, seat)
    except GrimoireError as error:
        raise SimulationError(
            f"{state.game.name} seed {seed}, step {state.step}: bot {bot.name!r} at seat "
            f"{seat + 1} chose {action}: {error}"
        ) from error
