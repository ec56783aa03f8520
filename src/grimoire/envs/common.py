"""What the PettingZoo, Gymnasium and OpenSpiel adapters share: names, rewards, the order in
which simultaneous submissions are taken, and rendering."""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

import grimoire
from grimoire.bots.policy import Mask, Observe, set_default_adapter
from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.envs.observation import encoder_for, next_seat

__all__ = [
    "ENV_CHANGES",
    "ENV_VERSION",
    "OBSERVATIONS",
    "REWARDS",
    "REWARD_HELP",
    "Lengths",
    "ScoreRewards",
    "TurnRun",
    "action_text",
    "agent_name",
    "camel_name",
    "check_observation",
    "check_reward",
    "cut_by_engine",
    "env_name",
    "episode_bound",
    "final_rewards",
    "gym_id",
    "has_decision_limit",
    "has_svg",
    "make_game",
    "measured_lengths",
    "next_seat",
    "policy_adapter",
    "progress_mask",
    "render_ansi",
    "render_rgb",
    "rgb_available",
    "steps_bound",
    "turn_bound",
    "turn_steps_bound",
    "win_returns",
]

# The version in every environment's name (grimoire_ciub_v1, grimoire/Ciub-v1): bumped when an
# environment's observations, rewards or dynamics change for the same game and options (the
# observation and action layouts are pinned to it: grimoire.envs.layouts). Older ids are refused
# with the new one named (Gymnasium's DeprecatedEnv, PettingZoo's deprecated-module mechanism).
ENV_VERSION = 1
# What each version changed (docs/rl.md, "Versions").
ENV_CHANGES: dict[int, str] = {
    0: "the first environments: the generic view encoder, masks with back-outs, every ending "
    "a termination, seat 0 by default",
    1: "each game's own observation encoder (Ciúb 2p: 2,946 -> 2,220 slots), masks without "
    "back-outs (State.progress_actions), cuts by the engine's decision_limit and the episode "
    "and turn bounds reported as truncations, the Gymnasium seat random by default",
}
# Each reward choice and what it gives (check_reward lists them in its refusal).
REWARD_HELP: dict[str, str] = {
    "win": "at the end, zero-sum: a sole winner +1, each loser -1/(n-1) (alone: +1 / -1)",
    "share": "at the end, a winner's share of the win (1/len(winners)), 0 for a loser",
    "margin": "at the end, the seat's score minus the best other score (alone: the score)",
    "score": "at every step, the change in the seat's own score as it may know it; at the end "
    "the rest of its true final score (the episode's sum is that score)",
}
REWARDS = tuple(REWARD_HELP)


def make_game(name: str, players: int | None, options: dict[str, Any]) -> Game:
    return grimoire.make(name, players, **options)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def env_name(game: str, version: int = ENV_VERSION) -> str:
    """PettingZoo's versioned name of a game: ``grimoire_five_seals_v1``."""
    return f"grimoire_{re.sub(r'[^a-z0-9]+', '_', game.lower()).strip('_')}_v{version}"


def camel_name(game: str) -> str:
    """``five-seals`` -> ``FiveSeals``."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", game) if part)


def gym_id(game: str, version: int = ENV_VERSION) -> str:
    """Gymnasium's id of a game: ``grimoire/FiveSeals-v1``."""
    return f"grimoire/{camel_name(game)}-v{version}"


def win_returns(state: State) -> list[float]:
    """Zero-sum returns from the winners: a seat's share of the win ``1/len(winners)`` (0 for a
    loser) mapped by ``(n * share - 1) / (n - 1)``, so a sole winner gets +1, each loser
    ``-1 / (n - 1)``, and the returns sum to 0 (a win shared by all gives 0 each). Alone (a solo
    game against the game itself) the seat gets +1 for a win and -1 for a loss, as if the game
    were the second player."""
    players = state.game.players
    winners = state.winners()
    if players == 1:
        return [1.0 if winners else -1.0]
    if not winners:
        return [0.0] * players
    share = 1.0 / len(winners)
    return [
        (players * (share if seat in winners else 0.0) - 1.0) / (players - 1)
        for seat in range(players)
    ]


def final_rewards(state: State, reward: str) -> list[float]:
    """Each seat's reward at the end: ``win`` (zero-sum, see ``win_returns``), ``share`` (a
    winner's share of the win, ``1/len(winners)``, 0 for a loser) or ``margin`` (a seat's true
    score minus the best score of the others; alone, the score itself)."""
    if reward == "win":
        return win_returns(state)
    if reward == "share":
        winners = state.winners()
        return [
            1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.game.players)
        ]
    if reward == "margin":
        scores = [float(score) for score in state.scores()]
        return [
            score - max((other for seat, other in enumerate(scores) if seat != me), default=0.0)
            for me, score in enumerate(scores)
        ]
    if reward == "score":
        return [float(score) for score in state.scores()]
    raise ValueError(_reward_refusal(reward))


def _reward_refusal(reward: object) -> str:
    choices = "; ".join(f"{name!r}: {text}" for name, text in REWARD_HELP.items())
    return f"reward must be one of {', '.join(REWARDS)}, not {reward!r} ({choices})"


def check_reward(reward: str) -> str:
    """``reward`` if it is one of ``REWARDS``; else a ValueError listing each choice."""
    if reward not in REWARDS:
        raise ValueError(_reward_refusal(reward))
    return reward


class ScoreRewards:
    """The ``score`` reward: each seat is paid the change in its own score as it may know it
    (``public_scores(seat)[seat]``, so a reward never tells a seat a hidden score), and at the
    end the rest of its true final score, so an episode's rewards add up to that score."""

    def __init__(self, players: int) -> None:
        self.credited = [0.0] * players

    def step(self, state: State) -> list[float]:
        """Each seat's reward since the last call (all seats)."""
        return [self.seat_step(state, seat) for seat in range(len(self.credited))]

    def seat_step(self, state: State, seat: int) -> float:
        """``seat``'s reward since its last payment."""
        if state.is_terminal():
            value: float | None = float(state.scores()[seat])
        else:
            known = state.public_scores(seat)[seat]
            value = None if known is None else float(known)
        if value is None:
            return 0.0
        paid = value - self.credited[seat]
        self.credited[seat] = value
        return paid


def action_text(game: Game, state: State | None, action: object) -> str:
    """The text of action id ``action`` of ``game`` (read on ``state``, or on a new game
    before the first reset: an id means the same at every position)."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ValueError(f"an action is an integer id, not {action!r}")
    if not 0 <= int(action) < game.num_actions:
        raise ValueError(f"action ids of {game.title} are 0..{game.num_actions - 1}, not {action}")
    if state is None or state.is_chance():  # at a chance node an id names an outcome
        state = game.new_state(0)
    return state.action_to_string(int(action))


# --------------------------------------------------------------------------- episode lengths
LENGTH_SAMPLE_GAMES = 6  # seeded random games measured per game, player count and options
LENGTH_MARGIN = 2  # the bound is this many times the longest measured game ...
LENGTH_SLACK = 50  # ... plus this many decisions (short games vary the most)


@dataclass(frozen=True)
class Lengths:
    """What seeded random games of one game, player count and options measured: the most
    player decisions and the most history entries (decisions and chance outcomes) of one
    game, and how many were measured."""

    decisions: int
    history: int
    games: int
    run: int = 0  # the most decisions one seat made in a row (no chance, nobody else between)


@lru_cache(maxsize=64)
def _lengths(cls: type[Game], players: int, options_json: str, data_hash: str) -> Lengths:
    game = cls(players, json.loads(options_json))
    decisions = history = longest_run = 0
    for number in range(LENGTH_SAMPLE_GAMES):
        rng = random.Random(f"grimoire-envs-length/{number}")
        state = game.new_state(number, resolve_chance=False)
        made = 0
        last = -1
        runs = TurnRun()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance())
                continue
            seat = next_seat(state.seats_to_act(), last, game.players)
            runs.before(state, seat)
            state.apply(rng.choice(state.progress_actions(seat)), seat)  # as the envs offer
            runs.after(state)
            longest_run = max(longest_run, runs.length)
            last = seat
            made += 1
        decisions = max(decisions, made)
        history = max(history, state.history_length())
    return Lengths(decisions, history, LENGTH_SAMPLE_GAMES, longest_run)


class TurnRun:
    """The decisions one seat has made in a row: no chance outcome and no other seat's action
    between them (a choose / cancel cycle is such a run; a turn that rolls dice starts a new
    run at each roll). ``before(state, seat)`` just before that seat's action is applied,
    ``after(state)`` just after (before chance is resolved); ``length`` counts the run."""

    def __init__(self) -> None:
        self.seat = -1
        self.mark = -1  # the history's length after the run's last action
        self.length = 0

    def before(self, state: State, seat: int) -> None:
        if seat != self.seat or state.history_length() != self.mark:
            self.seat, self.length = seat, 0

    def after(self, state: State) -> None:
        self.length += 1
        self.mark = state.history_length()


def turn_bound(game: Game) -> int:
    """A realistic bound on one seat's decisions in a row (``TurnRun``): ``LENGTH_MARGIN``
    times the longest run of the measured random games plus ``LENGTH_SLACK``."""
    return LENGTH_MARGIN * measured_lengths(game).run + LENGTH_SLACK


def turn_steps_bound(game: Game, max_turn_steps: int | str | None) -> int | None:
    """``max_turn_steps`` resolved: ``"auto"`` is ``turn_bound(game)``, None no bound."""
    if max_turn_steps == "auto":
        return turn_bound(game)
    if max_turn_steps is None:
        return None
    if isinstance(max_turn_steps, bool) or not isinstance(max_turn_steps, int):
        raise ValueError(f"max_turn_steps: a number, 'auto' or None, not {max_turn_steps!r}")
    if max_turn_steps < 1:
        raise ValueError(f"max_turn_steps must be 1 or more, not {max_turn_steps}")
    return max_turn_steps


def measured_lengths(game: Game) -> Lengths:
    """The longest of ``LENGTH_SAMPLE_GAMES`` seeded random games of ``game`` (the same in
    every process; measured once per process for each game, player count and options)."""
    options_json = json.dumps(game.options, sort_keys=True)
    return _lengths(type(game), game.players, options_json, game.data_hash)


def episode_bound(game: Game) -> int:
    """A realistic bound on the player decisions of one game: ``LENGTH_MARGIN`` times the
    longest measured random game plus ``LENGTH_SLACK``, at most ``game.max_game_length`` (the
    engine's own bound). Random play is the slow way through every game here (heuristic games
    are shorter), so a sane game stays well inside it; a policy looping on choose / cancel
    does not."""
    longest = measured_lengths(game).decisions
    return min(game.max_game_length, LENGTH_MARGIN * longest + LENGTH_SLACK)


OBSERVATIONS = ("box", "dict")  # the observation forms: a vector, or a dict with the mask


def check_observation(observation: str) -> str:
    """``observation`` if it is one of ``OBSERVATIONS``; else a ValueError."""
    if observation not in OBSERVATIONS:
        raise ValueError(f"observation must be one of {OBSERVATIONS}, not {observation!r}")
    return observation


def steps_bound(game: Game, max_episode_steps: int | str | None) -> int | None:
    """``max_episode_steps`` resolved: ``"auto"`` is ``common.episode_bound(game)``, None no
    bound but the game's own."""
    if max_episode_steps == "auto":
        return episode_bound(game)
    if max_episode_steps is None:
        return None
    if isinstance(max_episode_steps, bool) or not isinstance(max_episode_steps, int):
        raise ValueError(f"max_episode_steps: a number, 'auto' or None, not {max_episode_steps!r}")
    if max_episode_steps < 1:
        raise ValueError(f"max_episode_steps must be 1 or more, not {max_episode_steps}")
    return max_episode_steps


def has_decision_limit(game: Game) -> bool:
    """Whether ``game`` offers the engine's ``decision_limit`` safeguard (its capability
    ``decision_limit``; the core declares the option and enforces it)."""
    return game.capabilities.decision_limit is not None


def cut_by_engine(state: State) -> bool:
    """Whether a finished game was ended by the engine's ``decision_limit`` safeguard (a
    truncation, scored as it stands) rather than by its rules: the game offers the option and
    its player decisions (``State.decisions``, counted by the core) reached it. A game whose
    rules end it on exactly the limit's decision counts as cut too (no game here comes near
    its limit)."""
    if not state.is_terminal() or not has_decision_limit(state.game):
        return False
    limit = state.game.max_decisions
    assert limit is not None
    return state.decisions >= limit


# --------------------------------------------------------------------------- rendering
def render_ansi(game: Game, state: State, seat: int | None = None, width: int = 110) -> str:
    """The game's text rendering of what ``seat`` (None: a spectator) sees, as plain text."""
    drawing = game.render_text(state, seat)
    if isinstance(drawing, str):
        return drawing
    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=width, color_system=None, force_terminal=False).print(drawing)
    return buffer.getvalue()


def has_svg(game: Game) -> bool:
    """Whether the game draws pictures (its capability ``svg``)."""
    return game.capabilities.svg


def rgb_available(game: Game) -> bool:
    """``rgb_array`` rendering needs a picture and the rasteriser of the ``rl`` extra."""
    if not has_svg(game):
        return False
    try:
        import PIL.Image  # noqa: F401
        import resvg_py  # noqa: F401
    except ImportError:
        return False
    return True


def render_rgb(game: Game, state: State, seat: int | None = None, width: int = 800) -> np.ndarray:
    """The game's SVG picture of what ``seat`` sees as an ``(H, W, 3)`` uint8 array."""
    import PIL.Image
    import resvg_py

    svg = game.render_svg(state, seat)
    if svg is None:
        raise ValueError(f"{game.title} has no picture of this position")
    png = resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff", width=width)
    with PIL.Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()


def render(
    mode: str | None, game: Game, state: State, seat: int | None, width: int
) -> str | np.ndarray | None:
    """An env's ``render()`` for its ``render_mode``: "ansi" text, "human" (printed) or an
    "rgb_array" picture of what ``seat`` sees."""
    if mode is None:
        import gymnasium

        gymnasium.logger.warn("render() without a render_mode: pass render_mode=...")
        return None
    if mode == "rgb_array":
        return render_rgb(game, state, seat, width)
    text = render_ansi(game, state, seat)
    if mode == "human":
        print(text)
        return None
    return text


# --------------------------------------------------------------------------- policies as bots
def progress_mask(state: State, seat: int) -> np.ndarray:
    """The Gymnasium mask of ``seat``: True on its ``progress_actions`` (no back-outs)."""
    mask = np.zeros(state.game.num_actions, dtype=bool)
    if seat in state.seats_to_act():
        mask[state.progress_actions(seat)] = True
    return mask


def policy_adapter(game: Game) -> tuple[Observe, Mask]:
    """What ``grimoire.bots.from_policy`` hands a policy by default: the environments'
    observation of the seat (``encoder_for(game).observe``) and its mask."""
    return encoder_for(game).observe, progress_mask


set_default_adapter(policy_adapter)  # the bots layer cannot import the encoders: given here
