"""The seats' API: take a free seat, get back to one (also one a bot holds for you), leave it
to a bot, give a seat to a bot, pause and resume the clocks."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Request, Response
from fastapi.responses import JSONResponse

from grimoire.i18n import N_
from grimoire.web.errors import Conflict, Forbidden
from grimoire.web.rooms import Room
from grimoire.web.routes.deps import (
    TOKEN_HEADER,
    HubDep,
    Language,
    cookie_name,
    payload_response,
    rejoin_url,
    seat_of,
    set_seat_cookie,
    token_of,
)
from grimoire.web.routes.models import ERRORS, BotLevel, Joined, JoinGame, Payload
from grimoire.web.seating import token_hash

router = APIRouter(tags=["seats"])


@router.post(
    "/api/games/{game_id}/join",
    summary="Take a free seat: returns (and sets as a cookie) the secret seat token",
    responses={200: {"model": Joined}, **ERRORS},
)
async def join(
    request: Request, game_id: str, body: JoinGame, hub: HubDep, lang: Language
) -> JSONResponse:
    room = await hub.room(game_id)
    token = await room.join(body.seat, body.name or "", body.key)
    response = JSONResponse(
        {
            "seat": body.seat,
            "token": token,
            "rejoin_url": rejoin_url(room.id, token),
            "state": room.payload(body.seat, lang),
        }
    )
    set_seat_cookie(request, response, room.id, token)
    return response


@router.post(
    "/api/games/{game_id}/rejoin",
    summary="Get back to your seat in this browser: send the seat token (from the personal "
    "rejoin link) as the header; it is set as the cookie. A seat a bot holds for you is "
    "yours again at once, or when the bot's turn under way is over (returning: true)",
    responses={200: {"model": Joined}, **ERRORS},
)
async def rejoin(request: Request, game_id: str, hub: HubDep, lang: Language) -> JSONResponse:
    room = await hub.room(game_id)
    token = request.headers.get(TOKEN_HEADER)
    response = await back_to_seat(room, token, lang)
    set_seat_cookie(request, response, room.id, token or "")
    return response


@router.post(
    "/api/games/{game_id}/reclaim",
    summary="Take back the seat a bot holds for you (your seat cookie or token): at once, or "
    "when the bot's turn under way is over (returning: true)",
    responses={200: {"model": Joined}, **ERRORS},
)
async def reclaim(request: Request, game_id: str, hub: HubDep, lang: Language) -> JSONResponse:
    room = await hub.room(game_id)
    return await back_to_seat(room, token_of(request, game_id), lang)


async def back_to_seat(room: Room, token: str | None, lang: str) -> JSONResponse:
    """The answer of rejoin and reclaim: the token's seat, taken back from its bot if need be;
    403 if the token holds no seat and no bot holds one for it. The state is the seat's own
    payload once the seat is the caller's, the spectators' while the bot finishes its turn."""
    seat = room.seat_of(token)
    returning = False
    if seat is None:
        back = await room.reclaim(token)
        if back is None or token is None:
            raise Forbidden(N_("this link no longer holds a seat (it was left to the others)"))
        seat, now = back
        returning = not now
    return JSONResponse(
        {
            "seat": seat,
            "token": token,
            "rejoin_url": rejoin_url(room.id, token or ""),
            "returning": returning,
            "state": room.payload(None if returning else seat, lang),
        }
    )


@router.post(
    "/api/games/{game_id}/leave",
    summary="Leave: a bot takes over your seat",
    responses={200: {"model": Payload}, **ERRORS},
)
async def leave(
    request: Request,
    game_id: str,
    hub: HubDep,
    lang: Language,
    body: Annotated[BotLevel | None, Body()] = None,
) -> JSONResponse:
    room = await hub.room(game_id)
    seat = seat_of(room, request, None)
    held = token_hash(token_of(request, game_id) or "")
    await room.hand_to_bot(seat, (body or BotLevel()).level, by=seat, held=held)
    response = JSONResponse(room.payload(None, lang))
    response.delete_cookie(cookie_name(game_id), path="/")
    return response


@router.post(
    "/api/games/{game_id}/seats/{seat}/bot",
    summary="Give a seat to a bot (any seated player): a free seat while the game waits, "
    "or another player's seat once their clock has run out or they have been away long "
    "enough (the bot holds it for them)",
    responses={200: {"model": Payload}, **ERRORS},
)
async def seat_bot(
    request: Request,
    game_id: str,
    seat: int,
    hub: HubDep,
    lang: Language,
    body: Annotated[BotLevel | None, Body()] = None,
) -> Response:
    room = await hub.room(game_id)
    mine = seat_of(room, request, None)
    if seat == mine:
        raise Conflict(N_("to hand your own seat to a bot, leave the game (POST .../leave)"))
    await room.hand_to_bot(seat, (body or BotLevel()).level, by=mine)
    return payload_response(room, mine, lang)


@router.post(
    "/api/games/{game_id}/pause",
    summary="Stop the clocks (and the game) until someone at the table resumes",
    responses={200: {"model": Payload}, **ERRORS},
)
async def pause(request: Request, game_id: str, hub: HubDep, lang: Language) -> Response:
    room = await hub.room(game_id)
    seat = seat_of(room, request, None)
    await room.pause(seat)
    return payload_response(room, seat, lang)


@router.post(
    "/api/games/{game_id}/resume",
    summary="Start the clocks again after a pause",
    responses={200: {"model": Payload}, **ERRORS},
)
async def resume(request: Request, game_id: str, hub: HubDep, lang: Language) -> Response:
    room = await hub.room(game_id)
    seat = seat_of(room, request, None)
    await room.resume(seat)
    return payload_response(room, seat, lang)
