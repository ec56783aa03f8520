"""The replay's API: the game at any earlier step, as the caller saw it then."""

from __future__ import annotations

from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Query, Request

from grimoire.web.routes.deps import HubDep, Language, token_of
from grimoire.web.routes.models import ERRORS

router = APIRouter(tags=["play"])


@router.get(
    "/api/games/{game_id}/replay",
    summary="The game after its first `step` history entries, as the caller saw it",
    responses={404: ERRORS[404], 422: ERRORS[422]},
)
async def replay(
    request: Request,
    game_id: str,
    hub: HubDep,
    lang: Language,
    step: Annotated[int, Query(ge=0)] = 0,
) -> dict[str, Any]:
    room = await hub.room(game_id)
    viewer = room.seat_of(token_of(request, game_id))
    return await anyio.to_thread.run_sync(room.replay_payload, viewer, step, lang)
