"""Five Seals' SVG keeps each node's drawing (``render_svg._NODES``): the page is drawn for every
viewer at every move. What it draws must be what it would draw afresh, for every viewer and
language, all through random games (a key missing a part the drawing depends on fails here)."""

from __future__ import annotations

import random

import grimoire
from grimoire.core.i18n import language_scope
from grimoire.games.five_seals import render_svg


def test_remembered_nodes_draw_as_fresh_ones() -> None:
    for players, seed in ((2, 3), (4, 8)):
        game = grimoire.make("five-seals", players)
        state = game.new_state(seed)
        render_svg._NODES.clear()
        rng = random.Random(seed)
        for step in range(160):
            if state.is_terminal():
                break
            if step % 4 == 0:
                for viewer in (None, *range(players)):
                    for lang in ("en", "de", "ja"):
                        with language_scope(lang):
                            remembered = game.render_svg(state, viewer)
                            kept = dict(render_svg._NODES)  # drawn since the game began
                            render_svg._NODES.clear()
                            fresh = game.render_svg(state, viewer)
                            render_svg._NODES.clear()
                            render_svg._NODES.update(kept)
                            assert fresh == remembered, (step, viewer, lang)
            state.resolve_chance()
            if state.is_terminal():
                break
            seat = min(state.seats_to_act())
            state.play(rng.choice(state.legal_actions(seat)), seat)
