"""A game's public facts (lobby lists, the head of every payload) and its invitation links."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from grimoire.web.clock import Clocks
from grimoire.web.store import ANYONE, INVITED, Seat


def seat_doc(seat: Seat) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "name": seat.name,
        "kind": seat.kind,
        "level": seat.level,
        "taken": seat.taken,
    }


def summary_of(
    game_id: str,
    game: str,
    title: str,
    players: int,
    options: dict[str, Any],
    status: str,
    version: int,
    seats: Sequence[Seat],
    scores: list[float] | None,
    winners: list[int] | None,
    created_at: str,
    to_act: list[int] | None,
    *,
    private: bool = False,
    join_policy: str = ANYONE,
    clock: Clocks | None = None,
    hints: bool = False,
) -> dict[str, Any]:
    """A game's public facts. A table whose seats go by invitation lists no join links (its
    invitation links go only to the people at the table); a private one is never listed."""
    return {
        "id": game_id,
        "game": game,
        "title": title,
        "players": players,
        "options": dict(options),
        "status": status,
        "version": version,
        "seats": [seat_doc(seat) for seat in seats],
        "to_act": to_act,
        "final_scores": scores,
        "final_winners": winners,
        "created_at": created_at,
        "url": f"/games/{game_id}",
        "join_urls": {
            str(seat.seat): f"/games/{game_id}/join/{seat.seat}"
            for seat in seats
            if not seat.taken and join_policy == ANYONE
        },
        "private": private,
        "join": join_policy,
        "clock": None if clock is None else {**clock.control.doc(), "paused": clock.paused},
        "hints": hints,
    }


def invite_urls(
    game_id: str, seats: Sequence[Seat], join_policy: str, invite: str | None
) -> dict[str, str]:
    """Invitation links of the free seats, for the people at the table (and the creator):
    with the table's key when its seats go by invitation only. The key is in the URL's
    fragment, which browsers never send to a server (nor put in a Referer)."""
    key = f"#key={invite}" if join_policy == INVITED and invite else ""
    return {
        str(seat.seat): f"/games/{game_id}/join/{seat.seat}{key}"
        for seat in seats
        if not seat.taken
    }
