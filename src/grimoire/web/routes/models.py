"""The JSON API's request and answer models, and the errors each route may answer with (they
make the OpenAPI description at ``/docs``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

MAX_OPTIONS = 64  # option keys in one request (a game declares a handful)
MAX_SEATS = 16


class SeatSpec(BaseModel):
    """One seat of a new game: a person (who joins by link) or a bot of some level."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["person", "bot"] = "person"
    # an unknown level is refused by the table (seating.new_seats), in the page's language
    level: str | None = Field(
        default=None,
        max_length=40,
        description="bot level (bots only; GET /api/catalog lists them); default: the game's "
        "heuristic, or easy for a game without one",
    )
    name: str | None = Field(default=None, max_length=40)


class ClockSpec(BaseModel):
    """A time control: real time (seconds per move plus a reserve) or turn-based (hours or
    days per move, in seconds here)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["realtime", "turn"]
    move_seconds: float = Field(description="per move: 1 s to 2 h in real time, 1 min to 30 d")
    reserve_seconds: float | None = Field(
        default=None, description="reserve for the whole game (default: real time 5 moves, 0)"
    )
    grace_seconds: float | None = Field(
        default=None,
        description="after running out, before a bot takes the seat by itself "
        "(default: real time max(2 min, 2 moves), turn-based one more move)",
    )


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, description="registered game name, see GET /api/catalog")
    players: int | None = Field(default=None, description="default: the number of seats given")
    options: dict[str, Any] = Field(
        default_factory=dict, max_length=MAX_OPTIONS, description="the game's options"
    )
    seats: list[SeatSpec] = Field(
        default_factory=list,
        max_length=MAX_SEATS,
        description="one per player; default: you, then bots of the game's default level",
    )
    join_seat: int | None = Field(
        default=0, description="the seat the creator takes at once (null: none)"
    )
    name: str | None = Field(default=None, max_length=40, description="the creator's name")
    private: bool = Field(
        default=False, description="not listed in the lobby; seats only by invitation link"
    )
    join: Literal["anyone", "invited"] = Field(
        default="anyone",
        description="who may take a free seat of a listed table: anyone from the lobby, or only "
        "people with an invitation link (private tables: always invited)",
    )
    clock: ClockSpec | None = Field(default=None, description="time control (null: none)")
    hints: bool | None = Field(
        default=None,
        description="may a seat ask for a hint (GET /api/games/{id}/hint)? default: yes when at "
        "most one seat is a person's, no when people play people",
    )


class JoinGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt
    name: str | None = Field(default=None, max_length=40)
    key: str | None = Field(
        default=None, max_length=64, description="the invitation key (tables by invitation)"
    )


class ActionRef(BaseModel):
    """An action: its id (from the payload's ``actions``) or its text."""

    model_config = ConfigDict(extra="forbid")
    id: StrictInt | None = None
    text: StrictStr | None = Field(default=None, max_length=200)


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt = Field(description="the payload version the action was chosen on")
    action: ActionRef
    seat: StrictInt | None = Field(default=None, description="optional: must be the caller's seat")


class Undo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: StrictInt
    seat: StrictInt | None = None


class BotLevel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    level: Annotated[
        str | None,
        Field(
            max_length=40,
            description="bot level (GET /api/catalog lists them); default: the game's own "
            "(an unknown one is refused by the table, in the page's language)",
        ),
    ] = None


class Error(BaseModel):
    detail: str


class StaleError(BaseModel):
    detail: str
    state: dict[str, Any] = Field(description="the fresh payload for the caller")


class Payload(BaseModel):
    """What one seat (or a spectator) may know about a game now."""

    model_config = ConfigDict(extra="allow")
    id: str
    game: str
    title: str
    status: Literal["open", "running", "finished"]
    version: int = Field(description="send it back with actions and undos")
    viewer: int | None
    seats: list[dict[str, Any]]
    to_act: list[int]
    your_turn: bool
    actions: list[dict[str, Any]] = Field(
        description="legal actions: id, text, game fields, and explain: what it would do (the "
        "rule and the change it makes), for this viewer only"
    )
    can_undo: bool
    terminal: bool
    scores: list[float]
    winners: list[int]
    view: dict[str, Any] = Field(description="State.view(viewer)")
    svg: str | None
    log: list[dict[str, Any]]
    log_length: int
    renderer: str | None
    stylesheet: str | None


class Joined(BaseModel):
    seat: int
    token: str = Field(description="secret seat token; also set as a cookie")
    rejoin_url: str = Field(
        description="the seat's personal link, to get back to it from another browser "
        "(the token is in its fragment: keep it secret; shown only now)"
    )
    state: Payload


ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": Error, "description": "acting for a seat the caller does not hold"},
    404: {"model": Error, "description": "no such game"},
    409: {"model": Error, "description": "the game's status or a seat does not allow it"},
    413: {"model": Error, "description": "request body too large"},
    422: {"model": Error, "description": "malformed, or not allowed by the rules"},
}
ACT_ERRORS = {
    **ERRORS,
    409: {"model": StaleError, "description": "stale version (with the fresh state), or status"},
}
