"""Building Runika positions for the rule-by-rule tests.

Positions are written in the documented position format (docs/rules/runika.md, "Position
format") on top of a seeded start, loaded with ``Game.state_from_json`` (which checks them), and
then driven with the game's own action texts. Chance outcomes (rolls, draws) are chosen by their
outcome text (``roll G1``, ``bag R``, ``rune sweep``, ``achievement scroll_of_honour``).
"""

from __future__ import annotations

import copy
from typing import Any

from grimoire.core.state import State
from grimoire.games.runika.game import RunikaGame

COLOURS = "GRBY"
PER_COLOUR = 20
EMPTY_GRID = [".. .. .. .."] * 4


def game(players: int = 2, **options: Any) -> RunikaGame:
    return RunikaGame(players, dict(options))


def start(players: int = 2, seed: int = 1, **options: Any) -> State:
    """A seeded new game with the setup's chance resolved."""
    return game(players, **options).new_state(seed=seed)


def _dice_in(pos: dict[str, Any]) -> list[str]:
    """Colour letters of every die the position places outside the bag."""
    out: list[str] = []
    for seat in pos["seats"]:
        for row in seat.get("grid", EMPTY_GRID):
            out += [cell[0] for cell in row.split() if cell not in ("..", ".")]
        out += [d[0] for d in seat.get("store", [])]
        if seat.get("pocket"):
            out.append(seat["pocket"][0])
        for frame in seat.get("stack", []):
            if frame.get("k") in ("die", "fort"):
                out.append(COLOURS[frame["d"] // 4])
    for prof in pos.get("professors", {}).values():
        out += [d[0] for d in prof.get("dice", [])]
    out += list(pos.get("middle", []))
    out += list(pos.get("below", []))
    for event in pos.get("chance", []):
        if event.get("k") == "roll":
            out.append(COLOURS[event["c"]])
    return out


def position(
    players: int = 2,
    seed: int = 1,
    *,
    options: dict[str, Any] | None = None,
    seats: dict[int, dict[str, Any]] | None = None,
    **fields: Any,
) -> State:
    """A turn position: by default seat ``first`` (0) is resolving its dice.

    ``seats`` maps a seat to its fields (grid rows, store, disc, tokens, runes, stack...);
    ``fields`` set top-level position fields (professors, display, deck, mastery...). The bag is
    balanced so that every colour adds up to 20 dice."""
    g = game(players, **(options or {}))
    base = g.new_state(seed=seed)
    doc = copy.deepcopy(base.to_json(history=False))
    pos = doc["position"]
    first = int(fields.get("first", 0))
    active = (first + int(fields.get("turn_i", 0))) % players
    pos.update(
        phase="turns",
        round=1,
        first=first,
        draft_seat=-1,
        turn_i=0,
        middle=[],
        chance=[],
    )
    for prof in pos["professors"].values():
        prof["dice"], prof["tokens"] = [], []
    for seat in pos["seats"]:
        seat.update(grid=list(EMPTY_GRID), store=[], stack=[], tokens=0, disc=0)
    pos["seats"][active]["stack"] = [{"k": "main", "s": active, "st": "resolve"}]
    for key, value in fields.items():
        if key == "professors":
            for name, entry in value.items():
                pos["professors"][name].update(entry)
        else:
            pos[key] = value
    for s, values in (seats or {}).items():
        pos["seats"][s].update(values)
        if "stack" not in values and s == active:
            pos["seats"][s]["stack"] = [{"k": "main", "s": s, "st": "resolve"}]
    used = _dice_in(pos)
    pos["bag"] = {c: PER_COLOUR - used.count(c) for c in COLOURS}
    _balance_cards(g, pos, fields)
    return g.state_from_json(doc)


def _card_id(entry: Any) -> str:
    return str(entry["id"] if isinstance(entry, dict) else entry)


def _balance_cards(g: RunikaGame, pos: dict[str, Any], fields: dict[str, Any]) -> None:
    """No card twice, as the loader checks: the rune cards the seats hold (their cards, or
    their secret runes) leave the deck (which is the rest of the basic runes when the test names
    no deck) and, when the test names no display, the display (another rune is laid out
    there); a mastery rune card a seat holds is its own in the mastery row, and the owner of a
    mastery rune holds its card; the achievement cards the seats hold leave their deck."""
    comp = g.comp
    secret = bool(g.options["secret_runes"])
    _owners_hold_their_mastery_cards(pos)
    held = _held_runes(pos, secret)
    mastery = [comp.runes[r].id for r in comp.mastery]
    if secret and "mastery_box" not in fields:
        pos["mastery_box"] = [r for r in mastery if r not in held]
    basic = [r for r in held if r not in mastery]
    if g.players == 1:
        pass  # solo: no rune deck, the solo runes lie on the display
    elif "deck" in fields:
        for rune in basic:
            if rune in pos["deck"]:
                pos["deck"].remove(rune)
    else:
        pos["deck"] = _rest_of_the_runes(g, pos, fields, basic)
    for seat in pos["seats"]:
        for entry in seat["achievements"]:
            if _card_id(entry) in pos["achievement_deck"]:
                pos["achievement_deck"].remove(_card_id(entry))


def _owners_hold_their_mastery_cards(pos: dict[str, Any]) -> None:
    for entry in pos["mastery"]:
        if entry["owner"] is not None:
            seat = pos["seats"][entry["owner"]]
            if entry["rune"] not in [_card_id(e) for e in seat["runes"]]:
                seat["runes"].append(entry["rune"])


def _held_runes(pos: dict[str, Any], secret: bool) -> list[str]:
    """The rune cards the seats hold; a mastery rune held is its holder's, and mastered."""
    held: list[str] = []
    for s, seat in enumerate(pos["seats"]):
        runes = seat["secret"] if secret else [_card_id(e) for e in seat["runes"]]
        held += runes
        for entry in pos["mastery"]:
            if entry["rune"] in runes and entry["owner"] in (None, s):
                entry["owner"] = s
                if entry["rune"] not in seat["mastered"]:
                    seat["mastered"].append(entry["rune"])
    return held


def _rest_of_the_runes(
    g: RunikaGame, pos: dict[str, Any], fields: dict[str, Any], basic: list[str]
) -> list[str]:
    """The deck: every basic rune card but those held and those on display (a display the test
    does not name shows another rune where it showed a held one)."""
    comp = g.comp
    every = [comp.runes[r].id for r in comp.basic for _ in range(comp.runes[r].copies)]
    for rune in basic:
        every.remove(rune)
    if "display" not in fields:
        for slot, stack in enumerate(pos["display"]):
            if any(rune in basic for rune in stack):
                shown = {r for other in pos["display"] for r in other}
                pos["display"][slot] = [next(r for r in every if r not in shown)]
    for rune in (r for stack in pos["display"] for r in stack):
        if rune in every:
            every.remove(rune)
    return every


def texts(state: State, seat: int | None = None) -> list[str]:
    """The legal actions as text."""
    return [state.action_to_string(a) for a in state.legal_actions(seat)]


def do(state: State, *actions: str) -> State:
    """Apply actions (or chance outcomes) by their text, in order."""
    for text in actions:
        state.apply_text(text)
    return state


def outcome(state: State, prefix: str) -> State:
    """Resolve the pending chance node with the outcome whose text starts with ``prefix``
    (e.g. ``roll G1``, ``bag R``, ``rune sweep``)."""
    assert state.is_chance(), "no chance node pending"
    for action, _ in state.chance_weights():
        if state.action_to_string(action).startswith(prefix):
            state.apply(action)
            return state
    raise AssertionError(f"no chance outcome {prefix!r} in {chance_texts(state)}")


def chance_texts(state: State) -> list[str]:
    assert state.is_chance(), "no chance node pending"
    return [state.action_to_string(o) for o, _ in state.chance_weights()]


def pos(state: State) -> dict[str, Any]:
    """The current position document."""
    doc: dict[str, Any] = state.to_json(history=False)["position"]
    return doc


def grid(state: State, seat: int = 0) -> list[str]:
    rows: list[str] = pos(state)["seats"][seat]["grid"]
    return rows


def bag(state: State) -> dict[str, int]:
    counts: dict[str, int] = pos(state)["bag"]
    return counts


def seat_doc(state: State, seat: int = 0) -> dict[str, Any]:
    doc: dict[str, Any] = pos(state)["seats"][seat]
    return doc


def runes_shown(*shown: str, players: int = 2) -> dict[str, Any]:
    """Position fields: these basic runes face up (one per stack), the rest in the deck."""
    comp = game(players).comp
    basic = [comp.runes[r].id for r in comp.basic]
    return {"display": [[r] for r in shown], "deck": [r for r in basic if r not in shown]}


def next_turn(state: State, seat: int = 0) -> State:
    """Play on from the end of a round to ``seat``'s next turn, stopping at its re-roll stage:
    each chance node takes its first outcome and each draft its first pick. ``seat`` must hold
    the next round's initiative (no other turn is played)."""
    for _ in range(200):
        if state.is_chance():
            state.apply(state.chance_weights()[0][0])
            continue
        doc = pos(state)
        stack = doc["seats"][seat]["stack"]
        if doc["phase"] == "turns" and stack and stack[-1].get("st") == "reroll":
            return state
        assert doc["phase"] == "draft", f"stopped in phase {doc['phase']!r}"
        state.apply(state.legal_actions()[0])
    raise AssertionError("no next turn for that seat")
