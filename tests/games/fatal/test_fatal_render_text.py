"""The terminal rendering: rows one line each with their orientation, the hand with what each
card shows in every orientation, nothing wider than 80 columns, no other seat's hand."""

from __future__ import annotations

import random

from rich.console import Console
from tests.rules.fatal.fatal_helpers import zones

from grimoire.games.fatal.game import FatalGame
from grimoire.games.fatal.render_text import render
from grimoire.games.fatal.state import FatalState


def screen(state: FatalState, seat: int | None) -> str:
    console = Console(width=80, record=True, color_system=None)
    with console.capture() as captured:
        console.print(render(state, seat))
    return captured.get()


def midgame(players: int = 4, seed: int = 5, steps: int = 60) -> FatalState:
    state = FatalGame(players).new_state(seed)
    assert isinstance(state, FatalState)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = rng.choice(sorted(state.seats_to_act()))
        state.play(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_rows_hand_and_width() -> None:
    state = midgame()
    text = screen(state, 0)
    assert all(len(line) <= 80 for line in text.splitlines()), text
    view = state.view(0)
    for entry in view["seats"]:
        for r, row in enumerate(entry["rows"]):
            line = next(
                ln for ln in text.splitlines() if f"seat {entry['seat'] + 1} row {r + 1}:" in ln
            )
            for card in row:
                assert card["card"] in line  # each card of the row on its own line
    assert any(row for entry in view["seats"] for row in entry["rows"])  # not vacuous
    comp = state.comp
    for name in view["seats"][0]["hand"]:
        kind = comp.card_by_name(name)
        assert kind is not None
        line = next(ln for ln in text.splitlines() if f" {name} " in ln)
        if comp.is_vision(kind):
            assert comp.visions[kind].type in line and comp.visions[kind].symbol in line


def test_no_hand_of_another_seat_and_none_for_a_spectator() -> None:
    state = midgame()
    for seat in (0, None):
        text = screen(state, seat)
        for other in range(state.n):
            if other == seat:
                continue
            unseen = [
                state.comp.card_name(state.kind(card))
                for card in state.hands[other]
                if state.comp.is_vision(state.kind(card))  # visions are unique, names are not
                and (seat is None or not state.ck[card] & (1 << seat))
            ]
            assert unseen or other == 0
            for name in unseen:
                assert f" {name} " not in f" {text} ".replace("\n", " "), (seat, other, name)


def test_the_gazer_sees_the_top_of_the_treasure_deck_and_nobody_else() -> None:
    """Crystal Gaze: the gazer's screen lists the top of the treasure deck in the order it
    knows (the view's ``known_top`` places); another seat's screen does not."""
    game = FatalGame(3, {"first_player": 0})
    state = game.new_state(3, resolve_chance=False)
    doc = state.to_json()
    doc["position"] = {
        **zones(3),
        "phase": "play",
        "characters": ["Flambeaux", "Lichtenborn", "Aquate"],
        "hands": [["Crystal Gaze"], ["V21"], ["V22"]],
        "display": ["R3", "Y3", "B3"],
    }
    state = game.state_from_json(doc)
    assert isinstance(state, FatalState)
    state.apply(state.parse_action("enchant Crystal Gaze"))
    for name in ("R2", "Y2", "B2"):
        state.apply(state.parse_action(f"seat 1 sees {name}"))
    assert "You know the top of the treasure deck: 1:R2, 2:Y2, 3:B2" in screen(state, 0)
    assert "know the top" not in screen(state, 1)


def test_the_trimagic_words_have_a_legend_in_every_language() -> None:
    """DRAW, TAKE, STEAL, DISCARD, ONE and SECOND are printed on the cards: the screen says
    what each does, and how many cards or treasures a trimagic moves, in the person's language."""
    from grimoire.core.i18n import language_scope

    state = midgame()
    english = " ".join(screen(state, 0).split())
    assert "DRAW the target gets cards the caster draws" in english
    assert "ONE: one target, SECOND: a second one too" in english
    with language_scope("de"):
        german = " ".join(screen(state, 0).split())
    assert "DISCARD das Ziel legt zufällige Handkarten ab" in german
    with language_scope("ja"):
        japanese = "".join(screen(state, 0).split())
    assert "STEAL発動者が対象の裏向きの宝物をランダムに奪う" in japanese
