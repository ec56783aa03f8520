"""Reach, checked against a plain reference: the incremental floods of ``reach.py`` must give
what a fresh flood of the changed position gives (token gone, figures gone, mage moved)."""

from __future__ import annotations

import random

import pytest

import grimoire
from grimoire.games.five_seals import reach
from grimoire.games.five_seals.state import FiveSealsState


def reference_targets(st: FiveSealsState, seat: int) -> set[int]:
    """The components doc's reach rule, written as plainly as possible."""
    others = {st.mage[s] for s in range(st.n) if s != seat}
    others |= {f for s, f in enumerate(st.familiar) if s != seat and f >= 0}
    others.discard(st.board.hall)
    guarded = {g for g in st.guardian if g >= 0}

    def holds_seal(n: int) -> bool:
        return st.token[n] >= 0 or st.card[n] >= 0

    area, todo = {st.mage[seat]}, [st.mage[seat]]
    while todo:
        node = todo.pop()
        for near in st.board.adj[node]:
            if near not in area and not holds_seal(near) and near not in others:
                area.add(near)
                todo.append(near)
    return {
        near
        for node in area
        for near in st.board.adj[node]
        if holds_seal(near) and near not in others and near not in guarded
    }


def states(players: int, circle: int, games: int = 4, every: int = 7):
    game = grimoire.make("five-seals", players=players, circle=circle)
    for seed in range(games):
        st = game.new_state(seed)
        rng = random.Random(seed)
        step = 0
        while not st.is_terminal():
            if step % every == 0 and st.phase == "play":
                yield st
            st.play(rng.choice(st.legal_actions()))
            step += 1


@pytest.mark.parametrize(("players", "circle"), [(2, 4), (3, 2), (5, 4)])
def test_targets_leap_teleport_and_speed_match_the_reference(players: int, circle: int) -> None:
    """Reach, Leap, Teleportation and Speed: the same seals as a fresh flood would find."""
    checked = 0
    for st in states(players, circle):
        for seat in range(st.n):
            before = reference_targets(st, seat)
            assert set(reach.targets(st, seat)) == before
            sums = st.dice_sums(seat)
            for over in before:
                if st.token[over] < 0:
                    continue
                opened = st.clone()
                opened.token[over] = -1
                expect = {
                    n
                    for n in reference_targets(opened, seat) - before
                    if reach.can_pay(st, seat, n, sums)
                }
                assert set(reach.leap_targets(st, seat, over)) == expect
            for through in reach.blockers(st, seat):
                moved = st.clone()
                for s in range(st.n):
                    if s != seat and moved.mage[s] == through:
                        moved.mage[s] = st.board.hall
                    if s != seat and moved.familiar[s] == through:
                        moved.familiar[s] = -1
                expect = {
                    n
                    for n in reference_targets(moved, seat) - before
                    if reach.can_pay(st, seat, n, sums)
                }
                assert set(reach.teleport_targets(st, seat, through, 4)) == expect
            for first in list(before)[:3]:
                after = st.clone()
                after.token[first] = after.card[first] = -1
                after.mage[seat] = first
                expect = reference_targets(after, seat) - {first}
                assert set(reach.speed_second(st, seat, first, 4)) == expect
            checked += 1
    assert checked > 50
