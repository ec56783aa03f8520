"""Helpers for the F.A.T.A.L. rule tests: positions written the documented way
(docs/rules/fatal.md, read with ``game.state_from_json``), actions by their text, chance outcomes
by the name of the card, treasure or character drawn."""

from __future__ import annotations

import json
from typing import Any

from grimoire.core.game import Game
from grimoire.core.state import CHANCE, State
from grimoire.games.fatal.frames import stack_to_json
from grimoire.games.fatal.game import FatalGame
from grimoire.games.fatal.state import FatalState

NAMES = {3: ("Andrew", "Bea", "Carl")}
ENCHANTMENTS = (  # the shipped kinds, two copies each
    "Elemental Shield",
    "Magical Swap",
    "Double Vision",
    "Wind of Oblivion",
    "Falling Star",
    "Pickpocket",
    "Crystal Gaze",
    "Unmasking",
    "Fairy Trade",
)
CHARS = {
    3: ["Flambeaux", "Lichtenborn", "Aquate"],
    4: ["Flambeaux", "Lichtenborn", "Aquate", "Terranova"],
    5: ["Flambeaux", "Lichtenborn", "Aquate", "Terranova", "Angbat"],
}


def make(players: int = 3, **options: Any) -> FatalGame:
    return FatalGame(players, options)


def fatal_state(state: State) -> FatalState:
    """``state`` as the Fatal state it is (``Game.new_state`` and the loaders say ``State``)."""
    assert isinstance(state, FatalState), state
    return state


def new_state(game: Game, seed: int | None = None, *, resolve_chance: bool = True) -> FatalState:
    """``game.new_state(...)``, typed as Fatal's state."""
    return fatal_state(game.new_state(seed, resolve_chance=resolve_chance))


def zones(n: int) -> dict[str, Any]:
    """The zones a position must name, all empty (docs/rules/fatal.md: only the deck and the
    treasure pool may be left out)."""
    return {
        "hands": [[] for _ in range(n)],
        "aside": [[] for _ in range(n)],
        "rows": [[[], []] for _ in range(n)],
        "discard": [],
        "in_effect": [],
        "looking": [],
        "treasures": [[] for _ in range(n)],
        "face_up": [[] for _ in range(n)],
        "t_top": [],
        "t_under": [],
    }


def document(game: FatalGame, **fields: Any) -> dict[str, Any]:
    """A hand-written position document: characters default to the set in seat order, the
    display to R3 Y3 B3 (slot 1..3), the turn to seat 0 at step 1, the other zones to empty;
    the deck and the treasure pool hold everything not placed elsewhere."""
    n = game.players
    doc: dict[str, Any] = {
        "phase": "play",
        "characters": CHARS[n],
        "display": ["R3", "Y3", "B3"],
        "turn": 0,
        **zones(n),
    }
    doc.update(fields)
    return {
        "format": "grimoire-position/1",
        "game": "fatal",
        "players": n,
        "options": dict(game.options),
        "seed": 1,
        "position": json.loads(json.dumps(doc)),
    }


def position(game: FatalGame, **fields: Any) -> FatalState:
    """The state of ``document(game, **fields)``."""
    state = game.state_from_json(document(game, **fields))
    assert isinstance(state, FatalState)
    return state


def texts(state: FatalState, seat: int | None = None) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions(seat)]


def do(state: FatalState, text: str, seat: int | None = None) -> None:
    """Apply a player action by its text (no chance resolved)."""
    assert not state.is_chance(), f"chance is to act, not {text!r}"
    state.apply(state.parse_action(text), seat)


def outcome_names(state: FatalState) -> dict[str, int]:
    """The outcomes of the chance node by name (card, treasure, sign or seat)."""
    kind = state.stack[-1].kind
    comp = state.comp
    names = {}
    for outcome, _ in state.chance_weights():
        if kind in ("draw", "rcard"):
            name = comp.card_name(outcome)
        elif kind in ("tdraw", "rsteal", "share"):
            name = comp.treasure_name(outcome)
        elif kind == "char":
            name = comp.signs[outcome].name
        else:
            name = str(outcome)
        names[name] = outcome
    return names


def chance(state: FatalState, name: str) -> None:
    """Apply the chance outcome named ``name`` (it must be possible)."""
    assert state.current_player == CHANCE, f"not at a chance node ({state.current_player})"
    names = outcome_names(state)
    assert name in names, f"{name!r} cannot be drawn now: {sorted(names)}"
    state.apply(names[name])


def hand(state: FatalState, seat: int) -> list[str]:
    return sorted(state.comp.card_name(state.kind(c)) for c in state.hands[seat])


def treasures(state: FatalState, seat: int) -> list[str]:
    return sorted(state.comp.treasure_name(state.tkind(t)) for t in state.tre[seat])


def face_up(state: FatalState, seat: int) -> list[str]:
    return sorted(state.comp.treasure_name(state.tkind(t)) for t in state.up[seat])


def row(state: FatalState, seat: int, r: int) -> list[str]:
    return [state.comp.card_name(state.kind(c)) for c in state.rows[seat][r]]


def display(state: FatalState) -> list[str | None]:
    return [None if t < 0 else state.comp.treasure_name(state.tkind(t)) for t in state.display]


def discard(state: FatalState) -> list[str]:
    return [state.comp.card_name(state.kind(c)) for c in state.discard]


def frame(state: FatalState) -> str:
    return state.stack[-1].kind


def top(state: FatalState, depth: int = 1) -> dict[str, Any]:
    """A frame of the stack as its JSON (the top by default; 2: the one below it)."""
    return stack_to_json([state.stack[-depth]])[0]
