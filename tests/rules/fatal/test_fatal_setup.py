"""Setup (rulebook "Setup"): characters of the player count's set, treasures of the colours in
play with the Queen among the bottom five, a display of three, hands of four."""

from __future__ import annotations

import pytest
from tests.rules.fatal.fatal_helpers import make, new_state, top

from grimoire.core.errors import InvalidOptions
from grimoire.core.state import CHANCE
from grimoire.games.fatal.frames import TDraw


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_uses_the_set_and_the_colours_in_play(players: int) -> None:
    """Setup: one character of the player count's set per seat; 5 treasures per colour in
    play (15 / 20 / 25) plus the Queen; three on display; four cards per hand."""
    game = make(players)
    state = new_state(game, 7)
    assert sorted(state.char) == sorted(game.lay.signs)
    assert len(set(state.char)) == players
    colours = {game.lay.colour(t) for t in range(game.lay.num_treasures - 1)}
    assert colours == set(game.lay.signs)
    assert game.lay.num_treasures == 5 * players + 1
    assert all(t >= 0 for t in state.display)
    assert all(len(hand) == 4 for hand in state.hands)
    assert len(state.deck) == 70 - 4 * players
    placed = state.t_pool + [t for t in state.display if t >= 0]
    assert sorted(placed) == list(range(game.lay.num_treasures))
    assert state.t_mid == 5 * players - 4 - 3  # the display came from above the Queen's pool


def test_setup_queen_is_among_the_bottom_five() -> None:
    """Setup (ruling 1): the Queen is shuffled with four treasures under the rest, so the first
    draws can never be her: a draw offers her only once the cards above are used up."""
    game = make(3)
    state = new_state(game, 1, resolve_chance=False)
    queen = game.comp.queen
    seen_queen = []
    while state.is_chance():
        if top(state)["k"] == "tdraw":
            seen_queen.append(any(o == queen for o, _ in state.chance_weights()))
        state.apply(state.sample_chance())
    assert seen_queen == [False, False, False]
    state.t_mid = 0
    state.stack.append(TDraw(to="display", slot=0))
    assert any(o == queen for o, _ in state.chance_weights())


def test_setup_characters_are_secret() -> None:
    """Setup: you may examine your own character, but keep it secret: a view shows only the
    viewer's own character."""
    state = new_state(make(4), 3)
    for seat in range(4):
        seats = state.view(seat)["seats"]
        assert [s["character"] is not None for s in seats] == [s == seat for s in range(4)]
        assert seats[seat]["opposing"] is not None
    assert all(s["character"] is None for s in state.view(None)["seats"])


def test_setup_first_player_option() -> None:
    """Setup: the owner chooses a starting player, or at random (option first_player)."""
    state = new_state(make(3, first_player=2), 5)
    assert state.turn == 2 and state.current_player == 2
    random_start = new_state(make(3), 5, resolve_chance=False)
    kinds = []
    while random_start.is_chance():
        kinds.append(top(random_start)["k"])
        random_start.apply(random_start.sample_chance())
    assert kinds.count("first") == 1 and kinds.count("char") == 3 and kinds.count("draw") == 12
    with pytest.raises(InvalidOptions):
        make(3, first_player=4)


def test_setup_chance_nodes_are_kinds_weighted_by_copies() -> None:
    """A deck draw is one chance node over the card kinds left, weighted by copies: 52
    visions and 9 enchantment kinds of 2 copies."""
    state = new_state(make(3), 4, resolve_chance=False)
    while top(state)["k"] != "draw":
        state.apply(state.sample_chance())
    weights = dict(state.chance_weights())
    assert len(weights) == 61 and state.current_player == CHANCE
    assert sum(1 for w in weights.values() if w == 2) == 9
    assert state.game.max_chance_outcomes >= 61
