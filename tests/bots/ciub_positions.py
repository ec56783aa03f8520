"""Hand-made Ciúb positions for the bot and odds tests, and a brute-force reference for the
odds: the real engine's game tree of the rest of the turn, with exact probabilities."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import grimoire
from grimoire.core.state import CHANCE
from grimoire.games.ciub import turn
from grimoire.games.ciub.requirements import meets
from grimoire.games.ciub.state import CiubState


def position(
    dice: list[tuple[str, str | None, bool]],
    *,
    phase: str = "set_aside",
    cycle_ok: bool = False,
    to_roll: list[str] | None = None,
    players: int = 2,
    seed: int = 5,
    supply_only: tuple[str, ...] | None = None,
    **options: Any,
) -> CiubState:
    """Seat 0's turn with exactly ``dice``: (label, face symbol or None for inactive, in tray).
    Every other die of seat 0 goes to the supply; ``supply_only`` keeps only those colours in
    the supply (the rest to the box)."""
    game = grimoire.make("ciub", players=players, **options)
    state = game.new_state(seed)
    assert isinstance(state, CiubState)
    doc = state.to_json(history=False)
    pos = doc["position"]
    c = state.c
    for die, where in enumerate(pos["loc"]):
        if where == 0:
            pos["loc"][die] = -1
    for die in range(c.num_dice):
        pos["face"][die], pos["tray"][die], pos["spent"][die] = -1, False, False
    for label, symbol, tray in dice:
        die = c.die_by_label(label)
        assert die is not None, label
        pos["loc"][die] = 0
        colour = c.colours[c.die_colour[die]]
        pos["face"][die] = -1 if symbol is None else colour.faces.index(symbol)
        pos["tray"][die] = tray
    if supply_only is not None:
        for die, where in enumerate(pos["loc"]):
            if where == -1 and c.colours[c.die_colour[die]].name not in supply_only:
                pos["loc"][die] = -2
    pos.update(phase=phase, turn=0, cycle_ok=cycle_ok, pending=[], marker=[None] * players)
    pos["to_roll"] = [c.die_by_label(label) for label in (to_roll or [])]
    loaded = game.state_from_json(doc)
    assert isinstance(loaded, CiubState)
    return loaded


# The turn's graph: key -> ("leaf", value) | ("max", [(1, child)]) | ("chance", [(weight, child)]).
Graph = dict[str, tuple[str, Any]]


def brute_force(state: CiubState, card_id: int) -> Fraction | float:
    """The best chance of meeting the card when the turn reaches its claim, from the engine's
    own game tree of the rest of the turn: every legal action but ``cancel`` (which only
    undoes), every chance outcome with its exact weight. Without a loop the tree is solved
    exactly (a ``Fraction``); a loop (a die re-rolling itself onto re-roll, a swap that lets
    the dice roll again) is solved by value iteration over the whole graph (a float)."""
    graph, root = _turn_graph(state, card_id)
    answer = _exact(graph, root, frozenset(), {})
    return answer if answer is not None else _iterated(graph, root)


def _key(s: CiubState) -> str:
    doc = s.to_json(history=False)["position"]
    del doc["decisions"]  # counts every decision: the same position has other counts
    return json.dumps(doc, sort_keys=True)


def _turn_graph(state: CiubState, card_id: int) -> tuple[Graph, str]:
    """Every position of the rest of the turn, by key, with its edges; and the root's key."""
    card = state.c.cards[card_id]
    wild = bool(state.game.options["skulls_wild"])
    cancel = state.game.codec.encode("cancel")
    graph: Graph = {}
    root = _key(state)
    todo = [(root, state)]
    while todo:
        k, s = todo.pop()
        if k in graph:
            continue
        if s.phase == "claim":
            tray = [
                s.c.face_symbol(d, s.face[d])
                for d in turn.held(s, s.turn)
                if s.tray[d] and s.face[d] >= 0
            ]
            graph[k] = ("leaf", Fraction(int(meets(card, tray, wild))))
            continue
        chance = s.current_player == CHANCE
        moves = s.chance_weights() if chance else [(a, 1) for a in s.legal_actions()]
        edges = []
        for move, weight in moves:
            if chance or move != cancel:
                child = s.clone()
                assert isinstance(child, CiubState)
                child.apply(move)
                child_key = _key(child)
                edges.append((weight, child_key))
                if child_key not in graph:
                    todo.append((child_key, child))
        graph[k] = ("chance" if chance else "max", edges)
    return graph, root


def _exact(
    graph: Graph, k: str, path: frozenset[str], memo: dict[str, Fraction]
) -> Fraction | None:
    """The exact value of ``k``, or None if a loop is met."""
    if k in memo:
        return memo[k]
    kind, data = graph[k]
    if kind == "leaf":
        return Fraction(data)
    values = []
    for weight, child in data:
        value = None if child in path else _exact(graph, child, path | {k}, memo)
        if value is None:
            return None  # a loop
        values.append((weight, value))
    if kind == "max":
        result = max(value for _, value in values)
    else:
        result = sum(w * v for w, v in values) / sum(w for w, _ in values)
    memo[k] = result
    return result


def _iterated(graph: Graph, root: str) -> float:
    """The root's value by value iteration over the whole graph (it has loops)."""
    value = {k: float(data) if kind == "leaf" else 0.0 for k, (kind, data) in graph.items()}
    for _ in range(100_000):
        change = 0.0
        for k, (kind, data) in graph.items():
            if kind == "max":
                new = max(value[child] for _, child in data)
            elif kind == "chance":
                new = sum(w * value[child] for w, child in data) / sum(w for w, _ in data)
            else:
                continue
            change = max(change, abs(new - value[k]))
            value[k] = new
        if change < 1e-15:
            break
    return value[root]
