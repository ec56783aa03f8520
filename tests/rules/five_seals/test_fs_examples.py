"""The rulebook's worked examples: the example turn (both options, from a position document),
the scoring example, and scoring and winning in general."""

from __future__ import annotations

import json
from pathlib import Path

from tests.rules.five_seals.fs_helpers import dice, do, hand, make, node, position, texts

import grimoire
from grimoire.games.five_seals.scoring import score_of

DATA = Path(__file__).parent / "data"


def example_turn():
    """The example turn's position: blue 3, yellow 2, red 1; Binding, Change of Air and
    Strengthening of Fire; standing right before Growth of Fire, Renewal of Mind in reach."""
    game = grimoire.make(
        "five-seals", players=2, board=str(DATA / "example_board.json"), first_player=0
    )
    return game.state_from_json(json.loads((DATA / "example_turn.json").read_text()))


def test_example_turn_position_offers_both_options() -> None:
    """Example of game turn: Growth of Fire (strength 5) is out of the red 1's range; the
    blue 3 can break Renewal of Mind (a Mind scroll: dice of any one colour)."""
    st = example_turn()
    assert texts(st) == {
        "break S3",
        "use Binding",
        "use Change of Air",
        "use Strengthening of Fire",
    }


def test_example_turn_option_1_change_strengthen_and_take_growth_of_fire() -> None:
    """Option 1: Change of Air turns the yellow 2 into a red 2; Strengthening of Fire upgrades
    both red dice; both red dice break Growth of Fire; the mage moves onto its space."""
    st = example_turn()
    do(st, "use Change of Air", "colour Fire", "die Y2")
    assert dice(st, 0) == ["B3", "R1", "R2"]
    do(st, "use Strengthening of Fire", "die R2", "die R1")
    assert dice(st, 0) == ["B3", "R3", "R4"]
    do(st, "break S5")
    assert texts(st) == {"die R4"}  # the 3 alone could not complete the seal
    do(st, "die R4", "die R3")
    assert hand(st, 0) == [
        "Binding",
        "Change of Air (down)",
        "Strengthening of Fire (down)",
        "Growth of Fire",
    ]
    assert st.mage[0] == node(st, "S5") and dice(st, 0) == ["B3"]
    assert st.current_player == 1  # wait for the other players' turns


def test_example_turn_option_2_binding_then_renewal_of_mind() -> None:
    """Option 2: Binding puts the familiar next to the mage, blocking passage; the blue die
    breaks Renewal of Mind; the mage moves onto its space; Growth of Fire waits."""
    st = example_turn()
    do(st, "use Binding", "bind familiar")
    assert st.familiar[0] == node(st, "g2")
    do(st, "break S3", "die B3")
    assert hand(st, 0)[-1] == "Renewal of Mind" and st.mage[0] == node(st, "S3")
    assert dice(st, 0) == ["R1", "Y2"]
    # the familiar still blocks g2: the opponent cannot get at Growth of Fire or t
    assert st.current_player == 1 and not {"break S5", "break t"} & texts(st)


def test_rulebook_scoring_example_is_27() -> None:
    """Scoring example: 24 points of scrolls + 3 for Synergy of Air's three Air spells."""
    game = make(2, "H-a")
    st = position(
        game,
        tokens={"a": "R2"},
        dice=[["R1=1"], ["R2=1"]],
        hands=[
            [
                "Change of Air",
                "Renewal of Fire",
                "Renewal of Mind",
                "Strengthening of Fire",
                "Growth of Air",
                "Synergy of Air",
            ],
            [],
        ],
    )
    assert score_of(st.hands[0]) == (24, 3)
    assert st.scores() == [27.0, 1.0]


def test_synergy_bonuses_are_cumulative_and_mind_counts_binding() -> None:
    """Synergy: two Synergies of one colour both score; Synergy of Mind counts Binding."""
    game = make(2, "H-a")
    st = position(
        game,
        tokens={"a": "R2"},
        dice=[["R1=1"], ["R2=1"]],
        hands=[["Synergy of Fire", "Synergy of Fire", "Growth of Fire"], ["Synergy of Mind"]],
    )
    # seat 0: 1 + 6 + 6 + 5 = 18, each Synergy of Fire counts 3 red scrolls: +6
    # seat 1: 1 + 6 = 7, Synergy of Mind counts itself and Binding: +2
    assert st.scores() == [24.0, 9.0]


def tie_game(edition: str, hands: list[list[str]]):
    game = make(2, "H-w w-S1", edition=edition)
    st = position(game, tokens={"w": "R6"}, dice=[[], []], hands=hands, over=[False, True])
    do(st, "end round", "take R", "take R", "take R")
    assert st.is_terminal()
    return st


def test_ties_are_shared_in_the_hobbyworld_rules() -> None:
    """End of game: highest score wins; if there is a tie, all tied players win."""
    st = tie_game("hobbyworld", [["Synergy of Fire"], ["Growth of Air", "Change of Water"]])
    assert st.scores()[0] == st.scores()[1] == 8.0 and st.winners() == [0, 1]


def test_mayday_breaks_ties_by_the_strongest_scrolls() -> None:
    """Edition mayday (PROPOSED): most strength-6 scrolls, then 5, and so on; else shared."""
    st = tie_game("mayday", [["Synergy of Fire"], ["Growth of Air", "Change of Water"]])
    assert st.winners() == [0]
    st = tie_game("mayday", [["Growth of Air"], ["Growth of Water"]])
    assert st.winners() == [0, 1]


def test_no_winner_before_the_end() -> None:
    """winners() is empty until the game is over."""
    assert position(make(2, "H-a"), tokens={"a": "R2"}, dice=[["R1=2"], []]).winners() == []
