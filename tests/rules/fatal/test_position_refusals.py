"""F.A.T.A.L. position documents that must be refused (issue 22): decision frames that do not fit
the rest of the position, seats that do not exist, an unknown trimagic type.

Each document is a real position (a seeded random game, ``to_json(history=False)``) with one
field changed by hand, loaded with ``game.state_from_json``: it must raise ``InvalidPosition``
(a short message, no traceback), not load and crash or stall later. The frames are those of
docs/rules/fatal.md ("Frames"): the pending decision is the top of ``stack``; a ``target`` or
``shield`` decision belongs to the ``tri`` frame (the trimagic) under it.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from tests.position_guards import no_hang, play_on

import grimoire
from grimoire.core.errors import InvalidPosition
from grimoire.core.game import Game

Doc = dict[str, Any]
HANG_GUARD = 5  # seconds (a load takes milliseconds): a load that never returns fails


def fatal(players: int = 3) -> Game:
    return grimoire.make("fatal", players=players)


@cache
def _positions(players: int, seed: int) -> tuple[str, ...]:
    """The positions of a seeded random game, as JSON text."""
    game = fatal(players)
    rng = random.Random(seed)
    state = game.new_state(seed)
    out: list[str] = []
    while not state.is_terminal() and len(out) < 5000:
        out.append(json.dumps(state.to_json(history=False)))
        seat = min(state.seats_to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        state.resolve_chance()
    return tuple(out)


def real(test: Callable[[Doc], bool], players: int = 3) -> Doc:
    """The first position of the seeded random games for which ``test(position)`` holds."""
    for seed in range(1, 40):
        for text in _positions(players, seed):
            doc: Doc = json.loads(text)
            if test(doc["position"]):
                return doc
    raise AssertionError("no such position in 40 random games")


def top(position: Doc) -> str:
    stack = position["stack"]
    return str(stack[-1]["k"]) if stack else ""


def refused(doc: Doc, players: int = 3) -> str:
    """``doc`` must be refused with a short InvalidPosition; its message."""
    with no_hang(HANG_GUARD), pytest.raises(InvalidPosition) as caught:
        state = fatal(players).state_from_json(doc)
        play_on(state)  # what goes wrong today, for the failure report
    message = str(caught.value)
    assert len(message) < 300 and "\n" not in message, message[:400]
    return message


def with_position(doc: Doc, **fields: Any) -> Doc:
    doc = copy.deepcopy(doc)
    doc["position"].update(copy.deepcopy(fields))
    return doc


# ----------------------------------------------------------------------------- the list
def test_the_real_positions_used_here_load() -> None:
    """The unchanged documents load: each refusal below is the changed field's doing."""
    docs = [
        real(lambda p: top(p) == "act1"),
        real(lambda p: top(p) == "reveal"),
        real(lambda p: any(f["k"] == "tri" for f in p["stack"])),
        real(lambda p: top(p) == "steal"),
    ]
    for doc in docs:
        play_on(fatal().state_from_json(doc))


def test_a_target_frame_with_no_trimagic_under_it_is_refused() -> None:
    """Issue 22: ``"stack": [{"k": "target", "s": 0}]`` loaded and crashed ``legal_actions()``
    with an IndexError (the targets are the trimagic's, read from the frame below)."""
    doc = real(lambda p: top(p) == "act1")
    seat = doc["position"]["stack"][-1]["s"]
    refused(with_position(doc, stack=[{"k": "target", "s": seat}]))


@pytest.mark.parametrize("under", [[], [{"k": "turn", "at": 4}]], ids=["alone", "on-a-turn"])
def test_a_shield_frame_with_no_trimagic_is_refused(under: list[Doc]) -> None:
    """Issue 22: a ``shield`` window (a target of a trimagic answers ``shield`` or ``allow``)
    with no ``tri`` frame under it loaded; ``allow`` then crashed (alone: the stack runs empty;
    on a turn: ``shield`` marks the turn frame as shielded).

    Minimal document (3 players, a real position at step 1 with seat s to act)::

        "stack": [{"k": "shield", "s": (s + 1) % 3, "by": s}]
    """
    doc = real(lambda p: top(p) == "act1")
    seat = doc["position"]["stack"][-1]["s"]
    frames = [dict(f, s=seat) for f in under]
    shield = {"k": "shield", "s": (seat + 1) % 3, "by": seat}
    refused(with_position(doc, stack=[*frames, shield]))


@pytest.mark.parametrize("special", [9, 3, -2])
def test_a_special_victory_of_no_seat_is_refused(special: int) -> None:
    """Issue 22: ``"special": 9`` (the seat that won by eliminating its opposing sign; -1:
    none) was accepted, and the game then ended with ``winners() == [9]`` in a 3-player game.
    3 is just past the last seat; -2 is no seat and not "none" either."""
    doc = real(lambda p: top(p) == "act1")
    refused(with_position(doc, special=special))


@pytest.mark.parametrize("field", ["sealed_reveal", "sealed_hide"])
def test_a_sealed_reveal_choice_of_no_seat_is_refused(field: str) -> None:
    """Issue 22: ``"sealed_reveal": [8]`` (the seats that chose to reveal at the round-1 end)
    loaded and crashed when the reveal resolved. Built on a real position at the reveal."""
    doc = real(lambda p: top(p) == "reveal")
    refused(with_position(doc, **{field: [8]}))


@pytest.mark.parametrize("which", ["torow-empty-row", "torow-no-row", "gorder-nothing-looked-at"])
def test_a_torow_or_gorder_frame_pointing_nowhere_is_refused(which: str) -> None:
    """Issue 22: a ``torow`` frame (the row a stolen vision goes to: ``v`` the victim, ``r``
    its row) or a ``gorder`` frame (Crystal Gaze: put the looked-at treasures back from ``i``)
    that points at nothing left a decision with no legal action."""
    doc = real(lambda p: top(p) == "act1")
    seat = doc["position"]["stack"][-1]["s"]
    victim = (seat + 1) % 3
    doc["position"]["rows"][victim] = [[], []]  # nothing to steal there
    del doc["position"]["deck"]  # so the deck holds every card not placed elsewhere
    turn = {"k": "turn", "s": seat, "at": 2}
    frame = {
        "torow-empty-row": {"k": "torow", "s": seat, "v": victim, "r": 0},
        "torow-no-row": {"k": "torow", "s": seat, "v": victim, "r": 7},
        "gorder-nothing-looked-at": {"k": "gorder", "s": seat, "i": 0},
    }[which]
    refused(with_position(doc, stack=[turn, frame], t_top=[]))


def test_an_unknown_trimagic_type_is_refused() -> None:
    """Issue 22: a ``tri`` frame whose type ``ty`` is none of DRAW, TAKE, STEAL, DISCARD was
    accepted and acted like a DISCARD that can hit the caster (the caster was offered as a
    target: STEAL and DISCARD aim at another player, ruling 22)."""
    doc = real(lambda p: any(f["k"] == "tri" for f in p["stack"]))
    for frame in doc["position"]["stack"]:
        if frame["k"] == "tri":
            frame["ty"] = "FLY"
    refused(doc)


# ----------------------------------------------------------------------------- found on the way
def test_a_position_where_nobody_can_ever_act_is_refused() -> None:
    """Found writing these tests: a position in play where no seat holds a card or a treasure
    and no row holds a vision never loads: the turn procedure passes from seat to seat (no
    step is asked, nothing is drawn) forever. The loader must refuse it (the seat to act needs
    a legal action), not loop. Minimal document (3 players; deck and pool default to every card
    and treasure)::

        {"phase": "play", "characters": ["Flambeaux", "Lichtenborn", "Aquate"],
         "display": ["R3", "Y3", "B3"], "turn": 0}
    """
    doc = {
        "format": "grimoire-position/1",
        "game": "fatal",
        "players": 3,
        "options": dict(fatal().options),
        "seed": 1,
        "position": {
            "phase": "play",
            "characters": ["Flambeaux", "Lichtenborn", "Aquate"],
            "display": ["R3", "Y3", "B3"],
            "turn": 0,
        },
    }
    refused(doc)


def test_an_unknown_frame_kind_is_refused_in_a_short_message() -> None:
    """Found by the fuzz test: an unknown frame kind (``"k": "tur"``) is refused with a
    386-character message listing every frame kind; a refusal is one short line (under 300
    characters) naming the field and an excerpt of the value."""
    doc = real(lambda p: top(p) == "act1")
    doc["position"]["stack"][0]["k"] = "tur"
    refused(doc)


def test_a_huge_value_is_not_echoed_whole() -> None:
    """Found by the fuzz test: ``"discard": ["xxx...5000 characters"]`` is refused with "no card
    called 'xxx...'": the whole value, 5017 characters."""
    doc = real(lambda p: top(p) == "act1")
    doc["position"]["discard"].append("x" * 5000)
    refused(doc)
