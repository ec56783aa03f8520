"""What the routes share: the hub and the settings (kept in the app's state), the language of
the caller's page, the caller's seat token, and the seat cookie."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request, Response
from fastapi.templating import Jinja2Templates
from starlette.requests import HTTPConnection

from grimoire.i18n import N_
from grimoire.web.errors import Forbidden
from grimoire.web.hub import Hub
from grimoire.web.language import page_language
from grimoire.web.limits import RateLimit
from grimoire.web.rooms import Room
from grimoire.web.settings import Settings

TOKEN_HEADER = "X-Seat-Token"


def cookie_name(game_id: str) -> str:
    return f"grimoire_seat_{game_id}"


def hub_of(connection: HTTPConnection) -> Hub:
    """The live games (``app.state.hub``, made when the app starts)."""
    hub: Hub = connection.app.state.hub
    return hub


def settings_of(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


def creations_of(connection: HTTPConnection) -> RateLimit:
    """The rate limit of table creations, per client address."""
    creations: RateLimit = connection.app.state.creations
    return creations


def templates_of(connection: HTTPConnection) -> Jinja2Templates:
    templates: Jinja2Templates = connection.app.state.templates
    return templates


# for route parameters: ``hub: HubDep``, ``lang: Language``
HubDep = Annotated[Hub, Depends(hub_of)]
Language = Annotated[str, Depends(page_language)]
SettingsDep = Annotated[Settings, Depends(settings_of)]
Templates = Annotated[Jinja2Templates, Depends(templates_of)]


def token_of(connection: HTTPConnection, game_id: str) -> str | None:
    """The caller's seat token: the header, else the game's seat cookie."""
    return connection.headers.get(TOKEN_HEADER) or connection.cookies.get(cookie_name(game_id))


def seat_of(room: Room, request: Request, claimed: int | None) -> int:
    """The caller's seat; 403 if they hold none, or claim to act for another one."""
    seat = room.seat_of(token_of(request, room.id))
    if seat is None:
        raise Forbidden(N_("you hold no seat in this game (join a seat first)"))
    if claimed is not None and claimed != seat:
        raise Forbidden(
            N_("you hold seat {seat}: you cannot act for seat {claimed}"),
            seat=seat + 1,  # people count seats from 1 (the ids count from 0)
            claimed=claimed + 1,
        )
    return seat


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
