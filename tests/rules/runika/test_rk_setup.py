"""Runika setup and option rules (rulebook "Setup"; components rulings)."""

from __future__ import annotations

import pytest
from tests.rules.runika.rk_helpers import new_state

from grimoire.core.errors import InvalidOptions
from grimoire.games.runika.game import RunikaGame


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_display_players_plus_one_basic_runes(players: int) -> None:
    """Setup: players + 1 basic runes are laid face up (stacks count every rune)."""
    state = new_state(RunikaGame(players), seed=3)
    assert sum(len(stack) for stack in state.display) == players + 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_four_mastery_runes_unowned(players: int) -> None:
    """Setup: 4 mastery runes are laid out, owned by nobody."""
    state = new_state(RunikaGame(players), seed=5)
    assert len(state.mastery_row) == 4
    assert all(owner == -1 for _, owner in state.mastery_row)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_disc_green_on_top(players: int) -> None:
    """Setup: every player's disc starts with green on top (no quarter turn)."""
    state = new_state(RunikaGame(players), seed=7)
    assert state.disc == [0] * players


def test_contradictory_options_charm_with_simultaneous_refused() -> None:
    """Options: the charm token goes to who plays last, so simultaneous play refuses it."""
    with pytest.raises(InvalidOptions, match="charm"):
        RunikaGame(4, {"charm": True, "simultaneous": True})


def test_contradictory_options_interaction_needs_secret_runes() -> None:
    """Options: player interaction belongs to the secret-runes variant."""
    with pytest.raises(InvalidOptions, match="secret_runes"):
        RunikaGame(3, {"interaction": True})


def test_contradictory_options_solo_refuses_simultaneous() -> None:
    """Solo (rulings 9, 16): no variant that needs other players."""
    with pytest.raises(InvalidOptions, match="solo"):
        RunikaGame(1, {"simultaneous": True})
