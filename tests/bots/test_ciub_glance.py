"""The Ciúb odds shown beside the cards (``odds.glance``, ``CiubGame.aids``): the first roll's
chance against an enumeration of every roll, the turn's best-play chance against the exact
solver, and the terminal showing both."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from rich.console import Console
from tests.bots.ciub_positions import brute_force, position

from grimoire.core.i18n import language_scope
from grimoire.games.ciub import odds, turn
from grimoire.games.ciub.requirements import meets
from grimoire.games.ciub.state import CiubState

# card 1 "4=", card 3 "20+", card 6 "6,6", card 9 "1,1,1", card 2 "2,4,6"; in this seed's
# layout the bottom row is [9, 7, 3].


def enumerated(state: CiubState, card_id: int, seat: int) -> Fraction:
    """Every face of every rolled die, counted: the tray's faces (in the seat's dice part
    only) plus one roll of every other die it holds meet the card."""
    playing = odds.in_turn(state, seat)
    mine = turn.held(state, seat)
    tray = [
        state.c.face_symbol(d, state.face[d])
        for d in mine
        if playing and state.tray[d] and state.face[d] >= 0
    ]
    rolled = [d for d in mine if not (playing and state.tray[d])]
    faces = [state.c.colours[state.c.die_colour[d]].faces for d in rolled]
    wild = bool(state.game.options["skulls_wild"])
    card = state.c.cards[card_id]
    hits = sum(meets(card, tray + list(roll), wild) for roll in product(*faces))
    return Fraction(hits, 6 ** len(rolled))


CASES = [
    ([("O1", "6", True), ("O2", None, False), ("R1", None, False)], "roll", 6, {}),
    ([("Y1", "1", True), ("Y2", "3", False), ("B1", "reroll", False)], "set_aside", 9, {}),
    (
        [("R1", "6", True), ("R2", None, False), ("O1", None, False), ("G1", None, False)],
        "roll",
        3,
        {},
    ),
    (
        [("G1", "skull", True), ("P1", None, False), ("B1", None, False), ("G2", None, False)],
        "roll",
        1,
        {},
    ),
    (
        [("G1", "skull", True), ("O1", "2", True), ("O2", None, False), ("B1", None, False)],
        "roll",
        1,
        {"skulls_wild": True},
    ),
    ([("O1", "2", False), ("R1", "4", False), ("G1", None, False)], "actions", 2, {}),
]


@pytest.mark.parametrize(("dice", "phase", "card", "options"), CASES)
def test_first_roll_chance_equals_every_roll_counted(
    dice: list[tuple[str, str | None, bool]], phase: str, card: int, options: dict[str, bool]
) -> None:
    to_roll = [label for label, face, tray in dice if not tray] if phase == "roll" else None
    state = position(dice, phase=phase, to_roll=to_roll, supply_only=(), **options)
    assert odds.roll_chance(state, card, exact=True) == enumerated(state, card, 0)
    # the other seat, outside its turn: every die it holds (five white dice) rolled afresh
    assert odds.roll_chance(state, card, 1, exact=True) == enumerated(state, card, 1)


def test_before_the_first_roll_the_glance_is_the_first_roll_alone() -> None:
    dice = [("O1", None, False), ("O2", None, False), ("R1", None, False)]
    state = position(dice, phase="roll", to_roll=["O1", "O2", "R1"], supply_only=())
    assert odds.before_first_roll(state, 0)
    rows = odds.glance(state)
    assert [row["card"] for row in rows] == odds.claimable_rows(state, 0)
    for row in rows:
        assert row["turn"] is None
        assert row["first_roll"] == float(enumerated(state, row["card"], 0))
    # seat 1 waits for its turn: its first roll too
    assert all(row["first_roll"] is not None for row in odds.glance(state, 1))


def test_once_rolled_the_glance_is_the_exact_best_play_chance_of_the_turn() -> None:
    dice = [("Y1", "1", True), ("Y2", "1", False), ("Y3", "5", False)]
    state = position(dice, phase="set_aside", supply_only=())
    assert not odds.before_first_roll(state, 0)
    rows = {row["card"]: row for row in odds.glance(state)}
    assert rows[9]["first_roll"] is None
    expected = brute_force(state, 9)  # the engine's own game tree of the rest of the turn
    assert rows[9]["turn"] == pytest.approx(float(expected), abs=1e-12)
    assert 0 < rows[9]["turn"] < 1


def test_a_position_too_big_for_the_budget_shows_no_turn_chance_whatever_was_asked_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dice = [("Y1", "1", True), ("Y2", "1", False), ("Y3", "5", False)]
    state = position(dice, phase="set_aside", supply_only=())
    solved = odds.glance(state)
    monkeypatch.setattr(odds, "GLANCE_NODES", 3)
    assert all(row["turn"] is None for row in odds.glance(state))
    # the shared solver has this position in memory now, and still it is not shown: the
    # budget is counted on a fresh solver, so what is shown depends on the position alone
    odds.card_odds(state, 9)
    assert all(row["turn"] is None for row in odds.glance(state))
    monkeypatch.setattr(odds, "GLANCE_NODES", 4_000)
    assert odds.glance(state) == solved


def test_the_terminal_shows_the_odds_beside_the_cards_and_says_what_they_are() -> None:
    two = [("O1", None, False), ("O2", None, False)]
    before = position(two, phase="roll", to_roll=["O1", "O2"], supply_only=())
    console = Console(width=200, record=True, color_system=None)
    console.print(before.game.render_text(before, 0))
    text = console.export_text()
    chance = odds.roll_chance(before, 9)  # 1,1,1 from two orange dice: impossible
    assert chance == 0
    assert "[ 9] 1,1,1 3VP ⚀0%" in text
    assert "Odds for seat 1, exact" in text  # seats counted from 1

    after = position([("Y1", "1", True), ("Y2", "1", False), ("Y3", "5", False)], phase="set_aside")
    console = Console(width=200, record=True, color_system=None)
    console.print(after.game.render_text(after, 0))
    turn = next(row["turn"] for row in odds.glance(after) if row["card"] == 9)
    assert f"[ 9] 1,1,1 3VP {round(100 * turn)}%" in console.export_text()

    with language_scope("de"):
        console = Console(width=200, record=True, color_system=None)
        console.print(after.game.render_text(after, 0))
        assert "Genaue Chancen für Platz 1" in console.export_text()


@pytest.mark.parametrize(
    ("chance", "shown"), [(0.0, "0%"), (0.004, "<1%"), (0.5, "50%"), (0.996, ">99%"), (1.0, "100%")]
)
def test_a_possibility_never_reads_as_0_or_100_percent(chance: float, shown: str) -> None:
    from grimoire.core.i18n import percent

    assert percent(chance) == shown


def test_no_legend_when_no_card_shows_a_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(odds, "GLANCE_NODES", 3)  # the turn's chance is not found
    state = position([("Y1", "1", True), ("Y2", "1", False), ("Y3", "5", False)], phase="set_aside")
    console = Console(width=200, record=True, color_system=None)
    console.print(state.game.render_text(state, 0))
    text = console.export_text()
    assert "[ 9] 1,1,1 3VP " in text and "%" not in text.split("[ 9]")[1].split("[")[0]
    assert "Odds for seat" not in text


def test_with_many_free_dice_the_solver_is_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    dice = [(f"R{i}", "3", False) for i in range(1, odds.GLANCE_FREE_DICE + 2)]
    state = position(dice, phase="set_aside", supply_only=())

    def refuse(*args: object, **kwargs: object) -> float:
        raise AssertionError("asked the solver")

    monkeypatch.setattr(odds, "card_odds", refuse)
    assert all(row["turn"] is None for row in odds.glance(state))
