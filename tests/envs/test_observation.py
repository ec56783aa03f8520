"""Observation tensors: a fixed layout per game, player count and options, built from views
only, so no re-deal of what a seat cannot see changes what it observes."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

from tests.envs.cases import ALL_CASES, GAMES, TOYS, Case, cases_of  # noqa: E402
from tests.toys.duel import DuelState  # noqa: E402

import grimoire  # noqa: E402
from grimoire.core.game import Game  # noqa: E402
from grimoire.core.state import State  # noqa: E402
from grimoire.envs.observation import (  # noqa: E402
    BOUND,
    ViewEncoder,
    build_encoder,
    encoder_for,
    generic_encoder,
    next_seat,
)


def view_encoder(game: Game) -> ViewEncoder:
    """``encoder_for(game)`` of a toy without an encoder of its own: the generic one, which
    encodes a view (``encode``) besides observing a state."""
    encoder = encoder_for(game)
    assert isinstance(encoder, ViewEncoder), encoder
    return encoder


FIRST_CASES = [cases_of(name)[0] for name in GAMES + TOYS]
POSITIONS_PER_CASE = 1000  # two cases per game: thousands of positions per game


def random_positions(state: State, rng: random.Random):
    """Every decision position of a random game from ``state`` (chance drawn from its seed),
    with the seat that acts next."""
    last = -1
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = next_seat(state.seats_to_act(), last, state.game.players)
        yield state, seat
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        last = seat
    yield state, None


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda case: case.id)
def test_resample_never_changes_a_seats_observation(case: Case) -> None:
    """At a thousand positions of random games per case (two cases per game), the tensor of
    the seat to act and of another seat drawn at random equals that seat's tensor in
    ``resample(seat)``: everything it cannot see re-dealt, the seed and history new."""
    game = case.make()
    encoder = encoder_for(game)
    rng = random.Random(f"resample/{case.id}")
    positions = checks = redealt = 0
    number = 0
    while positions < POSITIONS_PER_CASE:
        state = game.new_state(number)
        number += 1
        for position, acting in random_positions(state, rng):
            seats = {rng.randrange(game.players)} | ({acting} if acting is not None else set())
            for seat in sorted(seats):
                mine = encoder.observe(position, seat)
                resampled = position.resample(seat, rng)
                theirs = encoder.observe(resampled, seat)
                assert mine.shape == (encoder.size,) and mine.dtype == np.float32
                np.testing.assert_array_equal(mine, theirs, err_msg=f"seat {seat}")
                assert np.all(np.abs(mine) <= BOUND)
                if case.game in TOYS:
                    moved = resampled.to_json()["position"] != position.to_json()["position"]
                    redealt += moved
                checks += 1
            positions += 1
            if positions >= POSITIONS_PER_CASE:
                break
    if case.game in TOYS:  # their hands and lucky numbers are re-dealt: the check bites
        assert redealt > checks // 4


@pytest.mark.parametrize("case", FIRST_CASES, ids=lambda case: case.id)
def test_layout_is_fixed_by_game_players_and_options(case: Case) -> None:
    game = case.make()
    cached = generic_encoder(game)
    again = build_encoder(case.make())  # a new derivation: the same layout
    assert cached.size == again.size
    assert cached.describe() == again.describe()
    assert generic_encoder(case.make()) is cached  # built once per process


def test_a_seat_sees_its_own_hand_but_not_the_others() -> None:
    """Duel: seat 0's tensor changes with its own hand and not with seat 1's."""
    game = grimoire.make("toy_duel", players=2, hand=3)
    encoder = view_encoder(game)
    state = game.new_state(5)
    base0, base1 = encoder.encode(state.view(0)), encoder.encode(state.view(1))
    swapped = state.clone()
    assert isinstance(swapped, DuelState)
    hand0, hand1 = swapped.hands[0], swapped.hands[1]
    hand0[0], hand1[0] = hand1[0], hand0[0]  # swap one card between the hands
    assert not np.array_equal(encoder.encode(swapped.view(0)), base0)
    assert not np.array_equal(encoder.encode(swapped.view(1)), base1)
    # a card moved between seat 1's hand and the deck: seat 0 sees nothing change
    dealt = state.clone()
    assert isinstance(dealt, DuelState)
    hand, deck = dealt.hands[1], dealt.deck
    hand[0], deck[0] = deck[0], hand[0]
    np.testing.assert_array_equal(encoder.encode(dealt.view(0)), base0)
    assert not np.array_equal(encoder.encode(dealt.view(1)), base1)


def test_a_sealed_choice_is_hidden_until_revealed() -> None:
    """Duel: whatever seat 0 submits at a sealed decision, seats 1 and 2 observe the same
    tensor until every seat has chosen."""
    game = grimoire.make("toy_duel", players=3, hand=3)
    encoder = view_encoder(game)
    state = game.new_state(11)
    assert state.current_player == frozenset({0, 1, 2})
    seen: dict[int, set[bytes]] = {1: set(), 2: set()}
    for card in state.legal_actions(0):
        after = state.clone()
        after.apply(card, 0)
        for seat in seen:
            seen[seat].add(encoder.encode(after.view(seat)).tobytes())
    assert all(len(tensors) == 1 for tensors in seen.values())
    # and seat 0 itself sees its own choice
    mine = set()
    for card in state.legal_actions(0):
        after = state.clone()
        after.apply(card, 0)
        mine.add(encoder.encode(after.view(0)).tobytes())
    assert len(mine) == len(state.legal_actions(0))


def test_layout_table_names_every_slot_once() -> None:
    encoder = encoder_for(grimoire.make("toy_race", players=2))
    table = encoder.describe()
    assert table.splitlines()[0].startswith("toy_race 2p")
    for needed in ("my_lucky", "pots", "done", "current_player"):
        assert needed in table
    assert "lucky (list)" not in table or "lucky is list" in table


def test_unseen_values_keep_the_size() -> None:
    """A value the sampled views never held (a longer list, a new string, a new key, another
    kind) changes no size and stays inside the bounds."""
    game = grimoire.make("toy_race", players=2)
    encoder = view_encoder(game)
    view = game.new_state(1).view(0)
    view["faces"] = [list(range(1, 7)) * 40, ["x"]]
    view["pots"] = "a string where numbers were"
    view["new key"] = {"deep": [1, 2, 3]}
    view["round"] = 10**9
    tensor = encoder.encode(view)
    assert tensor.shape == (encoder.size,)
    assert np.all(np.abs(tensor) <= BOUND)


def test_layout_is_the_same_in_another_process() -> None:
    """Another interpreter (another hash seed) derives the same layout: a model trained in
    one process reads observations made in another."""
    import hashlib
    import os
    import subprocess
    import sys

    code = (
        "import hashlib, grimoire\n"
        "from grimoire.envs.observation import generic_encoder\n"
        "text = generic_encoder(grimoire.make('ciub', players=3, length='short')).describe()\n"
        "print(hashlib.sha256(text.encode()).hexdigest())\n"
    )
    environment = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True
    )
    here = generic_encoder(grimoire.make("ciub", players=3, length="short")).describe()
    assert done.stdout.strip() == hashlib.sha256(here.encode()).hexdigest()
