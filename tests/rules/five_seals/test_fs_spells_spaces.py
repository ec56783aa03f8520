"""The Circle of Spaces: Swap, Exchange, Absorption, Disintegration, Rearrangement."""

from __future__ import annotations

from tests.rules.five_seals.fs_helpers import (
    RESERVE,
    dice,
    do,
    edited,
    hand,
    make,
    node,
    position,
    texts,
)

# a - b - S1 and c - S2 reachable; far - S3 beyond d (not reachable); w guards 4 S6 boxes
EDGES = "H-a a-b b-S1 H-c c-S2 H-d d-far far-S3 H-w w-S6a w-S6b w-S6c w-S6d"
TOKENS = {"a": "R2", "b": "R4", "c": "B2", "d": "G6", "far": "Y2", "w": "R6"}


def start(hand_: list[object], my_dice: list[str], **kw):
    game = make(2, EDGES, circle=2)
    return position(
        game,
        circle=2,
        tokens=kw.pop("tokens", TOKENS),
        scrolls=RESERVE | kw.pop("scrolls", {"S1": "Growth of Fire", "S2": "Swap of Water"}),
        dice=[my_dice, kw.pop("other_dice", ["Y3=1"])],
        hands=[hand_, kw.pop("other_hand", [])],
        **kw,
    )


def token_at(st, name: str) -> str:
    code = st.token[node(st, name)]
    return "-" if code < 0 else f"{'RBYG'[code // 10]}{code % 10}"


# ---------------------------------------------------------------------- Swap
def test_swap_trades_a_token_of_its_colour_for_another_colour_of_equal_strength() -> None:
    """Swap: same strength, different colours, one of them the scroll's; reach not needed."""
    st = start(["Swap of Fire"], ["B1=1"])
    do(st, "use Swap of Fire")
    assert texts(st) == {"node a", "node w"}  # not b: no other strength-4 token
    do(st, "node a")
    assert texts(st) == {"node c", "node far"}  # B2 and the unreachable Y2
    do(st, "node far")
    assert (token_at(st, "a"), token_at(st, "far")) == ("Y2", "R2")


def test_swap_needs_a_partner_of_the_same_strength_and_another_colour() -> None:
    """Swap: without a token of another colour and the same strength it has no effect."""
    st = start(["Swap of Earth"], ["B1=1"])  # G6 is alone... but R6 on w is a partner
    assert "use Swap of Earth" in texts(st)
    st = start(["Swap of Earth"], ["B1=1"], tokens={"a": "R2", "d": "G6", "w": "G5"})
    assert "use Swap of Earth" not in texts(st)


def test_swap_of_mind_any_two_colours_that_differ() -> None:
    """Swap of Mind: you choose the colours of both seals; they must differ."""
    st = start(["Swap of Mind"], ["B1=1"], tokens={"a": "R2", "c": "R2", "far": "Y2", "w": "G5"})
    do(st, "use Swap of Mind")
    assert texts(st) == {"node a", "node c", "node far"}
    do(st, "node a")
    assert texts(st) == {"node far"}  # not c: same colour


def test_a_familiar_moves_with_the_token_it_stands_on() -> None:
    """RULING: figures stand on tokens and move with them when tokens are swapped."""
    st = start(["Swap of Fire"], ["B1=1"], familiars=[None, "a"])
    do(st, "use Swap of Fire", "node a", "node c")
    assert st.familiar[1] == node(st, "c")


# ---------------------------------------------------------------------- Exchange
def test_exchange_trades_two_tokens_of_its_colour() -> None:
    """Exchange: two tokens of the scroll's colour (need not be reachable)."""
    st = start(["Exchange of Fire"], ["B1=1"])
    do(st, "use Exchange of Fire")
    assert texts(st) == {"node a", "node b", "node w"}
    do(st, "node b")
    assert texts(st) == {"node a", "node w"}
    do(st, "node w")
    assert (token_at(st, "b"), token_at(st, "w")) == ("R6", "R4")


def test_exchange_of_equal_tokens_has_no_effect() -> None:
    """Exchange: two tokens of one colour and strength are identical: no effect, not usable."""
    st = start(["Exchange of Water"], ["B1=1"], tokens={"a": "B2", "c": "B2", "w": "R6"})
    assert "use Exchange of Water" not in texts(st)


def test_exchange_of_mind_chooses_one_colour() -> None:
    """Exchange of Mind: choose the colour; both seals must have it."""
    st = start(["Exchange of Mind"], ["B1=1"])
    do(st, "use Exchange of Mind")
    assert texts(st) == {"colour Fire"}  # only red has two tokens of different strengths


# ---------------------------------------------------------------------- Absorption
def test_absorption_stores_a_broken_token_of_its_colour() -> None:
    """Absorption: when you break a token of its colour you may put it on the scroll."""
    st = start(["Absorption of Fire"], ["R1=2", "R2=3"])
    do(st, "break a", "die R2")
    assert texts(st) == {"scroll Absorption of Fire", "done"}
    do(st, "scroll Absorption of Fire")
    assert st.hands[0][1] == [st.comp.card_by_name("Absorption of Fire"), 1, 2]
    assert st.box == []


def test_absorption_is_optional_and_only_for_its_colour() -> None:
    """Absorption: 'you may'; a token of another colour is not offered."""
    st = start(["Absorption of Water"], ["R1=2", "B1=2"])
    do(st, "break a", "die R2")
    assert st.current_player == 1  # no question: red token, water scroll
    st = start(["Absorption of Fire"], ["R1=2", "R2=3"])
    do(st, "break a", "die R2", "done")
    assert st.box == [2] and st.hands[0][1][2] == -1


def test_absorption_of_mind_takes_any_colour_and_replaces_the_stored_token() -> None:
    """Absorption of Mind: any colour; a stored token is replaced and returned to the box."""
    st = start([{"card": "Absorption of Mind", "token": "G3"}], ["B1=2"])
    do(st, "break c", "die B2", "scroll Absorption of Mind")
    assert st.hands[0][1][2] == 12 and st.box == [33]


def test_using_absorption_adds_the_stored_strength_to_one_die() -> None:
    """Absorption: return the token to the box and add its strength to a die (max 6)."""
    st = start([{"card": "Absorption of Fire", "token": "R4"}], ["B1=1", "G1=5"])
    do(st, "use Absorption of Fire")
    assert texts(st) == {"die B1", "die G5"}
    do(st, "die B1")
    assert dice(st, 0) == ["B5", "G5"] and st.box == [4] and st.hands[0][1][2] == -1


def test_absorption_cannot_be_used_empty_or_with_only_sixes() -> None:
    """Absorption: no effect without a stored token, or if every die shows 6."""
    assert "use Absorption of Fire" not in texts(start(["Absorption of Fire"], ["B1=1"]))
    st = start([{"card": "Absorption of Fire", "token": "R4"}], ["B1=6"])
    assert "use Absorption of Fire" not in texts(st)


def test_absorbed_token_is_kept_across_turns_and_rounds() -> None:
    """Absorption: the token stays on the scroll until replaced or used."""
    st = start(["Absorption of Fire"], ["R1=2"])
    do(st, "break a", "die R2", "scroll Absorption of Fire")
    assert st.over[0]
    do(st, "take R", "take R", "take R")
    assert st.hands[0][1][2] == 2


def test_absorption_works_with_the_binding_break() -> None:
    """Absorption: also when you break the token using your familiar (Binding option 2)."""
    st = start(["Absorption of Fire"], ["R1=2", "R2=1"])
    do(st, "use Binding", "bind break", "break a", "die R2")
    assert texts(st) == {"scroll Absorption of Fire", "done"}


# ---------------------------------------------------------------------- Disintegration
def test_disintegration_removes_any_token_of_its_colour_without_breaking() -> None:
    """Disintegration: remove a token (need not be reachable); you still must break."""
    st = start(["Disintegration of Air"], ["R1=2"])
    do(st, "use Disintegration of Air")
    assert texts(st) == {"node far"}
    do(st, "node far")
    assert token_at(st, "far") == "-" and st.box == [22]
    assert st.mage[0] == st.board.hall  # not a break: the mage does not move
    assert st.current_player == 0 and "end round" not in texts(st)  # must still break a


def test_disintegration_needs_a_token_of_its_colour() -> None:
    """Disintegration: a seal on a scroll cannot be disintegrated; no token, no effect."""
    st = start(["Disintegration of Air"], ["R1=2"], tokens={"a": "R2", "w": "R6"})
    assert "use Disintegration of Air" not in texts(st)


def test_disintegration_returns_a_familiar_on_the_token_to_its_owner() -> None:
    """RULING: a token that leaves the board returns the familiar standing on it."""
    st = start(["Disintegration of Mind"], ["R1=2"], familiars=[None, "c"])
    do(st, "use Disintegration of Mind", "node c")
    assert st.familiar[1] == -1


# ---------------------------------------------------------------------- Rearrangement
def test_rearrangement_swaps_two_scrolls_one_of_its_colour() -> None:
    """Rearrangement: any strengths, need not be reachable, one of the scroll's colour."""
    st = start(["Rearrangement of Fire"], ["R1=2"])
    do(st, "use Rearrangement of Fire")
    # S1 holds a red scroll: it pairs with every other box; the others only with S1 / S6a
    do(st, "node S2")
    assert texts(st) == {"node S1", "node S6a"}
    do(st, "node S1")
    assert st.card[node(st, "S1")] == st.comp.card_by_name("Swap of Water")


def test_rearrangement_of_mind_needs_a_mind_scroll() -> None:
    """Rearrangement of Mind: at least one of the scrolls must be a Mind scroll."""
    st = start(["Rearrangement of Mind"], ["R1=2"])
    assert "use Rearrangement of Mind" not in texts(st)
    st = start(["Rearrangement of Mind"], ["R1=2"], scrolls={"S1": "Growth of Mind"})
    assert "use Rearrangement of Mind" in texts(st)


def test_rearranging_identical_scrolls_has_no_effect() -> None:
    """Rearrangement: swapping two copies of the same card changes nothing. (Two copies of a
    card are Might scrolls of a game with circle I, where Rearrangement is not in play: the
    loader refuses the position, so the second copy is put on the board by hand.)"""
    game = make(2, "H-S1 H-S2", circle=2)
    st = position(
        game,
        scrolls={"S1": "Growth of Fire"},
        dice=[["R1=1"], ["R2=1"]],
        hands=[["Rearrangement of Fire"], []],
        circle=2,
    )
    st.card[node(st, "S2")] = st.card[node(st, "S1")]
    edited(st)
    assert "use Rearrangement of Fire" not in texts(st)


def test_a_guardian_moves_with_its_scroll() -> None:
    """RULING: a guardian stands on its scroll and moves with it (it stays on its colour)."""
    st = start(["Rearrangement of Fire"], ["R1=2"], guardians={"R": "S1"})
    do(st, "use Rearrangement of Fire", "node S1", "node S2")
    assert st.guardian[0] == node(st, "S2")
    assert hand(st, 0)[-1] == "Rearrangement of Fire (down)"
