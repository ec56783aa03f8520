"""The board as data: a graph of the hall, seal circles and scroll boxes, loaded from JSON.

The engine never hard-codes topology: it reads one of the shipped files
(``data/boards/<n>p.json``, a PROPOSED layout) or any file of the same format given with the
``board`` option. Format ``five-seals-board/1``::

    {"format": "five-seals-board/1", "players": 2, "provenance": {...},
     "nodes": [{"id": "H", "kind": "hall"},
               {"id": "0G1", "kind": "seal", "strength": 2,
                "layout": {"wedge": 0, "r": 1.4, "angle": 0.0}}, ...],
     "edges": [["H", "0G1"], ...]}

A wall is a missing edge. ``layout`` is only a drawing hint (polar: ``r`` from the centre,
``angle`` in degrees clockwise from the top).
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from grimoire.core.action_declaration import normalise
from grimoire.games.five_seals.components import Components

BOARD_FORMAT = "five-seals-board/1"
HALL, SEAL, SCROLL = "hall", "seal", "scroll"


@dataclass(frozen=True)
class Node:
    id: str
    kind: str  # HALL, SEAL or SCROLL
    strength: int  # printed strength 2..6 (0 for the hall)
    r: float
    angle: float
    wedge: int | None


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: boards are shared
class Board:
    nodes: tuple[Node, ...]
    adj: tuple[tuple[int, ...], ...]  # neighbours of each node, by index
    index: dict[str, int]  # node id -> index
    hall: int
    seals: tuple[int, ...]  # indices of seal circles, in file order
    scrolls: tuple[int, ...]  # indices of scroll boxes, in file order
    provenance: dict[str, Any]
    source: str

    def __len__(self) -> int:
        return len(self.nodes)

    def node_id(self, index: int) -> str:
        return self.nodes[index].id

    def edges(self) -> list[tuple[int, int]]:
        return [(a, b) for a, near in enumerate(self.adj) for b in near if a < b]


class BoardError(ValueError):
    """A board file that the engine cannot play on."""


def shipped_path(players: int) -> str:
    return f"data/boards/{players}p.json"


def board_text(players: int, path: str | None = None) -> tuple[str, str]:
    """The text of the shipped board for ``players`` or of the board file at ``path``, and a
    name for its source."""
    if path is None:
        ref = resources.files("grimoire.games.five_seals").joinpath(shipped_path(players))
        return ref.read_text("utf-8"), f"shipped:{players}p"
    try:
        return Path(path).read_text("utf-8"), str(path)
    except OSError as error:
        raise BoardError(f"cannot read board file {path!r}: {error}") from error


def load_board(players: int, path: str | None = None) -> Board:
    """The shipped board for ``players``, or the board file at ``path``."""
    text, source = board_text(players, path)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        raise BoardError(f"board file {source} is not JSON: {error}") from error
    return board_from_json(doc, source)


def board_from_json(doc: dict[str, Any], source: str = "<json>") -> Board:
    """Parse and structurally check a board document; raises BoardError."""
    if doc.get("format") != BOARD_FORMAT:
        raise BoardError(f"{source}: format must be {BOARD_FORMAT!r}, not {doc.get('format')!r}")
    nodes: list[Node] = []
    index: dict[str, int] = {}
    for entry in doc.get("nodes", []):
        node = _node(entry, index, source)
        index[node.id] = len(nodes)
        nodes.append(node)
    _check_ids_read_apart(nodes, source)
    halls = [i for i, node in enumerate(nodes) if node.kind == HALL]
    if len(halls) != 1:
        raise BoardError(f"{source}: a board has exactly one hall, not {len(halls)}")
    board = Board(
        nodes=tuple(nodes),
        adj=_adjacency(doc.get("edges", []), index, source),
        index=index,
        hall=halls[0],
        seals=tuple(i for i, node in enumerate(nodes) if node.kind == SEAL),
        scrolls=tuple(i for i, node in enumerate(nodes) if node.kind == SCROLL),
        provenance=dict(doc.get("provenance", {})),
        source=source,
    )
    unreachable = set(range(len(nodes))) - set(distances(board))
    if unreachable:
        raise BoardError(f"{source}: not connected; e.g. {nodes[min(unreachable)].id}")
    return board


def _node(entry: dict[str, Any], index: dict[str, int], source: str) -> Node:
    """One entry of ``nodes``: a new id without spaces, a kind, a printed strength 2..6 for a
    seal circle or scroll box, and the drawing hint ``layout``."""
    node_id, kind = str(entry.get("id", "")), entry.get("kind")
    if not node_id or " " in node_id or node_id in index:
        raise BoardError(f"{source}: node id {node_id!r} is empty, has a space or repeats")
    if kind not in (HALL, SEAL, SCROLL):
        raise BoardError(f"{source}: node {node_id} has unknown kind {kind!r}")
    strength = int(entry.get("strength", 0))
    if kind != HALL and not 2 <= strength <= 6:
        raise BoardError(f"{source}: node {node_id} needs a printed strength 2..6")
    layout = entry.get("layout", {})
    wedge = layout.get("wedge")
    return Node(
        node_id,
        kind,
        strength if kind != HALL else 0,
        float(layout.get("r", 0.0)),
        float(layout.get("angle", 0.0)),
        None if wedge is None else int(wedge),
    )


def _check_ids_read_apart(nodes: list[Node], source: str) -> None:
    """The action parser reads a node id in any case, an inner hyphen as a space (``break
    0rc``): two ids it would read alike are refused."""
    seen: dict[str, str] = {}
    for node in nodes:
        other = seen.setdefault(normalise(node.id), node.id)
        if other != node.id:
            raise BoardError(
                f"{source}: node ids {other!r} and {node.id!r} differ only in case or hyphens"
            )


def _adjacency(edges: list[Any], index: dict[str, int], source: str) -> tuple[tuple[int, ...], ...]:
    """The sorted neighbours of each node from ``edges`` (pairs of node ids)."""
    near: list[set[int]] = [set() for _ in index]
    for edge in edges:
        if len(edge) != 2 or edge[0] not in index or edge[1] not in index or edge[0] == edge[1]:
            raise BoardError(f"{source}: bad edge {edge!r}")
        a, b = index[edge[0]], index[edge[1]]
        near[a].add(b)
        near[b].add(a)
    return tuple(tuple(sorted(n)) for n in near)


def distances(board: Board) -> dict[int, int]:
    """Graph distance of every node from the hall (ignoring what stands on the nodes)."""
    dist = {board.hall: 0}
    queue = deque([board.hall])
    while queue:
        node = queue.popleft()
        for other in board.adj[node]:
            if other not in dist:
                dist[other] = dist[node] + 1
                queue.append(other)
    return dist


def check_capacity(board: Board, comp: Components, max_cards_per_strength: int) -> None:
    """The components must fill the board: tokens and scrolls of each printed strength."""
    for strength in range(2, 7):
        circles = sum(1 for i in board.seals if board.nodes[i].strength == strength)
        tokens = 4 * comp.tokens_of_strength(strength)
        if circles > tokens:
            raise BoardError(
                f"{board.source}: {circles} seal circles of strength {strength}, "
                f"but only {tokens} tokens exist"
            )
        boxes = sum(1 for i in board.scrolls if board.nodes[i].strength == strength)
        if boxes > max_cards_per_strength:
            raise BoardError(
                f"{board.source}: {boxes} scroll boxes of strength {strength}, "
                f"but only {max_cards_per_strength} scrolls of a strength are in play"
            )
