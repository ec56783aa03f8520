"""The rule behind a move, for the game page: what a legal action would do (``Game.explain``)
and why a refused one is refused (``State.why_illegal``), for the caller's own seat only.

The page's payload carries the explanations of the viewer's legal actions (``explained``); a
piece of the board that stands for no legal action asks ``GET /api/games/{id}/explain`` with
its ``data-`` fields, and hears which rule forbids the action it would have been
(``explain_query``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from grimoire.core.errors import GrimoireError
from grimoire.core.game import Game
from grimoire.core.state import State

log = logging.getLogger(__name__)

NOTHING: dict[str, Any] = {"action": None, "legal": False, "text": None}


def explained(game: Game, state: State, action: int, seat: int) -> dict[str, Any]:
    """An action's JSON with ``explain``: what it would do for ``seat`` (the game's words in
    this context's language); a game whose explanation fails says the action's text."""
    doc = state.action_to_json(action)
    try:
        doc["explain"] = game.explain(state, action, seat)
    except Exception:  # an explanation must never cost the page its moves
        log.exception("%s: explain(%s) failed", game.name, action)
        doc["explain"] = doc["text"]
    return doc


def explain_query(
    game: Game, state: State, seat: int | None, query: Mapping[str, str]
) -> dict[str, Any]:
    """``{"action", "legal", "text"}`` for the action ``query`` names, for ``seat``: by ``id``,
    by ``text`` (as the parser reads it), or by the fields a piece of the board carries
    (``kind`` and the game's declared fields, as in the action JSON): the kinds legal now
    first, then the others (so a piece no legal action uses hears the rule that refuses it).
    ``text`` is the explanation of a legal action or the refusal of another; nothing for a
    spectator, a finished game, or fields that name no action of those kinds."""
    if seat is None or state.is_terminal() or state.is_chance():
        return dict(NOTHING)
    try:
        action = _named(game, state, seat, query)
    except GrimoireError as error:  # text the parser cannot read: its reason
        return {"action": None, "legal": False, "text": str(error)}
    if action is None:
        return dict(NOTHING)
    doc = state.action_to_json(action)
    refusal = state.why_illegal(action, seat)
    if refusal is None:
        return {
            "action": doc,
            "legal": True,
            "text": explained(game, state, action, seat)["explain"],
        }
    return {"action": doc, "legal": False, "text": refusal}


def _named(game: Game, state: State, seat: int, query: Mapping[str, str]) -> int | None:
    if "id" in query:
        raw = query["id"]
        if not raw.isdigit() or not 0 <= int(raw) < game.num_actions:
            return None
        return int(raw)
    if "text" in query:
        return state.parse_action(query["text"])
    fields = {key: value for key, value in query.items() if key in game.codec.fields}
    if not fields:
        return None
    legal = state.legal_actions(seat) if seat in state.seats_to_act() else []
    codec = game.codec
    kinds = [query["kind"]] if "kind" in query else []
    kinds += [k for k in dict.fromkeys(codec.decode(a).kind for a in legal) if k not in kinds]
    for kind in kinds:
        found = _first_with(game, kind, fields)
        if found is not None:
            return found
    # a piece no legal action uses: the action of another kind it stands for most plainly
    # (the fewest fields besides the piece's: a supply die is "take red" before "swap W1 for
    # red"), whose refusal names the rule
    others = [k for k in codec.by_name if k not in kinds]
    for kind in sorted(others, key=lambda k: len(codec.by_name[k].slots)):
        found = _first_with(game, kind, fields)
        if found is not None:
            return found
    return None


def _first_with(game: Game, kind: str, fields: Mapping[str, str]) -> int | None:
    """The first action of ``kind`` whose JSON carries ``fields``, or None."""
    codec = game.codec
    if kind not in codec.by_name:
        return None
    for action in codec.ids(kind):
        doc = codec.json(action)
        if all(key in doc and str(doc[key]) == value for key, value in fields.items()):
            return action
    return None
