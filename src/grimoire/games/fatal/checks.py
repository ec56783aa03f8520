"""The position loader's cross-checks: what the declared shape (``position.FatalPosition``,
``frames.py``) cannot say. Seats in range and still in the game, counters in their domain, the
objects where the rules can put them, and every frame of the stack where the rules push it
(on the frame they push it on) and consistent with the board: the seat, row, card, slot or
target it names exists and fits its kind, so that every decision it leads to has a legal
action. Each refusal is one ``InvalidPosition`` naming the field (docs/rules/fatal.md, "What
the loader checks").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimoire.core.documents import require
from grimoire.games.fatal import frames as F
from grimoire.games.fatal.decisions import enchant_usable, swap_mine
from grimoire.games.fatal.facts import exchangeable, own_colour
from grimoire.games.fatal.frames import FatalFrame as Frame
from grimoire.games.fatal.trimagic import tri_frame, tri_targets

if TYPE_CHECKING:
    from grimoire.games.fatal.state import FatalState

SETUP_KINDS = (F.Setup, F.Start, F.Char, F.First, F.TDraw, F.Draw)
BOTTOM = (F.Turn, F.Setup, F.Start)
ASKS = (F.Decision, F.Reveal)


def check(st: FatalState) -> None:
    """Refuse a loaded position the rules could not have reached or could not play on."""
    seats(st)
    objects(st)
    counters(st)
    stack(st)


# ---------------------------------------------------------------------- seats
def seats(st: FatalState) -> None:
    n, phase = st.n, st.phase
    require(st.first < n, "first", st.first, f"a seat 0..{n - 1} (-1: not drawn yet)")
    require(st.turn < n, "turn", st.turn, f"a seat 0..{n - 1}")
    if phase != "setup":
        require(st.first >= 0, "first", st.first, "drawn once play has started")
        undealt = [s for s in range(n) if st.char[s] < 0]
        require(not undealt, "characters", undealt, "every seat has a character once play starts")
    dealt = [c for c in st.char if c >= 0]
    require(len(set(dealt)) == len(dealt), "characters", dealt, "two seats have one character")
    for s in range(n):
        if st.char[s] >= 0 and not st.ck_char[s] & 1 << s:
            require(False, f"characters[{s}]", st.ck_char[s], "a seat knows its own character")
    live = st.live()
    if st.round == 1:
        require(not any(st.out), "out", st.out, "nobody is eliminated in round 1")
    last = any(isinstance(f, F.RoundEnd) and f.at == "last" for f in st.stack)
    require(len(live) >= (1 if phase == "over" or last else 2), "out", st.out, "too many out")
    if phase == "play":
        require(st.turn in live, "turn", st.turn, "a seat still in the game")
    if st.special >= 0:
        require(phase == "over", "special", st.special, "a special victory ends the game")
        require(st.special < n and not st.out[st.special], "special", st.special, "a live seat")
    if any(st.revealed):
        require(st.round1 is not None, "revealed", st.revealed, "seats reveal after the tally")


# ---------------------------------------------------------------------- objects
def objects(st: FatalState) -> None:
    """Every object where the rules can put it and known to whom it must be."""
    _table_objects(st)
    for s in range(st.n):
        _seat_objects(st, s)
    _treasure_deck(st)


def _table_objects(st: FatalState) -> None:
    """Rows hold at most three visions, one enchantment at most is in effect, the looker
    is live, and the Queen is never a player's, displayed or under the deck."""
    comp = st.comp
    visions, length = len(comp.visions), comp.row_length  # cards 0..V-1 are the visions
    for s, rows in enumerate(st.rows):
        for r, row in enumerate(rows):
            if len(row) > length or max(row, default=-1) >= visions:
                require(False, f"rows[{s}][{r}]", _Cards(st, row), "at most three visions")
    if len(st.active) > 1 or min(st.active, default=visions) < visions:
        require(False, "in_effect", _Cards(st, st.active), "one enchantment at most")
    if st.looking:
        require(st.looker in st.live(), "looker", st.looker, "the live seat looking at cards")
    placed = [t for zone in st.tre + st.up for t in zone] + st.display + st.t_under
    require(
        st.lay.queen not in placed, "treasures", "Queen", "never a player's, displayed or under"
    )


def _seat_objects(st: FatalState, s: int) -> None:
    """A seat knows its own hand and face-down treasures; face-up treasures are a revealed
    seat's own colour; an eliminated seat has nothing left but treasures being shared."""
    me = 1 << s
    if not all(st.ck[c] & me for c in st.hands[s]):
        require(False, f"hands[{s}]", _Cards(st, st.hands[s]), "a seat knows its own hand")
    if not all(st.tk[t] & me for t in st.tre[s]):
        require(False, f"treasures[{s}]", s, "a seat knows its own face-down treasures")
    if st.up[s] and not all(st.revealed[s] and own_colour(st, s, t) for t in st.up[s]):
        require(False, f"face_up[{s}]", s, "a revealed seat's own colour only")
    if st.out[s] and st.phase != "over":
        empty = not (st.hands[s] or st.aside[s] or st.up[s] or any(st.rows[s]))
        require(empty, f"out[{s}]", True, "an eliminated seat has no cards or face-up treasure")
        shared = any(isinstance(f, F.Share) and f.victim == s for f in st.stack)
        require(shared or not st.tre[s], f"treasures[{s}]", s, "an eliminated seat's are shared")


def _treasure_deck(st: FatalState) -> None:
    """The Queen's pool, the looked-at top, and a shown Queen ending the round."""
    queen = st.lay.queen
    others = len(st.t_pool) - (1 if queen in st.t_pool else 0)
    require(st.t_mid <= others, "t_mid", st.t_mid, f"pool treasures above the Queen's ({others})")
    require(len(st.t_top) <= 3, "t_top", len(st.t_top), "Crystal Gaze looks at three at most")
    require(st.t_top_bot <= len(st.t_top), "t_top_bot", st.t_top_bot, "at most t_top's length")
    if st.queen_shown and st.phase != "over":
        ending = any(isinstance(f, F.RoundEnd) for f in st.stack)
        require(ending, "queen_shown", True, "the Queen shown ends the round (a rend frame)")


class _Cards:
    """A zone of cards as a refusal shows it: by name (computed only then)."""

    def __init__(self, st: FatalState, zone: list[int]) -> None:
        self.st, self.zone = st, zone

    def __repr__(self) -> str:
        return repr([self.st.comp.card_name(self.st.kind(c)) for c in self.zone])


# ---------------------------------------------------------------------- counters
def counters(st: FatalState) -> None:
    comp, n = st.comp, st.n
    limit = st.game.options["decision_limit"]
    require(st.decisions <= limit, "decisions", st.decisions, f"at most decision_limit ({limit})")
    if st.phase != "over":
        require(st.decisions < limit, "decisions", st.decisions, "the game ends at the limit")
        if st.game.options["idle_round"]:
            playing = len(st.live())
            require(
                st.idle_turns < playing, "idle_turns", st.idle_turns, f"below {playing} (ruling 31)"
            )
    require(comp.plays <= st.limit <= comp.plays + 1, "turn_state.limit", st.limit, "plays (+1)")
    require(st.plays <= st.limit, "turn_state.plays", st.plays, "at most the limit")
    require(st.bonus <= 2, "turn_state.bonus", st.bonus, "Falling Star's 2 stars at most")
    require(st.casts <= comp.trimagics, "turn_state.casts", st.casts, "two trimagics a turn")
    if st.round1 is not None:
        require(len(st.round1) == n, "round1", st.round1, f"one score per seat ({n})")
    require(st.round == 1 or st.round1 is not None, "round1", None, "round 2 follows the tally")
    live = st.live()
    for name, seats in (("sealed_reveal", st.sealed_reveal), ("sealed_hide", st.sealed_hide)):
        require(all(s in live for s in seats), name, seats, "live seats only")
    chosen = st.sealed_reveal + st.sealed_hide
    if chosen:
        where = "sealed_reveal + sealed_hide"
        asking = bool(st.stack) and isinstance(st.stack[-1], F.Reveal)
        require(asking, where, chosen, "choices only while the reveal is asked")
        require(len(set(chosen)) == len(chosen), where, chosen, "one choice per seat")
        require(len(chosen) < len(live), where, chosen, "a seat still to choose")


# ---------------------------------------------------------------------- the stack
def stack(st: FatalState) -> None:
    """A pending step while the game runs, the bottom frame the phase's, each frame in its
    place."""
    frames = st.stack
    if st.phase == "over":
        require(not frames, "stack", frames, "a finished game has no pending step")
        return
    require(bool(frames), "stack", [], "a game in progress has a pending step")
    if st.phase == "setup":
        _setup_stack(st, frames)
    else:
        require(isinstance(frames[0], F.Turn), "stack[0]", frames[0], "the turn of the seat")
    rends = sum(isinstance(f, F.RoundEnd) for f in frames)
    require(rends <= 1, "stack", frames, "one end of round at a time")
    slots = [f.slot for f in frames if isinstance(f, F.TDraw) and f.to == "display"]
    require(len(set(slots)) == len(slots), "stack", frames, "one draw per display slot")
    live = st.live()
    for i, f in enumerate(frames):
        _frame_in_place(st, i, f, live)


def _setup_stack(st: FatalState, frames: list[Frame]) -> None:
    """Setup: setup steps only, on ``setup`` or ``start``; once dealing has started, a deal
    per undealt seat, the first player drawn once, and no Queen in the display."""
    bottom = frames[0]
    require(isinstance(bottom, BOTTOM[1:]), "stack[0]", bottom, "setup or start")
    for i, f in enumerate(frames):
        require(isinstance(f, SETUP_KINDS), f"stack[{i}]", f, "a setup step")
    undealt = sorted(s for s in range(st.n) if st.char[s] < 0)
    dealing = sorted(f.s for f in frames if isinstance(f, F.Char))
    setup = isinstance(bottom, F.Setup)
    require(setup or undealt == dealing, "stack", frames, "a deal per undealt seat")
    drawing = any(isinstance(f, F.First) for f in frames)
    require(setup or (st.first < 0) == drawing, "first", st.first, "drawn once")
    shown = sum(isinstance(f, F.TDraw) and f.to == "display" for f in frames)
    require(st.t_mid >= shown, "t_mid", st.t_mid, "no Queen in the setup's display")


def _frame_in_place(st: FatalState, i: int, f: Frame, live: list[int]) -> None:
    """Frame ``i``: a bottom kind only at the bottom, a decision only on top (but a play or a
    keep waiting for its draw), a deciding seat still in the game, and the checks of its
    kind."""
    frames = st.stack
    where = f"stack[{i}]"
    parent = frames[i - 1] if i else None
    if i and isinstance(f, BOTTOM):
        require(False, where, f, "only at the bottom of the stack")
    if isinstance(f, ASKS) and i < len(frames) - 1:
        above = frames[i + 1]
        waits = (isinstance(f, F.Play) and _is_draw(above, f.s, "aside")) or (
            isinstance(f, F.Keep) and _is_draw(above, f.s, "hand")
        )
        require(waits, where, f, "a decision is the top frame")
    if isinstance(f, F.Decision) and f.s not in live:
        require(False, f"{where}.s", f.s, "a seat still in the game")
    CHECKS[type(f)](st, f, parent, where)


def _is_draw(f: Frame, s: int, to: str) -> bool:
    return isinstance(f, F.Draw) and f.s == s and f.to == to


def _on(parent: Frame | None, kind: type[Frame], where: str, f: Frame, **fields: Any) -> None:
    """The frame sits on a ``kind`` frame whose fields have these values (named as in the
    code; the refusal names them as in the position document)."""
    if isinstance(parent, kind) and all(getattr(parent, k) == v for k, v in fields.items()):
        return
    key = F.keys_of(kind)
    wanted = ", ".join(f"{key[k]}={v!r}" for k, v in fields.items())
    tag = F.tag_of(kind)
    require(False, where, f, f"pushed on a {tag} frame ({wanted})" if wanted else f"on {tag}")


def _seat(st: FatalState, seat: int, where: str) -> None:
    require(0 <= seat < st.n, where, seat, f"a seat 0..{st.n - 1}")


def _live(st: FatalState, seat: int, where: str) -> None:
    require(0 <= seat < st.n and not st.out[seat], where, seat, "a seat still in the game")


# ---------------------------------------------------------------------- each kind
# (st, frame, the frame below it or None, "stack[i]")
def c_setup(st: FatalState, f: F.Setup, parent: Frame | None, where: str) -> None:
    require(len(st.stack) == 1, "stack", st.stack, "setup is the only step")


def c_bottom(st: FatalState, f: Frame, parent: Frame | None, where: str) -> None:
    """Start and Turn: checked with the stack's bottom."""


def c_turn(st: FatalState, f: F.Turn, parent: Frame | None, where: str) -> None:
    require(f.s == st.turn, f"{where}.s", f.s, f"the seat whose turn it is ({st.turn})")


def c_act1(st: FatalState, f: F.Act1, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, s=f.s, at=1)


def c_steal(st: FatalState, f: F.Steal, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, s=f.s, at=2)


def c_torow(st: FatalState, f: F.ToRow, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, s=f.s, at=2)
    _live(st, f.victim, f"{where}.v")
    row = st.rows[f.victim][f.row]
    require(f.victim != f.s and bool(row), where, f, "another seat's row with a card")
    fits = any(len(mine) == len(row) - 1 for mine in st.rows[f.s])
    require(fits, where, f, "one of the seat's rows can take the stolen vision")


def c_play(st: FatalState, f: F.Play, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, s=f.s, at=3)


def c_xgive(st: FatalState, f: F.XGive, parent: Frame | None, where: str) -> None:
    _on(parent, F.Exchange, where, f, s=f.s, at=1)
    require(bool(exchangeable(st, f.s)), where, f, "a treasure valued 1, 2 or 3 to give")


def c_xdisc(st: FatalState, f: F.XDisc, parent: Frame | None, where: str) -> None:
    _on(parent, F.Exchange, where, f, s=f.s, at=2)


def c_xkeep(st: FatalState, f: F.XKeep, parent: Frame | None, where: str) -> None:
    _on(parent, F.Exchange, where, f, s=f.s, at=4)
    ok = f.to_keep >= 1 and bool(st.looking) and st.looker == f.s
    require(ok, where, f, "cards to keep among those the seat looks at")


def c_slot(st: FatalState, f: F.SlotPick, parent: Frame | None, where: str) -> None:
    if f.mode == "star":
        _on(parent, F.Turn, where, f, s=f.s, at=4)
    elif f.mode == "take":
        _on(parent, F.Takes, where, f, s=f.s, target=f.receiver_or_kind)
    else:
        _on(parent, F.Spent, where, f)
        mine = {st.tkind(t) for t in st.tre[f.s] + st.up[f.s]}
        require(
            f.receiver_or_kind in mine,
            f"{where}.t",
            f.receiver_or_kind,
            "a treasure kind the seat holds",
        )
    require(any(t >= 0 for t in st.display), where, f, "a treasure on display")


def c_gift(st: FatalState, f: F.Gift, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, s=f.s, at=4)
    require(st.display[f.slot] >= 0, f"{where}.slot", f.slot, "a display slot with a treasure")


def c_target(st: FatalState, f: F.Target, parent: Frame | None, where: str) -> None:
    _on(parent, F.Tri, where, f, s=f.s, at="win", target=-1)
    assert isinstance(parent, F.Tri)
    require(bool(tri_targets(st, parent)), where, f, "a seat the trimagic may target")


def c_shield(st: FatalState, f: F.Shield, parent: Frame | None, where: str) -> None:
    _on(parent, F.Tri, where, f, s=f.by, target=f.s, at="eff", shielded=False)
    require(f.s != f.by, where, f, "the caster has no Shield window")


def c_cast(st: FatalState, f: F.Cast, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, s=f.s, at=4)
    full = sum(len(row) == st.comp.row_length for row in st.rows[f.s])
    require(full >= 2, where, f, "two complete rows to choose from")
    require(st.casts < st.comp.trimagics, where, f, "a trimagic left this turn")


def c_discard(st: FatalState, f: F.Discard, parent: Frame | None, where: str) -> None:
    _on(parent, F.Hand, where, f)
    assert isinstance(parent, F.Hand)
    require(parent.seats[:1] == [f.s], where, f, "the seat step C is at")
    over = len(st.hands[f.s]) > st.comp.hand_limit
    require(over, where, f, "a hand above the hand limit")


def c_effect(st: FatalState, f: F.Decision, parent: Frame | None, where: str) -> None:
    """An enchantment's decision (Swap, Wind, Pickpocket, Unmasking, Fairy Trade): on the
    ``spent`` frame of the turn's enchantment, and usable (something to choose)."""
    _on(parent, F.Spent, where, f)
    effect = EFFECT_OF[type(f)]
    require(enchant_usable(st, f.s, effect), where, f, f"{effect}: something to choose")


def c_swapth(st: FatalState, f: F.SwapTheirs, parent: Frame | None, where: str) -> None:
    _on(parent, F.Spent, where, f)
    require(len(st.rows[f.s][f.row]) > f.place, where, f, "the seat's card to swap")
    ok = st.ids.a_mine(f.row, f.place) in swap_mine(st, f.s)
    require(ok, where, f, "another seat's row with a card at that place")


def c_gorder(st: FatalState, f: F.GazeOrder, parent: Frame | None, where: str) -> None:
    _on(parent, F.Gaze, where, f, s=f.s, at=2)
    require(f.place < len(st.t_top) - 1, f"{where}.i", f.place, "a place of the looked-at top")


def c_keep(st: FatalState, f: F.Keep, parent: Frame | None, where: str) -> None:
    _on(parent, F.RoundEnd, where, f, at="bonus")


def c_reveal(st: FatalState, f: F.Reveal, parent: Frame | None, where: str) -> None:
    _on(parent, F.RoundEnd, where, f, at="bonus", bonus_seats=[])
    require(st.round == 1, where, f, "the reveal ends round 1")


def c_char(st: FatalState, f: F.Char, parent: Frame | None, where: str) -> None:
    _seat(st, f.s, f"{where}.s")
    require(st.char[f.s] < 0, f"{where}.s", f.s, "a seat without a character")


def c_first(st: FatalState, f: F.First, parent: Frame | None, where: str) -> None:
    require(st.first < 0, "first", st.first, "the first player is drawn once")


def c_draw(st: FatalState, f: F.Draw, parent: Frame | None, where: str) -> None:
    _live(st, f.s, f"{where}.s")
    if f.to == "look" and st.looking:
        require(f.s == st.looker, f"{where}.s", f.s, "the seat looking at the drawn cards")


def c_tdraw(st: FatalState, f: F.TDraw, parent: Frame | None, where: str) -> None:
    if f.to == "display":
        require(f.slot >= 0, f"{where}.slot", f.slot, "a display slot")
        require(st.display[f.slot] < 0, f"{where}.slot", f.slot, "an empty display slot")
    else:
        _live(st, f.s, f"{where}.s")
        if not isinstance(parent, F.TDraw):
            _on(parent, F.Gaze, where, f, s=f.s, at=1)


def c_rsteal(st: FatalState, f: F.RSteal, parent: Frame | None, where: str) -> None:
    _live(st, f.s, f"{where}.s")
    _seat(st, f.victim, f"{where}.v")
    require(f.s != f.victim, where, f, "a thief steals from another seat")
    if not isinstance(parent, F.RSteal):
        _on(parent, F.Tri, where, f, s=f.s, effect="STEAL")


def c_rcard(st: FatalState, f: F.RCard, parent: Frame | None, where: str) -> None:
    _seat(st, f.victim, f"{where}.v")
    require(f.s != f.victim, where, f, "a card taken from another seat")
    if f.s >= 0:
        _live(st, f.s, f"{where}.s")
    if not isinstance(parent, F.RCard):
        _on(parent, F.Echk, where, f, victim=f.victim)


def c_share(st: FatalState, f: F.Share, parent: Frame | None, where: str) -> None:
    _seat(st, f.victim, f"{where}.v")
    require(st.out[f.victim], f"{where}.v", f.victim, "an eliminated seat")
    _live(st, f.to, f"{where}.to")


def c_spent(st: FatalState, f: F.Spent, parent: Frame | None, where: str) -> None:
    require(_is_draw(parent, st.turn, "aside") if parent else False, where, [], "on its draw")
    require(len(st.active) == 1, "in_effect", _Cards(st, st.active), "the enchantment spent")


def c_exchange(st: FatalState, f: F.Exchange, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, s=f.s, at=1)
    require(
        f.discarded <= st.comp.exchange_discard,
        f"{where}.n",
        f.discarded,
        "cards discarded at most",
    )
    if f.at == 0:
        require(bool(exchangeable(st, f.s)), where, f, "a treasure valued 1, 2 or 3")


def c_gaze(st: FatalState, f: F.Gaze, parent: Frame | None, where: str) -> None:
    _on(parent, F.Spent, where, f)


def c_tri(st: FatalState, f: F.Tri, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, s=f.s, at=4)
    row = st.rows[f.s][f.row]
    require(len(row) == st.comp.row_length, f"{where}.r", f.row, "a complete row of the caster")
    cast = tri_frame(st, f.s, f.row)
    same = (f.effect, f.second, f.strength) == (cast.effect, cast.second, cast.strength)
    require(same, where, f, "type, second target and strength read from the row")
    require(
        f.target_index <= (2 if f.second else 1),
        f"{where}.j",
        f.target_index,
        "the trimagic's targets",
    )
    require(
        f.target_index > 0 or f.first_target < 0,
        f"{where}.t0",
        f.first_target,
        "no first target before the first",
    )
    for key, seat in (("t", f.target), ("t0", f.first_target)):
        if seat >= 0:
            _seat(st, seat, f"{where}.{key}")
    top = st.stack[-1] is f
    chosen = f.at == "eff" or (f.at == "win" and top)
    require(
        (f.target >= 0) == chosen, f"{where}.t", f.target, f"a target exactly when chosen ({f.at})"
    )
    if f.target >= 0:
        require(
            f.target in tri_targets(st, f), f"{where}.t", f.target, "a seat the trimagic may target"
        )
    require(
        not f.shielded or f.at == "eff", f"{where}.sh", f.shielded, "shielded only at the effect"
    )
    require(st.casts >= 1, "turn_state.casts", st.casts, "the trimagic is cast")


def c_takes(st: FatalState, f: F.Takes, parent: Frame | None, where: str) -> None:
    _on(parent, F.Tri, where, f, s=f.s, effect="TAKE", first_target=f.target)
    _live(st, f.target, f"{where}.t")


def c_echk(st: FatalState, f: F.Echk, parent: Frame | None, where: str) -> None:
    _seat(st, f.victim, f"{where}.v")
    require(f.victim != f.by, where, f, "a hand emptied by another seat")
    if isinstance(parent, F.Tri):
        _on(parent, F.Tri, where, f, s=f.by, effect="DISCARD")
    else:
        _on(parent, F.Spent, where, f)
        require(f.by == st.turn, f"{where}.by", f.by, "the seat whose turn it is")


def c_hand(st: FatalState, f: F.Hand, parent: Frame | None, where: str) -> None:
    _on(parent, F.Turn, where, f, at=6)
    require(len(set(f.seats)) == len(f.seats), f"{where}.q", f.seats, "each seat once")
    for s in f.seats:
        _seat(st, s, f"{where}.q")


def c_rend(st: FatalState, f: F.RoundEnd, parent: Frame | None, where: str) -> None:
    require(
        len(set(f.bonus_seats)) == len(f.bonus_seats), f"{where}.q", f.bonus_seats, "each seat once"
    )
    for s in f.bonus_seats:
        _live(st, s, f"{where}.q")
    if f.at == "last":
        require(len(st.live()) == 1, where, f, "one seat left")
    elif f.at != "tally":
        ok = st.round == 1 and st.round1 is not None
        require(ok, where, f, "after the round-1 tally")
    if f.bonus_seats:
        require(
            f.at == "bonus", f"{where}.q", f.bonus_seats, "the seats still to take a reveal bonus"
        )


EFFECT_OF: dict[type[Frame], str] = {
    F.SwapMine: "swap",
    F.Wind: "wind",
    F.Pick: "pickpocket",
    F.Unmask: "unmask",
    F.Trade: "trade",
}
CHECKS: dict[type[Frame], Callable[[FatalState, Any, Frame | None, str], None]] = {
    F.Act1: c_act1,
    F.Steal: c_steal,
    F.ToRow: c_torow,
    F.Play: c_play,
    F.XGive: c_xgive,
    F.XDisc: c_xdisc,
    F.XKeep: c_xkeep,
    F.SlotPick: c_slot,
    F.Gift: c_gift,
    F.Target: c_target,
    F.Shield: c_shield,
    F.Cast: c_cast,
    F.Discard: c_discard,
    F.SwapMine: c_effect,
    F.SwapTheirs: c_swapth,
    F.Wind: c_effect,
    F.Pick: c_effect,
    F.Unmask: c_effect,
    F.Trade: c_effect,
    F.GazeOrder: c_gorder,
    F.Keep: c_keep,
    F.Reveal: c_reveal,
    F.Char: c_char,
    F.First: c_first,
    F.Draw: c_draw,
    F.TDraw: c_tdraw,
    F.RSteal: c_rsteal,
    F.RCard: c_rcard,
    F.Share: c_share,
    F.Setup: c_setup,
    F.Start: c_bottom,
    F.Turn: c_turn,
    F.Spent: c_spent,
    F.Exchange: c_exchange,
    F.Gaze: c_gaze,
    F.Tri: c_tri,
    F.Takes: c_takes,
    F.Echk: c_echk,
    F.Hand: c_hand,
    F.RoundEnd: c_rend,
}
