"""A bot that says it reads nothing hidden (``Bot.reads_hidden = False``) is dealt its copies
from one generator per seat (``core.bot.Dealer``), so it sees other re-deals than before: that
must not change a single choice. For every registered game whose heuristic says so, at the
battery's sample of player counts and options, two bots with the same seed choose on two
different re-deals of each position of a seeded game and must agree; the check fails on a toy
bot that lies (it reads the other seat's hand)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from tests.contract.cases import all_cases
from tests.core.test_lean_state import _Own, _Reader

import grimoire
from grimoire.core.bot import Bot
from grimoire.core.game import Game

ALL_CASES = all_cases()
DECISIONS = 80  # positions checked per case


def first_disagreement(
    game: Game, make: Callable[[int], Bot], seed: int, decisions: int = DECISIONS
) -> str | None:
    """Where two bots of the same seed choose differently on two re-deals of the same
    position of a seeded game (None: nowhere in its first ``decisions`` decisions)."""
    state = game.new_state(seed)
    play = random.Random(seed)
    for step in range(decisions):
        if state.is_terminal():
            return None
        seat = min(state.seats_to_act())
        choices = {
            make(step).choose(state.for_seat(seat, random.Random(deal)), seat)
            for deal in (step, 10_000 + step)
        }
        if len(choices) > 1:
            return f"seed {seed}, step {state.step}, seat {seat}: {sorted(choices)}"
        state.play(play.choice(state.legal_actions(seat)), seat)
    return None


@pytest.mark.parametrize("case", ALL_CASES, ids=[case.id for case in ALL_CASES])
def test_a_bot_that_reads_nothing_hidden_chooses_alike_on_any_re_deal(case: Any) -> None:
    game = grimoire.make(case.game, players=case.players, **case.options)
    bot = game.heuristic_bot(0)
    if bot is None or bot.reads_hidden:
        pytest.skip("no heuristic that says it reads nothing hidden")
    heuristic = game.heuristic_bot
    assert first_disagreement(game, lambda seed: heuristic(seed) or bot, 3) is None


def test_the_check_finds_a_bot_that_reads_a_hidden_hand() -> None:
    game = grimoire.make("toy_duel", players=2, hand=4)
    assert first_disagreement(game, lambda seed: _Own(seed), 5) is None
    assert first_disagreement(game, lambda seed: _Reader(seed), 5) is not None
