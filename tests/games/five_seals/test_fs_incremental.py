"""What the state keeps up to date as it goes (``occ``, ``cardsig``, the reach regions and the
attraction field shared between copies, the dice caches) equals a computation from scratch, at
every step of seeded games and on every candidate the heuristic tries: a missed update would
change the legal moves. And a position is the same after the heuristic tried its candidates on
``scratch`` copies of it (which share its board and hands until they write them).

``python tests/games/five_seals/test_fs_incremental.py GAMES`` checks more games (every player
count, every circle and the variants)."""

from __future__ import annotations

import random
import sys

import pytest

import grimoire
from grimoire.core.state import CHANCE
from grimoire.games.five_seals import heuristic, reach, rules
from grimoire.games.five_seals.components import strength
from grimoire.games.five_seals.heuristic import HeuristicBot
from grimoire.games.five_seals.state import FiveSealsState

VARIANTS: list[dict[str, object]] = [
    {"circle": 1},
    {"circle": 2},
    {"circle": 3},
    {"circle": 4},
    {"circle": 4, "edition": "mayday", "dice_refill": "round-end"},
    {"circle": 2, "speed_second_move": False},
]


def fresh_region(st: FiveSealsState, seat: int) -> tuple[bytearray, list[int]]:
    """The flood of ``seat`` from scratch, no cache."""
    seen = bytearray(len(st.token))
    seen[st.mage[seat]] = 1
    found = reach._flood(st, reach._stops(st, seat), seen, [st.mage[seat]])
    return seen, sorted(found)


def check(st: FiveSealsState) -> None:
    """Every fact the state keeps, against a computation from scratch."""
    occ = sig = 0
    for node in range(len(st.token)):
        if st.token[node] >= 0 or st.card[node] >= 0:
            occ |= 1 << node
        if st.card[node] >= 0:
            sig |= (strength(st.card[node]) - 1) << (3 * node)
    assert (st.occ, st.cardsig) == (occ, sig)
    for seat in range(st.n):
        fresh = fresh_region(st, seat)
        kept = st.regions[seat]
        assert kept is None or kept == fresh, f"stale region of seat {seat}"
        assert reach._region(st, seat) == fresh
        sums = [0, 0, 0, 0]
        for die, owner in enumerate(st.die_owner):
            if owner == seat:
                sums[die // 6] += st.die_val[die]
        assert st.dice_sums(seat) == sums
        can = [n for n in fresh[1] if reach.can_pay(st, seat, n, sums)]
        assert reach.breakable(st, seat) == can
    field = heuristic._field(st.board, st.card)
    assert st.field is None or st.field == field, "stale attraction field"
    assert heuristic.attraction(st) == field


def play(players: int, seed: int, options: dict[str, object], candidates: bool) -> int:
    """One seeded game of heuristic bots, checked at every step (and, with ``candidates``, on
    every candidate of every decision: the copy after the action and after the defaults, and
    the position itself afterwards). Returns the number of checks."""
    game = grimoire.make("five-seals", players, **options)
    st = game.new_state(seed, resolve_chance=False)
    assert isinstance(st, FiveSealsState)
    bots = [HeuristicBot(seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    checks = 0
    while not st.is_terminal():
        check(st)
        checks += 1
        actor = st.current_player
        if actor == CHANCE:
            st.apply(st.sample_chance())
            continue
        assert isinstance(actor, int)
        legal = st.legal_actions(actor)
        if candidates and len(legal) > 1:
            before = st.to_json()
            for action in legal:
                child = st.scratch()
                rules.apply(child, actor, action)
                check(child)
                heuristic._finish(child, actor)
                check(child)
                checks += 2
            check(st)
            assert st.to_json() == before, "a candidate changed the position it was tried on"
        mine = st.for_seat(actor, rng)
        assert isinstance(mine, FiveSealsState)
        seen = mine.to_json()
        action = bots[actor].choose(mine, actor) if rng.random() < 0.8 else rng.choice(legal)
        assert mine.to_json() == seen, "the bot changed the position it was given"
        st.apply(action, actor)
    return checks


@pytest.mark.parametrize(("players", "variant"), [(2, 0), (2, 3), (3, 4), (4, 1), (5, 5), (3, 2)])
def test_kept_facts_equal_a_fresh_computation(players: int, variant: int) -> None:
    assert play(players, 70 + variant, VARIANTS[variant], candidates=True) > 500


def test_a_loaded_position_and_a_hand_edit_start_from_scratch() -> None:
    game = grimoire.make("five-seals", 3, circle=4)
    st = game.new_state(3)
    for _ in range(40):
        st.play(st.legal_actions()[0])
    assert isinstance(st, FiveSealsState)
    loaded = game.state_from_json(st.to_json())
    assert isinstance(loaded, FiveSealsState)
    check(loaded)
    node = next(n for n in range(len(st.token)) if st.token[n] >= 0)
    st.token[node] = -1  # by hand, as a test does: then board_changed
    st.board_changed()
    check(st)


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    total = 0
    for index in range(games):
        for players in range(2, 6):
            variant = (index + players) % len(VARIANTS)
            total += play(players, 1000 + index, VARIANTS[variant], candidates=index % 2 == 0)
    print(f"{games * 4} games, {total} checks: every kept fact equals a fresh computation")
