"""What the PettingZoo, Gymnasium and OpenSpiel adapters share: names, rewards, the order in
which simultaneous submissions are taken, and rendering."""

from __future__ import annotations

import io
import re
from typing import Any

import numpy as np

import grimoire
from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.envs.observation import next_seat

__all__ = [
    "ENV_VERSION",
    "REWARDS",
    "agent_name",
    "camel_name",
    "env_name",
    "final_rewards",
    "gym_id",
    "has_svg",
    "make_game",
    "next_seat",
    "render_ansi",
    "render_rgb",
    "rgb_available",
    "win_returns",
]

# The version in every environment's name (grimoire_ciub_v0, grimoire/Ciub-v0): bumped when an
# environment's observations, rewards or dynamics change for the same game and options.
ENV_VERSION = 0
REWARDS = ("win", "share", "margin")


def make_game(name: str, players: int | None, options: dict[str, Any]) -> Game:
    return grimoire.make(name, players, **options)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def env_name(game: str) -> str:
    """PettingZoo's versioned name of a game: ``grimoire_five_seals_v0``."""
    return f"grimoire_{re.sub(r'[^a-z0-9]+', '_', game.lower()).strip('_')}_v{ENV_VERSION}"


def camel_name(game: str) -> str:
    """``five-seals`` -> ``FiveSeals``."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", game) if part)


def gym_id(game: str) -> str:
    """Gymnasium's id of a game: ``grimoire/FiveSeals-v0``."""
    return f"grimoire/{camel_name(game)}-v{ENV_VERSION}"


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
    raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward


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
    """Whether the game draws pictures (overrides ``render_svg``)."""
    return type(game).render_svg is not Game.render_svg


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
