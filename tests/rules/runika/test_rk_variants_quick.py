"""Runika optional rule: the quick draft (rules, "Other optional rules" -> Quick draft;
ruling 17)."""

from __future__ import annotations

import pytest
from tests.rules.runika.rk_helpers import game, pos, seat_doc, start, texts

from grimoire.core.state import State

QUICK = {"quick_draft": True}
HANDS = {0: ["G", "G", "B", "B"], 1: ["R", "R", "B", "Y"], 2: ["Y", "Y", "G", "B"]}
PASSES = {0: "G", 1: "R", 2: "Y"}


def _passing(round_: int, players: int = 3) -> State:
    """Every seat holds its 4 quick-draft dice (``HANDS``) and has still to pass one; the
    initiative is seat 0. Written on a fresh quick-draft start, the bag holding the rest."""
    g = game(players, **QUICK)
    doc = g.new_state(seed=1).to_json(history=False)
    position = doc["position"]
    assert position["phase"] == "pass"
    position.update(round=round_, first=0)
    held = []
    for s, seat in enumerate(position["seats"]):
        seat["quick_hand"] = HANDS[s]
        held += HANDS[s]
    position["bag"] = [c for c in "GRBY" for _ in range(20 - held.count(c))]
    return g.state_from_json(doc)


def _dice(state: State, seat: int) -> list[str]:
    """Colours of the seat's dice: stored, or already being rolled (its turn has begun)."""
    doc = pos(state)
    held = [d[0] for d in doc["seats"][seat]["store"]]
    held += ["GRBY"[e["c"]] for e in doc["chance"] if e["k"] == "roll" and e["s"] == seat]
    return sorted(held)


def _pass_all(state: State) -> None:
    for seat, colour in PASSES.items():
        state.apply_text(f"pass {colour}", seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_takes_four_dice_from_the_bag(players: int) -> None:
    """Quick draft: "instead of drawing all the dice at the start of the round, each player
    takes 4 dice from the bag" (no middle to draft from); all then choose at once."""
    state = start(players, seed=6, quick_draft=True)
    doc = pos(state)
    assert doc["phase"] == "pass"
    assert doc["middle"] == []
    assert [len(s["quick_hand"]) for s in doc["seats"]] == [4] * players
    assert len(doc["bag"]) == 80 - 4 * players
    assert state.seats_to_act() == frozenset(range(players))


def test_each_player_passes_one_of_its_own_dice() -> None:
    """Quick draft: each player "secretly passes one of them": one die, of those it took."""
    state = _passing(1)
    assert texts(state, 0) == ["pass G", "pass B"]
    assert texts(state, 1) == ["pass R", "pass B", "pass Y"]
    state.apply_text("pass B", 0)
    assert state.seats_to_act() == frozenset({1, 2})  # one die only


def test_odd_round_passes_counter_clockwise() -> None:
    """Quick draft: the die goes to the neighbour "counter-clockwise in odd rounds"
    (clockwise is the turn order, seat + 1: so seat s passes to seat s - 1)."""
    state = _passing(1)
    _pass_all(state)
    assert _dice(state, 0) == sorted(["G", "B", "B", "R"])  # from seat 1
    assert _dice(state, 1) == sorted(["R", "B", "Y", "Y"])  # from seat 2
    assert _dice(state, 2) == sorted(["Y", "G", "B", "G"])  # from seat 0


def test_even_round_passes_clockwise() -> None:
    """Quick draft: "clockwise in even rounds" (seat s passes to seat s + 1)."""
    state = _passing(2)
    _pass_all(state)
    assert _dice(state, 0) == sorted(["G", "B", "B", "Y"])  # from seat 2
    assert _dice(state, 1) == sorted(["R", "B", "Y", "G"])  # from seat 0
    assert _dice(state, 2) == sorted(["Y", "G", "B", "R"])  # from seat 1


def test_after_the_pass_turns_follow_from_the_initiative_holder() -> None:
    """Quick draft replaces only the draw and draft: the passed and kept dice are the storage
    (4 each), then the turns go clockwise from the initiative holder (Step 2)."""
    state = _passing(1)
    _pass_all(state)
    doc = pos(state)
    assert doc["phase"] == "turns"
    assert [s["quick_hand"] for s in doc["seats"]] == [[], [], []]
    assert [len(_dice(state, s)) for s in range(3)] == [4, 4, 4]
    assert all(d.endswith("?") for d in seat_doc(state, 1)["store"])  # not rolled yet
    state.resolve_chance()
    assert state.current_player == 0


def test_the_dice_taken_and_the_die_passed_are_hidden_until_the_pass_resolves() -> None:
    """Quick draft: the die is passed "secretly"; ruling 17: "the 4 dice taken are private until
    the pass resolves": another seat sees how many dice a seat holds and whether it has passed,
    never their colours, the passed die, or the bag's colours (which would tell them)."""
    state = _passing(1)
    state.apply_text("pass G", 0)
    mine, theirs = state.view(0), state.view(1)
    assert mine["seats"][0]["quick_pass"] == "G"
    assert mine["seats"][0]["quick_hand"] == ["G", "B", "B"]
    seat0 = theirs["seats"][0]
    assert seat0["quick_pass"] is None
    assert seat0["quick_passed"] is True
    assert seat0["quick_hand"] == [None, None, None]
    assert theirs["seats"][1]["quick_hand"] == HANDS[1]
    assert theirs["bag"] is None and theirs["bag_total"] == 80 - 12
    assert state.view(None)["seats"][0]["quick_hand"] == [None, None, None]
    action = state.parse_action("pass R")
    assert state.describe(1, action, 0) == "seat 2 passes a die"
    assert state.describe(1, action, 1) == "you pass R"


def test_the_passed_die_is_revealed_when_the_pass_resolves() -> None:
    """Quick draft: once every die has been passed the dice are in storage, in the open."""
    state = _passing(1)
    _pass_all(state)
    view = state.view(2)
    assert view["bag"] is not None
    assert sorted(d[0] for d in view["seats"][1]["store"]) == _dice(state, 1)


def test_quick_draft_with_luniorn_and_simultaneous_play() -> None:
    """The rules combine: a quick draft, then everyone's turn at the same time, Luniorn in
    play."""
    state = start(2, seed=3, quick_draft=True, simultaneous=True, luniorn=True)
    for seat in (0, 1):
        state.apply_text(texts(state, seat)[0], seat)
    state.resolve_chance()
    assert state.seats_to_act() == frozenset({0, 1})
    assert sorted(pos(state)["below"]) == ["B", "G", "R", "Y"]
