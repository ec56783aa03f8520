"""The live updates: a WebSocket per page that gets its viewer's payload after every change."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from grimoire.web.errors import NotFound
from grimoire.web.outage import is_unavailable
from grimoire.web.routes.deps import HubDep, Language, token_of

router = APIRouter()


@router.websocket("/api/games/{game_id}/ws")
async def live(websocket: WebSocket, game_id: str, hub: HubDep, lang: Language) -> None:
    # A refusal accepts first and then closes with its code: a close before the handshake is
    # an HTTP 403 to the client, whatever the code, so it could not tell why.
    origin = websocket.headers.get("origin")
    if origin and urlsplit(origin).netloc != websocket.headers.get("host"):
        # another site's page must not read a seat's view with the visitor's cookie
        await refuse(websocket, 4403, "cross-site connection refused")
        return
    try:
        room = await hub.room(game_id)
    except NotFound:
        await refuse(websocket, 4404, "no such game")
        return
    except SQLAlchemyError as error:
        if not is_unavailable(error):
            raise
        hub.store.outage.failed(error)  # logged once per outage; the page connects again
        await refuse(websocket, 4503, "the server cannot reach its database right now")
        return
    token = token_of(websocket, game_id)
    await websocket.accept()
    listener = room.listen(token, lang)

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


async def refuse(websocket: WebSocket, code: int, reason: str) -> None:
    """Complete the handshake and close at once with ``code``: nothing is sent before."""
    await websocket.accept()
    await websocket.close(code=code, reason=reason)
