"""What clients see of a live game: the public summary, and each viewer's payload, built once
per change, viewer and language, and pushed to the connected listeners.

Everything a client receives about a game is built here, from ``State.view(viewer)``,
``describe`` texts for that viewer, that viewer's legal actions and the game's own rendering for
that viewer. Nothing else about a state leaves the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
from collections.abc import Callable
from typing import Any, Protocol

from grimoire.core.game import Game
from grimoire.core.i18n import DEFAULT as ENGLISH
from grimoire.core.i18n import LANGUAGES, language_scope
from grimoire.core.state import State, actor_to_json
from grimoire.web.assets import renderer_urls
from grimoire.web.bot_turns import BotTurns
from grimoire.web.clock import Clocks
from grimoire.web.explain import explained
from grimoire.web.history import Event
from grimoire.web.store import FINISHED, RUNNING
from grimoire.web.summary import invite_urls, summary_of
from grimoire.web.table import Table

LOG_TAIL = 100  # log lines sent with each payload (the replay has them all)


class Shown(Table, Protocol):
    """The facts of a table that its payloads show."""

    created_at: dt.datetime
    private: bool
    join_policy: str
    invite: str | None
    hints: bool
    clocks: Clocks | None
    events: list[Event]
    bot_turns: BotTurns


class Listener:
    """A connected client: the latest payload for its seat waits in a one-slot queue.

    The client is identified by its seat token's hash, resolved at every push: a player who
    hands their seat to a bot stops seeing that seat's hidden information at once."""

    def __init__(self, token_hash: str | None, lang: str = ENGLISH) -> None:
        self.token_hash = token_hash
        self.lang = lang  # the language of its page: each viewer gets its own texts
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)

    def push(self, payload: str) -> None:
        if self.queue.full():  # only the newest state matters
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(payload)


def page_svg(game: Game, state: State, viewer: int | None) -> str | None:
    """The game's SVG for the page, or None when the game draws its own page (its renderer
    never shows the SVG, which would cost every payload a drawing; ``GET .../svg`` has it)."""
    if not game.capabilities.svg or renderer_urls(type(game))["renderer"] is not None:
        return None
    return game.render_svg(state, viewer)


class Payloads:
    """The payloads of one table. ``undo_refusal(seat)`` says why a seat may not undo now;
    ``now`` is the clocks' time source; ``absence()`` says who is away. ``clear()`` after every
    change."""

    def __init__(
        self,
        table: Shown,
        undo_refusal: Callable[[int], str | None],
        now: Callable[[], float],
        absence: Callable[[], dict[str, Any] | None] = lambda: None,
    ) -> None:
        self.table = table
        self.undo_refusal = undo_refusal
        self.now = now
        self.absence = absence  # who is away (public), see ``absence.Presence.payload``
        # per (viewer, language): a payload built for one viewer is never sent to another
        self._docs: dict[tuple[int | None, str], dict[str, Any]] = {}
        self._texts: dict[tuple[int | None, str], str] = {}

    def clear(self) -> None:
        self._docs.clear()
        self._texts.clear()

    def summary(self) -> dict[str, Any]:
        """Public facts for lobby lists: no state at all."""
        t = self.table
        final = t.status == FINISHED
        return summary_of(
            t.id,
            t.game.name,
            t.title,
            t.game.players,
            t.game.options,
            t.status,
            t.version,
            t.seats,
            t.state.scores() if final else None,
            t.state.winners() if final else None,
            t.created_at.isoformat(),
            sorted(t.state.seats_to_act()),
            private=t.private,
            join_policy=t.join_policy,
            clock=t.clocks,
            hints=t.hints,
        )

    def invite_urls(self) -> dict[str, str]:
        t = self.table
        return invite_urls(t.id, t.seats, t.join_policy, t.invite)

    def doc(self, viewer: int | None, lang: str = ENGLISH) -> dict[str, Any]:
        """Everything ``viewer`` (a seat, or None for a spectator) may know about the game now,
        the game's texts (labels, log lines, view, drawing) in ``lang``."""
        lang = lang if lang in LANGUAGES else ENGLISH
        cached = self._docs.get((viewer, lang))
        if cached is not None:
            return cached
        with language_scope(lang):
            doc = self._build(viewer, lang)
        self._docs[(viewer, lang)] = doc
        return doc

    def text(self, viewer: int | None, lang: str = ENGLISH) -> str:
        """``doc(viewer, lang)`` as JSON text, encoded once per change, viewer and language."""
        lang = lang if lang in LANGUAGES else ENGLISH  # one cache entry per language served
        text = self._texts.get((viewer, lang))
        if text is None:
            doc = self.doc(viewer, lang)
            text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
            self._texts[(viewer, lang)] = text
        return text

    def _thinking(self, to_act: list[int]) -> list[int]:
        """The seats whose bots are to move now (none while the game is paused or not running)."""
        t = self.table
        if t.status != RUNNING or (t.clocks is not None and t.clocks.paused):
            return []
        return [seat for seat in to_act if t.seats[seat].kind == "bot"]

    def _build(self, viewer: int | None, lang: str) -> dict[str, Any]:
        t = self.table
        state = t.state
        view = state.view(viewer)
        to_act = sorted(state.seats_to_act())
        your_turn = t.status == RUNNING and viewer is not None and viewer in to_act
        # the viewer's own legal actions, each with what it would do (``Game.explain``, from
        # what the viewer may see): shown before the person commits
        actions = (
            [explained(t.game, state, a, viewer) for a in state.legal_actions(viewer)]
            if your_turn and viewer is not None
            else []
        )
        undo_refusal = self.undo_refusal(viewer) if viewer is not None else "spectators cannot undo"
        first = max(0, len(t.lines) - LOG_TAIL)
        simultaneous = isinstance(state.current_player, frozenset)
        return {
            **self.summary(),
            "viewer": viewer,
            "your_turn": your_turn,
            # public: several seats decide at once; who still has to is in ``to_act``, what
            # anyone chose is never sent
            "simultaneous": simultaneous,
            "waiting_for": len(to_act) if simultaneous and not your_turn else 0,
            # public: the bot seats deciding now (the page says "... is thinking" until the
            # move arrives with the next payload)
            "thinking": self._thinking(to_act),
            "actions": actions,
            # the fields of an action's JSON a piece of the board may carry as data-<field>
            # (declared with the game's actions): what the page matches a click against
            "action_fields": ["kind", *t.game.codec.fields],
            "can_undo": undo_refusal is None,
            "terminal": state.is_terminal(),
            "scores": view.get("scores", []),
            # at the end, where each seat's points came from, as this viewer may know it
            "breakdown": t.game.score_breakdown(state, viewer) if state.is_terminal() else [],
            "winners": view.get("winners", []),
            "view": view,
            # the game's aids to play for this viewer (exact odds), from what it sees
            "aids": t.game.aids(state, viewer) if t.game.capabilities.aids else {},
            "svg": page_svg(t.game, state, viewer),
            "log": [
                {"n": n, "actor": actor_to_json(line.actor), "text": line.text(viewer, lang)}
                for n, line in enumerate(t.lines[first:], start=first)
            ],
            "log_length": len(t.lines),
            # each bot's turn in short (not the viewer's own), told after log line ``after - 1``
            "turns": t.bot_turns.docs(viewer, lang, first),
            # clocks are public; a running one counts down to its ``deadline`` (server time)
            "clock": t.clocks.payload(self.now()) if t.clocks else None,
            # who has a page open, since when the others are away, which seats bots hold
            # for their people (public)
            "absence": self.absence(),
            "events": [event.doc(viewer) for event in t.events],
            "invite_urls": self.invite_urls() if viewer is not None else {},
            **renderer_urls(type(t.game)),
        }
