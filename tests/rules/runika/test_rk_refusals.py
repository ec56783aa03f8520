"""An illegal action says which rule it breaks (issue #14), in the chosen language: a draft of a
colour no longer in the middle, a stored die the player does not have, a rune that is not on
display or whose pattern the grid does not hold; other kinds name the pending decision."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import grimoire
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.games.runika.state import RunikaState


def refused(state: RunikaState, seat: int, action: int) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, seat)
    assert state.to_json() == before  # nothing changed
    return str(caught.value)


def kinds(state: RunikaState, seat: int) -> set[str]:
    return {state.codec.decode(a).kind for a in state.legal_actions(seat)}


def until(test: Callable[[RunikaState, int], bool], seed: int = 4) -> tuple[RunikaState, int]:
    """Random play (3 players) up to a decision of a seat for which ``test`` holds."""
    state = grimoire.make("runika", players=3).new_state(seed)
    assert isinstance(state, RunikaState)
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes, weights = zip(*state.chance_weights(), strict=True)
            state.apply(rng.choices(outcomes, weights)[0])
            continue
        seat = state.current_player
        assert isinstance(seat, int)
        if test(state, seat):
            return state, seat
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    raise AssertionError("no such position")


def test_a_draft_of_a_colour_no_longer_in_the_middle() -> None:
    def missing(state: RunikaState, seat: int) -> bool:
        return "draft" in kinds(state, seat) and len(set(state.middle)) < 4

    state, seat = until(missing)
    colour = next(c for c in range(4) if c not in state.middle)
    action = state.codec.base("draft") + colour
    name = state.comp.colours[colour].name
    message = refused(state, seat, action)
    assert f"no {name} die is left in the middle" in message and "legal now: draft" in message
    with language_scope("de"):
        assert "in der Mitte liegt kein Würfel der Farbe" in refused(state, seat, action)


def test_a_die_not_in_storage_and_a_rune_not_on_display_or_not_in_the_grid() -> None:
    state, seat = until(lambda st, s: "resolve" in kinds(st, s))
    die = next(d for d in range(16) if d not in state.store[seat])
    message = refused(state, seat, state.codec.base("resolve") + die)
    assert f"there is no {state.comp.die_text(die)} in your storage" in message
    with language_scope("ja"):
        assert "ダイス置き場に" in refused(state, seat, state.codec.base("resolve") + die)

    state, seat = until(lambda st, s: "claim" in kinds(st, s))
    legal = [state.codec.decode(a) for a in state.legal_actions(seat)]
    claimable = {choice.arg for choice in legal if choice.kind == "claim"}
    shown = {stack[-1] for stack in state.display if stack}
    hidden = next(r for r in range(len(state.comp.runes)) if r not in shown | claimable)
    assert hidden not in {rune for rune, _ in state.mastery_row} | set(state.secret[seat])
    message = refused(state, seat, state.codec.base("claim") + hidden)
    assert f"{state.comp.runes[hidden].name} is not on display" in message
    unmet = [r for r in shown if r not in claimable]
    assert unmet  # a rune on display that this grid does not hold
    message = refused(state, seat, state.codec.base("claim") + unmet[0])
    assert "your grid does not hold the pattern of" in message


def test_another_kind_of_action_names_the_pending_decision() -> None:
    state, seat = until(lambda st, s: "draft" in kinds(st, s))
    resolve = state.codec.base("resolve")
    assert "is not legal now" in refused(state, seat, resolve)
