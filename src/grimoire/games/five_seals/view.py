"""What a seat may know: everything but future dice, so a view is the position document plus
what a player (or spectator) wants at a glance. Five Seals hides nothing else, so a
determinisation is a clone (the core's default ``resample``) and every log line is public.

Every picture of the position (view, aids, terminal, SVG) is drawn for a seat of the game or a
spectator: ``check_seat`` refuses any other seat with one clear line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import engine_text
from grimoire.games.five_seals import position, scoring
from grimoire.games.five_seals.frames import Decision, Dice, Pick, Spell, Take
from grimoire.games.five_seals.reach import breakable, seal_of, targets

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState


def check_seat(st: FiveSealsState, seat: int | None) -> None:
    """IllegalAction unless ``seat`` is None (a spectator) or a seat of the game."""
    if seat is not None and not 0 <= seat < st.n:
        raise IllegalAction(
            engine_text("there is no seat {seat} in a {players}-player game").format(
                seat=seat + 1, players=st.n
            )
        )


def focus(st: FiveSealsState, seat: int | None) -> int | None:
    """Whose reach a picture shows: ``seat``'s, or for a spectator the seat to act's (None at
    chance nodes and at the end). Refuses a seat the game does not have."""
    check_seat(st, seat)
    if seat is None and not st.is_chance() and not st.is_terminal():
        frame = st.stack[-1]
        assert isinstance(frame, Decision)
        return frame.s
    return seat


def view(st: FiveSealsState, seat: int | None) -> dict[str, Any]:
    """The position, the supply, the scores in detail, the decision pending and, during
    play, the seals the viewer (a spectator: the seat to act) can reach. Never the seed."""
    doc = position.to_json(st)
    doc["supply"] = {st.comp.letters[c]: st.supply(c) for c in range(4)}
    doc["score_detail"] = [
        {"scrolls": p, "synergy": b} for p, b in (scoring.score_of(hand) for hand in st.hands)
    ]
    doc["strength6_left"] = st.scrolls_on_board(6)
    doc["end_below"] = st.comp.end_threshold[st.n]
    doc["prompt"] = prompt(st)
    who = focus(st, seat)
    if who is not None and st.phase == "play":
        can = set(breakable(st, who))
        doc["reach"] = [
            {
                "node": st.board.node_id(n),
                "colour": st.comp.letters[seal_of(st, n)[0]],
                "strength": seal_of(st, n)[1],
                "scroll": st.comp.card_name(st.card[n]) if st.card[n] >= 0 else None,
                "breakable": n in can,
            }
            for n in targets(st, who)
        ]
        doc["reach_of"] = who
    return doc


def prompt(st: FiveSealsState) -> dict[str, Any]:
    """What the pending decision is about, for views and renderers."""
    if st.phase == "over":
        return {"kind": "over"}
    if st.is_chance():
        return {"kind": "chance"}
    f = st.stack[-1]
    assert isinstance(f, Decision)
    doc: dict[str, Any] = {"kind": f.kind, "seat": f.s}
    if isinstance(f, Dice):
        doc["node"] = st.board.node_id(f.n)
        doc["paid"] = list(f.v)
    if isinstance(f, Spell):
        doc["scroll"] = st.comp.card_name(f.card)
        doc["step"] = ""
    if isinstance(f, Pick):
        doc["mode"] = f.m
    if isinstance(f, Take):
        doc["left"] = f.n
    return doc
