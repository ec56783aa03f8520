"""What Ciúb's position loader checks (issue 22; docs/rules/ciub.md, "What the loader checks").

Each document is a real position of a seeded game with one field changed. Before the declared
shape and the cross-checks, most of these loaded and then crashed at the next move or view
(noted per case); now each is refused with one short InvalidPosition line naming the field.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from tests.rules.ciub.ciub_helpers import ciub_state

import grimoire
from grimoire import InvalidPosition
from grimoire.core.errors import IllegalAction
from grimoire.games.ciub.game import CiubGame
from grimoire.games.ciub.state import CiubState

Doc = dict[str, Any]
SUPPLY, BOX = -1, -2
OPUS = 33


@cache
def _positions(players: int) -> tuple[str, ...]:
    """Every position (JSON text, no history) of one seeded random game."""
    game = grimoire.make("ciub", players=players)
    rng = random.Random(7)
    state = game.new_state(7, resolve_chance=False)
    out = []
    while True:
        out.append(json.dumps(state.to_json(history=False)))
        if state.is_terminal():
            return tuple(out)
        if state.is_chance():
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(state.legal_actions()))


def real(where: Callable[[Doc], bool], players: int = 3) -> tuple[CiubGame, Doc]:
    """The first position of the seeded game where ``where(position)`` holds."""
    game = grimoire.make("ciub", players=players)
    assert isinstance(game, CiubGame)
    for text in _positions(players):
        doc = json.loads(text)
        if where(doc["position"]):
            game.state_from_json(doc)  # the real position loads
            return game, doc
    raise AssertionError("no such position in the seeded game")


def refused(game: CiubGame, doc: Doc, match: str) -> None:
    with pytest.raises(InvalidPosition, match=match) as error:
        game.state_from_json(doc)
    assert len(str(error.value)) < 200


def phase(name: str) -> Callable[[Doc], bool]:
    return lambda p: p["phase"] == name and not p["pending"]


def frame(kind: str) -> Callable[[Doc], bool]:
    return lambda p: bool(p["pending"]) and p["pending"][0]["k"] == kind


def held(pos: Doc, seat: int) -> list[int]:
    return [die for die, where in enumerate(pos["loc"]) if where == seat]


# ----------------------------------------------------------------------------- declared shape
def test_a_missing_zone_is_refused_not_emptied() -> None:
    """Before: a missing zone silently became empty (here only the card count noticed, with a
    message about the cards)."""
    game, doc = real(phase("mark"))
    del doc["position"]["bottom"]
    refused(game, doc, r"position: Object missing required field `bottom`")


def test_an_unknown_field_is_refused() -> None:
    game, doc = real(phase("mark"))
    doc["position"]["botom"] = []
    refused(game, doc, "botom")


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("decisions", None, r"decisions"),  # before: every move crashed (None += 1)
        ("decisions", -5, r"decisions"),
        ("phase", "xyz", r"enum value 'xyz' - at `\$\.phase`"),
        ("turn", "0", r"\$\.turn"),
        ("triggered", 1, r"\$\.triggered"),
        ("after_draw", "later", r"\$\.after_draw"),
        ("turns", 10**30, r"\$\.turns"),
    ],
)
def test_a_value_of_the_wrong_type_or_domain_is_refused(field: str, value: Any, match: str) -> None:
    game, doc = real(phase("mark"))
    doc["position"][field] = value
    refused(game, doc, match)


def test_a_huge_value_is_refused_in_one_short_line_naming_the_field() -> None:
    """Before: ``phase`` of 5000 characters was echoed whole (5016 characters)."""
    game, doc = real(phase("mark"))
    doc["position"]["phase"] = "x" * 5000
    refused(game, doc, r"enum value 'x+\.\.\..*\$\.phase")


def test_a_face_past_the_sixth_is_refused() -> None:
    """Before: only the core's safety net caught ``face`` 6 ('malformed ciub position:
    IndexError' while trying the position out)."""
    game, doc = real(phase("set_aside"))
    die = held(doc["position"], doc["position"]["turn"])[0]
    doc["position"]["face"][die] = 6
    refused(game, doc, rf"\$\.face\[{die}\]")


def test_a_setup_removal_of_the_d_card_is_refused() -> None:
    """Before: ``setup_queue`` ["D"] removed the Opus Magnum face down, and the claim that
    should have taken it crashed (ValueError in rules.py)."""
    game, doc = real(phase("setup_remove"))
    doc["position"]["setup_queue"] = ["D"]
    refused(game, doc, r"setup_queue")


# ----------------------------------------------------------------------------- seats and sizes
@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("turn", 3, r"turn = 3: a seat 0..2"),
        ("first", 3, r"first = 3: a seat 0..2"),
        ("opus_holder", 3, r"opus_holder = 3: a seat 0..2"),
        ("marker", [None, None], r"marker = \[None, None\]: one entry per seat \(3\)"),
        ("claimed", [[], [], [], []], r"claimed = .*: one entry per seat \(3\)"),
    ],
)
def test_seats_outside_the_game_are_refused(field: str, value: Any, match: str) -> None:
    """Before: ``opus_holder`` 3 in a 3-player game loaded (a seat that does not exist)."""
    game, doc = real(phase("mark"))
    doc["position"][field] = value
    refused(game, doc, match)


def test_a_die_list_of_the_wrong_length_is_refused() -> None:
    game, doc = real(phase("mark"))
    doc["position"]["tray"] = doc["position"]["tray"][:-1]
    refused(game, doc, r"tray = .*: one entry per die \(62\)")


# ----------------------------------------------------------------------------- cards
def test_a_card_in_two_places_is_refused() -> None:
    game, doc = real(phase("mark"))
    pos = doc["position"]
    pos["discard"].append(pos["top"][0])
    refused(game, doc, r"cards = \[\d+\]: each card in exactly one place")


def test_a_card_that_does_not_exist_is_refused() -> None:
    game, doc = real(phase("mark"))
    doc["position"]["discard"].append(99)
    refused(game, doc, r"discard = \[.*\]: card 99 does not exist")


def test_a_card_in_a_zone_of_another_letter_is_refused() -> None:
    """A C card in the B pile would be drawn before its time and never trigger the end."""
    game, doc = real(lambda p: phase("mark")(p) and bool(p["pile"]["C"]))
    pile = doc["position"]["pile"]
    pile["B"].append(pile["C"].pop())
    refused(game, doc, r"pile\.B = .*: only B cards")


def test_the_opus_magnum_stays_in_its_pile_until_claimed() -> None:
    """Before: the Opus Magnum among a seat's cards with nobody holding it loaded, and the first
    claim after the last C card crashed (ValueError: pile D has no Opus Magnum)."""
    game, doc = real(phase("mark"))
    pile = doc["position"]["pile"]
    pile["D"].remove(OPUS)
    doc["position"]["claimed"][1].append(OPUS)
    refused(game, doc, r"pile\.D = \[\]: the Opus Magnum until claimed")


def test_a_marker_on_a_card_not_face_up_is_refused() -> None:
    game, doc = real(phase("mark"))
    doc["position"]["marker"][1] = OPUS
    refused(game, doc, r"marker = .*: on face-up cards only")


# ----------------------------------------------------------------------------- dice
def test_only_the_seat_to_act_has_rolled_dice() -> None:
    game, doc = real(phase("set_aside"))
    pos = doc["position"]
    other = held(pos, (pos["turn"] + 1) % 3)[0]
    pos["face"][other] = 0
    refused(game, doc, rf"face\[{other}\] = .*: only the seat to act has rolled dice")


def test_a_repeated_face_is_given_by_its_first_index() -> None:
    """White's faces 4 and 5 are both swap: the rolls give 4, so 5 is no position."""
    game, doc = real(
        lambda p: (
            phase("set_aside")(p)
            and any(where == p["turn"] and die < 20 for die, where in enumerate(p["loc"]))
        )
    )
    pos = doc["position"]
    white = next(d for d in held(pos, pos["turn"]) if d < 20)
    pos["face"][white] = 5
    refused(game, doc, r"the first index of the face shown")


def test_a_roll_with_no_die_to_roll_is_refused() -> None:
    """Before: only the core's safety net caught phase ``roll`` with an empty ``to_roll``
    ('malformed ciub position: IndexError' from the chance node)."""
    game, doc = real(phase("roll"))
    doc["position"]["to_roll"] = []
    refused(game, doc, r"to_roll = \[\]: free dice of the seat to act")


def test_a_roll_of_another_seats_die_is_refused() -> None:
    game, doc = real(phase("roll"))
    pos = doc["position"]
    pos["to_roll"] = [held(pos, (pos["turn"] + 1) % 3)[0]]
    refused(game, doc, r"to_roll = .*: free dice of the seat to act")


# ----------------------------------------------------------------------------- steps
def test_a_draw_into_a_gap_past_the_row_is_refused() -> None:
    """Before: ``refill_at`` 9 loaded and the card drawn went to the end of the row."""
    game, doc = real(phase("draw"))
    doc["position"]["refill_at"] = 9
    refused(game, doc, r"refill_at = 9: a gap 0\.\.")


def test_a_draw_from_empty_piles_is_refused() -> None:
    game, doc = real(phase("draw"))
    pile = doc["position"]["pile"]
    doc["position"]["box_cards"] += pile["B"] + pile["C"]
    pile["B"], pile["C"] = [], []
    refused(game, doc, r"pile = 'B, C': a card to draw")


def test_a_step_leftover_outside_its_step_is_refused() -> None:
    game, doc = real(phase("mark"))
    doc["position"]["claim_gap"] = 1
    refused(game, doc, r"claim_gap = 1: -1 but while moving down")


def test_returning_dice_needs_more_than_five() -> None:
    game, doc = real(lambda p: phase("trade")(p) and len(held(p, p["turn"])) <= 5)
    doc["position"]["phase"] = "reduce"
    refused(game, doc, r"phase = 'reduce': more than 5 dice held")


def test_setup_cannot_remove_more_cards_than_a_pile_holds() -> None:
    game, doc = real(phase("setup_remove"))
    doc["position"]["setup_queue"] = ["C"] * 20
    refused(game, doc, r"setup_queue = .*: letters A/B/C, no more than each pile holds")


def test_the_final_turns_follow_the_opus_holder() -> None:
    game, doc = real(lambda p: p["opus_holder"] is not None and p["phase"] != "over")
    pos = doc["position"]
    pos["final_left"] = [*reversed(pos["final_left"]), pos["opus_holder"]]
    refused(game, doc, r"final_left = .*: a tail of")


# ----------------------------------------------------------------------------- decision frames
def test_a_pick_without_left_is_refused() -> None:
    """Before: a pick frame without ``left`` loaded and the pick crashed (KeyError)."""
    game, doc = real(frame("pick"))
    del doc["position"]["pending"][0]["left"]
    refused(game, doc, r"position\.pending: Object missing required field `left`")


def test_a_pick_with_nothing_left_is_refused() -> None:
    """Before: ``left`` 0 loaded, and every pick lowered it further: the frame never went."""
    game, doc = real(frame("pick"))
    doc["position"]["pending"][0]["left"] = 0
    refused(game, doc, r"pending\[0\]\.left = 0: 1 or 2 dice to pick")


def test_a_target_frame_naming_no_die_is_refused() -> None:
    """Before: only the core's safety net caught ``by`` 99 ('malformed ciub position:
    IndexError' from the view's help line)."""
    game, doc = real(frame("target"))
    doc["position"]["pending"][0]["by"] = 99
    refused(game, doc, r"pending\[0\]\.by = 99: a free die of the seat to act")


def test_a_target_frame_of_a_die_that_cannot_act_is_refused() -> None:
    game, doc = real(frame("target"))
    pos = doc["position"]
    pos["pending"][0]["by"] = held(pos, (pos["turn"] + 1) % 3)[0]
    refused(game, doc, r"pending\[0\]\.by = .*showing re-roll or adjust")


def test_a_frame_of_another_seat_or_step_is_refused() -> None:
    game, doc = real(frame("target"))
    doc["position"]["pending"][0]["s"] = (doc["position"]["turn"] + 1) % 3
    refused(game, doc, r"pending\[0\]\.s = \d: the seat whose turn it is")
    game, doc = real(frame("target"))
    doc["position"]["phase"] = "claim"
    refused(game, doc, r"pending\[0\] = 'target': a dice action only in phase 2")


def test_an_unknown_frame_kind_is_refused_in_one_short_line() -> None:
    """Before: echoed whole (5048 characters; the core's frame schema quotes the value)."""
    game, doc = real(frame("target"))
    doc["position"]["pending"][0]["k"] = "x" * 5000
    refused(game, doc, r"position\.pending: Invalid value 'x+\.\.\. - at `\$\[0\]\.k`")


def test_an_old_save_with_kind_frames_still_loads() -> None:
    """Saves made before the frames were typed say ``{"kind": "target", "by": d}`` (no seat):
    they load as the seat whose turn it is."""
    game, doc = real(frame("target"))
    new = doc["position"]["pending"][0]
    doc["position"]["pending"] = [{"kind": "target", "by": new["by"]}]
    state = game.state_from_json(doc)
    assert isinstance(state, CiubState)
    assert state.to_json()["position"]["pending"] == [new]


# ----------------------------------------------------------------------------- seats asked
def test_aids_and_renders_refuse_a_seat_the_game_lacks() -> None:
    """Issue 22: ``grimoire render FILE --seat 7`` on a 3-player save printed 'Odds for
    seat 7'; the game's own hooks refuse it."""
    game, doc = real(phase("set_aside"))
    state = ciub_state(game.state_from_json(doc))
    for seat in (7, -1, 3):
        with pytest.raises(IllegalAction, match=f"no seat {seat + 1} in a 3-player game"):
            game.aids(state, seat)
        with pytest.raises(IllegalAction, match=f"no seat {seat + 1} in a 3-player game"):
            game.render_text(state, seat)
        with pytest.raises(IllegalAction, match=f"no seat {seat + 1} in a 3-player game"):
            game.render_svg(state, seat)
    assert game.aids(state, None)["seat"] == state.turn
    assert game.aids(state, 2)["seat"] == 2
