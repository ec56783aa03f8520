"""Runika option combinations: contradictory ones are refused with ``InvalidOptions`` and a
message naming the conflict; the combinations the rules allow are accepted and play
(docs/rules/runika.md, "Options"; rulings 9, 13, 14, 16)."""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core.errors import InvalidOptions
from grimoire.games.runika.game import RunikaGame


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        # solo (rulings 9, 16): nothing that needs other players, and its own goal
        (1, {"simultaneous": True}, "simultaneous needs other players: solo refuses it"),
        (1, {"secret_runes": True}, "secret_runes needs other players: solo refuses it"),
        (1, {"quick_draft": True}, "quick_draft needs other players: solo refuses it"),
        (1, {"charm": True}, "charm needs other players: solo refuses it"),
        (1, {"goal": 15}, "solo has its own goal"),
        (1, {"goal": 30}, "solo has its own goal"),
        (1, {"starting_rune_end": True}, "solo has its own goal"),
        (2, {"solo_professor": "ekamu"}, "solo_professor is for a 1-player game"),
        (5, {"solo_professor": "simza"}, "solo_professor is for a 1-player game"),
        # player interaction belongs to the secret-runes rule (rules; ruling 13)
        (3, {"interaction": True}, "interaction is part of the secret-runes rule"),
        (1, {"interaction": True}, "interaction is part of the secret-runes rule"),
        # ruling 13: only 4 mastery runes to deal
        (5, {"secret_runes": True}, "secret_runes is for 2..4 players"),
        (5, {"secret_runes": True, "interaction": True}, "secret_runes is for 2..4 players"),
        # ruling 14: the charm token goes to who plays last; nobody does in simultaneous play
        (5, {"charm": True, "simultaneous": True}, "not in simultaneous play"),
        # ruling 22: the charm token is the 5-player expansion's
        (3, {"charm": True, "simultaneous": True}, "it needs 5 players, not 3"),
        (4, {"charm": True}, "it needs 5 players, not 4"),
        (2, {"charm": True, "luniorn": True}, "it needs 5 players, not 2"),
        # ruling 20: who wins a round-end secret-runes tie belongs to the secret-runes rule
        (3, {"secret_winner": "points"}, "secret_winner is part of the secret-runes rule"),
        # the first initiative holder must be a seat
        (2, {"first_player": 2}, "first_player 2 is not a seat of 2 players"),
        (4, {"first_player": 4}, "first_player 4 is not a seat of 4 players"),
        # values outside the declared choices
        (2, {"goal": 25}, "option 'goal' must be one of"),
        (2, {"flame_target": "blue"}, "option 'flame_target' must be one of"),
        (1, {"solo_professor": "luniorn"}, "option 'solo_professor' must be one of"),
        (6, {}, "for 1..5 players"),
    ],
)
def test_contradictory_options_are_refused_with_a_clear_message(
    players: int, options: dict[str, Any], message: str
) -> None:
    """Each contradictory combination is refused with InvalidOptions naming the conflict."""
    with pytest.raises(InvalidOptions, match=message.replace(".", r"\.")):
        RunikaGame(players, options)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"luniorn": True, "simultaneous": True, "quick_draft": True}),
        (5, {"luniorn": True, "simultaneous": True, "quick_draft": True, "goal": 15}),
        (4, {"secret_runes": True, "interaction": True, "luniorn": True, "quick_draft": True}),
        (3, {"secret_runes": True, "simultaneous": True, "starting_rune_end": True}),
        (2, {"secret_runes": True, "goal": 30}),
        (5, {"charm": True, "luniorn": True, "quick_draft": True}),
        (5, {"charm": True, "goal": 30, "flame_target": "red", "first_player": 4}),
        (3, {"quick_draft": True, "goal": 15, "starting_rune_end": True}),
        (1, {"solo_professor": "kobataan", "flame_target": "red"}),
        (1, {"goal": 20}),  # the default value is no contradiction
    ],
)
def test_combinations_the_rules_allow_are_accepted_and_play(
    players: int, options: dict[str, Any]
) -> None:
    """Optional rules that do not contradict each other combine: the game starts and a player
    (or several at once) has a legal decision."""
    game = RunikaGame(players, options)
    state = game.new_state(seed=1)
    assert not state.is_terminal()
    seats = state.seats_to_act()
    assert seats
    assert all(state.legal_actions(seat) for seat in seats)
    flags = game.rules
    assert flags.luniorn is bool(options.get("luniorn"))
    assert flags.simultaneous is bool(options.get("simultaneous"))
    assert flags.quick is bool(options.get("quick_draft"))
    assert flags.secret is bool(options.get("secret_runes"))
    assert flags.charm is bool(options.get("charm"))
    assert flags.solo is (players == 1)
