"""Ruling 24 (project): in simultaneous play a claim is sealed during the player's turn and
scored at the round end (ruling 12). With secret runes' interaction rule another player's
Simza or Ainfean may push or discard one of the sealed pattern's dice in the meantime: the claim
then fails at the round end (no points, no card, the remaining dice stay), instead of scoring a
cell that is no longer there.

The position is the round end of the property sweep's game 2822 (3 players, Luniorn, quick
draft, secret runes with interaction, simultaneous play), where seat 1 had sealed Landslide on
four cells and seat 2's Simza then emptied one of them (b1): the engine used to return a die
that did not exist to the bag (one blue die too many)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.games.runika.sweep_checks import dice_by_colour

from grimoire.games.runika.game import RunikaGame
from grimoire.games.runika.state import RunikaState

POSITION = Path(__file__).parent / "positions" / "broken_sealed_claim.json"


def load() -> RunikaState:
    doc = json.loads(POSITION.read_text())
    state = RunikaGame(doc["players"], doc["options"]).state_from_json(doc)
    assert isinstance(state, RunikaState)
    return state


def test_a_sealed_claim_broken_by_another_player_fails_at_the_round_end() -> None:
    st = load()
    seat1 = st.to_json(history=False)["position"]["seats"][1]
    assert seat1["claims"] and seat1["claims"][0][0] == "landslide"
    assert seat1["grid"][1].split()[0] == ".."  # a cell of the sealed pattern is empty
    before = dice_by_colour(st)
    grid_before = list(st.grid[1])
    tokens_before = st.tokens[1]
    st.apply_text("done", 0)  # the last turn ends: the round end reveals the sealed claims
    while st.is_chance():
        st.resolve_chance()
    assert dice_by_colour(st) == before == [20, 20, 20, 20]  # no die made of an empty cell
    assert st.tokens[1] == tokens_before  # no points for the broken claim
    landslide = next(r.index for r in st.comp.runes if r.id == "landslide")
    assert all(rune != landslide for rune, _, _ in st.owned[1])
    assert not st.secret_got[1][st.secret[1].index(landslide)]
    assert [d for d in st.grid[1] if d >= 0] == [d for d in grid_before if d >= 0]


def test_a_sealed_claim_still_held_scores_as_before() -> None:
    """The same round end with the emptied cell filled again by a die of the right colour:
    the claim stands, its dice leave the grid and the card is gained (rulings 12 and 13)."""
    doc = json.loads(POSITION.read_text())
    seats = doc["position"]["seats"]
    row = seats[1]["grid"][1].split()
    doc["position"]["bag"].remove("Y")
    row[0] = "Y1"
    seats[1]["grid"][1] = " ".join(row)
    st = RunikaGame(doc["players"], doc["options"]).state_from_json(doc)
    assert isinstance(st, RunikaState)
    from grimoire.games.runika.claims import still_held

    rune, mask = st.sim_claims[1][0]
    if not still_held(st, 1, rune, mask, 0):  # Landslide needs another colour on that cell
        for letter in "GRB":
            doc = json.loads(POSITION.read_text())
            seats = doc["position"]["seats"]
            row = seats[1]["grid"][1].split()
            doc["position"]["bag"].remove(letter)
            row[0] = f"{letter}1"
            seats[1]["grid"][1] = " ".join(row)
            st = RunikaGame(doc["players"], doc["options"]).state_from_json(doc)
            assert isinstance(st, RunikaState)
            if still_held(st, 1, rune, mask, 0):
                break
    assert still_held(st, 1, rune, mask, 0)
    tokens = st.tokens[1]
    st.apply_text("done", 0)
    while st.is_chance():
        st.resolve_chance()
    assert all(st.grid[1][cell] < 0 for cell in range(16) if mask >> cell & 1)
    assert st.secret_got[1][st.secret[1].index(rune)]
    assert st.tokens[1] >= tokens
