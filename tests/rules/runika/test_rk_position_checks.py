"""The position loader's cross-checks (docs/rules/runika.md, "What the loader checks"), for the
documents they refuse beyond the issue's list (tests/rules/runika/test_position_refusals.py):
each loaded before, and then crashed at the next move or played a position no game reaches.

Each case starts from a valid hand-made position (it loads: the refusal is the change's doing),
changes one thing, and expects one short ``InvalidPosition`` line naming the field.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from tests.rules.runika.rk_helpers import position, texts

from grimoire.core.errors import InvalidPosition
from grimoire.core.state import State

Doc = dict[str, Any]
E = ".. .. .. .."
RESOLVE = {"k": "main", "s": 0, "st": "resolve"}
REROLL = {"k": "main", "s": 0, "st": "reroll"}


def _ainfean_frame(**change: Any) -> dict[str, Any]:
    frame = {"k": "ab", "s": 0, "kind": "discard_die", "src": ["p", 1], "m": True}
    return frame | {"p": 1, "g": 0, "c": -1, "a": {"kind": "discard_die", "points": "one"}} | change


def _base(**options: Any) -> State:
    """Seat 0 resolving with a die in its grid, a stored die and Ainfean's ability pending;
    seat 1 waiting with an unrolled die."""
    seat0 = {"grid": ["G1 .. .. ..", E, E, E], "store": ["Y1"], "stack": [RESOLVE]}
    seat0["stack"] = [RESOLVE, _ainfean_frame()]
    return position(seats={0: seat0, 1: {"store": ["G?"]}}, professors=_ainfean_die(), **options)


def _ainfean_die() -> dict[str, Any]:
    return {"ainfean": {"dice": ["Re"], "tokens": [0]}}


def _doc(state: State) -> Doc:
    return copy.deepcopy(state.to_json(history=False))


def _refused(state: State, change: Callable[[Doc], Any]) -> str:
    doc = _doc(state)
    change(doc["position"])
    with pytest.raises(InvalidPosition) as caught:
        state.game.state_from_json(doc)
    message = str(caught.value)
    assert len(message) < 300 and "\n" not in message, message
    return message


def _frame(doc: Doc, seat: int = 0, index: int = -1) -> dict[str, Any]:
    frame: dict[str, Any] = doc["seats"][seat]["stack"][index]
    return frame


def test_the_base_position_loads_and_plays() -> None:
    state = _base()
    assert texts(state, 0) == ["cell a1"]
    again = state.game.state_from_json(_doc(state))
    assert again == state


CASES: dict[str, tuple[Callable[[Doc], Any], str]] = {
    # decision frames against the board
    "an ability with other parameters than its professor's": (
        lambda p: _frame(p)["a"].update(points="any"),
        "seats[0].stack[1].a",
    ),
    "an ability of a professor not in play (Luniorn without its option)": (
        lambda p: _frame(p).update(p=4, src=["p", 4]),
        "seats[0].stack[1]",
    ),
    "an ability aimed at another grid without the interaction rule": (
        lambda p: _frame(p).update(g=1),
        "seats[0].stack[1].g",
    ),
    "a chosen cell without a die": (
        lambda p: _frame(p).update(kind="push_die", c=5),
        "seats[0].stack[1]",
    ),
    "a frame on the stack of a seat whose turn it is not": (
        lambda p: p["seats"][1].update(
            store=["G1"], stack=[{"k": "main", "s": 1, "st": "resolve"}]
        ),
        "seats = [1]",
    ),
    "a frame naming another seat": (
        lambda p: _frame(p).update(s=1),
        "seats[0].stack[1].s",
    ),
    "a die not rolled yet in the storage of a seat resolving": (
        lambda p: p["seats"][0].update(store=["Y?"]),
        "seats[0].store",
    ),
    # dice and zones
    "a grid die showing its rotate face": (
        lambda p: p["seats"][0].update(grid=["Gr .. .. ..", E, E, E]),
        "seats[0].grid[0]",
    ),
    "a die on a professor not showing its element face": (
        lambda p: p["professors"]["ainfean"].update(dice=["R1"]),
        "professors.ainfean.dice",
    ),
    "a prestige token on Luniorn (it takes none)": (
        lambda p: p["professors"]["luniorn"].update(tokens=[0]),
        "professors.luniorn.tokens",
    ),
    "a quick-draft hand without the quick draft's pass": (
        lambda p: (p["seats"][1].update(quick_hand=["G"]), p["bag"].update(G=p["bag"]["G"] - 1)),
        "seats[1].quick_hand",
    ),
    "an end reason while the game goes on": (
        lambda p: p.update(ended="goal"),
        "ended",
    ),
    # chance events
    "a die rolled for a seat that does not exist": (
        lambda p: (
            p["chance"].append({"k": "roll", "s": 4, "c": 0}),
            p["bag"].update(G=p["bag"]["G"] - 1),
        ),
        "chance[0].s",
    ),
    "a rune drawn into a display place that does not exist": (
        lambda p: p["chance"].append({"k": "rune", "slot": 9}),
        "chance[0].slot",
    ),
    "a chance event of an unknown kind": (
        lambda p: p["chance"].append({"k": "meteor"}),
        "chance",
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_position_out_of_line_with_the_board_is_refused(name: str) -> None:
    change, field = CASES[name]
    assert field in _refused(_base(), change)


def test_a_pick_frame_marking_a_die_not_in_storage_is_refused() -> None:
    """A re-roll marks stored dice: one not in storage used to crash the legal actions."""
    pick = {"k": "pick", "s": 0, "disc": 1, "sel": [0], "max": 0}  # Ge paid, G1 marked
    seat0 = {"store": ["Ge", "G1", "Y1"], "stack": [REROLL, pick]}
    state = position(seats={0: seat0, 1: {"store": ["G?"]}})
    assert texts(state, 0) == ["cancel", "roll", "reroll Y1"]
    message = _refused(state, lambda p: _frame(p).update(sel=[14]))  # Yr: not there
    assert "seats[0].stack[1]" in message


def test_an_old_pick_frame_with_an_empty_card_loads() -> None:
    """Saves made before the frames were typed wrote ``"src": []`` for a paid re-roll."""
    pick = {"k": "pick", "s": 0, "disc": 1, "sel": [], "max": 0}
    state = position(seats={0: {"store": ["Ge", "G1"], "stack": [REROLL, pick]}})
    doc = _doc(state)
    assert _frame(doc["position"]) == pick  # written as it always was, the empty card left out
    _frame(doc["position"])["src"] = []
    assert state.game.state_from_json(doc) == state


def test_an_at_frame_for_a_rune_not_on_display_is_refused() -> None:
    """Where a claimed rune lies: the rune must be one the seat may claim (the claim would
    take a display card that is not there)."""
    rows = ["Y1 Y1 .. ..", "Y1 .. .. ..", "Y1 Y1 .. ..", "Y1 .. .. .."]  # Pivot twice
    claims = [{"k": "main", "s": 0, "st": "claims"}, {"k": "at", "s": 0, "r": 0}]
    shown: dict[str, Any] = {"display": [["pivot"], ["charm"], ["gale"]]}
    state = position(seats={0: {"grid": rows, "stack": claims[:1]}, 1: {"store": ["G?"]}}, **shown)
    state.apply_text("claim pivot", 0)
    doc = _doc(state)
    assert _frame(doc["position"])["k"] == "at"
    sweep = next(r.index for r in state.comp.runes if r.id == "sweep")
    assert "seats[0].stack[1].r" in _refused(state, lambda p: _frame(p).update(r=sweep))


def test_a_sealed_claim_on_cells_that_are_not_its_pattern_is_refused() -> None:
    """Simultaneous play: a sealed claim names its rune and the cells of its pattern, which
    the round end discards (a cell outside the pattern used to send a die that is not there
    to the bag)."""
    rows = ["G1 G1 G1 ..", E, E, E]  # Sweep: GGG
    claims = [{"k": "main", "s": 0, "st": "claims"}]
    playing = [{"k": "main", "s": 1, "st": "resolve"}]  # the round ends after seat 1's turn
    seats = {0: {"grid": rows, "stack": claims}, 1: {"store": ["G1"], "stack": playing}}
    state = position(options={"simultaneous": True}, seats=seats, display=[["sweep"], [], []])
    state.apply_text("claim sweep", 0)
    doc = _doc(state)
    assert doc["position"]["seats"][0]["claims"] == [["sweep", 7]]
    message = _refused(state, lambda p: p["seats"][0].update(claims=[["sweep", 15]]))
    assert "seats[0].claims" in message


def test_frames_keep_their_json() -> None:
    """The frames are typed now; their JSON is what it always was (saves stay readable)."""
    state = _base()
    doc = _doc(state)["position"]["seats"][0]["stack"]
    assert doc == [RESOLVE, _ainfean_frame()]
