"""The capability checks of the contract battery: what ``Game.capabilities`` claims is true, and
what it does not claim is absent (docs/architecture.md, "Capabilities").

``check_capabilities(game)`` plays one seeded random game of ``game`` and raises
AssertionError at the first claim its hooks do not bear out (tests/contract/test_capabilities.py
runs it on every registered game and the toys, and on toys that lie, to show it fails).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from grimoire.bots import make_bot
from grimoire.core.bot import Bot
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Capabilities, Game
from grimoire.core.observation import ObservationEncoder
from grimoire.core.options import DECISION_LIMIT, decision_limit
from grimoire.core.state import CHANCE, State
from grimoire.rulebook import sections

SAMPLES = 6  # positions of the random game at which the drawing hooks are asked
SHORT_LIMIT = 7  # the decision limit a game with the safeguard is played to


def random_game(game: Game, seed: int, limit: int | None = None) -> list[State]:
    """The positions of a seeded random game (each seat's choice among its legal actions), at
    most ``limit`` player decisions long (None: to the end)."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    seen = [state.clone()]
    decisions = 0
    while not state.is_terminal() and (limit is None or decisions < limit):
        seat = min(state.seats_to_act())
        state.play(rng.choice(state.legal_actions(seat)), seat)
        decisions += 1
        seen.append(state.clone())
    return seen


def sample(positions: list[State]) -> list[State]:
    """``SAMPLES`` positions spread over a game, its first and last among them."""
    if len(positions) <= SAMPLES:
        return positions
    step = (len(positions) - 1) / (SAMPLES - 1)
    return [positions[round(i * step)] for i in range(SAMPLES)]


def check_capabilities(game: Game, seed: int = 3) -> None:
    caps = game.capabilities
    assert isinstance(caps, Capabilities), caps
    assert game.facts()["capabilities"] == caps.to_json()
    positions = random_game(game, seed, limit=400)
    shown = sample(positions)
    viewers: list[int | None] = [None, *range(game.players)]
    check_heuristic(game, caps)
    check_observation_encoder(game, caps)
    check_decision_limit(game, caps, seed)
    check_drawings(game, caps, shown, viewers)
    check_aids(game, caps, shown, viewers)
    assert caps.solo == (game.min_players == 1), "solo: a single seat may play"
    if caps.solo:
        assert type(game)(1).players == 1
    check_text_topics(game, caps, shown[-1])
    check_rules(game, caps)
    check_browser_renderer(game, caps)


def check_heuristic(game: Game, caps: Capabilities) -> None:
    bot = game.heuristic_bot(5)
    if caps.heuristic:
        assert isinstance(bot, Bot), f"claims a heuristic, but heuristic_bot() gave {bot!r}"
        assert isinstance(make_bot("heuristic", game, 5), Bot)
    else:
        assert bot is None, f"claims no heuristic, but heuristic_bot() gave {bot!r}"
        with pytest.raises(InvalidOptions, match="ships no heuristic bot"):
            make_bot("heuristic", game, 5)


def check_observation_encoder(game: Game, caps: Capabilities) -> None:
    encoder = game.observation_encoder()
    if caps.observation_encoder:
        assert isinstance(encoder, ObservationEncoder), (
            f"claims an observation encoder, but observation_encoder() gave {encoder!r}"
        )
    else:
        assert encoder is None, f"claims no observation encoder, but got {encoder!r}"


def check_decision_limit(game: Game, caps: Capabilities, seed: int) -> None:
    declared = [o for o in game.declared_options if o.name == DECISION_LIMIT]
    cls = type(game)
    if caps.decision_limit is None:
        assert not declared, "a decision_limit option without the safeguard"
        assert game.max_decisions is None
        with pytest.raises(InvalidOptions):
            cls(game.players, {**game.options, DECISION_LIMIT: SHORT_LIMIT})
        return
    assert declared == [decision_limit(caps.decision_limit)], (
        f"the safeguard's option is the core's, with the default {caps.decision_limit}: {declared}"
    )
    assert game.max_decisions == game.options[DECISION_LIMIT]
    state_class = type(game.new_state(seed, resolve_chance=False))
    assert state_class._end_by_decision_limit is not State._end_by_decision_limit, (
        f"claims the decision-limit safeguard, but {state_class.__name__} does not implement "
        "_end_by_decision_limit (how its game ends as it stands)"
    )
    short = cls(game.players, {**game.options, DECISION_LIMIT: SHORT_LIMIT})
    positions = random_game(short, seed)
    final = positions[-1]
    assert final.is_terminal(), "the game did not end at its decision limit"
    made = sum(1 for actor, _ in final.history if actor != CHANCE)
    assert made <= SHORT_LIMIT and final.decisions == made, (made, final.decisions)
    again = short.state_from_json(final.to_json())
    assert again.decisions == final.decisions, (
        "the position document does not keep the decisions count (State.decisions)"
    )


def check_drawings(
    game: Game, caps: Capabilities, shown: list[State], viewers: list[int | None]
) -> None:
    for state in shown:
        for viewer in viewers:
            drawing = game.render_svg(state, viewer)
            if caps.svg:
                assert isinstance(drawing, str) and drawing.lstrip().startswith("<svg"), (
                    f"claims an SVG drawing, but render_svg gave {str(drawing)[:60]!r} at step "
                    f"{state.step}"
                )
            else:
                assert drawing is None, "claims no SVG drawing, but render_svg draws one"


def check_aids(
    game: Game, caps: Capabilities, shown: list[State], viewers: list[int | None]
) -> None:
    given: list[dict[str, Any]] = []
    for state in shown:
        for viewer in viewers:
            aids = game.aids(state, viewer)
            assert isinstance(aids, dict), aids
            given.append(aids)
    if caps.aids:
        assert any(given), "claims aids to play, but aids() gave none in the whole game"
    else:
        assert not any(given), "claims no aids, but aids() gives some"


def check_text_topics(game: Game, caps: Capabilities, state: State) -> None:
    topics = game.text_topics()
    if not caps.text_topics:
        assert not topics, f"claims no terminal topics, but text_topics() names {list(topics)}"
        return
    assert topics, "claims terminal topics, but text_topics() names none"
    for name in topics:
        assert isinstance(game.text_topic_word(name), str)
        assert game.text_topic(state, 0, name, "") is not None


def check_rules(game: Game, caps: Capabilities) -> None:
    document = game.rules_document()
    if not caps.rules:
        assert document is None and not game.rules_sections(), "rules without the capability"
        return
    assert document is not None and sections(document), f"no rules document {document!r}"


def check_browser_renderer(game: Game, caps: Capabilities) -> None:
    folder = type(game).web_folder()
    if caps.browser_renderer:
        assert folder is not None and (folder / "render.js").is_file(), "no render.js"
    else:
        assert folder is None


def claiming(game: Game, **claims: Any) -> Game:
    """``game`` with its capabilities replaced by ``claims`` (to make a game lie in a test)."""
    game.__dict__["capabilities"] = dataclasses.replace(game.capabilities, **claims)
    return game
