"""The position loader (issue 22): a document is refused with one line naming the field, or it
loads into a state whose every legal action plays. Each case below is a defect found while
moving Five Seals onto core's shared blocks: before, the document loaded and crashed at the
next move, loaded into a state no game can reach (silently emptied zones, seats and counters
out of range, more components than the game has), or was refused with a bare exception text
(IndexError, KeyError...) instead of the field. The format and the checks:
docs/rules/five-seals-of-magic.md, "What the loader checks"."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.rules.five_seals.fs_helpers import RESERVE, make, position_doc

import grimoire
from grimoire import IllegalAction, InvalidPosition
from grimoire.games.five_seals.game import FiveSealsGame

EDGES = "H-a a-S1 H-b H-w w-S6a w-S6b w-S6c w-S6d"
CHANGE, SYNERGY, ABSORPTION, DECEPTION, ALTERATION, TRANSFER = 0, 20, 35, 50, 55, 60  # of Fire


def doc_for(circle: int = 3, **kw: Any) -> tuple[FiveSealsGame, dict[str, Any]]:
    """A 2-player position at seat 0's turn: R2 on a (in reach), R6 guarding the reserve."""
    game = make(2, EDGES, circle=circle)
    kw.setdefault("tokens", {"a": "R2", "w": "R6"})
    kw.setdefault("scrolls", RESERVE | {"S1": "Growth of Fire"})
    kw.setdefault("dice", [["R1=2", "R2=1"], ["B1=3"]])
    return game, position_doc(game, circle=circle, **kw)


def refused(game: FiveSealsGame, doc: dict[str, Any], *names: str) -> str:
    """The one-line refusal of ``doc``; it names the field(s) ``names``."""
    with pytest.raises(InvalidPosition) as caught:
        game.state_from_json({"position": doc})
    message = str(caught.value)
    assert len(message) < 300 and "\n" not in message, message
    for name in names:
        assert name in message, message
    assert "Error" not in message, f"a bare exception, not the field: {message}"
    return message


def with_stack(doc: dict[str, Any], *frames: dict[str, Any]) -> dict[str, Any]:
    return doc | {"stack": [{"k": "turn", "s": 0}, *frames]}


def spell(card: int, **fields: Any) -> dict[str, Any]:
    return {"k": "spell", "s": 0, "card": card, "src": [0, 1], "c": card % 5} | fields


def down(name: str, **more: Any) -> dict[str, Any]:
    return {"card": name, "up": False} | more


# ---------------------------------------------------------------------- frames
def test_a_spell_frame_of_colour_99_is_refused() -> None:
    """Found by the fuzz: Change's frame with c = 99 loaded; IndexError at the next move."""
    game, doc = doc_for(circle=1, hands=[[down("Change of Fire")], []])
    refused(game, with_stack(doc, spell(CHANGE, c=99, v=[], y=-1)), "stack", "c")


def test_a_mind_spell_frame_of_a_colour_it_cannot_act_on_is_refused() -> None:
    """Found by the fuzz: Change of Mind's frame with its colour set to Fire, and no red die
    to return, loaded; every new colour then left seat 0 with no legal action."""
    game, doc = doc_for(circle=1, hands=[[down("Change of Mind")], []], dice=[["B1=3"], []])
    refused(game, with_stack(doc, spell(CHANGE + 4, c=0, v=[], y=-1)), "stack[1].c")
    game.state_from_json({"position": with_stack(doc, spell(CHANGE + 4, c=1, v=[], y=-1))})


def test_a_spell_frame_without_its_own_field_is_refused() -> None:
    """Found by the fuzz: Change's frame without ``v`` loaded; KeyError 'v' at the next move.
    A spell's frame has exactly its own fields (a Swap field on a Change is refused too)."""
    game, doc = doc_for(circle=1, hands=[[down("Change of Fire")], []])
    refused(game, with_stack(doc, spell(CHANGE, y=-1)), "stack[1]", "'v'")
    refused(game, with_stack(doc, spell(CHANGE, v=[], y=-1, a=3)), "stack[1]", "'a'")


def test_a_take_frame_counting_a_dict_is_refused() -> None:
    """Found by the fuzz: a take frame with n = {"k": 0} loaded; TypeError at the next move."""
    game, doc = doc_for(over=[True, False], dice=[[], ["B1=3"]])
    bad = doc | {"stack": [{"k": "take", "s": 0, "n": {"k": 0}}]}
    refused(game, bad, "stack", "n")


def test_a_take_frame_of_no_dice_is_refused() -> None:
    """n = 0 loaded; the frame never went (it counted on down from -1) until the supply ran
    out."""
    game, doc = doc_for(over=[True, False], dice=[[], ["B1=3"]])
    refused(game, doc | {"stack": [{"k": "take", "s": 0, "n": 0}]}, "stack", "n")


def test_a_dice_frame_on_a_node_that_does_not_exist_or_holds_no_seal_is_refused() -> None:
    """A dice frame pointing nowhere (node 999: IndexError) or at an empty space."""
    game, doc = doc_for()
    dice = {"k": "dice", "s": 0, "c": 0, "v": [], "m": "turn", "x": -1}
    refused(game, with_stack(doc, dice | {"n": 999}), "stack[1].n")
    empty = game.board.index["b"]
    refused(game, with_stack(doc, dice | {"n": empty}), "stack[1].n", "seal")


def test_a_dice_frame_paying_with_dice_the_seat_lacks_is_refused() -> None:
    """Values paid that the seat does not hold: ValueError in the legal actions."""
    game, doc = doc_for()
    node = game.board.index["a"]
    dice = {"k": "dice", "s": 0, "n": node, "c": 0, "v": [5], "m": "turn", "x": -1}
    refused(game, with_stack(doc, dice), "stack[1].v")


def test_a_decision_without_its_turn_below_is_refused() -> None:
    """A dice frame (or Speed's free seal) with no turn frame of its seat below loaded; the
    break then failed (AssertionError: no turn of seat 0 on the stack)."""
    game, doc = doc_for()
    node = game.board.index["a"]
    dice = {"k": "dice", "s": 0, "n": node, "c": 0, "v": [], "m": "turn", "x": -1}
    refused(game, doc | {"stack": [dice]}, "stack[0]", "turn")
    free = {"k": "pick", "s": 0, "m": "free", "c": 0, "x": -1}
    refused(game, doc | {"stack": [free]}, "stack[0]", "turn")


def test_a_frame_of_a_seat_that_does_not_exist_is_refused() -> None:
    game, doc = doc_for()
    refused(game, doc | {"stack": [{"k": "turn", "s": 3}]}, "stack")


def test_a_transfer_asking_for_a_scroll_the_opponent_lacks_is_refused() -> None:
    """Transfer's chosen card ``j`` not face up in the opponent's hand loaded, offered the swap
    for Deception of Fire, and the swap failed (AssertionError: seat 1 holds no face-up 53)."""
    game, doc = doc_for(
        hands=[[down("Transfer of Fire"), "Deception of Fire"], ["Deception of Water"]]
    )
    frame = spell(TRANSFER, o=1, j=DECEPTION + 3)  # seat 1 holds no Deception of Earth
    refused(game, with_stack(doc, frame), "stack[1].j")


def test_an_absorption_used_without_a_token_is_refused() -> None:
    """An Absorption frame whose scroll stores no token loaded; using it raised a die by 9 and
    put token -1 in the box, and the next document could not be read back."""
    game, doc = doc_for(circle=2, hands=[[down("Absorption of Fire")], []])
    refused(game, with_stack(doc, spell(ABSORPTION)), "stack[1].src", "token")


def test_an_alteration_raising_dice_the_seat_lacks_is_refused() -> None:
    """Alteration's raised values not among the seat's dice: ValueError in the legal actions."""
    game, doc = doc_for(hands=[[down("Alteration of Fire")], []])
    frame = spell(ALTERATION, ph=0, up=[5], o=-1, dn=[])
    refused(game, with_stack(doc, frame), "stack[1].up")


def test_a_frame_of_a_spell_that_never_waits_is_refused() -> None:
    """Synergy is never used: its frame loaded and the legal actions raised
    NotImplementedError."""
    game, doc = doc_for(circle=1, hands=[[down("Synergy of Water")], []])
    refused(game, with_stack(doc, spell(SYNERGY + 1)), "stack[1].card")


def test_a_theft_handing_the_die_to_a_seat_not_in_turn_is_refused() -> None:
    """Theft's give frame names the thief ``t``: a seat that is not the one whose turn it is
    loaded and took the die out of every zone of a 2-player position (t = 3)."""
    game, doc = doc_for()
    give = {"k": "give", "s": 1, "t": 3, "c": -1}
    refused(game, with_stack(doc, give), "stack[1].t")


# ---------------------------------------------------------------------- zones and counters
@pytest.mark.parametrize("zone", ["tokens", "scrolls", "mages", "seats"])
def test_a_missing_zone_is_refused_not_emptied(zone: str) -> None:
    """Before, a missing board, mage list or seat list silently became empty (or all in the
    hall, or players without dice)."""
    game, doc = doc_for()
    del doc[zone]
    refused(game, doc, zone)


def test_a_seat_without_its_scrolls_is_refused() -> None:
    game, doc = doc_for()
    del doc["seats"][1]["scrolls"]
    refused(game, doc, "scrolls")


@pytest.mark.parametrize(
    ("field", "value"),
    [("first", 9), ("turn", 2), ("first", -1), ("decisions", 20_000), ("stall", 5)],
)
def test_counters_out_of_their_domain_are_refused(field: str, value: int) -> None:
    """Seats that do not exist (first 9 loaded, and ``first`` showed 9), and the safeguards'
    counters at or past their limits."""
    game, doc = doc_for()
    refused(game, doc | {field: value}, field)


def test_a_circle_other_than_the_games_is_refused() -> None:
    """The position's circle decides which scrolls exist: it must be the game's option."""
    game, doc = doc_for(circle=3)
    refused(game, doc | {"circle": 2}, "circle")


def test_scrolls_not_in_play_or_beyond_their_copies_are_refused() -> None:
    """Circle III is in play: a Leap (circle IV) or a second Deception of Fire does not exist."""
    game, doc = doc_for(hands=[["Leap of Fire"], []])
    refused(game, doc, "scrolls", "Leap of Fire")
    game, doc = doc_for(hands=[["Deception of Fire"], ["Deception of Fire"]])
    refused(game, doc, "scrolls", "Deception of Fire")


def test_more_tokens_than_the_game_has_are_refused() -> None:
    """Ten red strength-2 tokens exist: eleven (one on the board, ten in the box) do not."""
    game, doc = doc_for(box=["R2"] * 10)
    refused(game, doc, "tokens", "R2")


def test_a_second_binding_or_none_is_refused() -> None:
    game, doc = doc_for()
    doc["seats"][1]["scrolls"] = ["Binding", "Binding"]
    refused(game, doc, "seats[1].scrolls", "Binding")
    doc["seats"][1]["scrolls"] = []
    refused(game, doc, "seats[1].scrolls", "Binding")


def test_a_die_rolled_from_the_supply_is_refused() -> None:
    """``rolls`` naming a die of the supply loaded, and the roll gave a supply die a value."""
    game, doc = doc_for()
    refused(game, doc | {"rolls": ["G1"], "stack": []}, "rolls")


def test_a_setup_slot_past_the_board_is_refused() -> None:
    """``setup`` = 99 in the setup phase: IndexError at the chance node's outcomes."""
    game = make(2, EDGES, circle=1)
    doc = position_doc(game, dice=[[], []], turn=-1) | {"phase": "setup", "setup": 99}
    refused(game, doc | {"stack": []}, "setup")


def test_a_huge_value_is_never_echoed_whole() -> None:
    """Found by the fuzz: a 5,000-character token in the box was quoted whole."""
    game, doc = doc_for()
    message = refused(game, doc | {"box": ["x" * 5000]}, "box")
    assert "x" * 100 not in message


def test_the_documents_here_are_real_positions_but_for_the_change() -> None:
    """The base documents of these tests load and play (the refusals are the change's)."""
    game, doc = doc_for(hands=[["Transfer of Fire"], []])
    st = game.state_from_json({"position": doc})
    for action in st.legal_actions():
        after = st.clone()
        after.play(action)
        again = game.state_from_json(json.loads(json.dumps(after.to_json())))
        assert again == after


# ---------------------------------------------------------------------- seats of pictures
@pytest.mark.parametrize("seat", [7, 2, -1])
def test_pictures_and_aids_refuse_a_seat_the_game_lacks(seat: int) -> None:
    """Issue 22: ``grimoire render FILE --seat 7`` on a 3-player save crashed with an
    IndexError: every picture and the aids refuse the seat in one line."""
    game = grimoire.make("five-seals", players=2)
    st = game.new_state(3)
    st.play(st.legal_actions()[0])
    for draw in (
        lambda: game.render_text(st, seat),
        lambda: game.render_svg(st, seat),
        lambda: game.aids(st, seat),
        lambda: game.text_topic(st, seat, "map", ""),
    ):
        with pytest.raises(IllegalAction, match=f"no seat {seat + 1} in a 2-player game"):
            draw()
    for viewer in (None, 0, 1):  # the seats it has, and a spectator, are drawn
        game.render_text(st, viewer)
        game.render_svg(st, viewer)
        game.aids(st, viewer)
