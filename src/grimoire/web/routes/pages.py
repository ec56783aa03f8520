"""The HTML pages (lobby, game, join, rejoin, replay), the games' own page assets, and the
health check."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from grimoire.core.errors import GrimoireError
from grimoire.core.i18n import game_messages
from grimoire.i18n import N_
from grimoire.registry import game_class
from grimoire.web.assets import asset_file
from grimoire.web.errors import NotFound
from grimoire.web.routes.deps import HubDep, Language, Templates, token_of

router = APIRouter(include_in_schema=False)


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request, templates: Templates) -> Response:
    return templates.TemplateResponse(request, "lobby.html", {})


@router.get("/games/{game_id}", response_class=HTMLResponse)
async def game_page(
    request: Request, game_id: str, hub: HubDep, templates: Templates, lang: Language
) -> Response:
    room = await hub.room(game_id)
    return templates.TemplateResponse(
        request,
        "game.html",
        {
            "game_id": game_id,
            "title": room.title,
            # the game's own catalogue, for its renderer's tg() (see static/language.js)
            "game_catalogue": game_messages(room.game, lang),
        },
    )


@router.get("/games/{game_id}/join/{seat}", response_class=HTMLResponse)
async def join_page(
    request: Request, game_id: str, seat: int, hub: HubDep, templates: Templates
) -> Response:
    room = await hub.room(game_id)
    if not 0 <= seat < len(room.seats):
        raise NotFound(N_("there is no seat {seat} in this game"), seat=seat + 1)  # from 1
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


@router.get("/games/{game_id}/rejoin", response_class=HTMLResponse)
async def rejoin_page(
    request: Request, game_id: str, hub: HubDep, templates: Templates
) -> Response:
    room = await hub.room(game_id)
    return templates.TemplateResponse(
        request, "rejoin.html", {"game_id": game_id, "title": room.title}
    )


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
async def replay_page(
    request: Request, game_id: str, hub: HubDep, templates: Templates, lang: Language
) -> Response:
    room = await hub.room(game_id)
    return templates.TemplateResponse(
        request,
        "replay.html",
        # the game's own catalogue: the replay draws the board with the game's renderer too
        {"game_id": game_id, "title": room.title, "game_catalogue": game_messages(room.game, lang)},
    )


@router.get("/assets/games/{name}/{path:path}")
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


@router.get("/healthz")
async def health() -> dict[str, str]:
    return {"status": "ok"}
