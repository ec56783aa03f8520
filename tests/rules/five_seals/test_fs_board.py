"""The boards are data: each shipped board respects the components, and any file can be loaded."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from tests.rules.five_seals.fs_helpers import board_doc, new_state

import grimoire
from grimoire.games.five_seals import board_gen
from grimoire.games.five_seals.board import BoardError, board_from_json, distances, load_board
from grimoire.games.five_seals.components import LOADER

# the proposed table of the components doc: seal circles and scroll boxes per strength 2..6
TABLE = {
    2: ((36, 18, 18, 12, 6), (6, 6, 6, 6, 6)),
    3: ((38, 18, 18, 14, 8), (6, 8, 6, 6, 6)),
    4: ((38, 20, 20, 18, 12), (6, 8, 6, 8, 8)),
    5: ((40, 20, 20, 20, 14), (6, 10, 6, 8, 8)),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_shipped_board_respects_the_components(players: int) -> None:
    """Board: connected; every scroll box a leaf; circles per strength within the token
    counts; boxes per strength within the scroll counts; 6 strength-6 boxes for 2-3
    players and 8 for 4-5 (consistent with the end condition)."""
    board = load_board(players)
    comp = LOADER.load(None)
    assert len(distances(board)) == len(board)
    assert all(len(board.adj[n]) == 1 for n in board.scrolls)
    circles = Counter(board.nodes[n].strength for n in board.seals)
    boxes = Counter(board.nodes[n].strength for n in board.scrolls)
    assert all(circles[s] <= 4 * comp.tokens_of_strength(s) for s in range(2, 7))
    assert all(boxes[s] <= 10 for s in range(2, 7))
    assert boxes[6] == (6 if players <= 3 else 8)
    assert tuple(circles[s] for s in range(2, 7)) == TABLE[players][0]
    assert tuple(boxes[s] for s in range(2, 7)) == TABLE[players][1]
    assert board.provenance["tag"] == "PROPOSED"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_node_ids_are_short_with_layout_hints(players: int) -> None:
    """Board data: readable node ids (they appear in action texts) and a layout hint."""
    board = load_board(players)
    assert all(len(node.id) <= 4 for node in board.nodes)
    assert all(node.wedge is not None for node in board.nodes if node.kind != "hall")


def test_shipped_boards_are_generated_from_the_wedge_templates() -> None:
    """The JSON files are exactly what the generator makes from data/wedges.toml."""
    assert board_gen.main(["--check"]) == 0


def test_the_engine_plays_on_any_board_file(tmp_path) -> None:
    """Option board: a user's board file replaces the shipped one; nothing is hard-coded."""
    path = tmp_path / "ring.json"
    path.write_text(json.dumps(board_doc("H-a a-b b-c c-H b-S1 a-S2")))
    game = grimoire.make("five-seals", players=2, board=str(path))
    st = new_state(game, 3)
    assert len(st.board) == 6 and game.num_actions == game.codec.total
    assert {st.board.node_id(n) for n in st.board.scrolls} == {"S1", "S2"}


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"format": "x"}, "format"),
        (board_doc("a-b"), "exactly one hall"),
        (board_doc("H-a") | {"edges": [["H", "zz"]]}, "bad edge"),
        (board_doc("H-a b-S1"), "not connected"),
    ],
)
def test_malformed_boards_are_refused(doc: dict[str, object], message: str) -> None:
    """Board files are checked when loaded."""
    with pytest.raises(BoardError, match=message):
        board_from_json(doc)
