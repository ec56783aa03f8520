"""The rule behind every move, the paragraph of each step and the score breakdown, in German
and Japanese: walking seeded random games of every shipped game, no explanation of a legal
action, no rules paragraph of a step, no final board and no breakdown leaves an English word of
the catalogues (``left_in``), and every step's paragraph comes from the translation."""

from __future__ import annotations

import random
import zlib

import pytest
from tests.i18n.test_no_english_left import left_in

import grimoire
from grimoire.core.i18n import language_scope
from grimoire.registry import BUILTIN
from grimoire.rulebook import rule_for

PLAYERS = {"ciub": 2, "runika": 2, "five-seals": 3, "fatal": 3}
CHECKED = 25  # positions whose explanations are read, per game and language


def _walk(name: str, lang: str) -> tuple[list[str], set[str], grimoire.State]:
    """(explanations read, rules steps met, the final state) of a seeded random game."""
    game = grimoire.make(name, players=PLAYERS[name])
    rng = random.Random(zlib.crc32(f"{name}/{lang}".encode()))
    state = game.new_state(rng.randrange(1000))
    texts: list[str] = []
    steps: set[str] = set()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = rng.choice(sorted(state.seats_to_act()))
        legal = state.legal_actions(seat)
        step = game.rules_step(state)
        if step not in steps:
            steps.add(step)
            rule = rule_for(game, state, lang)
            assert rule is not None and rule.language == lang, (name, step, lang)
            texts.append(f"{rule.heading}\n{rule.text}")
        if len(texts) < CHECKED * 4 and rng.random() < 0.3:
            with language_scope(lang):
                texts += [game.explain(state, action, seat) for action in legal]
        state.apply(rng.choice(state.progress_actions(seat)), seat)
    return texts, steps, state


@pytest.mark.parametrize("lang", ["de", "ja"])
@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_explanations_steps_and_breakdown_speak_the_language(name: str, lang: str) -> None:
    texts, steps, state = _walk(name, lang)
    assert len(steps) > 1, steps
    game = state.game
    with language_scope(lang):
        for viewer in (None, 0):
            texts += [
                p["what"] for row in game.score_breakdown(state, viewer) for p in row["parts"]
            ]
    left = {word: text for text in texts for word in left_in(text, lang, name)}
    assert not left, left
