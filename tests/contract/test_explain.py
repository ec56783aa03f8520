"""The rule behind every move (``Game.explain``), for every registered game and the toys: at
positions spread over a seeded random game, every legal action of every seat to act has an
explanation, in every language, that changes nothing and is the same in every position the
seat cannot tell apart (it is built from what the seat may see only). The four shipped games
explain every kind of action in their own words, never with the bare action text."""

from __future__ import annotations

import json
import random
import zlib
from collections import Counter

import pytest
from tests.contract.cases import all_games

import grimoire
from grimoire.core.i18n import LANGUAGES, language_scope
from grimoire.core.state import State
from grimoire.registry import BUILTIN

CHECKED_STEPS = 40  # positions checked per game


def explain_all(state: State, seat: int, rng: random.Random, kinds: Counter[str]) -> None:
    game = state.game
    before = json.dumps(state.to_json())
    twin = state.resample(seat, random.Random(rng.getrandbits(32)))
    for action in state.legal_actions(seat):
        for lang in LANGUAGES:
            with language_scope(lang):
                text = game.explain(state, action, seat)
                assert isinstance(text, str) and text.strip(), (game.name, action, lang)
                assert game.explain(twin, action, seat) == text, (
                    f"{game.name}: the explanation of {state.action_to_string(action)!r} tells "
                    f"seat {seat} something it cannot see"
                )
        if game.explain(state, action, seat) != state.action_to_string(action):
            kinds[game.codec.decode(action).kind] += 1
    assert json.dumps(state.to_json()) == before, "explaining changed the state"


def walk(name: str, seed: int, kinds: Counter[str], seen: Counter[str]) -> None:
    cls = grimoire.game_class(name)
    game = grimoire.make(name, players=max(cls.min_players, min(3, cls.max_players)))
    rng = random.Random(seed)
    state = game.new_state(seed)
    checks = 0
    while not state.is_terminal() and checks < CHECKED_STEPS:
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = rng.choice(sorted(state.seats_to_act()))
        legal = state.legal_actions(seat)
        if rng.random() < 0.35:
            seen.update(game.codec.decode(a).kind for a in legal)
            explain_all(state, seat, rng, kinds)
            checks += 1
        state.apply(rng.choice(legal), seat)


@pytest.mark.parametrize("name", all_games())
def test_every_legal_action_is_explained_from_what_its_seat_sees(name: str) -> None:
    kinds: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    walk(name, zlib.crc32(name.encode()), kinds, seen)
    if name in BUILTIN:  # a shipped game explains every kind it offered in its own words
        assert set(seen) <= set(kinds), f"{name}: explained only by the action's text: " + (
            ", ".join(sorted(set(seen) - set(kinds)))
        )


@pytest.mark.parametrize("name", all_games())
def test_the_score_breakdown_adds_up_to_the_final_scores(name: str) -> None:
    cls = grimoire.game_class(name)
    game = grimoire.make(name, players=max(cls.min_players, min(3, cls.max_players)))
    rng = random.Random(zlib.crc32(name.encode()))
    state = game.new_state(7)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = rng.choice(sorted(state.seats_to_act()))
        state.apply(rng.choice(state.progress_actions(seat)), seat)
    for viewer in [None, *range(game.players)]:
        for lang in LANGUAGES:
            with language_scope(lang):
                rows = game.score_breakdown(state, viewer)
            if name in BUILTIN:
                assert [row["seat"] for row in rows] == list(range(game.players))
            for row in rows:
                points = [part["points"] for part in row["parts"] if part["points"] is not None]
                assert sum(points) == row["total"] == state.scores()[row["seat"]], row
                assert all(isinstance(part["what"], str) and part["what"] for part in row["parts"])
