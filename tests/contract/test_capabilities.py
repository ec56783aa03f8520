"""Capabilities, declared and true: every registered game (the toys and Minimal among them, which
offers nothing optional) at the battery's sample of player counts and options claims only what
its hooks do (tests/contract/capabilities.py), and the checks fail on a game that lies."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from tests.contract.capabilities import check_capabilities, claiming
from tests.contract.cases import all_cases
from tests.toys.minimal import MinimalGame, MinimalState

import grimoire
from grimoire.core.game import Capabilities, Game
from grimoire.core.state import State

ALL_CASES = all_cases()


@pytest.mark.parametrize("case", ALL_CASES, ids=[case.id for case in ALL_CASES])
def test_every_capability_a_game_claims_is_true(case: Any) -> None:
    check_capabilities(grimoire.make(case.game, players=case.players, **case.options))


def test_minimal_offers_nothing_optional() -> None:
    """The toy the suite registers for every session claims none of the optional parts."""
    assert "toy_minimal" in grimoire.game_names()
    assert grimoire.make("toy_minimal").capabilities == Capabilities()
    assert grimoire.make("toy_minimal").facts()["capabilities"]["decision_limit"] is None


# ---------------------------------------------------------------- games that lie
class _ClaimsAPicture(MinimalGame):
    """Overrides render_svg (so it claims a picture) but draws nothing."""

    def render_svg(self, state: State, seat: int | None) -> str | None:
        return None


class _ClaimsAids(MinimalGame):
    def aids(self, state: State, seat: int | None, seconds: float | None = None) -> dict[str, Any]:
        return {}


class _ClaimsALimit(MinimalGame):
    """Declares the decision-limit safeguard without saying how its game ends as it stands."""

    decision_limit: ClassVar[int | None] = 50


class _EndingState(MinimalState):
    def _end_by_decision_limit(self) -> None:
        self.pile = 0  # the seat to act "takes the rest": terminal

    def _position(self) -> dict[str, Any]:
        return {**super()._position(), "decisions": self.decisions}


class _HasALimit(MinimalGame):
    """A Minimal with the safeguard: the hook, and its count kept in its position."""

    decision_limit: ClassVar[int | None] = 50

    def _new_state(self, seed: int) -> State:
        return _EndingState(self, seed)

    def _state_from_position(self, seed: int, doc: dict[str, Any]) -> State:
        decisions = doc.pop("decisions")
        state = super()._state_from_position(seed, doc)
        assert isinstance(state, MinimalState)
        ending = _EndingState(self, seed)
        ending.pile, ending.turn, ending.taken = state.pile, state.turn, state.taken
        ending.decisions = decisions
        return ending


class _ForgetsItsCount(_HasALimit):
    """The safeguard, but its position document loses the count."""

    def _state_from_position(self, seed: int, doc: dict[str, Any]) -> State:
        state = super()._state_from_position(seed, doc)
        state.decisions = 0
        return state


class _Draws(MinimalGame):
    def render_svg(self, state: State, seat: int | None) -> str | None:
        return "<svg/>"


LIARS: list[tuple[str, Any, str]] = [
    ("heuristic", lambda: claiming(MinimalGame(2), heuristic=True), "claims a heuristic"),
    ("encoder", lambda: claiming(MinimalGame(2), observation_encoder=True), "encoder"),
    ("svg", lambda: _ClaimsAPicture(2), "claims an SVG drawing"),
    ("svg hidden", lambda: claiming(_Draws(2), svg=False), "claims no SVG drawing"),
    ("aids", lambda: _ClaimsAids(2), "claims aids"),
    ("limit", lambda: _ClaimsALimit(2), "_end_by_decision_limit"),
    ("limit value", lambda: claiming(_HasALimit(2), decision_limit=60), "with the default 60"),
    ("no limit", lambda: claiming(_HasALimit(2), decision_limit=None), "without the safeguard"),
    ("count", lambda: _ForgetsItsCount(2), "does not keep the decisions count"),
    ("solo", lambda: claiming(MinimalGame(2), solo=True), "solo"),
    ("topics", lambda: claiming(MinimalGame(2), text_topics=True), "names none"),
    ("rules", lambda: claiming(MinimalGame(2), rules=True), "no rules document"),
    ("renderer", lambda: claiming(MinimalGame(2), browser_renderer=True), "render.js"),
]


@pytest.mark.parametrize(
    ("make", "says"), [(m, s) for _, m, s in LIARS], ids=[n for n, *_ in LIARS]
)
def test_the_checks_fail_on_a_game_that_lies(make: Any, says: str) -> None:
    with pytest.raises(AssertionError, match=says):
        check_capabilities(make())


def test_a_game_with_the_safeguard_passes_the_checks() -> None:
    """The honest twin of the liars above: a Minimal with the safeguard and its hook."""
    game = _HasALimit(2)
    assert game.capabilities.decision_limit == 50
    assert [o.name for o in game.declared_options] == ["decision_limit"]
    check_capabilities(game)


def test_a_game_may_not_declare_the_safeguards_option_itself() -> None:
    from grimoire.core.options import decision_limit

    with pytest.raises(TypeError, match="declares the option 'decision_limit' itself"):

        class _ByHand(MinimalGame):
            declared_options = (decision_limit(100),)

    with pytest.raises(TypeError, match="1 or more"):

        class _Zero(MinimalGame):
            decision_limit: ClassVar[int | None] = 0

    assert issubclass(_HasALimit, Game)
