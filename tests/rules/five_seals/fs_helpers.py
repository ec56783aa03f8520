"""Helpers for the Five Seals rule tests: small boards, positions, and playing by text.

Positions are built the documented way: a position document (docs/rules/five-seals-of-magic.md)
read with ``game.state_from_json``. Boards are tiny graphs written as edges, e.g.
``"H-a a-b b-S1"``: ``H`` is the hall, names starting with ``S`` are scroll boxes, the rest seal
circles (printed strength 2; positions say what actually lies there).
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path
from typing import Any

import grimoire
from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.games.five_seals.game import FiveSealsGame
from grimoire.games.five_seals.state import FiveSealsState

BOARD_DIR = Path(tempfile.gettempdir()) / "grimoire-five-seals-test-boards"
# Four strength-6 scrolls behind a strength-6 token: with them on the board a round's end does
# not end the game (fewer than 4 / 5 strength-6 scrolls would).
RESERVE = {
    "S6a": "Synergy of Fire",
    "S6b": "Synergy of Water",
    "S6c": "Synergy of Air",
    "S6d": "Synergy of Earth",
}


def board_doc(edges: str) -> dict[str, Any]:
    names: list[str] = []
    pairs = []
    for edge in edges.split():
        a, b = edge.split("-")
        pairs.append([a, b])
        names += [n for n in (a, b) if n not in names]
    nodes: list[dict[str, Any]] = []
    for name in names:
        if name == "H":
            nodes.append({"id": "H", "kind": "hall"})
        else:
            kind = "scroll" if name.startswith("S") else "seal"
            nodes.append({"id": name, "kind": kind, "strength": 2})
    return {"format": "five-seals-board/1", "players": 0, "nodes": nodes, "edges": pairs}


def board_path(edges: str) -> str:
    """A board file for ``edges`` (cached by content, safe with parallel workers)."""
    text = json.dumps(board_doc(edges))
    path = BOARD_DIR / f"{hashlib.sha1(text.encode()).hexdigest()[:16]}.json"
    if not path.exists():
        BOARD_DIR.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{id(text)}.tmp")
        tmp.write_text(text)
        tmp.replace(path)
    return str(path)


def make(players: int = 2, edges: str | None = None, **options: Any) -> FiveSealsGame:
    if edges is not None:
        options["board"] = board_path(edges)
    options.setdefault("first_player", 0)
    game = grimoire.make("five-seals", players=players, **options)
    assert isinstance(game, FiveSealsGame)
    return game


def five_seals_state(state: State) -> FiveSealsState:
    """``state`` as the Five Seals state it is (``Game.new_state`` and the loaders say
    ``State``)."""
    assert isinstance(state, FiveSealsState), state
    return state


def new_state(
    game: Game, seed: int | None = None, *, resolve_chance: bool = True
) -> FiveSealsState:
    """``game.new_state(...)``, typed as Five Seals' state."""
    return five_seals_state(game.new_state(seed, resolve_chance=resolve_chance))


def position(game: FiveSealsGame, **kw: Any) -> FiveSealsState:
    """A state at the start of ``turn``'s turn (unless ``stack`` is given): the document of
    ``position_doc(game, **kw)`` read by the loader."""
    state = game.state_from_json({"position": position_doc(game, **kw)})
    assert isinstance(state, FiveSealsState)
    return state


def position_doc(
    game: FiveSealsGame,
    *,
    tokens: dict[str, str] | None = None,
    scrolls: dict[str, str] | None = None,
    dice: list[list[str]] | None = None,
    hands: list[list[Any]] | None = None,
    mages: list[str] | None = None,
    familiars: list[str | None] | None = None,
    guardians: dict[str, str] | None = None,
    over: list[bool] | None = None,
    turn: int = 0,
    first: int = 0,
    circle: int = 1,
    **extra: Any,
) -> dict[str, Any]:
    """A position document at the start of ``turn``'s turn (unless ``stack`` is given in
    ``extra``). ``hands`` lists each player's scrolls after Binding (which every player holds
    first)."""
    n = game.players
    players = []
    for seat in range(n):
        hand = ["Binding", *(hands or [[]] * n)[seat]]
        players.append(
            {
                "dice": list((dice or [[]] * n)[seat]),
                "scrolls": hand,
                "over": bool((over or [False] * n)[seat]),
            }
        )
    doc: dict[str, Any] = {
        "circle": circle,
        "first": first,
        "phase": "play",
        "turn": turn,
        "tokens": tokens or {},
        "scrolls": scrolls or {},
        "mages": mages or ["H"] * n,
        "familiars": familiars or [None] * n,
        "guardians": guardians or {},
        "seats": players,
    }
    doc.update(extra)
    return doc


def edited(state: FiveSealsState) -> FiveSealsState:
    """``state`` after a test changed it by hand (for what the loader refuses because a real
    game cannot reach it): its cached legal actions and facts are dropped."""
    state._legal_cache = None
    state.board_changed()
    return state


def texts(state: FiveSealsState) -> set[str]:
    """The legal actions now, as text."""
    return {state.action_to_string(a) for a in state.legal_actions()}


def do(state: FiveSealsState, *moves: str) -> None:
    """Apply actions by text; at chance nodes a move like ``roll 5`` sets the next die."""
    for move in moves:
        if move.startswith("roll "):
            assert state.is_chance(), f"no die to roll before {move!r}"
            state.apply(int(move.split()[1]) - 1)
        else:
            state.apply_text(move)


def dice(state: FiveSealsState, seat: int) -> list[str]:
    """``seat``'s dice as sorted ``R4``-style strings (colour and value)."""
    letters = "RBYG"
    return sorted(
        f"{letters[d // 6]}{state.die_val[d]}" for d in range(24) if state.die_owner[d] == seat
    )


def hand(state: FiveSealsState, seat: int) -> list[str]:
    """``seat``'s scrolls by name, ``(down)`` marking face-down ones."""
    return [state.comp.card_name(e[0]) + ("" if e[1] else " (down)") for e in state.hands[seat]]


def node(state: FiveSealsState, name: str) -> int:
    return state.board.index[name]
