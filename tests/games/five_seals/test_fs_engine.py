"""Engine contracts for Five Seals: action ids and texts, JSON positions, views, rendering."""

from __future__ import annotations

import json
import random

import pytest

import grimoire
from grimoire import IllegalAction, InvalidPosition
from grimoire.games.five_seals.game import FiveSealsGame
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.registry import games


def played(players: int = 3, circle: int = 2, steps: int = 250, seed: int = 5) -> FiveSealsState:
    game = grimoire.make("five-seals", players=players, circle=circle)
    st = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.play(rng.choice(st.legal_actions()))
    assert isinstance(st, FiveSealsState)
    return st


def test_registered_and_made_with_options() -> None:
    """Registry: grimoire.make("five-seals", players=3, circle=2) works."""
    game = grimoire.make("five-seals", players=3, circle=2)
    assert isinstance(game, FiveSealsGame) and game.options["circle"] == 2
    assert "five-seals" in games()
    facts = game.facts()
    assert facts["num_actions"] == game.num_actions < 1000


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_action_id_has_a_text_that_parses_back(players: int) -> None:
    """Actions: stable ids in range(num_actions), each with a readable text."""
    game = grimoire.make("five-seals", players=players)
    st = game.new_state(1)
    seen = set()
    for action in range(game.num_actions):
        text = game.codec.english(action)
        assert st.parse_action(text) == action, text
        seen.add(text)
    assert len(seen) == game.num_actions


def test_parse_accepts_variants_and_refuses_nonsense() -> None:
    """Action grammar: colour letters, elements and names; 'end'; errors for unknown text."""
    codec = grimoire.make("five-seals", players=2).codec
    assert codec.parse("colour red") == codec.parse("Colour Fire") == codec.parse("color R")
    assert codec.parse("end") == codec.parse("end round")
    assert codec.parse("use change/r") == codec.parse("use Change of Fire")
    for bad in ("", "break nowhere", "die X9", "use Fireball", "dance"):
        with pytest.raises(IllegalAction):
            codec.parse(bad)


def test_action_json_has_structured_fields() -> None:
    """action_to_json adds kind and its argument (node, card, colour and value, seat)."""
    st = played(2, 1, 60)
    game = st.game
    assert st.action_to_json(game.codec.parse("break 0G1")) == {
        "id": game.codec.parse("break 0G1"),
        "text": "break 0G1",
        "kind": "break",
        "node": "0G1",
    }
    doc = st.action_to_json(game.codec.parse("die R4"))
    assert (doc["kind"], doc["colour"], doc["value"]) == ("die", "R", 4)
    assert st.action_from_json({"text": "use Binding"}) == game.codec.parse("use Binding")


def test_chance_outcomes_have_texts() -> None:
    """Chance nodes: every outcome reads as text and parses back."""
    game = grimoire.make("five-seals", players=2, circle="random", first_player="random")
    st = game.new_state(2, resolve_chance=False)
    for _ in range(200):
        if not st.is_chance():
            break
        for outcome, _ in st.chance_outcomes():
            assert st.parse_action(st.action_to_string(outcome)) == outcome
        st.apply(st.sample_chance())


@pytest.mark.parametrize("players", [2, 5])
def test_position_json_round_trips(players: int) -> None:
    """to_json / state_from_json: the same state, the same legal actions, the same future."""
    st = played(players, 4, 300)
    doc = json.loads(json.dumps(st.to_json()))
    back = st.game.state_from_json(doc)
    assert back == st and back.legal_actions() == st.legal_actions()
    if not st.is_terminal():
        action = st.legal_actions()[0]
        st.play(action)
        back.play(action)
        assert back == st


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"tokens": {"nowhere": "R2"}}, "no node"),
        ({"tokens": {"0G1": "X2"}}, "token"),
        ({"tokens": {"H": "R2"}}, "hall"),
        ({"scrolls": {"0S2": "Fireball of Fire"}}, "no scroll"),
        ({"mages": ["0G1", "H"], "tokens": {"0G1": "R2"}}, "stands on a seal"),
        ({"seats": [{"dice": ["R1=3"], "scrolls": ["Binding"]}] * 2}, "listed twice"),
        ({"seats": [{"dice": ["R6=3"], "scrolls": ["Binding"]}] * 2}, "not in this game"),
        ({"guardians": {"R": "0G1"}}, "guardian"),
        ({"stack": [{"k": "dance", "s": 0}]}, "stack"),
        ({"phase": "lunch"}, "phase"),
    ],
)
def test_invalid_positions_are_refused(patch: dict[str, object], message: str) -> None:
    """Position documents are checked; a bad one raises InvalidPosition naming the problem."""
    game = grimoire.make("five-seals", players=2)
    base = {
        "circle": 1,
        "first": 0,
        "phase": "play",
        "turn": 0,
        "tokens": {},
        "scrolls": {},
        "mages": ["H", "H"],
        "seats": [{"dice": ["R1=3"], "scrolls": ["Binding"]}, {"dice": [], "scrolls": ["Binding"]}],
    }
    with pytest.raises(InvalidPosition, match=message):
        game.state_from_json({"position": base | patch})


def test_the_view_is_the_open_position_without_the_seed() -> None:
    """Views: all open information, what the viewer can reach; never the seed."""
    st = played(3, 3, 200, seed=987654321)
    for seat in (None, 0, 1, 2):
        view = st.view(seat)
        text = json.dumps(view)
        assert "seed" not in view and "987654321" not in text
        assert view["players"] == 3 and view["seats"] == st.to_json()["position"]["seats"]
    view = st.view(1)
    if st.phase == "play":
        assert view["reach_of"] == 1 and all("breakable" in r for r in view["reach"])


def test_svg_is_self_contained_with_clickable_nodes() -> None:
    """render_svg: one SVG document; each node has data-node; dice, scrolls, figures drawn."""
    st = played(4, 4, 300)
    svg = st.game.render_svg(st, 0)
    assert svg is not None and svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for node in st.board.nodes:
        assert f'data-node="{node.id}"' in svg
    assert 'class="die"' in svg and 'class="scroll"' in svg and 'class="mage"' in svg
    assert "<script" not in svg and "href=" not in svg


def test_text_rendering_shows_reach_dice_scrolls_and_scores() -> None:
    """render_text: a rich renderable with the seat's reachable seals, dice, scrolls, scores."""
    from rich.console import Console

    st = played(2, 1, 120)
    console = Console(width=200, record=True, color_system=None)
    console.print(st.game.render_text(st, 0))
    text = console.export_text()
    assert "Binding(1)" in text and "score" in text and "supply" in text
    if st.phase == "play":
        assert "can reach" in text


def svg_elements(svg: str) -> list[dict[str, str]]:
    """The data- attributes of every element of an SVG text."""
    import re

    return [
        dict(re.findall(r'data-([a-z-]+)="([^"]*)"', tag))
        for tag in re.findall(r"<[a-z]+ [^>]*data-[^>]*>", svg)
    ]


@pytest.mark.parametrize("circle", [2, 3, 4])
def test_svg_offers_an_element_for_every_legal_choice_of_a_thing(circle: int) -> None:
    """render_svg: every legal action naming a node, die, scroll, supply colour or seat has
    an element whose data- attributes carry the action's JSON fields (how the browser app
    turns clicks into actions)."""
    game = grimoire.make("five-seals", players=3, circle=circle)
    st = game.new_state(circle)
    rng = random.Random(circle)
    checked = 0
    for _ in range(400):
        if st.is_terminal():
            break
        elements = svg_elements(game.render_svg(st, None) or "")
        for action in st.legal_actions():
            doc = st.action_to_json(action)
            fields = {k: str(v) for k, v in doc.items() if k not in ("id", "text", "kind")}
            if doc["kind"] == "colour" or not fields:
                continue  # Mind colour choices and single actions are buttons, not things
            assert any(fields.items() <= e.items() for e in elements), doc
            checked += 1
        st.play(rng.choice(st.legal_actions()))
    assert checked > 100
