"""Every spell in each of its five colours (Mind included) comes up and is carried out in
seeded random games of its circle: none is dead code, none gets stuck half-used."""

from __future__ import annotations

import random

import pytest

import grimoire
from grimoire.games.five_seals.components import LOADER, SYNERGY

GAMES = 40


@pytest.mark.parametrize("circle", [1, 2, 3, 4])
def test_every_spell_of_the_circle_is_used_in_every_colour(circle: int) -> None:
    """All 5 colours of the basic circle's and circle ``circle``'s spells (Synergy only
    scores) are used, and each use finishes back at its player's turn or a later decision."""
    comp = LOADER.load(None)
    game = grimoire.make("five-seals", players=3, circle=circle)
    families = sorted({*range(5), *range(5 * (circle - 1), 5 * circle)} - {SYNERGY})
    wanted = {5 * family + colour for family in families for colour in range(5)}
    used: set[int] = set()
    for seed in range(GAMES):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            kind, card = game.codec.decode(action).kind, game.codec.decode(action).arg
            if kind == "use" and card in wanted:
                used.add(card)
            state.play(action)
    assert not wanted - used, [comp.card_name(c) for c in sorted(wanted - used)]
