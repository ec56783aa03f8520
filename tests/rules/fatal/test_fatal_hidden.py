"""Hidden information: what each seat may see, the log lines it may read, the scores it may
know, and ``resample`` (design review 2.2, rulings 2, 8, 11)."""

from __future__ import annotations

import json
import random
import re

import pytest
from tests.rules.fatal.fatal_helpers import chance, do, make, new_state, position

from grimoire.core.state import CHANCE
from grimoire.games.fatal.state import PUBLIC, FatalState

VISION = re.compile(r"\bV\d\d\b")


def secrets_of(state: FatalState, viewer: int | None) -> set[str]:
    """Vision names and character names ``viewer`` may not see (planted markers: every vision
    exists once, so its name anywhere in a view would be a leak)."""
    bit = PUBLIC if viewer is None else 1 << viewer
    comp = state.comp
    hidden = set()
    zones = [state.deck, state.looking, *state.hands, *state.aside]
    for zone in zones:
        for card in zone:
            kind = state.kind(card)
            if comp.is_vision(kind) and not state.ck[card] & bit:
                hidden.add(comp.card_name(kind))
    allowed = set()  # a known character card shows its opposing sign: no seat is named
    for seat in range(state.n):
        if state.char[seat] >= 0 and state.ck_char[seat] & bit:
            allowed.add(comp.signs[state.lay.opposing(state.char[seat])].name)
    for seat in range(state.n):
        if state.char[seat] >= 0 and not state.ck_char[seat] & bit:
            name = comp.signs[state.char[seat]].name
            if name not in allowed and not any(
                state.char[s] >= 0 and state.ck_char[s] & bit and state.char[s] == state.char[seat]
                for s in range(state.n)
            ):
                hidden.add(name)
    return hidden


def strings_in(doc: object) -> set[str]:
    found: set[str] = set()
    stack = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            found.add(item)
            found.update(VISION.findall(item))
    return found


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_and_log_lines_hold_no_other_seat_secret(players: int) -> None:
    """A seat's view and its log lines never name a card it has not seen nor a character it
    does not know; spectators likewise; and no view holds the seed."""
    game = make(players)
    for seed in range(10**12, 10**12 + 3):
        state = new_state(game, seed, resolve_chance=False)
        rng = random.Random(seed)
        while not state.is_terminal():
            viewers = [None, *range(players)]
            if state.step % 7 == 0:
                for viewer in viewers:
                    view = state.view(viewer)
                    leaked = strings_in(view) & secrets_of(state, viewer)
                    assert not leaked, (viewer, leaked, state.step)
                    assert str(state.seed) not in json.dumps(view)
            if state.is_chance():
                actor, action = CHANCE, state.sample_chance()
            else:
                actor = rng.choice(sorted(state.seats_to_act()))
                action = rng.choice(state.legal_actions(actor))
            lines = {v: state.describe(actor, action, v) for v in viewers}
            state.apply(action, None if actor == CHANCE else actor)
            for viewer, line in lines.items():
                leaked = set(VISION.findall(line)) & secrets_of(state, viewer)
                assert not leaked, (viewer, line, leaked)


def test_running_scores_show_only_what_the_viewer_knows() -> None:
    """Running scores in views: a seat knows its own; another seat's only when it knows all of
    that seat's face-down treasures (taken from the display in sight of all)."""
    state = position(
        make(3),
        hands=[["V20"], ["V21"], ["V22"]],
        treasures=[["R2"], [["Y2", 39]], []],  # seat 1's Y2 was taken from the display
    )
    assert state.view(0)["scores"] == [2.0, 2.0, 0.0]
    assert state.view(1)["scores"] == [None, 2.0, 0.0]
    assert state.view(None)["scores"] == [None, 2.0, 0.0]
    assert state.scores() == [2.0, 2.0, 0.0]


def test_resample_redeals_exactly_what_the_seat_does_not_know() -> None:
    """resample(seat): its hand, character and known cards stay; the others' hands, characters
    and the deck are re-dealt with every zone's size kept; the Queen stays in her pool."""
    state = new_state(make(4), 12)
    for _ in range(40):
        seat = min(state.seats_to_act()) if not state.is_chance() else None
        if seat is None:
            state.apply(state.sample_chance())
        else:
            state.apply(random.Random(state.step).choice(state.legal_actions(seat)), seat)
    others_hands = set()
    for k in range(20):
        copy = state.resample(0, random.Random(k))
        assert isinstance(copy, FatalState)
        assert copy.view(0) == state.view(0)
        assert sorted(copy.hands[0]) == sorted(state.hands[0]) and copy.char[0] == state.char[0]
        assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
        assert len(copy.deck) == len(state.deck)
        queen = copy.lay.queen
        assert queen in copy.t_pool and copy.t_mid == state.t_mid
        others_hands.add(tuple(sorted(copy.kind(c) for c in copy.hands[1])))
    assert len(others_hands) > 1


def test_resample_after_a_random_steal_does_not_pin_the_stolen_treasure() -> None:
    """The leak to avoid (design review 2.2): after an unseen random steal, a third seat's
    resample may put any of the victim's former treasures with the thief."""
    state = position(
        make(3),
        rows=[[["V27", "V31", "V35"], []], [[], []], [[], []]],
        hands=[["V49"], ["V50"], ["V51"]],
        treasures=[[], [["Y2", 39], ["B1", 39]], []],
        stack=[{"k": "turn", "s": 0, "at": 4}],
    )
    do(state, "seat 2")
    do(state, "allow", 1)
    chance(state, "B1")
    stolen = set()
    for k in range(30):
        copy = state.resample(2, random.Random(k))
        assert isinstance(copy, FatalState)
        assert copy.view(2) == state.view(2)
        stolen.add(copy.comp.treasure_name(copy.tkind(copy.tre[0][0])))
    assert {"Y2", "B1"} <= stolen


def test_resample_redraws_the_other_sealed_choices() -> None:
    """Ruling 2: a pending reveal choice of another seat is unknown: resample re-draws it."""
    state = position(
        make(3),
        rows=[[["V01", "V02"], ["V05"]], [[], []], [[], []]],
        hands=[["V20"], ["V21"], ["V22"]],
        display=["R-1", "Y2", "B3"],
        t_mid=0,
        stack=[{"k": "turn", "s": 0, "at": 3}],
    )
    do(state, "slot 1")
    do(state, "seat 1")
    chance(state, "Queen")
    do(state, "reveal", 1)
    do(state, "hide", 2)
    choices = set()
    for k in range(20):
        copy = state.resample(0, random.Random(k))
        assert isinstance(copy, FatalState)
        assert copy.view(0) == state.view(0)
        choices.add((tuple(copy.sealed_reveal), tuple(copy.sealed_hide)))
    assert len(choices) > 1
    mine = state.resample(1, random.Random(3))
    assert isinstance(mine, FatalState) and 1 in mine.sealed_reveal


@pytest.mark.parametrize(
    ("t_mid", "seen", "queen_on_top"),
    [(5, ("R2", "Y2", "B2"), False), (0, ("R2", "Y2", "B2"), True)],
)
def test_resample_keeps_the_queen_among_the_bottom_five_after_a_crystal_gaze(
    t_mid: int, seen: tuple[str, ...], queen_on_top: bool
) -> None:
    """Ruling 1 and the issue's resample: "keeping every zone size and the Queen's bottom-five
    constraint". Seat 0 looks at the top three treasures. For seat 1, the Queen may lie among
    them only if they came from her pool: never when five or more cards lay above it, and with
    the right odds (3 of the 13 bottom-pool cards) when the gaze reached into it."""
    state = position(make(3), hands=[["Crystal Gaze"], ["V21"], ["V22"]], t_mid=t_mid)
    do(state, "enchant Crystal Gaze")
    for name in seen:
        chance(state, name)
    on_top = 0
    for k in range(300):
        copy = state.resample(1, random.Random(k))
        assert isinstance(copy, FatalState)
        assert copy.view(1) == state.view(1)
        assert len(copy.t_top) == 3 and copy.t_mid == state.t_mid
        on_top += copy.lay.queen in copy.t_top
    if queen_on_top:
        assert 30 <= on_top <= 110  # 3/13 of 300 is about 69
    else:
        assert on_top == 0
