"""Property tests over random games, for every player count and additional circle: games end,
nothing raises, seal tokens, scrolls and dice are conserved. (The JSON round trip at every step
and the other generic contracts are in the contract battery, tests/contract.)

The number of games is kept small for CI; raise it with the environment variable
``FIVE_SEALS_EXAMPLES`` (games per player count and circle, default 6).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as s

import grimoire
from grimoire.games.five_seals.components import BINDING
from grimoire.games.five_seals.frames import Absorb
from grimoire.games.five_seals.state import FiveSealsState

EXAMPLES = int(os.environ.get("FIVE_SEALS_EXAMPLES", "6"))
MAX_STEPS = 20_000
COMBOS = [(p, c) for p in (2, 3, 4, 5) for c in (1, 2, 3, 4)]
OPTIONS = s.fixed_dictionaries(
    {
        "edition": s.sampled_from(["hobbyworld", "mayday"]),
        "dice_refill": s.sampled_from(["immediate", "round-end"]),
        "speed_second_move": s.booleans(),
    }
)


def tokens_now(st: FiveSealsState) -> Counter[int]:
    """Seal tokens on the board, in the box, stored on Absorption scrolls, or just broken and
    waiting for the breaker's Absorption decision."""
    stored = [entry[2] for hand in st.hands for entry in hand if entry[2] >= 0]
    pending = [f.t for f in st.stack if isinstance(f, Absorb)]
    return Counter(t for t in st.token if t >= 0) + Counter(st.box) + Counter(stored + pending)


def cards_now(st: FiveSealsState) -> Counter[int]:
    held = [entry[0] for hand in st.hands for entry in hand if entry[0] != BINDING]
    return Counter(c for c in st.card if c >= 0) + Counter(held)


def check(st: FiveSealsState, tokens: Counter[int], cards: Counter[int]) -> None:
    n = st.n
    assert tokens_now(st) == tokens, "seal tokens are conserved"
    assert cards_now(st) == cards, "scrolls are conserved"
    assert all(sum(e[0] == BINDING for e in hand) == 1 for hand in st.hands)
    for die in range(24):
        owner, value = st.die_owner[die], st.die_val[die]
        assert (owner == -2) == (die % 6 >= n + 1), "players + 1 dice of each colour"
        assert 0 <= value <= 6 and (owner >= 0 or value == 0)
    if st.phase == "play" and not st.rolls:
        for die, owner in enumerate(st.die_owner):
            if owner >= 0 and not st.over[owner]:
                assert st.die_val[die] > 0, "dice of players in the round are rolled"
    for seat in range(n):
        assert st.token[st.mage[seat]] < 0 and st.card[st.mage[seat]] < 0
        assert not st.over[seat] or st.familiar[seat] == -1
    for col, node in enumerate(st.guardian):
        assert node < 0 or (st.card[node] >= 0 and st.card[node] % 5 == col)


def play(players: int, circle: int, seed: int, options: dict[str, object]) -> None:
    game = grimoire.make("five-seals", players=players, circle=circle, **options)
    st = game.new_state(seed)
    assert isinstance(st, FiveSealsState)
    tokens, cards = tokens_now(st), cards_now(st)
    assert sum(tokens.values()) == len(st.board.seals) and sum(cards.values()) == len(
        st.board.scrolls
    )
    rng = random.Random(seed)
    steps = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        assert legal == sorted(set(legal)) and legal
        action = rng.choice(legal)
        assert st.parse_action(st.action_to_string(action)) == action
        st.play(action)
        steps += 1
        assert steps < MAX_STEPS, "the game must end"
        check(st, tokens, cards)
    assert st.winners() and len(st.scores()) == players
    json.dumps(st.view(0))


@pytest.mark.parametrize(("players", "circle"), COMBOS)
def test_random_games_end_and_conserve_seals_scrolls_and_dice(players: int, circle: int) -> None:
    """Random games end without errors; tokens, scrolls and dice are conserved at each step."""

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(seed=s.integers(0, 2**40), options=OPTIONS)
    def run(seed: int, options: dict[str, object]) -> None:
        play(players, circle, seed, options)

    run()
