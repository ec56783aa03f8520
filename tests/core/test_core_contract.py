"""Core contract: the registry, ``make`` and option errors, chance nodes, and (with the toy game
in tests/toys) simultaneous decisions and hidden hands."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from tests.toys import TOY_GAMES
from tests.toys.duel import DuelState

import grimoire
import grimoire.registry
from grimoire import (
    CHANCE,
    GameRecord,
    GrimoireError,
    IllegalAction,
    InvalidOptions,
    UnknownGame,
)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register the toy game for one test (records replay through ``grimoire.make``)."""
    for name, target in TOY_GAMES.items():
        monkeypatch.setitem(grimoire.registry.REGISTERED, name, target)
    yield


# --------------------------------------------------------------------------- registry and make
def test_games_lists_ciub():
    """``grimoire.game_names()`` lists the built-in Ciúb (also once the game package is
    imported: ``grimoire.games`` is a plain package)."""
    import grimoire.games.ciub

    assert "ciub" in grimoire.game_names()
    assert grimoire.make("ciub").name == "ciub"
    assert grimoire.make("Ciúb", players=3).players == 3  # the accented name is an alias


def test_make_defaults():
    """``make`` without a player count uses the minimum; options take their defaults."""
    game = grimoire.make("ciub")
    assert game.players == 2
    assert game.options["length"] == "normal"
    assert game.options["skulls_wild"] is False


def test_make_unknown_game():
    """An unknown game name raises UnknownGame (a GrimoireError and a LookupError)."""
    with pytest.raises(UnknownGame, match="no game called 'chess'"):
        grimoire.make("chess")
    assert issubclass(UnknownGame, GrimoireError) and issubclass(UnknownGame, LookupError)


@pytest.mark.parametrize("players", [1, 5, 0, -2, "3", True, 2.0, 2.5])
def test_make_bad_player_counts(players):
    """Ciúb is for 2..4 players, given as a whole number (not a string, bool or float)."""
    with pytest.raises(InvalidOptions):
        grimoire.make("ciub", players=players)


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"length": "long"},
        {"length": None},
        {"self_adjust": "always"},
        {"skulls_wild": "yes"},
        {"skulls_wild": 1},
        {"start_player": 2},  # not a seat of a 2-player game
        {"start_player": "first"},
        {"start_player": -1},
        {"components": 5},
    ],
)
def test_make_bad_options(options):
    """Unknown options and values outside an option's choices raise InvalidOptions."""
    with pytest.raises(InvalidOptions):
        grimoire.make("ciub", players=2, **options)


@pytest.mark.parametrize("value", [True, 1.0])
def test_make_start_player_not_a_bool_or_float(value):
    """start_player is "random" or a seat number; True or 1.0 is not a seat number."""
    with pytest.raises(InvalidOptions):
        grimoire.make("ciub", players=2, start_player=value)


def test_option_errors_name_the_problem():
    """Error messages say what was wrong."""
    with pytest.raises(InvalidOptions, match="colour"):
        grimoire.make("ciub", colour="red")
    with pytest.raises(InvalidOptions, match="length"):
        grimoire.make("ciub", length="long")
    with pytest.raises(InvalidOptions, match=r"2\.\.4"):
        grimoire.make("ciub", players=5)


# --------------------------------------------------------------------------- chance
def check_chance_node(state) -> None:
    outcomes = state.chance_outcomes()
    ids = [outcome for outcome, _ in outcomes]
    assert len(ids) == len(set(ids)) > 0
    assert all(0 <= o < state.game.max_chance_outcomes for o in ids)
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1  # exactly, as Fractions
    assert state.legal_actions() == sorted(ids)
    assert state.sample_chance() in ids


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("length", ["normal", "short"])
def test_chance_probabilities_sum_to_one_at_every_node(players, length):
    """Every chance node (setup removals, deals, start player, die rolls, draws) lists
    distinct outcomes with exact Fraction probabilities that sum to exactly 1."""
    game = grimoire.make("ciub", players=players, length=length, start_player="random")
    nodes = 0
    for seed in range(3):
        state = game.new_state(seed, resolve_chance=False)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                check_chance_node(state)
                nodes += 1
                state.apply(state.sample_chance())
            else:
                actions = state.legal_actions()
                claims = [a for a in actions if state.action_to_string(a).startswith("claim")]
                state.apply(rng.choice(claims or actions))
    assert nodes > 100


def test_chance_is_not_a_seat_decision():
    """At a chance node no seat may act, and ``sample_chance`` is refused elsewhere."""
    state = grimoire.make("ciub").new_state(1, resolve_chance=False)
    assert state.is_chance() and state.seats_to_act() == frozenset()
    with pytest.raises(IllegalAction):
        state.apply(state.legal_actions()[0], seat=0)
    state.resolve_chance()
    with pytest.raises(IllegalAction):
        state.sample_chance()


def test_ciub_cards_removed_face_down_are_not_described():
    """Hidden information in Ciúb: the cards removed at random at setup are face down; what
    any seat is told names the letter, not the card."""
    state = grimoire.make("ciub", players=2).new_state(11, resolve_chance=False)
    assert state.phase == "setup_remove"
    for outcome in state.legal_actions():
        for viewer in (0, 1, None):
            text = state.describe(CHANCE, outcome, viewer)
            assert str(outcome) not in text and "card" in text


def test_toy_game_is_registered_through_the_registry(toy):
    """A game added to the table (as a plugin would be) is listed and made by name."""
    assert "toy_duel" in grimoire.game_names()
    assert grimoire.make("toy_duel", players=3, hand=2).options == {"hand": 2}
    with pytest.raises(InvalidOptions):
        grimoire.make("toy_duel", players=4, hand=4)


def test_same_seed_same_game_other_seed_other_game():
    """Chance is drawn from the seed alone: equal seeds give equal games."""
    game = grimoire.make("ciub", players=3)
    assert game.new_state(7) == game.new_state(7)
    assert game.new_state(7).to_json()["position"] != game.new_state(8).to_json()["position"]


# --------------------------------------------------------------------------- toy game
def dealt(players: int = 2, seed: int = 3) -> DuelState:
    from tests.toys.duel import DuelGame

    state = DuelGame(players).new_state(seed)
    assert isinstance(state, DuelState)
    return state


def test_simultaneous_decision_is_a_frozenset_of_seats():
    """A simultaneous decision: ``current_player`` is the frozenset of seats still to choose;
    ``legal_actions(seat)`` is that seat's; without a seat the engine refuses."""
    state = dealt(3)
    assert state.current_player == frozenset({0, 1, 2}) == state.seats_to_act()
    assert state.legal_actions(1) == sorted(state.hands[1])
    with pytest.raises(IllegalAction, match="say which seat"):
        state.legal_actions()
    with pytest.raises(IllegalAction, match="say which seat"):
        state.apply(state.hands[0][0])


def test_each_seat_submits_once_then_the_decision_resolves():
    """Each seat submits with ``apply(action, seat=s)``; a seat that has chosen cannot act
    again; the round resolves when all have submitted."""
    state = dealt(2)
    high0, high1 = max(state.hands[0]), max(state.hands[1])
    state.apply(high0, seat=0)
    assert state.current_player == frozenset({1})
    before = state.to_json()
    with pytest.raises(IllegalAction, match="nothing to decide"):
        state.apply(state.hands[0][0], seat=0)
    with pytest.raises(IllegalAction):
        state.apply(state.hands[0][0], seat=1)  # not in seat 1's hand
    with pytest.raises(IllegalAction):
        state.apply(high1, seat=5)
    assert state.to_json() == before
    assert state.points == [0, 0]
    state.apply(high1, seat=1)
    assert state.current_player == frozenset({0, 1})
    winner = 0 if high0 > high1 else 1
    assert state.points[winner] == 1 and state.points[1 - winner] == 0
    assert state.revealed == [[high0], [high1]]


def test_view_hides_another_seats_pending_choice():
    """A view must not reveal another seat's pending choice: seat 1's view is the same
    whichever card seat 0 chose; seat 0 sees its own choice."""
    views = {}
    for index in range(3):
        state = dealt(2)
        card = sorted(state.hands[0])[index]
        state.apply(card, seat=0)
        assert state.view(0)["my_choice"] == card
        views[card] = (state.view(1), state.view(None))
        assert state.describe(0, card, 1) == "seat 1 chooses a card"  # seat id 0
    first = next(iter(views.values()))
    assert all(view == first for view in views.values())


def test_view_hides_other_hands_and_the_deck():
    """Hidden hands: a seat sees its own hand and only the size of the others'."""
    state = dealt(2)
    other = state.clone()
    assert isinstance(other, DuelState)
    card, spare = other.hands[1][0], other.deck[0]
    other.hands[1][0], other.deck[0] = spare, card  # seat 1's hand changes, unseen by seat 0
    assert other.to_json() != state.to_json()
    assert other.view(0) == state.view(0)
    assert other.view(None) == state.view(None)
    assert other.view(1) != state.view(1)
    assert '"seed"' not in json.dumps(state.view(0))


def test_toy_resample_keeps_the_view():
    """``resample(seat)`` re-deals only what the seat cannot see (hands, the deck, pending
    choices of others) and keeps every card."""
    state = dealt(3)
    state.apply(state.hands[1][0], seat=1)
    for k in range(5):
        copy = state.resample(0, random.Random(k))
        assert isinstance(copy, DuelState)
        assert copy.view(0) == state.view(0)
        cards = (
            copy.deck
            + [c for h in copy.hands for c in h]
            + [c for c in copy.chosen if c is not None]
        )
        assert sorted(cards) == list(range(12))


def play_toy(state: DuelState, rng: random.Random) -> None:
    while not state.is_terminal():
        if state.is_chance():
            check_chance_node(state)
            state.apply(state.sample_chance())
            continue
        seats = sorted(state.seats_to_act())
        seat = rng.choice(seats)
        state.apply(rng.choice(state.legal_actions(seat)), seat=seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_toy_games_record_json_and_replay(toy, players):
    """Simultaneous actions are recorded as (seat, action); records (with or without chance
    entries) and position JSON bring back the same state."""
    game = grimoire.make("toy_duel", players=players)
    for seed in range(10):
        state = game.new_state(seed)
        assert isinstance(state, DuelState)
        play_toy(state, random.Random(seed))
        assert state.is_terminal() and state.winners()
        assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state
        record = state.record()
        assert record.replay() == state
        stripped = GameRecord(
            record.game,
            record.players,
            record.options,
            record.seed,
            [(a, x) for a, x in record.actions if a != CHANCE],
        )
        assert stripped.replay() == state
        assert sum(1 for a, _ in record.actions if a >= 0) == players * 3
