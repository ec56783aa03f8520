"""Game records: (game, players, options, seed, actions) replay to the same state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from grimoire.core.errors import IllegalAction, InvalidPosition, UnknownGame
from grimoire.core.state import CHANCE, State

if TYPE_CHECKING:
    from grimoire.core.game import Game

RECORD_FORMAT = "grimoire-record/1"

# How a record finds its game by name: the registry installs its ``make`` here when it is
# imported, so the core never imports the registry or a game (not even by a string: the layer
# contract sees every import). Whoever replays a record without a game loads the registry: the
# public ``grimoire.GameRecord`` does, and so do the CLI, the sim and the web.
GameFactory = Callable[..., "Game"]
_factory: list[GameFactory] = []


def use_game_factory(factory: GameFactory) -> None:
    """Make ``GameRecord.replay`` find games by name with ``factory(name, players, **options)``."""
    _factory[:] = [factory]


@dataclass
class GameRecord:
    """Everything needed to replay a game. ``actions`` lists (actor, action) pairs; chance
    entries (actor -1) may be left out, and are then re-drawn from the seed."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, int]] = field(default_factory=list)
    data: str | None = None  # the component-data hash of the game (None: not recorded)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": [list(entry) for entry in self.actions],
            "data": self.data,
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> GameRecord:
        if doc.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise InvalidPosition(f"unknown record format {doc.get('format')!r}")
        try:
            return cls(
                game=str(doc["game"]),
                players=int(doc["players"]),
                options=dict(doc.get("options", {})),
                seed=int(doc["seed"]),
                actions=[(int(a), int(b)) for a, b in doc.get("actions", [])],
                data=None if doc.get("data") is None else str(doc["data"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidPosition(f"malformed game record: {error!r}") from error

    def replay(self, upto: int | None = None, *, game: Game | None = None) -> State:
        """The state after the first ``upto`` recorded actions (all by default). ``game`` is
        the game to replay in; by default the one registered under the record's name."""
        if game is None:
            if not _factory:
                raise UnknownGame(
                    f"cannot find the game {self.game!r} of this record: no game registry is "
                    "loaded (use grimoire.GameRecord, import grimoire.registry, or pass game=)"
                )
            game = _factory[0](self.game, players=self.players, **self.options)
        game.check_data_hash(self.data, "record")
        state = game.new_state(self.seed, resolve_chance=False)
        for index, (actor, action) in enumerate(self.actions[:upto]):
            if actor != CHANCE:
                state.resolve_chance()  # chance left out of the record: re-draw it
            try:
                state.apply(action, actor)
            except IllegalAction as error:
                raise IllegalAction(f"record entry {index} ({actor}, {action}): {error}") from error
        if upto is None:
            state.resolve_chance()
        return state
