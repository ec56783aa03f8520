"""The Circle of Movement (Dispatch, Leap, Teleportation, Guardian, Speed) and Binding."""

from __future__ import annotations

from tests.rules.five_seals.fs_helpers import RESERVE, dice, do, hand, make, node, position, texts

# a - b - S1 behind a;  m - t - S2 behind m;  f - S3;  w guards four strength-6 boxes
EDGES = "H-a a-b b-S1 H-m m-t t-S2 H-f f-S3 H-w w-S6a w-S6b w-S6c w-S6d"
TOKENS = {"a": "R2", "b": "G3", "t": "R3", "f": "B2", "w": "R6"}
SCROLLS = {"S1": "Growth of Fire", "S2": "Growth of Earth", "S3": "Renewal of Water"}


def start(hand_: list[object], my_dice: list[str], **kw):
    game = make(2, EDGES, circle=4, **kw.pop("options", {}))
    return position(
        game,
        circle=4,
        tokens=kw.pop("tokens", TOKENS),
        scrolls=RESERVE | kw.pop("scrolls", SCROLLS),
        dice=[my_dice, kw.pop("other_dice", ["Y3=1"])],
        hands=[hand_, kw.pop("other_hand", [])],
        mages=kw.pop("mages", ["H", "m"]),
        **kw,
    )


# ---------------------------------------------------------------------- Dispatch
def test_dispatch_puts_your_familiar_on_any_unblocked_token_of_its_colour() -> None:
    """Dispatch: familiar onto an unblocked token of the colour; reach not needed."""
    st = start(["Dispatch of Fire"], ["B1=1"])
    do(st, "use Dispatch of Fire")
    assert texts(st) == {"node a", "node t", "node w"}  # t is out of reach: allowed
    do(st, "node t")
    assert st.familiar[0] == node(st, "t")


def test_a_dispatched_familiar_blocks_the_seal_for_others_but_not_its_owner() -> None:
    """Movement note: only the familiar's owner may break a seal its familiar blocks; when
    the owner breaks it, the familiar comes back."""
    st = start(["Dispatch of Fire"], ["R1=2", "R2=1"], other_dice=["R3=6"])
    do(st, "use Dispatch of Fire", "node a")
    assert "break a" in texts(st)
    do(st, "break a", "die R2")
    assert st.familiar[0] == -1 and st.mage[0] == node(st, "a")
    st = start([], ["B1=1"], familiars=[None, "a"], other_dice=["R3=6"])
    assert "break a" not in texts(st)


def test_dispatch_cannot_target_scrolls_or_blocked_tokens() -> None:
    """Dispatch: never onto a scroll, never onto a token a familiar already blocks."""
    st = start(["Dispatch of Water"], ["B1=1"], familiars=[None, "f"])
    assert "use Dispatch of Water" not in texts(st)  # f is the only blue token


def test_dispatch_and_binding_in_the_same_turn() -> None:
    """Dispatch: you may play Dispatch and Binding on the same turn in any order."""
    st = start(
        ["Dispatch of Fire"],
        ["R1=2", "R2=3"],
        mages=["a", "m"],
        tokens={"b": "G3", "t": "R3", "w": "R6"},
    )
    do(st, "use Binding", "bind familiar", "use Dispatch of Fire", "node w")
    assert st.familiar[0] == node(st, "w")


# ---------------------------------------------------------------------- Leap
def test_leap_over_a_token_then_break_a_seal_only_reachable_so() -> None:
    """Leap: leap over a reachable unblocked token of its colour; break a newly reachable seal
    at once with dice; the mage moves there; the turn is over."""
    st = start(["Leap of Fire"], ["G1=3", "R1=1"])
    do(st, "use Leap of Fire")
    assert texts(st) == {"node a"}  # w (R6): nothing behind it breakable with these dice
    do(st, "node a")
    assert texts(st) == {"break b"}  # not a itself, not seals reachable anyway
    do(st, "break b", "die G3")
    assert st.mage[0] == node(st, "b") and st.token[node(st, "a")] == 2  # R2 stays
    assert st.current_player == 1


def test_leap_needs_a_seal_to_break_afterwards() -> None:
    """Leap: cannot be used if you could not break a seal afterwards."""
    st = start(["Leap of Fire"], ["G1=2", "R1=1"])  # G2 < strength 3 of b
    assert "use Leap of Fire" not in texts(st)


def test_leap_only_over_unblocked_tokens_of_its_colour() -> None:
    """Leap: an unblocked token (no familiar or guardian on it) of the scroll's colour."""
    st = start(["Leap of Fire"], ["G1=3"], familiars=["a", None])
    assert "use Leap of Fire" not in texts(st)
    st = start(["Leap of Water"], ["G1=3"])
    assert "use Leap of Water" not in texts(st)  # a is red
    st = start(["Leap of Mind"], ["G1=3"])
    assert "use Leap of Mind" in texts(st)  # any colour


# ---------------------------------------------------------------------- Teleportation
def test_teleportation_moves_through_another_players_mage() -> None:
    """Teleportation: through another player's figure, then break a seal of its colour that
    was not reachable before; the turn is over."""
    st = start(["Teleportation of Fire"], ["R1=3", "R2=1"])
    do(st, "use Teleportation of Fire")
    assert texts(st) == {"node m"}
    do(st, "node m", "break t", "die R3")
    assert st.mage[0] == node(st, "t") and st.current_player == 1


def test_teleportation_through_a_familiar_blocking_the_seal() -> None:
    """Teleportation: even through a familiar that blocks the seal itself."""
    st = start(["Teleportation of Water"], ["B1=2"], familiars=[None, "f"])
    assert "break f" not in texts(st)
    do(st, "use Teleportation of Water", "node f", "break f", "die B2")
    assert st.mage[0] == node(st, "f") and st.familiar[1] == -1  # RULING: it goes home


def test_teleportation_must_break_a_seal_of_its_colour() -> None:
    """Teleportation: the seal to be broken must be of the scroll's colour (Mind: any)."""
    st = start(["Teleportation of Earth"], ["R1=3", "G1=6"])
    assert "use Teleportation of Earth" not in texts(st)  # t is red
    st = start(["Teleportation of Mind"], ["R1=3"])
    assert "use Teleportation of Mind" in texts(st)


def test_you_cannot_teleport_through_your_own_familiar() -> None:
    """Teleportation / ruling 1: only other players' figures; never your own familiar."""
    st = start(["Teleportation of Mind"], ["R1=3", "B1=2"], familiars=["f", None])
    do(st, "use Teleportation of Mind")
    assert texts(st) == {"node m"}


# ---------------------------------------------------------------------- Guardian
def test_guardian_blocks_a_scroll_of_its_colour_for_everyone() -> None:
    """Guardian: on a scroll of its colour on the board; nobody can break that scroll."""
    st = start(["Guardian of Earth"], ["G1=6"], tokens={"w": "R6"}, mages=["H", "H"])
    assert "break S2" in texts(st)
    do(st, "use Guardian of Earth")
    assert texts(st) == {"node S2", "node S6d"}
    do(st, "node S2")
    assert st.guardian[3] == node(st, "S2") and "break S2" not in texts(st)


def test_guardian_can_be_taken_off_or_moved() -> None:
    """Guardian: if already on the board, it may be placed next to the board instead."""
    st = start(["Guardian of Earth"], ["G1=6"], guardians={"G": "S2"})
    do(st, "use Guardian of Earth")
    assert texts(st) == {"node S6d", "unguard"}
    do(st, "unguard")
    assert st.guardian[3] == -1


def test_guardian_of_mind_only_on_mind_scrolls() -> None:
    """Guardian of Mind: the guardian may only be placed on Mind scrolls."""
    assert "use Guardian of Mind" not in texts(start(["Guardian of Mind"], ["G1=6"]))
    st = start(["Guardian of Mind"], ["G1=6"], scrolls={"S1": "Growth of Mind"})
    do(st, "use Guardian of Mind")
    assert texts(st) == {"node S1"}


# ---------------------------------------------------------------------- Speed
def test_speed_breaks_a_second_seal_for_free() -> None:
    """Speed: break with dice, then a reachable seal of its colour without dice; the mage
    moves onto both (ruling 4); the turn is over."""
    st = start(["Speed of Earth"], ["R1=2", "B1=1"])
    do(st, "use Speed of Earth")
    assert texts(st) == {"break a"}  # the only break after which a green seal is in reach
    do(st, "break a", "die R2")
    assert texts(st) == {"break b"}
    do(st, "break b")
    assert st.mage[0] == node(st, "b") and dice(st, 0) == ["B1"]
    assert st.current_player == 1


def test_speed_needs_a_suitable_second_seal() -> None:
    """Speed: not usable without a dice break, or without a seal of its colour after it."""
    st = start(["Speed of Water"], ["R1=2"], familiars=[None, "f"])  # f: the one blue token
    assert "use Speed of Water" not in texts(st)
    st = start(["Speed of Earth"], ["B1=2"], familiars=[None, "f"])
    assert "use Speed of Earth" not in texts(st)  # no dice break at all
    st = start(["Speed of Mind"], ["R1=2"])
    assert "use Speed of Mind" in texts(st)


def test_speed_second_move_option() -> None:
    """Option speed_second_move=false: the mage stays on the first seal."""
    st = start(["Speed of Earth"], ["R1=2"], options={"speed_second_move": False})
    do(st, "use Speed of Earth", "break a", "die R2", "break b")
    assert st.mage[0] == node(st, "a")


# ---------------------------------------------------------------------- Binding
def test_binding_option_1_familiar_stays_to_block_after_the_mage_moves() -> None:
    """Binding option 1: the familiar joins your mage and blocks the others after you move."""
    st = start(
        [],
        ["R1=3", "R2=2"],
        mages=["a", "H"],
        tokens={"b": "R3", "t": "R3", "w": "R6"},
        other_dice=["G1=3"],
    )
    do(st, "use Binding", "bind familiar")
    assert st.familiar[0] == node(st, "a")
    assert hand(st, 0) == ["Binding (down)"]
    do(st, "break b", "die R3")
    assert "break b" not in texts(st) and st.current_player == 1  # nothing behind a for seat 1


def test_binding_option_1_has_no_effect_in_the_hall() -> None:
    """Binding option 1 in the hall (ruling 2, the hall never blocks): no effect."""
    st = start([], ["Y1=1"], tokens={"w": "R6"})
    assert "use Binding" not in texts(st)


def test_binding_option_2_breaks_a_token_without_moving() -> None:
    """Binding option 2: break a reachable token with dice without moving; the familiar
    takes the space; the turn is over."""
    st = start([], ["R1=2", "R2=5"])
    do(st, "use Binding", "bind break")
    assert texts(st) == {"break a", "break w"}  # tokens only: never a scroll
    do(st, "break a", "die R2")
    assert st.mage[0] == st.board.hall and st.familiar[0] == node(st, "a")
    assert st.current_player == 1


def test_binding_option_2_cannot_break_a_scroll() -> None:
    """Binding option 2: you cannot break a seal on a scroll using your familiar."""
    st = start([], ["G1=6"], tokens={"w": "R6"}, mages=["H", "H"])
    assert "break S2" in texts(st) and "use Binding" not in texts(st)


def test_mayday_binding_may_also_raise_a_die() -> None:
    """Edition mayday (PROPOSED): Binding may additionally raise one of your dice by 1."""
    st = start([], ["R1=1", "B1=6"], tokens={"a": "R2", "w": "R6"}, options={"edition": "mayday"})
    do(st, "use Binding")
    assert texts(st) == {"die R1"}  # the 6 cannot rise; nothing to break with a red 1
    do(st, "die R1")
    assert dice(st, 0) == ["B6", "R2"]
    assert texts(st) == {"bind break", "done"}  # now the red 2 breaks a
