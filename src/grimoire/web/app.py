"""The ASGI app: JSON API, WebSocket updates, and the HTML pages (lobby, game, join, replay).

``create_app(database_url=..., bot_delay=...)`` builds it; ``grimoire.web.server.run`` serves it.
The API is described in ``docs/web-api.md`` and, for HTTP, at ``/docs`` (OpenAPI).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

import anyio.to_thread
from fastapi import Body, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, field_validator
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import grimoire
from grimoire.core.errors import GrimoireError
from grimoire.core.i18n import game_messages
from grimoire.registry import game_class, games
from grimoire.rulebook import rule_for
from grimoire.web.assets import asset_file
from grimoire.web.clock import ClockError, Clocks, time_control
from grimoire.web.hub import Hub
from grimoire.web.language import page_language, template_context
from grimoire.web.limits import BodyLimit, Limits, RateLimit, TooMany
from grimoire.web.rooms import (
    LEVELS,
    Conflict,
    Forbidden,
    NotFound,
    Room,
    SeatRequest,
    Stale,
    Unprocessable,
    WebError,
    server_only,
    summary_of,
    token_hash,
)
from grimoire.web.store import (
    ANYONE,
    FINISHED,
    INVITED,
    OPEN,
    RUNNING,
    Store,
    make_engine,
    migrate,
)

log = logging.getLogger("grimoire.web")

DEFAULT_DATABASE_URL = "sqlite:///grimoire.db"
DEFAULT_BOT_DELAY = 0.5
TOKEN_HEADER = "X-Seat-Token"
MAX_OPTIONS = 64  # option keys in one request (a game declares a handful)
MAX_SEATS = 16
WEB_DIR = Path(str(files("grimoire.web")))


def cookie_name(game_id: str) -> str:
    return f"grimoire_seat_{game_id}"


# ----------------------------------------------------------------------------- API models
class SeatSpec(BaseModel):
    """One seat of a new game: a person (who joins by link) or a bot of some level."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["person", "bot"] = "person"
    level: str | None = Field(
        default=None,
        description="bot level (bots only; GET /api/catalog lists them); default heuristic",
    )
    name: str | None = Field(default=None, max_length=40)

    @field_validator("level")
    @classmethod
    def _known_level(cls, value: str | None) -> str | None:
        return value if value is None else known_level(value)


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
        description="one per player; default: you, then heuristic bots",
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
    level: str = "heuristic"

    @field_validator("level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        return known_level(value)


def known_level(value: str) -> str:
    """A bot level the catalogue offers (``rooms.LEVELS``), else a 422 naming them."""
    if value not in LEVELS:
        raise ValueError(f"unknown bot level {value!r}; levels: {', '.join(LEVELS)}")
    return value


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
    actions: list[dict[str, Any]] = Field(description="legal actions: id, text, game fields")
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


# ----------------------------------------------------------------------------- app
def create_app(
    database_url: str | None = None,
    bot_delay: float | None = None,
    *,
    now: Callable[[], float] | None = None,
    limits: Limits | None = None,
) -> FastAPI:
    """The web app. ``database_url``: a SQLite or PostgreSQL SQLAlchemy URL, see docs/web-api.md
    (default: ``$GRIMOIRE_DATABASE_URL`` or ``sqlite:///grimoire.db``). ``bot_delay``: seconds
    a bot waits before each action (default ``$GRIMOIRE_BOT_DELAY`` or 0.5). ``now``: the clocks'
    time source, seconds since the epoch (default ``time.time``; tests pass their own).
    ``limits``: body size, creation rate, bot-only games, clock watch interval (default
    ``Limits.from_env()``: the defaults or ``$GRIMOIRE_...`` variables)."""
    url = database_url or os.environ.get("GRIMOIRE_DATABASE_URL") or DEFAULT_DATABASE_URL
    if bot_delay is None:
        bot_delay = float(os.environ.get("GRIMOIRE_BOT_DELAY", DEFAULT_BOT_DELAY))
    delay = bot_delay
    limit = limits or Limits.from_env()
    clock = now or time.time
    creations = RateLimit(limit.create_burst, limit.create_per_minute)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(url)
        await anyio.to_thread.run_sync(migrate, engine)
        hub = Hub(Store(engine), delay, clock)
        app.state.hub = hub
        await hub.resume()
        hub.watch(limit.clock_tick)
        try:
            yield
        finally:
            await hub.close()
            engine.dispose()

    app = FastAPI(
        title="grimoire",
        version=grimoire.__version__,
        summary="Play grimoire's games in the browser, alone against bots or with friends.",
        description="HTTP API of the grimoire web app. Live updates: the WebSocket "
        "`/api/games/{id}/ws` (see docs/web-api.md). A seat is identified by its secret "
        f"token: the `{cookie_name('<id>')}` cookie or the `{TOKEN_HEADER}` header.",
        lifespan=lifespan,
    )
    app.add_middleware(ServerTiming, now=clock)
    app.add_middleware(BodyLimit, max_body=limit.max_body)  # outermost: before any parsing
    templates = Jinja2Templates(
        directory=str(WEB_DIR / "templates"), context_processors=[template_context]
    )
    app.mount("/static", StaticFiles(directory=str(WEB_DIR / "static")), name="static")

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        # ASCII-escaped JSON: a lone surrogate in the input must not break the error itself.
        body = json.dumps({"detail": jsonable_encoder(error.errors())}, ensure_ascii=True)
        return Response(body, status_code=422, media_type="application/json")

    @app.exception_handler(TooMany)
    async def too_many(request: Request, error: TooMany) -> Response:
        return JSONResponse(
            {"detail": error.detail},
            status_code=429,
            headers={"Retry-After": str(max(1, round(error.retry_after)))},
        )

    @app.exception_handler(WebError)
    async def web_error(request: Request, error: WebError) -> Response:
        if isinstance(error, Stale):
            return JSONResponse({"detail": error.detail, "state": error.state}, status_code=409)
        if request.url.path.startswith("/api/"):
            return JSONResponse({"detail": error.detail}, status_code=error.status)
        return templates.TemplateResponse(
            request,
            "error.html",
            {"status": error.status, "detail": error.detail},
            status_code=error.status,
        )

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def token_of(request: Request, game_id: str) -> str | None:
        return request.headers.get(TOKEN_HEADER) or request.cookies.get(cookie_name(game_id))

    def seat_of(room: Room, request: Request, claimed: int | None) -> int:
        """The caller's seat; 403 if they hold none, or claim to act for another one."""
        seat = room.seat_of(token_of(request, room.id))
        if seat is None:
            raise Forbidden("you hold no seat in this game (join a seat first)")
        if claimed is not None and claimed != seat:
            raise Forbidden(f"you hold seat {seat}: you cannot act for seat {claimed}")
        return seat

    # ------------------------------------------------------------------ API: catalog, lobby
    @app.get("/api/catalog", tags=["lobby"], summary="The games one can create, and their options")
    async def catalog() -> dict[str, Any]:
        return {"games": catalog_doc(), "bot_levels": list(LEVELS)}

    @app.post(
        "/api/games",
        status_code=201,
        tags=["lobby"],
        summary="Create a game",
        responses={201: {"model": Joined}, **ERRORS},
    )
    async def create_game(request: Request, spec: CreateGame) -> JSONResponse:
        hub = hub_of(request)
        seats = [SeatRequest(s.kind, s.level, s.name) for s in spec.seats]
        players = spec.players if spec.players is not None else (len(seats) or None)
        if spec.join_seat is not None and seats and not 0 <= spec.join_seat < len(seats):
            raise Unprocessable(f"join_seat {spec.join_seat} is not one of the seats")
        if spec.private and spec.join == ANYONE and "join" in spec.model_fields_set:
            raise Unprocessable("a private table takes players by invitation only")
        try:
            control = None
            if spec.clock is not None:
                c = spec.clock
                control = time_control(c.kind, c.move_seconds, c.reserve_seconds, c.grace_seconds)
        except ClockError as error:
            raise Unprocessable(str(error)) from error
        creations.take(client_of(request))
        if seats and all(seat.kind == "bot" for seat in seats):
            running = await anyio.to_thread.run_sync(hub.store.bot_only_running)
            if running >= limit.max_bot_games:
                raise TooMany(
                    f"{running} games of bots alone are running, the most this server plays: "
                    "try again later",
                    60.0,
                )
        room, token = await hub.create(
            spec.game,
            players,
            spec.options,
            seats,
            spec.join_seat,
            spec.name,
            private=spec.private,
            join_policy=INVITED if spec.private else spec.join,
            control=control,
            hints=spec.hints,
        )
        viewer = room.seat_of(token)
        body: dict[str, Any] = {
            "seat": viewer,
            "token": token,
            "rejoin_url": rejoin_url(room.id, token) if token else None,
            "invite_urls": room.invite_urls(),
            "state": room.payload(viewer, page_language(request)),
        }
        response = JSONResponse(body, status_code=201)
        if token is not None:
            set_seat_cookie(request, response, room.id, token)
        return response

    @app.get("/api/games", tags=["lobby"], summary="Games by status, newest first")
    async def list_games(
        request: Request,
        status: Annotated[
            str, Query(description="comma-separated: open, running, finished")
        ] = "open,running",
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
    ) -> dict[str, Any]:
        wanted = [s.strip() for s in status.split(",") if s.strip()]
        bad = [s for s in wanted if s not in (OPEN, RUNNING, FINISHED)]
        if bad or not wanted:
            raise Unprocessable(f"status must be open, running and/or finished, not {status!r}")
        hub = hub_of(request)
        stored = await anyio.to_thread.run_sync(lambda: hub.store.list_games(wanted, limit))
        games = []
        for item in stored:
            room = hub.rooms.get(item.id)
            if room is not None:  # the live room knows whose turn it is
                games.append(room.summary())
                continue
            final = item.status == FINISHED
            games.append(
                summary_of(
                    item.id,
                    item.game,
                    item.title,
                    item.players,
                    item.options,
                    item.status,
                    item.version,
                    item.seats,
                    item.scores if final else None,
                    item.winners if final else None,
                    item.created_at.isoformat(),
                    None,
                    private=item.private,
                    join_policy=item.join_policy,
                    clock=Clocks.from_json(item.clock) if item.clock else None,
                    hints=item.hints,
                )
            )
        return {"games": games}

    @app.get(
        "/api/games/{game_id}",
        tags=["lobby"],
        summary="A game's public summary (seats, status)",
        responses={404: ERRORS[404]},
    )
    async def game_summary(request: Request, game_id: str) -> dict[str, Any]:
        return (await hub_of(request).room(game_id)).summary()

    @app.get(
        "/api/games/{game_id}/rules",
        tags=["play"],
        summary="The section of the game's rules for the current step (its phase is public)",
        responses={404: ERRORS[404]},
    )
    async def rules_now(request: Request, game_id: str) -> dict[str, Any]:
        room = await hub_of(request).room(game_id)
        rule = rule_for(room.game, room.state)
        if rule is None:
            return {"document": None, "heading": None, "text": None}
        return {"document": rule.document, "heading": rule.heading, "text": rule.text}

    @app.post(
        "/api/games/{game_id}/join",
        tags=["seats"],
        summary="Take a free seat: returns (and sets as a cookie) the secret seat token",
        responses={200: {"model": Joined}, **ERRORS},
    )
    async def join(request: Request, game_id: str, body: JoinGame) -> JSONResponse:
        room = await hub_of(request).room(game_id)
        token = await room.join(body.seat, body.name or "", body.key)
        response = JSONResponse(
            {
                "seat": body.seat,
                "token": token,
                "rejoin_url": rejoin_url(room.id, token),
                "state": room.payload(body.seat, page_language(request)),
            }
        )
        set_seat_cookie(request, response, room.id, token)
        return response

    @app.post(
        "/api/games/{game_id}/rejoin",
        tags=["seats"],
        summary="Get back to your seat in this browser: send the seat token (from the personal "
        "rejoin link) as the header; it is set as the cookie",
        responses={200: {"model": Joined}, **ERRORS},
    )
    async def rejoin(request: Request, game_id: str) -> JSONResponse:
        room = await hub_of(request).room(game_id)
        token = request.headers.get(TOKEN_HEADER)
        seat = room.seat_of(token)
        if seat is None or token is None:
            raise Forbidden("this link no longer holds a seat (it was left or given to a bot)")
        response = JSONResponse(
            {
                "seat": seat,
                "token": token,
                "rejoin_url": rejoin_url(room.id, token),
                "state": room.payload(seat, page_language(request)),
            }
        )
        set_seat_cookie(request, response, room.id, token)
        return response

    @app.post(
        "/api/games/{game_id}/leave",
        tags=["seats"],
        summary="Leave: a bot takes over your seat",
        responses={200: {"model": Payload}, **ERRORS},
    )
    async def leave(
        request: Request, game_id: str, body: Annotated[BotLevel | None, Body()] = None
    ) -> JSONResponse:
        room = await hub_of(request).room(game_id)
        seat = seat_of(room, request, None)
        held = token_hash(token_of(request, game_id) or "")
        await room.hand_to_bot(seat, (body or BotLevel()).level, by=seat, held=held)
        response = JSONResponse(room.payload(None, page_language(request)))
        response.delete_cookie(cookie_name(game_id), path="/")
        return response

    @app.post(
        "/api/games/{game_id}/seats/{seat}/bot",
        tags=["seats"],
        summary="Give a seat to a bot (any seated player): a free seat while the game waits, "
        "or another player's seat once their clock has run out",
        responses={200: {"model": Payload}, **ERRORS},
    )
    async def seat_bot(
        request: Request, game_id: str, seat: int, body: Annotated[BotLevel | None, Body()] = None
    ) -> Response:
        room = await hub_of(request).room(game_id)
        mine = seat_of(room, request, None)
        if seat == mine:
            raise Conflict("to hand your own seat to a bot, leave the game (POST .../leave)")
        await room.hand_to_bot(seat, (body or BotLevel()).level, by=mine)
        return payload_response(room, mine, page_language(request))

    @app.post(
        "/api/games/{game_id}/pause",
        tags=["seats"],
        summary="Stop the clocks (and the game) until someone at the table resumes",
        responses={200: {"model": Payload}, **ERRORS},
    )
    async def pause(request: Request, game_id: str) -> Response:
        room = await hub_of(request).room(game_id)
        seat = seat_of(room, request, None)
        await room.pause(seat)
        return payload_response(room, seat, page_language(request))

    @app.post(
        "/api/games/{game_id}/resume",
        tags=["seats"],
        summary="Start the clocks again after a pause",
        responses={200: {"model": Payload}, **ERRORS},
    )
    async def resume(request: Request, game_id: str) -> Response:
        room = await hub_of(request).room(game_id)
        seat = seat_of(room, request, None)
        await room.resume(seat)
        return payload_response(room, seat, page_language(request))

    # ------------------------------------------------------------------ API: play
    @app.get(
        "/api/games/{game_id}/state",
        tags=["play"],
        summary="The game as the caller's seat sees it (a spectator without a seat)",
        responses={200: {"model": Payload}, 404: ERRORS[404]},
    )
    async def state(request: Request, game_id: str) -> Response:
        room = await hub_of(request).room(game_id)
        return payload_response(
            room, room.seat_of(token_of(request, game_id)), page_language(request)
        )

    @app.post(
        "/api/games/{game_id}/actions",
        tags=["play"],
        summary="Play an action for the caller's seat",
        responses={200: {"model": Payload}, **ACT_ERRORS},
    )
    async def act(request: Request, game_id: str, body: Act) -> Response:
        room = await hub_of(request).room(game_id)
        seat = seat_of(room, request, body.seat)
        action = body.action.model_dump(exclude_none=True)
        await room.act(seat, body.version, action, page_language(request))
        return payload_response(room, seat, page_language(request))

    @app.post(
        "/api/games/{game_id}/undo",
        tags=["play"],
        summary="Take back the caller's last action (same turn, nothing revealed since)",
        responses={200: {"model": Payload}, **ACT_ERRORS},
    )
    async def undo(request: Request, game_id: str, body: Undo) -> Response:
        room = await hub_of(request).room(game_id)
        seat = seat_of(room, request, body.seat)
        await room.undo(seat, body.version)
        return payload_response(room, seat, page_language(request))

    @app.get(
        "/api/games/{game_id}/hint",
        tags=["play"],
        summary="Every legal action of the caller's seat with its estimated win chance and "
        "expected score, best first (tables created with hints; from the seat's own view)",
        responses={403: ERRORS[403], 404: ERRORS[404], 409: ERRORS[409]},
    )
    async def hint(request: Request, game_id: str) -> dict[str, Any]:
        room = await hub_of(request).room(game_id)
        return await room.hint(room.seat_of(token_of(request, game_id)))

    @app.get(
        "/api/games/{game_id}/svg",
        tags=["play"],
        summary="The game's SVG drawing as the caller's seat sees it now (image/svg+xml)",
        responses={404: ERRORS[404]},
    )
    async def svg(request: Request, game_id: str) -> Response:
        room = await hub_of(request).room(game_id)
        viewer = room.seat_of(token_of(request, game_id))
        drawing = room.game.render_svg(room.state, viewer)
        if drawing is None:
            raise NotFound(f"{room.title} has no SVG drawing")
        return Response(drawing, media_type="image/svg+xml")

    @app.get(
        "/api/games/{game_id}/replay",
        tags=["play"],
        summary="The game after its first `step` history entries, as the caller saw it",
        responses={404: ERRORS[404], 422: ERRORS[422]},
    )
    async def replay(
        request: Request, game_id: str, step: Annotated[int, Query(ge=0)] = 0
    ) -> dict[str, Any]:
        room = await hub_of(request).room(game_id)
        viewer = room.seat_of(token_of(request, game_id))
        return await anyio.to_thread.run_sync(room.replay_payload, viewer, step)

    @app.websocket("/api/games/{game_id}/ws")
    async def live(websocket: WebSocket, game_id: str) -> None:
        hub: Hub = websocket.app.state.hub
        try:
            room = await hub.room(game_id)
        except NotFound:
            await websocket.close(code=4404, reason="no such game")
            return
        origin = websocket.headers.get("origin")
        if origin and urlsplit(origin).netloc != websocket.headers.get("host"):
            # another site's page must not read a seat's view with the visitor's cookie
            await websocket.close(code=4403, reason="cross-site connection refused")
            return
        token = websocket.headers.get(TOKEN_HEADER) or websocket.cookies.get(cookie_name(game_id))
        await websocket.accept()
        listener = room.listen(token, page_language(websocket))

        async def send() -> None:
            while True:
                await websocket.send_text(await listener.queue.get())

        sender = asyncio.create_task(send())
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.listeners.discard(listener)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    # ------------------------------------------------------------------ pages
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby_page(request: Request) -> Response:
        return templates.TemplateResponse(request, "lobby.html", {})

    @app.get("/games/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def game_page(request: Request, game_id: str) -> Response:
        room = await hub_of(request).room(game_id)
        return templates.TemplateResponse(
            request,
            "game.html",
            {
                "game_id": game_id,
                "title": room.title,
                # the game's own catalogue, for its renderer's t() (see static/language.js)
                "game_catalogue": game_messages(room.game, page_language(request)),
            },
        )

    @app.get("/games/{game_id}/join/{seat}", response_class=HTMLResponse, include_in_schema=False)
    async def join_page(request: Request, game_id: str, seat: int) -> Response:
        room = await hub_of(request).room(game_id)
        if not 0 <= seat < len(room.seats):
            raise NotFound(f"there is no seat {seat} in this game")
        return templates.TemplateResponse(
            request,
            "join.html",
            {
                "game_id": game_id,
                "title": room.title,
                "seat": room.seats[seat],
                "summary": room.summary(),
                "mine": room.seat_of(token_of(request, game_id)),
            },
        )

    @app.get("/games/{game_id}/rejoin", response_class=HTMLResponse, include_in_schema=False)
    async def rejoin_page(request: Request, game_id: str) -> Response:
        room = await hub_of(request).room(game_id)
        return templates.TemplateResponse(
            request, "rejoin.html", {"game_id": game_id, "title": room.title}
        )

    @app.get("/games/{game_id}/replay", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(request: Request, game_id: str) -> Response:
        room = await hub_of(request).room(game_id)
        return templates.TemplateResponse(
            request, "replay.html", {"game_id": game_id, "title": room.title}
        )

    @app.get("/assets/games/{name}/{path:path}", include_in_schema=False)
    async def game_asset(name: str, path: str) -> Response:
        try:
            cls = game_class(name)
        except GrimoireError as error:
            raise NotFound(str(error)) from error
        found = asset_file(cls, path)
        if found is None:
            raise NotFound(f"{name} has no web asset {path!r}")
        content, media = found
        return Response(content, media_type=media, headers={"Cache-Control": "no-cache"})

    @app.get("/healthz", include_in_schema=False)
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    return app


class ServerTiming:
    """Adds ``Server-Timing: app;dur=<ms>`` to HTTP answers: the time spent in the server, as
    opposed to the network and the client (the load test reports both); and
    ``X-Server-Time``, the clocks' time now (seconds since the epoch), so a page counts clocks
    down in the server's time whatever its own clock says."""

    def __init__(self, app: ASGIApp, now: Callable[[], float] = time.time) -> None:
        self.app = app
        self.now = now

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def timed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - started) * 1000
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", f"app;dur={took:.2f}".encode()))
                headers.append((b"x-server-time", f"{self.now():.3f}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed_send)


def payload_response(room: Room, viewer: int | None, lang: str) -> Response:
    """The viewer's payload as a JSON response (encoded once per change, shared with pushes),
    the game's texts in the language of the viewer's page."""
    return Response(room.payload_text(viewer, lang), media_type="application/json")


def rejoin_url(game_id: str, token: str) -> str:
    """A seat's personal link: the token rides in the fragment, which browsers never send."""
    return f"/games/{game_id}/rejoin#{token}"


def client_of(request: Request) -> str:
    """The address a rate limit counts against (the direct peer: behind a proxy, the proxy)."""
    return request.client.host if request.client else "?"


def set_seat_cookie(request: Request, response: Response, game_id: str, token: str) -> None:
    response.set_cookie(
        cookie_name(game_id),
        token,
        max_age=60 * 60 * 24 * 365,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


def catalog_doc() -> list[dict[str, Any]]:
    """Every registered game's facts at its default player count (for the create form)."""
    entries = []
    for name in games():  # grimoire.games is shadowed by the subpackage once a game is imported
        try:
            cls = game_class(name)
            facts = grimoire.make(name, players=cls.min_players).facts()
        except Exception:  # a broken plugin must not break the lobby
            log.exception("game %s cannot be offered", name)
            continue
        entries.append(
            {
                "name": facts["name"],
                "title": facts["title"],
                "min_players": facts["min_players"],
                "max_players": facts["max_players"],
                "declared_options": [
                    option.describe() for option in cls.declared_options if not server_only(option)
                ],
                "hidden_information": facts["hidden_information"],
                "simultaneous_decisions": facts["simultaneous_decisions"],
            }
        )
    return entries
