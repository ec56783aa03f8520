"""Another seat's turn in short (``Game.turn_summary``): what the table saw it do, for each
viewer, in every language, and never a card or a character the viewer may not know."""

from __future__ import annotations

import random

import pytest
from tests.rules.fatal.fatal_helpers import chance, do, fatal_state, make, new_state, position
from tests.rules.fatal.test_fatal_hidden import VISION, secrets_of
from tests.rules.fatal.test_fatal_trimagic import cast

from grimoire.core.i18n import language_scope
from grimoire.core.state import CHANCE
from grimoire.games.fatal.state import FatalState


def summaries(before: FatalState, after: FatalState, seat: int) -> dict[int | None, str | None]:
    game = after.game
    return {v: game.turn_summary(before, after, seat, v) for v in [None, *range(after.n)]}


def test_a_draw_trimagic_names_its_type_target_and_count_not_the_cards() -> None:
    """The issue's example: "Bea cast a DRAW trimagic on Cy: Cy draws 2", the target reading
    "you"; the cards drawn stay the caster's and the target's secret."""
    state = cast([["V01", "V02", "V03"], []], hands=[["V20"], ["V21"], ["V22"]])
    before = fatal_state(state.clone())
    chance(state, "V30")
    chance(state, "V31")
    do(state, "seat 2")
    said = summaries(before, state, 0)
    assert said[2] == "casts a DRAW trimagic (row 1) on seat 2: seat 2 gets 2 cards it drew"
    assert said[None] == said[2]
    assert said[1] == "casts a DRAW trimagic (row 1) on you: you get 2 cards it drew"
    assert not any("V30" in (text or "") or "V31" in (text or "") for text in said.values())
    # the target's answer in the Shield window is its own short turn
    window = fatal_state(state.clone())
    do(state, "allow", 1)
    assert state.game.turn_summary(window, state, 1, 0) == "lets your trimagic through"
    assert state.game.turn_summary(window, state, 1, 2) == "lets seat 1's trimagic through"
    with language_scope("de"):
        german = state.game.turn_summary(before, state, 0, 1)
    assert german == (
        "wirkt eine DRAW-Trimagie (Reihe 1) auf dich: du bekommst 2 Karten, die der Wirkende "
        "gezogen hat"
    )
    with language_scope("ja"):
        japanese = state.game.turn_summary(before, state, 0, 2)
    assert (
        japanese
        == "DRAWのトリマジック（列1）を席2に発動する：席2は発動者が引いたカード2枚を受け取る"
    )


def test_a_turn_of_a_steal_a_play_and_a_star_treasure_reads_in_order() -> None:
    """Step 2 steals a vision, step 3 plays one, end A takes a display treasure with 3 stars
    and gives it away: each said as the table saw it, in the order played, the victim and
    the receiver reading "your" and "you"; the card drawn for the play stays secret."""
    state = position(
        make(3),
        rows=[[["V35"], []], [["V01", "V02"], []], [[], []]],
        hands=[["V13", "V20"], ["V21"], ["V22"]],
        display=["R3", "Y3", "B3"],
        stack=[{"k": "turn", "s": 0, "at": 0}],
    )
    before = fatal_state(state.clone())
    for text in ["done", "steal seat 2 row 1", "play V13 row 2"]:
        do(state, text)
    chance(state, "V40")  # the card set aside for the play
    for text in ["done", "slot 2", "seat 3"]:
        do(state, text)
    said = summaries(before, state, 0)
    assert said[None] == (
        "steals V02 (DRAW stone) from seat 2's row 1; plays V13 (DRAW none) into its row 2; "
        "takes Y3 from the display (3 stars) and gives it to seat 3"
    )
    assert said[1] == (
        "steals V02 (DRAW stone) from your row 1; plays V13 (DRAW none) into its row 2; "
        "takes Y3 from the display (3 stars) and gives it to seat 3"
    )
    assert str(said[2]).endswith("and gives it to you")
    with language_scope("ja"):  # the parts joined by the language's own punctuation
        japanese = state.game.turn_summary(before, state, 0, None)
    assert japanese == (
        "席2の列1からV02 (DRAW stone)を奪う；V13 (DRAW none)を自分の列2に出す；"
        "展示からY3を取り（星3つ）、席3に渡す"
    )
    assert not any("V40" in str(text) for text in said.values())


@pytest.mark.parametrize("players", [3, 5])
def test_summaries_name_no_card_or_character_the_viewer_may_not_know(players: int) -> None:
    """Random games: every seat's run of decisions, summarised for every viewer, names no
    vision and no character that viewer could not see at any moment of the run (a card
    discarded face up and shuffled back into the deck was seen), and counts seats from 1."""
    game = make(players)
    viewers = [None, *range(players)]
    for seed in range(3):
        state = new_state(game, 10**9 + seed, resolve_chance=False)
        rng = random.Random(seed)
        run: tuple[int, FatalState] | None = None
        hidden: dict[int | None, set[str]] = {}  # secret to the viewer all through the run
        told = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(), CHANCE)
            else:
                actor = min(state.seats_to_act())
                if run is not None and run[0] != actor:
                    for viewer, text in summaries(run[1], state, run[0]).items():
                        if not text:
                            continue
                        told += 1
                        named = set(VISION.findall(text)) | {w for w in hidden[viewer] if w in text}
                        assert not named & hidden[viewer], (viewer, text, named & hidden[viewer])
                        assert "seat 0" not in text and f"seat {players + 1}" not in text, text
                    run = None
                if run is None:
                    run = (actor, fatal_state(state.clone()))
                    hidden = {viewer: secrets_of(state, viewer) for viewer in viewers}
                state.apply(rng.choice(state.legal_actions(actor)), actor)
            if run is not None:
                for viewer in viewers:
                    hidden[viewer] &= secrets_of(state, viewer)
        assert told > 0
