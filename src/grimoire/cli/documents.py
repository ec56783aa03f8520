"""The files the terminal reads and writes: saved games, game records and positions.

Three kinds of JSON document, told apart by their ``format`` field (docs/terminal.md):

* a **save** (``grimoire-save/2``): ``{"format", "position", "humans", "bots"}`` - the full
  position of a game being played (``State.to_json()``, seed and history included), which
  seats were people and which bot played each other seat. The older ``grimoire-save/1``
  (a record instead of the position) is still read.
* a **record** (``grimoire-record/1``): game, players, options, seed and the actions.
* a **position** (``grimoire-position/1``): ``State.to_json()``, e.g. a hand-written puzzle.

``grimoire render``, ``grimoire replay`` and ``grimoire play --load`` all read every kind
through ``read_document``. A position or save replays from the start only if its history is
the whole game (``step == len(history)``); a position set up by hand has none to replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grimoire import __version__
from grimoire.core.documents import excerpt, is_signed, parse_json
from grimoire.core.errors import GrimoireError, InvalidOptions, InvalidPosition
from grimoire.core.record import RECORD_FORMAT, GameRecord
from grimoire.core.state import POSITION_FORMAT, State
from grimoire.registry import make

SAVE_FORMAT = "grimoire-save/2"
OLD_SAVE_FORMAT = "grimoire-save/1"


@dataclass
class Document:
    """A document read from a file: its kind, the position at its end, and what it knows of
    the seats (``humans`` and ``bots`` are None when the file does not say)."""

    kind: str  # "save", "record" or "position"
    state: State
    record: GameRecord | None  # the whole game from its start, if the file holds it
    humans: list[int] | None = None
    bots: dict[int, str] | None = None

    def replay(self, step: int | None) -> State:
        """The position after ``step`` actions (None: the end)."""
        if step is None:
            return self.state
        if self.record is None:
            raise GrimoireError(
                "this position was set up part-way through a game: it has no actions from the "
                "start to replay (render shows it)"
            )
        if not 0 <= step <= len(self.record.actions):
            raise GrimoireError(f"--step must be in 0..{len(self.record.actions)}")
        return self.record.replay(step)


def save_document(state: State, humans: list[int], bots: dict[int, str]) -> dict[str, Any]:
    """A save: the full position (hidden parts and seed included: a file for its owner only)."""
    return {
        "format": SAVE_FORMAT,
        "position": state.to_json(),
        "humans": list(humans),
        "bots": {str(seat): kind for seat, kind in sorted(bots.items())},
    }


def read_document(path: Path) -> Document:
    """Read a save, record or position; GrimoireError (saying what is wrong) otherwise."""
    try:
        data = path.read_bytes()
        doc = parse_json(data, "file")
    except OSError as error:
        raise GrimoireError(f"cannot read {path}: {error.strerror or error}") from error
    except InvalidPosition as error:
        raise InvalidPosition(f"{path}: {error}") from error
    if not isinstance(doc, dict):
        raise GrimoireError(f"{path} is not a grimoire save, record or position")
    try:
        return parse_document(doc, trusted=is_signed(data, __version__))
    except GrimoireError as error:
        raise type(error)(f"{path}: {error}") from error


def parse_document(doc: dict[str, Any], *, trusted: bool = False) -> Document:
    """The document ``doc``; ``trusted`` for a save this installation wrote and signed itself
    (``core.documents.is_signed``): its position is loaded without the full try-out."""
    kind = doc.get("format")
    if kind == SAVE_FORMAT:
        position = doc.get("position")
        if not isinstance(position, dict):
            raise InvalidPosition("a save holds its game under 'position'")
        state, record = _position(position, trusted)
        humans, bots = _seats(doc, state.game.players)
        return Document("save", state, record, humans, bots)
    if kind == OLD_SAVE_FORMAT:
        record = GameRecord.from_json(_dict(doc.get("record"), "record"))
        state = record.replay()
        humans, bots = _seats(doc, state.game.players)
        return Document("save", state, record, humans, bots)
    if kind == POSITION_FORMAT or (kind is None and "position" in doc):
        state, record = _position(doc)
        return Document("position", state, record)
    if kind == RECORD_FORMAT or (kind is None and "actions" in doc):
        record = GameRecord.from_json(doc)
        return Document("record", record.replay(), record)
    raise GrimoireError(
        f"not a grimoire save, record or position (format {kind!r}; expected {SAVE_FORMAT}, "
        f"{RECORD_FORMAT} or {POSITION_FORMAT})"
    )


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidPosition(f"'{what}' must be a JSON object")
    return value


def _position(doc: dict[str, Any], trusted: bool = False) -> tuple[State, GameRecord | None]:
    name = doc.get("game")
    if not isinstance(name, str):
        raise InvalidPosition(f"a position names its 'game', not {excerpt(name)}")
    players = doc.get("players")
    game = make(name, players=players, **_dict(doc.get("options", {}), "options"))
    state = game.state_from_json(doc, trusted=trusted)
    whole = state.step == len(state.history)  # else it was set up part-way through a game
    return state, state.record() if whole else None


def _seats(doc: dict[str, Any], players: int) -> tuple[list[int], dict[int, str]]:
    try:
        humans = sorted({int(seat) for seat in doc.get("humans", [0])})
        bots = {int(seat): str(kind) for seat, kind in dict(doc.get("bots", {})).items()}
    except (TypeError, ValueError) as error:
        raise InvalidPosition(f"malformed seats in the save: {excerpt(str(error))}") from error
    if not humans or any(not 0 <= seat < players for seat in [*humans, *bots]):
        raise InvalidPosition(f"the save's seats must be in 0..{players - 1}")
    return humans, bots


def check_seat(state: State, seat: int | None) -> None:
    """Refuse a ``--seat`` the game does not have, in one line (exit 2); ``seat`` is the id,
    the flag counts from 1."""
    players = state.game.players
    if seat is not None and not 0 <= seat < players:
        raise InvalidOptions(
            f"--seat {seat + 1}: seats are counted from 1, a {players}-player game has seats "
            f"1..{players}"
        )
