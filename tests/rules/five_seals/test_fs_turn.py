"""Turn structure, reach and blocking, minimal dice sets, moving, end of a player's round."""

from __future__ import annotations

import pytest
from tests.rules.five_seals.fs_helpers import (
    RESERVE,
    dice,
    do,
    hand,
    make,
    new_state,
    node,
    position,
    texts,
)

import grimoire
from grimoire import IllegalAction
from grimoire.bots import make_bot
from grimoire.games.five_seals.frames import Turn

# a - b - S1 behind a; c - S2 beside; d - e - S3 on the other side of the hall.
# w guards four strength-6 scrolls so the game does not end after one round.
EDGES = "H-a a-b b-S1 a-c c-S2 H-d d-e e-S3 H-w w-S6a w-S6b w-S6c w-S6d"


def lab(players: int = 2, **options: object):
    return make(players, EDGES, **options)


def start(game, **kw):
    kw.setdefault("tokens", {"a": "R2", "b": "R3", "c": "B2", "d": "G4", "e": "Y2", "w": "R6"})
    kw.setdefault("scrolls", {"S1": "Growth of Fire", "S2": "Change of Water"} | RESERVE)
    return position(game, **kw)


# ---------------------------------------------------------------------- reach and blocking
def test_reach_stops_at_the_first_token_on_each_path() -> None:
    """Step 3: a path to a seal may not cross other seal tokens; walls are missing edges."""
    st = start(lab(), dice=[["R1=6", "G1=6", "B1=6"], ["Y1=1"]])
    assert {t for t in texts(st) if t.startswith("break")} == {"break a", "break d", "break w"}


def test_a_broken_space_opens_the_way_behind_it() -> None:
    """A broken seal leaves an empty space that paths may cross."""
    st = start(
        lab(),
        tokens={"b": "R3", "c": "B2", "w": "R6"},
        dice=[["R1=6"], ["Y1=1"]],
    )
    assert "break b" in texts(st)


def test_another_players_mage_blocks_passage_but_not_its_owner() -> None:
    """Step 4: no other mage may move onto or past a mage's spot."""
    game = lab()
    tokens = {"b": "R3", "c": "R2", "w": "R6"}
    st = start(game, tokens=tokens, mages=["H", "a"], dice=[["R1=6"], ["R2=6"]])
    assert not {"break b", "break c"} & texts(st)  # a is occupied: b, c unreachable
    st1 = start(game, tokens=tokens, mages=["H", "a"], dice=[["R1=6"], ["R2=6"]], turn=1)
    assert {"break b", "break c"} <= texts(st1)


def test_the_hall_never_blocks() -> None:
    """Ruling 2: any number of mages (and familiars) may be in the hall; it never blocks."""
    st = start(lab(), mages=["H", "H"], familiars=[None, "H"], dice=[["R1=6"], ["R2=6"]])
    assert {"break a", "break w"} <= texts(st)


def test_another_players_familiar_blocks_passage() -> None:
    """Binding: a familiar left on a space blocks passage for the other players."""
    tokens = {"b": "R3", "c": "R2", "w": "R6"}
    st = start(lab(), tokens=tokens, familiars=[None, "a"], mages=["H", "d"], dice=[["R1=6"], []])
    assert not {"break b", "break c"} & texts(st)


def test_your_own_familiar_never_blocks_you() -> None:
    """Ruling 1: your own familiar never blocks your own mage."""
    tokens = {"b": "R3", "c": "R2", "w": "R6"}
    st = start(lab(), tokens=tokens, familiars=["a", None], dice=[["R1=6"], ["B1=1"]])
    assert {"break b", "break c"} <= texts(st)


def test_a_familiar_on_a_token_blocks_it_for_everyone_but_its_owner() -> None:
    """Movement circle note: only the familiar's owner may break a seal its familiar blocks."""
    game = lab()
    st = start(game, familiars=[None, "a"], dice=[["R1=6"], ["R2=6"]])
    assert "break a" not in texts(st)
    st1 = start(game, familiars=[None, "a"], dice=[["R1=6"], ["R2=6"]], turn=1)
    assert "break a" in texts(st1)


def test_a_guardian_blocks_its_scroll_for_everyone() -> None:
    """Guardian: nobody may break the seal of a guarded scroll, its placer included."""
    st = start(
        lab(),
        tokens={"w": "R6"},
        guardians={"R": "S1"},
        dice=[["R1=6", "R2=6"], ["B1=1"]],
    )
    assert "break S1" not in texts(st)
    assert "break S2" not in texts(st)  # a blue scroll, no blue dice
    assert "break w" in texts(st)


def test_a_mage_on_an_emptied_scroll_box_blocks_like_anywhere() -> None:
    """Ruling 5: a mage standing on an emptied scroll box blocks like on any space."""
    game = make(2, "H-a a-S1 S1-b b-S2")
    st = position(
        game,
        tokens={"b": "R2"},
        scrolls={"S2": "Growth of Fire"},
        mages=["H", "S1"],
        dice=[["R1=6"], ["R2=6"]],
    )
    assert "break b" not in texts(st)


# ---------------------------------------------------------------------- the must-break rule
def test_you_must_break_a_seal_if_you_can() -> None:
    """Step 2: if a seal can be broken, 'end round' is not allowed."""
    st = start(lab(), dice=[["R1=2"], ["Y1=1"]])
    assert "end round" not in texts(st)
    with pytest.raises(IllegalAction):
        do(st, "end round")


def test_if_you_cannot_break_you_return_your_dice_and_your_round_is_over() -> None:
    """Step 2: cannot break -> remaining dice to the supply, no more turns this round."""
    st = start(lab(), dice=[["R1=1", "B1=1"], ["Y1=1", "Y2=3"]])
    assert texts(st) == {"end round"}
    do(st, "end round")
    assert st.over[0]
    # step 5: three dice of your choice, taken at once (ruling 9)
    assert st.current_player == 0 and st.stack[-1].kind == "take"
    do(st, "take R", "take R", "take G")
    assert dice(st, 0) == ["G0", "R0", "R0"]
    assert st.current_player == 1


def test_scrolls_that_could_help_are_optional() -> None:
    """Step 2: you may end your round instead of using a scroll that would allow a break."""
    st = start(lab(), dice=[["R1=1", "B1=1"], ["Y1=1"]], hands=[["Strengthening of Fire"], []])
    assert {"end round", "use Strengthening of Fire"} <= texts(st)


# ---------------------------------------------------------------------- paying for a break
def all_payments(st, target: str) -> set[tuple[str, ...]]:
    """Every dice set the rules accept for breaking ``target`` (explored by cloning)."""
    found: set[tuple[str, ...]] = set()

    def walk(s, paid):
        if s.stack[-1].kind != "dice":
            found.add(tuple(sorted(paid)))
            return
        for action in s.legal_actions():
            child = s.clone()
            child.apply(action)
            walk(child, [*paid, s.action_to_string(action).split()[1]])

    first = st.clone()
    do(first, f"break {target}")
    walk(first, [])
    return found


def test_rulebook_example_green_2_3_4_against_strength_4() -> None:
    """Rulebook example and ruling 6: green 2, 3, 4 break a strength-4 Earth seal with {4}
    or {2, 3}, never {2, 4} (the 4 alone suffices)."""
    st = start(lab(), tokens={"a": "G4", "w": "R6"}, dice=[["G1=2", "G2=3", "G3=4"], ["Y1=1"]])
    assert all_payments(st, "a") == {("G4",), ("G2", "G3")}


def test_dice_must_be_of_the_seals_colour() -> None:
    """Step 3: all dice used must have the seal's colour, together at least its strength."""
    st = start(lab(), tokens={"a": "R4", "d": "G4", "w": "R6"}, dice=[["R1=3", "G1=5"], ["Y1=1"]])
    assert "break a" not in texts(st)
    assert all_payments(st, "d") == {("G5",)}


def test_a_mind_scroll_takes_dice_of_any_one_colour() -> None:
    """Step 3: the seal of a Mind (purple) scroll takes dice of any one colour, not mixed."""
    game = make(2, "H-S1 H-w w-S6a w-S6b w-S6c w-S6d")
    st = position(
        game,
        tokens={"w": "R6"},
        scrolls={"S1": "Growth of Mind"} | RESERVE,
        dice=[["R1=3", "B1=4", "B2=1", "Y1=2"], ["Y2=1"]],
    )
    # strength 5: red 3 no, blue 4+1 yes, yellow 2 no; mixing red 3 + yellow 2 is not allowed
    assert all_payments(st, "S1") == {("B1", "B4")}


def test_breaking_returns_the_dice_removes_the_token_and_moves_the_mage() -> None:
    """Steps 3-4: used dice to the supply, token to the box, mage onto the broken space."""
    st = start(lab(), dice=[["R1=2", "R2=5"], ["Y1=1"]])
    do(st, "break a", "die R2")
    assert st.mage[0] == node(st, "a") and st.token[node(st, "a")] == -1
    assert dice(st, 0) == ["R5"] and st.box == [2]  # token code 10 * colour + strength
    assert st.current_player == 1  # one break per turn: the turn is over


def test_breaking_a_scroll_takes_it_face_up_for_this_round() -> None:
    """Step 3: a scroll whose seal you break is yours, face up, usable in later turns."""
    st = start(lab(), tokens={"c": "B2", "w": "R6"}, dice=[["R1=6", "R2=1"], ["Y1=1", "Y2=1"]])
    do(st, "break S1", "die R6")
    assert hand(st, 0) == ["Binding", "Growth of Fire"]
    assert st.mage[0] == node(st, "S1")
    assert st.current_player == 1
    do(st, "end round", "take Y", "take Y", "take Y")
    assert "use Growth of Fire" in texts(st)


def test_a_player_whose_round_is_over_gets_no_more_turns() -> None:
    """Step 5 / round: turns go clockwise among players whose round is not over."""
    game = lab(3)
    st = start(game, dice=[["R1=2", "R2=2"], [], ["G1=6"]], over=[False, True, False])
    do(st, "break a", "die R2")
    assert st.current_player == 2


def test_using_your_last_die_ends_your_round() -> None:
    """Step 5: with no dice left: scrolls face up, familiar back on Binding, take 3 dice."""
    st = start(
        lab(),
        tokens={"a": "R2", "w": "R6"},
        dice=[["R1=2"], ["Y1=1", "Y2=1"]],
        hands=[[{"card": "Growth of Water", "up": False}], []],
        familiars=["d", None],
    )
    do(st, "break a", "die R2")
    assert st.over[0] and st.familiar[0] == -1
    assert hand(st, 0) == ["Binding", "Growth of Water"]
    assert texts(st) == {"take R", "take B", "take Y", "take G"}


def test_the_supply_may_run_short_take_what_there_is() -> None:
    """Ruling 3: a player takes only the dice the supply still has."""
    game = lab()  # 3 dice per colour in a 2-player game
    st = start(
        game,
        tokens={"a": "R2", "w": "R6"},
        dice=[
            ["R1=2"],
            ["R2=1", "R3=1", "B1=1", "B2=1", "B3=1", "Y1=1", "Y2=1", "Y3=1", "G1=1", "G2=1"],
        ],
    )
    do(st, "break a", "die R2")
    assert texts(st) == {"take R", "take G"}
    do(st, "take R", "take G")
    assert dice(st, 0) == ["G0", "R0"]  # only two dice were left
    assert st.current_player == 1


def test_dice_refill_round_end_option_takes_dice_before_the_next_round() -> None:
    """Option dice_refill=round-end: players take their 3 dice when the round is over for all."""
    st = start(
        lab(dice_refill="round-end"), tokens={"a": "R2", "w": "R6"}, dice=[["R1=2"], ["Y1=1"]]
    )
    do(st, "break a", "die R2")
    assert st.over[0] and dice(st, 0) == []
    do(st, "end round")
    # new round: the new first player (seat 1) takes first, then seat 0
    assert st.first == 1 and st.current_player == 1 and st.stack[-1].kind == "take"


# ---------------------------------------------------------------------- round end
def test_round_end_passes_the_first_player_marker_left_and_rolls_all_dice() -> None:
    """End of round: familiars return, the marker passes left, everyone rolls."""
    st = start(lab(), tokens={"a": "R2", "w": "R6"}, dice=[["R1=2"], ["Y1=1"]])
    do(st, "break a", "die R2", "take R", "take R", "take R")
    do(st, "end round", "take G", "take G", "take G")
    assert st.is_chance() and st.first == 1 and st.round == 2
    assert not any(st.over)
    for _ in range(6):
        do(st, "roll 4")
    assert st.current_player == 1  # the new first player starts
    assert dice(st, 0) == ["R4", "R4", "R4"] and dice(st, 1) == ["G4", "G4", "G4"]


@pytest.mark.parametrize(
    ("players", "left", "ends"), [(2, 3, True), (3, 4, False), (4, 4, True), (5, 5, False)]
)
def test_the_game_ends_with_too_few_strength_6_scrolls(players: int, left: int, ends: bool) -> None:
    """End of round: fewer than 4 (2-3 players) / 5 (4-5 players) strength-6 scrolls -> over."""
    game = make(players, "H-w " + " ".join(f"w-S{i}" for i in range(6)))
    elements = ["Fire", "Water", "Air", "Earth", "Mind"][:left]
    s6 = {f"S{i}": f"Synergy of {e}" for i, e in enumerate(elements)}
    st = position(
        game,
        tokens={"w": "R6"},
        scrolls=s6,
        dice=[[] for _ in range(players)],
        over=[False] + [True] * (players - 1),
    )
    assert texts(st) == {"end round"}  # no dice: nothing can be broken
    do(st, "end round", "take R", "take R", "take R")
    assert st.is_terminal() == ends
    assert st.winners() if ends else st.round == 2


def test_the_stall_safeguard_ends_a_game_where_nothing_can_be_broken() -> None:
    """Engine safeguard (PROPOSED, option stall_limit): rounds in a row without a break."""
    game = lab(stall_limit=1)
    st = start(
        game, tokens={"a": "R6", "d": "R6", "w": "R6"}, scrolls=RESERVE, dice=[["B1=1"], ["B2=1"]]
    )
    do(st, "end round", "take G", "take G", "take G", "end round", "take Y", "take Y", "take Y")
    assert st.is_terminal()


def test_turns_counts_every_turn_started() -> None:
    """``State.turns`` (for the search's turn budget and the studies' lengths) goes up by one
    with each player's turn (a ``Turn`` frame), and with nothing else."""
    game = grimoire.make("five-seals", players=2)
    st = new_state(game, 3)
    bots = [make_bot("heuristic", game, seat) for seat in range(2)]
    started: list[Turn] = []  # held, so no two frames share an id
    while not st.is_terminal():
        for frame in st.stack:
            if isinstance(frame, Turn) and all(frame is not seen for seen in started):
                started.append(frame)
        assert st.turns == len(started)
        if st.is_chance():
            st.play(st.sample_chance())
        else:
            seat = st.current_player
            assert isinstance(seat, int)
            st.play(bots[seat].choose(st.for_seat(seat, 0), seat), seat)
    assert st.turns == len(started) > 10
