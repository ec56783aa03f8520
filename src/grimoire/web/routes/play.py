"""Playing: a seat's view of the game, its actions and undo, hints, the game's drawing, and the
rules of the current step."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from grimoire.core.i18n import language_scope
from grimoire.i18n import N_, gettext
from grimoire.rulebook import FALLBACK_NOTE, rule_for
from grimoire.web.errors import NotFound
from grimoire.web.explain import explain_query
from grimoire.web.routes.deps import HubDep, Language, payload_response, seat_of, token_of
from grimoire.web.routes.models import ACT_ERRORS, ERRORS, Act, Payload, Undo

router = APIRouter(tags=["play"])


@router.get(
    "/api/games/{game_id}/rules",
    summary="The section of the game's rules for the current step (its phase is public)",
    responses={404: ERRORS[404]},
)
async def rules_now(game_id: str, hub: HubDep, lang: Language) -> dict[str, Any]:
    room = await hub.room(game_id)
    rule = rule_for(room.game, room.state, lang)
    if rule is None:
        return {"document": None, "heading": None, "text": None, "language": None, "note": None}
    # a section not translated yet comes in English, with a note saying so in the page's language
    note = gettext(FALLBACK_NOTE, lang) if rule.language != lang else None
    return {
        "document": rule.document,
        "heading": rule.heading,
        "text": rule.text,
        "language": rule.language,
        "note": note,
    }


@router.get(
    "/api/games/{game_id}/explain",
    summary="What an action would do for the caller's seat now (the rule, and the change it "
    "makes), or the rule that refuses it. Name it by ?id=, ?text=, or by the fields a piece of "
    "the board carries (?kind=claim&card=21)",
    responses={404: ERRORS[404]},
)
async def explain(request: Request, game_id: str, hub: HubDep, lang: Language) -> dict[str, Any]:
    room = await hub.room(game_id)
    seat = room.seat_of(token_of(request, game_id))
    query = dict(request.query_params)
    with language_scope(lang):  # the game's texts in the page's language
        return explain_query(room.game, room.state, seat, query)


@router.get(
    "/api/games/{game_id}/state",
    summary="The game as the caller's seat sees it (a spectator without a seat)",
    responses={200: {"model": Payload}, 404: ERRORS[404]},
)
async def state(request: Request, game_id: str, hub: HubDep, lang: Language) -> Response:
    room = await hub.room(game_id)
    return payload_response(room, room.seat_of(token_of(request, game_id)), lang)


@router.post(
    "/api/games/{game_id}/actions",
    summary="Play an action for the caller's seat",
    responses={200: {"model": Payload}, **ACT_ERRORS},
)
async def act(request: Request, game_id: str, body: Act, hub: HubDep, lang: Language) -> Response:
    room = await hub.room(game_id)
    seat = seat_of(room, request, body.seat)
    action = body.action.model_dump(exclude_none=True)
    await room.act(seat, body.version, action, lang)
    return payload_response(room, seat, lang)


@router.post(
    "/api/games/{game_id}/undo",
    summary="Take back the caller's last action (same turn, nothing revealed since)",
    responses={200: {"model": Payload}, **ACT_ERRORS},
)
async def undo(request: Request, game_id: str, body: Undo, hub: HubDep, lang: Language) -> Response:
    room = await hub.room(game_id)
    seat = seat_of(room, request, body.seat)
    await room.undo(seat, body.version)
    return payload_response(room, seat, lang)


@router.get(
    "/api/games/{game_id}/hint",
    summary="Every legal action of the caller's seat with its estimated win chance and "
    "expected score, best first (tables created with hints; from the seat's own view)",
    responses={403: ERRORS[403], 404: ERRORS[404], 409: ERRORS[409]},
)
async def hint(request: Request, game_id: str, hub: HubDep) -> dict[str, Any]:
    room = await hub.room(game_id)
    return await room.hint(room.seat_of(token_of(request, game_id)))


@router.get(
    "/api/games/{game_id}/svg",
    summary="The game's SVG drawing as the caller's seat sees it now (image/svg+xml)",
    responses={404: ERRORS[404]},
)
async def svg(request: Request, game_id: str, hub: HubDep, lang: Language) -> Response:
    room = await hub.room(game_id)
    viewer = room.seat_of(token_of(request, game_id))
    with language_scope(lang):  # the drawing's words in the language of the asking page
        drawing = room.game.render_svg(room.state, viewer) if room.game.capabilities.svg else None
    if drawing is None:
        raise NotFound(N_("{title} has no SVG drawing"), title=room.title)
    return Response(drawing, media_type="image/svg+xml")
