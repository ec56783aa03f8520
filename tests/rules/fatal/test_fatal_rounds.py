"""The end of a round, the sealed reveal and its bonus, the second round, elimination and the
final scoring with its tie-breaks."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.fatal.fatal_helpers import (
    ENCHANTMENTS,
    chance,
    discard,
    display,
    do,
    face_up,
    frame,
    hand,
    make,
    position,
    texts,
    top,
    treasures,
)

from grimoire.core.errors import IllegalAction
from grimoire.games.fatal.state import FatalState


def round_end(**fields: Any) -> FatalState:
    """Seat 0's star treasure refill reveals the Queen: round 1 ends."""
    doc: dict[str, Any] = {
        "rows": [[["V01", "V02"], ["V05"]], [[], []], [[], []]],
        "hands": [["V20"], ["V21"], ["V22"]],
        "display": ["R-1", "Y2", "B3"],
        "t_mid": 0,
        "stack": [{"k": "turn", "s": 0, "at": 3}],
    }
    doc.update(fields)
    state = position(make(3), **doc)
    do(state, "slot 1")
    do(state, "seat 1")
    chance(state, "Queen")
    return state


def test_reveal_is_sealed_and_simultaneous() -> None:
    """Revealing your character (ruling 2): everyone decides at once; a view shows who has
    chosen, never another seat's choice."""
    state = round_end(treasures=[["R3", "Y1"], ["Y3"], ["B2"]])
    assert state.current_player == frozenset({0, 1, 2})
    assert texts(state, 1) == ["reveal", "hide"]
    do(state, "reveal", 1)
    assert state.current_player == frozenset({0, 2})
    assert state.view(0)["reveal"] == {"has_chosen": [1], "my_choice": None}
    assert state.view(1)["reveal"] == {"has_chosen": [1], "my_choice": "reveal"}
    assert (
        state.describe(0, state.parse_action("hide"), 2)
        == "seat 1: has chosen (sealed: reveal or hide)"
    )
    assert "hide" in state.describe(0, state.parse_action("hide"), 0)
    do(state, "hide", 0)
    do(state, "reveal", 2)
    # seat 1 (revealed) draws a card, then may keep one treasure of its colour face up
    assert state.view(0)["seats"][1]["character"] == "Lichtenborn"
    assert state.view(0)["seats"][0]["character"] == "Flambeaux"  # (its own)
    assert state.view(1)["seats"][0]["character"] is None  # hidden
    chance(state, "V40")
    assert texts(state, 1) == ["done", "treasure Y3"]
    do(state, "treasure Y3", 1)
    chance(state, "V41")  # seat 2 revealed too: a card; no blue to keep? B2 is blue: asked
    assert texts(state, 2) == ["done", "treasure B2"]
    do(state, "done", 2)
    assert state.round == 2 and frame(state) == "tdraw"
    for name in ("R2", "Y2", "B1"):
        chance(state, name)
    assert face_up(state, 1) == ["Y3"] and treasures(state, 0) == [] and treasures(state, 2) == []
    assert hand(state, 1) == ["V21", "V40"] and hand(state, 2) == ["V22", "V41"]
    assert state.round1 == [3, 3, 2]  # R3 + Y1 + R-1; Y3; B2
    # the rebuilt deck: every treasure but the kept Y3, the Queen among the last five
    assert len(state.t_pool) + 3 == 15 and state.t_mid == 14 - 4 - 3
    # play resumes exactly where it stopped: seat 0's turn ends (no trimagic), seat 1 plays
    assert state.turn == 1 and frame(state) == "act1"


def test_round_two_revealed_player_keeps_own_colour_face_up_and_scores_the_chart() -> None:
    """Second round: a revealed player keeps treasures of its colour face up; final scoring
    counts them by the chart 1/3/6/10/15 (face values ignored), other treasures at face value,
    one point per card in hand or set aside; total = round 1 + round 2."""
    state = position(
        make(3),
        round=2,
        round1=[5, 2, 0],
        revealed=[True, False, False],
        face_up=[["R3", "R-1", "R1"], [], []],
        treasures=[["Y2"], ["R2", "R1"], []],
        hands=[["V01", "V02"], ["V03"], []],
        aside=[["V04"], [], []],
        display=["B3", "Y3", "B2"],
    )
    # seat 0: chart for 3 red = 6, Y2 = 2, 2 cards + 1 set aside = 3; plus round 1's 5
    # seat 1 (hidden): R2 + R1 = 3 at face value, 1 card; plus 2
    assert state.scores() == [16.0, 6.0, 0.0]
    assert state.view(1)["scores"][0] is None  # seat 0's Y2 lies face down
    assert state.view(1)["scores"][1] == 6.0


def test_final_scoring_at_the_second_queen_and_tie_breaks() -> None:
    """End of the Game: the second Queen ends the game at once. Ties: most treasures of one's
    colour, then the highest value of them (ruling 7: still tied, shared)."""
    state = position(
        make(3),
        round=2,
        round1=[3, 3, 0],
        rows=[[["V01", "V02"], ["V05"]], [[], []], [[], []]],
        treasures=[["R1"], ["Y2"], []],
        hands=[[], [], []],
        display=["B3", "Y3", "B2"],
        t_mid=0,
        stack=[{"k": "turn", "s": 0, "at": 3}],
    )
    do(state, "slot 1")
    do(state, "seat 3")
    chance(state, "Queen")
    assert state.is_terminal()
    # seat 0: 3 + 1 = 4; seat 1: 3 + 2 = 5; seat 2: 0 + 3 = 3
    assert state.scores() == [4.0, 5.0, 3.0] and state.winners() == [1]
    tied = position(
        make(3),
        phase="over",
        round=2,
        round1=[4, 4, 0],
        treasures=[["R1", "Y1"], ["Y1", "B1"], []],
        stack=[],
    )
    assert tied.scores()[0] == tied.scores()[1] == 6.0
    assert tied.winners() == [0, 1]  # one own-colour treasure each, both worth 1: shared
    better = position(
        make(3),
        phase="over",
        round=2,
        round1=[5, 4, 0],
        treasures=[["R2", "Y-1"], ["Y1", "B1"], []],
        stack=[],
    )
    assert better.scores()[0] == better.scores()[1] == 6.0
    assert better.winners() == [0]  # same count, higher own-colour value


def test_elimination_in_round_two_shares_treasures_from_the_left() -> None:
    """Eliminating, second round: the victim is out and reveals its character; not the
    opposing sign: its treasures are dealt at random to the players still in the game,
    starting with the player on the eliminator's left (ruling 23: face-up ones too). Ruling 3:
    "A player eliminated in round 2 leaves the turn order; their set-aside cards are
    discarded" (its rows too)."""
    state = position(
        make(4),
        round=2,
        round1=[0, 0, 0, 0],
        # seat 0 Flambeaux opposes Lichtenborn (seat 1); it eliminates Terranova (seat 3)
        rows=[[["V40", "V44", "V01"], ["V02"]], [[], []], [[], []], [["V05"], []]],
        hands=[["V20"], ["V21"], ["V22"], ["V23"]],
        treasures=[[], ["Y2"], [], ["G2", "R1"]],
        revealed=[False, False, False, True],
        face_up=[[], [], [], ["G3"]],
        aside=[[], [], [], ["V30"]],
        stack=[{"k": "turn", "s": 0, "at": 4}],
    )
    do(state, "seat 4")
    do(state, "allow", 3)
    chance(state, "V23")
    assert state.out[3] and not state.is_terminal()
    assert state.view(1)["seats"][3]["character"] == "Terranova"
    assert "V30" in discard(state) and "V05" in discard(state)  # its set-aside cards and rows
    order = []
    while top(state)["k"] == "share":
        order.append(top(state)["to"])
        chance(state, sorted(state.comp.treasure_name(state.tkind(t)) for t in state.tre[3])[0])
    assert order == [1, 2, 0]  # from the eliminator's left, the eliminator included
    assert treasures(state, 1) == ["G2", "Y2"] and treasures(state, 2) == ["G3"]
    assert treasures(state, 0) == ["R1"]
    # each recipient sees what it got; the others do not
    assert state.view(1)["seats"][2]["known_treasures"] == []
    # the eliminated seat leaves the turn order
    while not state.is_terminal() and state.turn == 0:
        actor = state.current_player
        assert isinstance(actor, int)
        legal = state.legal_actions(actor)
        state.apply(legal[0], actor) if not state.is_chance() else state.apply(
            state.sample_chance()
        )
    assert state.turn == 1


def test_eliminated_player_cannot_win_and_last_player_standing_ends_the_game() -> None:
    """Ruling 17: an eliminated seat cannot win; ruling 25: when one player is left in the
    game, the game ends at once with the final scoring."""
    state = position(
        make(3),
        round=2,
        round1=[0, 30, 0],
        out=[False, True, False],
        characters=["Flambeaux", "Lichtenborn", "Aquate"],
        rows=[[["V40", "V44", "V01"], []], [[], []], [[], []]],
        hands=[["V20"], [], ["V22"]],
        stack=[{"k": "turn", "s": 0, "at": 4}],
    )
    assert texts(state) == ["seat 3"]
    do(state, "seat 3")
    do(state, "allow", 2)
    chance(state, "V22")
    # Aquate is not Flambeaux's opposing sign: no special victory, but seat 0 is alone
    assert state.is_terminal() and state.special == -1
    assert state.winners() == [0]


def test_pickpocket_empties_a_hand_round_one_draws_a_card() -> None:
    """Pickpocket (PROPOSED) takes a random card; a hand emptied by another player's effect in
    round 1 draws one card (ruling 5)."""
    state = position(make(3), hands=[["Pickpocket"], ["V21"], ["V22", "V23"]])
    assert texts(state) == ["done", "enchant Pickpocket"]
    do(state, "enchant Pickpocket")
    assert texts(state) == ["seat 2", "seat 3"]
    do(state, "seat 2")
    chance(state, "V21")
    chance(state, "V30")  # seat 1's hand was emptied: it draws one
    assert hand(state, 0) == ["V21"] and hand(state, 1) == ["V30"]
    # the thief and the victim know where V21 went; seat 2 does not
    assert state.view(1)["seats"][0]["known_hand"] == ["V21"]
    assert state.view(2)["seats"][0]["known_hand"] == []


def test_reveal_choices_are_refused_from_seats_not_asked() -> None:
    """A seat that has chosen cannot choose again; the reveal waits for every seat."""
    state = round_end(treasures=[[], [], []])
    do(state, "reveal", 0)
    try:
        do(state, "hide", 0)
    except IllegalAction:
        pass
    else:  # pragma: no cover
        raise AssertionError("a seat chose twice")
    assert display(state)[0] is None  # the Queen's slot stays empty until the new deck


def test_decision_limit_safeguard_ends_the_game_scored_as_it_stands() -> None:
    """Ruling 26 (engine safeguard): after ``decision_limit`` player decisions the game ends,
    scored as it stands; ``max_game_length`` is that limit."""
    game = make(3, decision_limit=5)
    assert game.max_game_length == 5
    state = game.new_state(4)
    decisions = 0
    while not state.is_terminal():
        seat = min(state.seats_to_act())
        state.play(state.legal_actions(seat)[0], seat)
        decisions += 1
    assert decisions == 5 and state.winners()
    assert state.view(0)["scores"] == state.scores()


def test_setup_notices_are_private() -> None:
    """Setup: each player examines their own character; the others read a neutral line."""
    game = make(3)
    state = game.new_state(9, resolve_chance=False)
    outcome = state.sample_chance()
    assert state.describe(-1, outcome, 0).startswith("you are ")
    assert state.describe(-1, outcome, 1) == "seat 1 is dealt a character"
    assert state.describe(-1, outcome, None) == "seat 1 is dealt a character"


@pytest.mark.parametrize(("count", "points"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15)])
def test_final_chart_for_a_revealed_players_own_colour(count: int, points: int) -> None:
    """End of the Game: "If your character is face up ... your treasures that match your color
    are scored according to this chart: 1 2 3 4 5 treasures, 1 3 6 10 15 points. Ignore the
    value shown on these treasures." The same treasures face down score their face values."""
    reds = ["R3", "R2", "R1", "R1", "R-1"][:count]
    revealed = position(
        make(3),
        phase="over",
        round=2,
        round1=[0, 0, 0],
        revealed=[True, False, False],
        face_up=[reds, [], []],
        hands=[[], [], []],
        display=["Y3", "B3", "Y2"],
        stack=[],
    )
    assert revealed.scores()[0] == points
    hidden = position(
        make(3),
        phase="over",
        round=2,
        round1=[0, 0, 0],
        treasures=[reds, [], []],
        display=["Y3", "B3", "Y2"],
        stack=[],
    )
    values = {"R3": 3, "R2": 2, "R1": 1, "R-1": -1}
    assert hidden.scores()[0] == sum(values[t] for t in reds)


def test_emptying_your_own_hand_is_no_elimination() -> None:
    """Ruling 17: "Elimination happens only through another seat's effect." A player who plays
    the last card of its hand in round 2 stays in the game."""
    state = position(
        make(3),
        round=2,
        round1=[0, 0, 0],
        hands=[["V01"], ["V21"], ["V22"]],
        deck=[],
        discard=[],
        aside=[
            [],
            [],
            [f"V{i:02d}" for i in range(2, 53) if f"V{i:02d}" not in ("V21", "V22")]
            + [name for name in ENCHANTMENTS for _ in range(2)],
        ],
    )
    do(state, "done")
    do(state, "play V01 row 1")  # no card to set aside: deck and discard pile are empty
    assert state.hands[0] == [] and not state.out[0] and not state.is_terminal()
    assert state.turn == 1


def test_round_two_deck_gathers_every_treasure_not_kept_face_up() -> None:
    """The Second Round: "Gather all the treasures, including any still in the deck, that have
    not been set aside by players who revealed their character. Shuffle these cards and rebuild
    the treasure deck the same way as the beginning of the game (don't forget the Enchantress
    Queen!)": the display, the players' piles, the deck, a treasure under it; the Queen among
    the last five (ruling 1)."""
    state = round_end(
        treasures=[["R3"], ["Y3", "Y1"], ["B2"]],
        t_under=["B1"],
    )
    do(state, "hide", 0)
    do(state, "reveal", 1)
    do(state, "hide", 2)
    chance(state, "V40")
    do(state, "treasure Y3", 1)
    assert state.round == 2 and state.t_under == [] and state.t_top == []
    # 15 treasures + the Queen, minus Y3 kept face up: 15 in the new pile, 3 about to show
    assert len(state.t_pool) == 15 and state.lay.queen in state.t_pool
    assert state.t_mid == 14 - 4  # the Queen and four treasures at the bottom
    for name in ("R1", "B1", "Y-1"):
        chance(state, name)
    assert face_up(state, 1) == ["Y3"] and not any(state.tre)


def test_second_queen_ends_the_game_mid_effect_and_set_aside_cards_score() -> None:
    """End of the Game: "The second time the Enchantress Queen is revealed, the game
    immediately ends (even in the middle of a turn!)": a TAKE of two treasures stops after the
    first; cards set aside but not yet in hand are worth 1 point each."""
    state = position(
        make(3),
        round=2,
        round1=[2, 0, 1],
        rows=[[["V14", "V15", "V16"], []], [[], []], [[], []]],  # TAKE, ONE, 2 treasures
        hands=[["V20"], ["V21"], ["V22"]],
        aside=[["V30", "V31"], [], []],
        display=["R2", "Y3", "B3"],
        t_mid=0,
        stack=[{"k": "turn", "s": 0, "at": 4}],
    )
    do(state, "seat 1")
    do(state, "slot 1")
    chance(state, "Queen")
    assert state.is_terminal()
    assert treasures(state, 0) == ["R2"] and display(state) == [None, "Y3", "B3"]
    # seat 0: round 1 2 + R2 2 + 1 card in hand + 2 set aside = 7
    assert state.scores() == [7.0, 1.0, 2.0] and state.winners() == [0]


def test_reveal_bonuses_go_in_seat_order_from_the_player_whose_turn_it_was() -> None:
    """Ruling 30 (engine): revealed players draw their card and keep their treasure in seat
    order from the player whose turn it was. The rulebook: a revealed player draws a card and
    "may set one of the treasures of your color (if you have any), face up"."""
    state = position(
        make(3),
        rows=[[[], []], [[], []], [["V01", "V02"], ["V05"]]],
        hands=[["V20"], ["V21"], ["V22"]],
        treasures=[["R3"], ["Y1"], ["B2"]],
        display=["R-1", "Y2", "B3"],
        t_mid=0,
        turn=2,
        stack=[{"k": "turn", "s": 2, "at": 3}],
    )
    do(state, "slot 1")
    do(state, "seat 3")
    chance(state, "Queen")
    for seat in (0, 1, 2):
        do(state, "reveal", seat)
    order = []
    while state.round == 1:
        if state.is_chance():
            order.append(top(state)["s"])
            state.apply(state.sample_chance())
        else:
            actor = state.current_player
            assert isinstance(actor, int) and texts(state, actor)[-1].startswith("treasure")
            do(state, texts(state, actor)[-1], actor)
    assert order == [2, 0, 1]
    assert face_up(state, 0) == ["R3"] and face_up(state, 1) == ["Y1"]
    assert face_up(state, 2) == ["B2"]


def test_the_exchange_may_give_up_a_face_up_treasure() -> None:
    """Ruling 28 (engine): the exchange's treasure is "one of your treasures valued 1, 2, or 3"
    (RULEBOOK), face down or face up."""
    state = position(
        make(3),
        round=2,
        round1=[0, 0, 0],
        revealed=[True, False, False],
        face_up=[["R2"], [], []],
        hands=[["V01"], ["V21"], ["V22"]],
    )
    do(state, "exchange")
    assert texts(state) == ["treasure R2"]
    do(state, "treasure R2")
    assert face_up(state, 0) == [] and state.view(1)["treasure_deck"]["under"] == ["R2"]
