"""The lobby's API: the catalogue, creating a table, the lists of games, a game's summary."""

from __future__ import annotations

from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from grimoire.core.i18n import language_scope
from grimoire.i18n import N_
from grimoire.web.catalog import LEVELS, catalog_doc
from grimoire.web.clock import ClockError, Clocks, time_control
from grimoire.web.errors import Unprocessable
from grimoire.web.limits import TooMany, spend
from grimoire.web.routes.deps import (
    HubDep,
    Language,
    SettingsDep,
    client_of,
    creations_of,
    rejoin_url,
    set_seat_cookie,
)
from grimoire.web.routes.models import ERRORS, CreateGame, Joined
from grimoire.web.seating import SeatRequest
from grimoire.web.store import ANYONE, FINISHED, INVITED, OPEN, RUNNING
from grimoire.web.summary import summary_of

router = APIRouter(tags=["lobby"])


@router.get(
    "/api/catalog",
    summary="The games one can create, their options, the bot levels and the absence rule",
)
async def catalog(hub: HubDep, lang: Language) -> dict[str, Any]:
    with language_scope(lang):  # the options' names, helps and values' labels
        games = catalog_doc()
    return {"games": games, "bot_levels": list(LEVELS), "absence": hub.absence.doc()}


@router.post(
    "/api/games",
    status_code=201,
    summary="Create a game",
    responses={201: {"model": Joined}, **ERRORS},
)
async def create_game(
    request: Request, spec: CreateGame, hub: HubDep, settings: SettingsDep, lang: Language
) -> JSONResponse:
    seats = [SeatRequest(s.kind, s.level, s.name) for s in spec.seats]
    players = spec.players if spec.players is not None else (len(seats) or None)
    if spec.join_seat is not None and seats and not 0 <= spec.join_seat < len(seats):
        raise Unprocessable(N_("join_seat {seat} is not one of the seats"), seat=spec.join_seat)
    if spec.private and spec.join == ANYONE and "join" in spec.model_fields_set:
        raise Unprocessable(N_("a private table takes players by invitation only"))
    try:
        control = None
        if spec.clock is not None:
            c = spec.clock
            control = time_control(c.kind, c.move_seconds, c.reserve_seconds, c.grace_seconds)
    except ClockError as error:
        raise Unprocessable(str(error)) from error
    await spend(request.app.state, [(creations_of(request), client_of(request))])
    if seats and all(seat.kind == "bot" for seat in seats):
        running = await anyio.to_thread.run_sync(hub.store.bot_only_running)
        if running >= settings.limits.max_bot_games:
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
        "state": room.payload(viewer, lang),
    }
    response = JSONResponse(body, status_code=201)
    if token is not None:
        set_seat_cookie(request, response, room.id, token)
    return response


@router.get("/api/games", summary="Games by status, newest first")
async def list_games(
    hub: HubDep,
    status: Annotated[
        str, Query(description="comma-separated: open, running, finished")
    ] = "open,running",
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> dict[str, Any]:
    wanted = [s.strip() for s in status.split(",") if s.strip()]
    bad = [s for s in wanted if s not in (OPEN, RUNNING, FINISHED)]
    if bad or not wanted:
        raise Unprocessable(f"status must be open, running and/or finished, not {status!r}")
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


@router.get(
    "/api/games/{game_id}",
    summary="A game's public summary (seats, status)",
    responses={404: ERRORS[404]},
)
async def game_summary(game_id: str, hub: HubDep) -> dict[str, Any]:
    return (await hub.room(game_id)).summary()
