"""What the states of one board share: the reach regions and the attraction fields computed
so far (``reach._region``, ``heuristic.attraction``).

A heuristic or a search tries dozens of candidates from one position, and a state that reached
the same board another way needs the same regions and fields: each is kept here by exactly what
it is computed from (a flood: the seat's mage, the nodes holding a seal, the other figures and
the guardians; a field: the strength of the scroll on each node). A state finds its board's
caches once, when it is made (``for_board``), and its copies share them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from grimoire.games.five_seals.board import Board

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import Region

REGIONS_LIMIT: Final = 20_000  # regions kept per board (then forgotten, all at once)
FIELDS_LIMIT: Final = 512  # attraction fields kept per board
BOARDS_LIMIT: Final = 64  # boards whose caches are kept (a process plays on few)


class BoardCaches:
    """The regions (by mage, occupied nodes, other figures, guardians: each as bits) and the
    fields (by ``FiveSealsState.cardsig``) of one board. The board is held, so that its
    identity, the key of ``for_board``, stays unique."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.regions: dict[tuple[int, int, int, int], Region] = {}
        self.fields: dict[int, list[float]] = {}

    def keep_region(self, key: tuple[int, int, int, int], region: Region) -> None:
        if len(self.regions) >= REGIONS_LIMIT:
            self.regions.clear()
        self.regions[key] = region

    def keep_field(self, key: int, field: list[float]) -> None:
        if len(self.fields) >= FIELDS_LIMIT:
            self.fields.clear()
        self.fields[key] = field


_BOARDS: dict[int, BoardCaches] = {}


def for_board(board: Board) -> BoardCaches:
    """The caches of ``board`` (made on first use)."""
    found = _BOARDS.get(id(board))
    if found is None or found.board is not board:
        if len(_BOARDS) >= BOARDS_LIMIT:
            _BOARDS.clear()
        found = _BOARDS[id(board)] = BoardCaches(board)
    return found
