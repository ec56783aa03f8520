"""Learn to play: each game's tutorial in the page (``/learn``, ``/learn/{game}``) and its API.

The tutorial's positions are rebuilt from the game's tutorial file (``grimoire.tutorial``), so
the API keeps no state: a step and the number of moves made in it name a position, and the
page asks for it. The board part of a step (``board``) has the shape of a game payload, so the
game's own renderer draws it as in a real game; the learner's seat is the tutorial's. After the
last step the page starts a short game against the easy bot with hints on, through the lobby's
own ``POST /api/games``.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, StrictInt

from grimoire.core.errors import GrimoireError
from grimoire.core.i18n import game_messages, language_scope
from grimoire.core.state import CHANCE, State, actor_to_json
from grimoire.i18n import N_, gettext
from grimoire.registry import game_class, games
from grimoire.rulebook import FALLBACK_NOTE, rule_named
from grimoire.tutorial import Entry, Lesson, has_tutorial, lesson, paragraphs, rule_title, said
from grimoire.web.assets import renderer_urls
from grimoire.web.errors import NotFound, Unprocessable
from grimoire.web.payloads import page_svg
from grimoire.web.routes.deps import Language, Templates
from grimoire.web.routes.models import ERRORS

router = APIRouter(tags=["learn"])


class Attempt(BaseModel):
    """A move the learner tries: the number of the step's moves already made, and the action."""

    model_config = ConfigDict(extra="forbid")
    done: StrictInt
    action: StrictInt


def _lesson(name: str) -> Lesson:
    try:
        game_class(name)
    except GrimoireError as error:
        raise NotFound(N_("there is no game {name}"), name=name) from error
    if not has_tutorial(name):
        raise NotFound(N_("{game} has no tutorial yet."), game=game_class(name).title)
    return lesson(name)


def _step_of(found: Lesson, index: int, done: int) -> None:
    if not 0 <= index < len(found):
        raise NotFound(N_("there is no step {step} in this tutorial"), step=index + 1)
    if not 0 <= done <= found.moves(index):
        raise Unprocessable(
            N_("step {step} has {count} moves"), step=index + 1, count=found.moves(index)
        )


def _seats(found: Lesson, lang: str) -> list[dict[str, Any]]:
    """The seats as the renderer names them: "Seat N", as the tutorial's texts do (the
    renderer marks the learner's own as theirs)."""
    return [
        {
            "seat": seat,
            "name": gettext("Seat {number}", lang).format(number=seat + 1),
            "kind": "person" if seat == found.seat else "bot",
            "level": None,
            "taken": True,
        }
        for seat in range(found.game.players)
    ]


def _lines(entries: list[Entry], seat: int) -> list[dict[str, Any]]:
    return [
        {"actor": actor_to_json(entry.actor), "text": entry.told(seat)}
        for entry in entries
        if entry.actor == CHANCE or entry.actor >= 0
    ]


def board(found: Lesson, state: State, lang: str, asked: bool) -> dict[str, Any]:
    """The step's position as a game payload for the learner's seat (what the game's renderer
    reads); ``asked``: the learner is to make a move here."""
    game, seat = found.game, found.seat
    view = state.view(seat)
    over = state.is_terminal()
    return {
        "id": f"learn-{game.name}",
        "game": game.name,
        "title": game.title,
        "players": game.players,
        "options": game.options,
        "status": "finished" if over else "running",
        "version": state.step,
        "viewer": seat,
        "your_turn": asked,
        "simultaneous": isinstance(state.current_player, frozenset),
        "waiting_for": 0,
        "to_act": sorted(state.seats_to_act()),
        "actions": [state.action_to_json(a) for a in state.legal_actions(seat)] if asked else [],
        "action_fields": ["kind", *game.codec.fields],
        "terminal": over,
        "scores": view.get("scores", []),
        "winners": view.get("winners", []),
        "view": view,
        "aids": game.aids(state, seat) if game.capabilities.aids else {},
        "svg": page_svg(game, state, seat),
        "seats": _seats(found, lang),
        "log": [],
        "log_length": 0,
        "clock": None,
        "events": [],
        "can_undo": False,
        **renderer_urls(type(game)),
    }


def _rule(found: Lesson, index: int, lang: str) -> dict[str, Any] | None:
    key = found.steps[index].rule
    rule = rule_named(found.game, key, lang) if key else None
    if rule is None or key is None:
        return None
    return {
        "title": rule_title(rule.heading, rule.text, key),
        "heading": rule.heading,
        "text": rule.text,
        "document": rule.document,
        "note": gettext(FALLBACK_NOTE, lang) if rule.language != lang else None,
    }


def _candidates(found: Lesson, state: State, expected: int) -> list[dict[str, Any]]:
    """The actions of the expected move's kind that are not legal here: a click on a piece
    that stands for one of them is answered with the rule that forbids it."""
    kind = state.action_to_json(expected).get("kind")
    legal = set(state.legal_actions(found.seat))
    found_ = []
    for action in range(found.game.num_actions):
        if action in legal:
            continue
        doc = state.action_to_json(action)
        if doc.get("kind") == kind:
            found_.append(doc)
    return found_


@functools.lru_cache(maxsize=1024)
def _cached_step(name: str, index: int, done: int, lang: str) -> str:
    """A step's document as JSON text: the same for every learner, so built once (the board's
    aids, exact odds, take a while)."""
    return json.dumps(step_doc(lesson(name), index, done, lang), ensure_ascii=False)


def step_doc(found: Lesson, index: int, done: int, lang: str) -> dict[str, Any]:
    """Everything the page shows of step ``index`` after ``done`` of its moves, in ``lang``.
    Texts come as paragraphs; ``{move}`` in them stands for the expected move's label, which
    the page writes as it writes labels (``expected.text``)."""
    step = found.steps[index]
    moves = found.moves(index)
    asked = done < moves
    with language_scope(lang):
        state = found.position(index, done)
        expected = found.expected(index, done) if asked else None
        return {
            "game": found.game.name,
            "index": index,
            "number": index + 1,
            "count": len(found),
            "id": step.id,
            "done": done,
            "moves": moves,
            "text": paragraphs(said(step.text, lang)),
            "hint": paragraphs(found.hint(index, done, "{move}")) if asked else [],
            "after": [] if asked else paragraphs(said(step.after, lang)),
            "rule": _rule(found, index, lang),
            "book": said(step.book, lang) or None,
            # what happened in the step so far: its script, entries between moves, ``then``
            "lines": _lines(
                [entry for n in range(done + 1) for entry in found.happened(index, n)],
                found.seat,
            ),
            "expected": state.action_to_json(expected) if expected is not None else None,
            "candidates": _candidates(found, state, expected) if expected is not None else [],
            "board": board(found, state, lang, asked),
            "last": index == len(found) - 1,
        }


# ------------------------------------------------------------------------------ the API


@router.get("/api/learn", summary="The games that have a tutorial")
async def tutorials(lang: Language) -> dict[str, Any]:
    found = []
    for name in games():
        try:
            if not has_tutorial(name):
                continue
            tutorial = lesson(name).tutorial
        except GrimoireError:
            continue
        found.append(
            {
                "name": name,
                "title": game_class(name).title,
                "tutorial": said(tutorial.title, lang),
                "steps": len(tutorial.steps),
                "url": f"/learn/{name}",
            }
        )
    return {"tutorials": found}


@router.get(
    "/api/learn/{name}",
    summary="A game's tutorial: its title, introduction, steps and the short game after it",
    responses={404: ERRORS[404]},
)
async def tutorial(name: str, lang: Language) -> dict[str, Any]:
    found = _lesson(name)
    t = found.tutorial
    return {
        "game": name,
        "title": said(t.title, lang),
        "game_title": found.game.title,
        "intro": paragraphs(said(t.intro, lang)),
        "outro": paragraphs(said(t.outro, lang)),
        "seat": t.seat,
        "steps": [{"id": step.id, "moves": found.moves(i)} for i, step in enumerate(t.steps)],
        # the short game: the lobby's POST /api/games with these, the learner at ``seat``
        "final": {
            "players": t.final.players,
            "options": dict(t.final.options),
            "bot": t.final.bot,
        },
    }


@router.get(
    "/api/learn/{name}/steps/{index}",
    summary="A step of a tutorial (0 is the first) after `done` of its moves",
    responses={404: ERRORS[404], 422: ERRORS[422]},
)
async def step(name: str, index: int, lang: Language, done: int = 0) -> Response:
    found = _lesson(name)
    _step_of(found, index, done)
    text = await anyio.to_thread.run_sync(_cached_step, name, index, done, lang)
    return Response(text, media_type="application/json")


@router.post(
    "/api/learn/{name}/steps/{index}/attempt",
    summary="Try a move in a step: taken, or refused with the step's explanation and the "
    "rule's reason",
    responses={404: ERRORS[404], 422: ERRORS[422]},
)
async def attempt(name: str, index: int, body: Attempt, lang: Language) -> dict[str, Any]:
    found = _lesson(name)
    _step_of(found, index, body.done)
    if body.done >= found.moves(index):
        raise Unprocessable(
            N_("step {step} has {count} moves"), step=index + 1, count=found.moves(index)
        )
    if not 0 <= body.action < found.game.num_actions:
        raise Unprocessable(N_("there is no action {action} in this game"), action=body.action)
    with language_scope(lang):
        verdict = found.attempt(index, body.done, body.action)
        state = found.position(index, body.done)
        return {
            "ok": verdict.ok,
            "legal": verdict.legal,
            "why": verdict.why,
            "hint": [] if verdict.ok else paragraphs(found.hint(index, body.done, "{move}")),
            "action": state.action_to_json(body.action),
            "expected": state.action_to_json(verdict.expected),
        }


# ---------------------------------------------------------------------------- the pages


@router.get("/learn", response_class=HTMLResponse, include_in_schema=False)
async def learn_index(request: Request, templates: Templates) -> Response:
    return templates.TemplateResponse(request, "learn_index.html", {})


@router.get("/learn/{name}", response_class=HTMLResponse, include_in_schema=False)
async def learn_page(request: Request, name: str, templates: Templates, lang: Language) -> Response:
    found = _lesson(name)
    return templates.TemplateResponse(
        request,
        "learn.html",
        {
            "name": name,
            "title": said(found.tutorial.title, lang),
            "game_title": found.game.title,
            # the game's own catalogue, for its renderer's tg() (see static/language.js)
            "game_catalogue": game_messages(found.game, lang),
        },
    )
