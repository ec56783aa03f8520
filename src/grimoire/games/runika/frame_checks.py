"""The cross-checks of a loaded position's decision frames and chance events (the board's are
in ``checks.py``): each frame lies on its own seat's stack over that seat's turn, at a stage
that has such a decision, and the die, card, rune, grid and cell it names exist and fit its
kind; each chance event names a seat, a display place or a secret-rune category that exists,
and can be drawn. Each refusal is one ``InvalidPosition`` naming the field.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from grimoire.core.documents import require
from grimoire.games.runika import claims, flow
from grimoire.games.runika.abilities import GRID_KINDS, rotate_choice
from grimoire.games.runika.chance import category, deal_pool
from grimoire.games.runika.checks import in_play
from grimoire.games.runika.components import ROTATE, Ability
from grimoire.games.runika.frames import (
    Ab,
    AchDraw,
    At,
    BagDraw,
    Card,
    Deal,
    Decision,
    FirstDraw,
    Fort,
    Frame,
    Main,
    Pick,
    Quarry,
    Resolve,
    Roll,
    RuneDraw,
    SoloDraw,
)

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


def check(st: RunikaState) -> None:
    """Refuse frames or chance events out of line with the board (InvalidPosition)."""
    _frames(st)
    _events(st)


# ---------------------------------------------------------------------- frames
def _frames(st: RunikaState) -> None:
    n, rules = st.n, st.rules
    for s, stack in enumerate(st.stacks):
        if not stack:
            continue
        where = f"seats[{s}].stack"
        require(st.phase == "turns", where, len(stack), "decisions only while turns are played")
        require(isinstance(stack[0], Main), f"{where}[0]", _kind(stack[0]), "the turn itself, main")
        main = stack[0]
        assert isinstance(main, Main)
        require(main.had <= len(st.owned[s]), f"{where}[0].had", main.had, "runes it owned")
        for index, frame in enumerate(stack):
            assert isinstance(frame, Decision)  # FRAMES holds decisions only
            require(frame.s == s, f"{where}[{index}].s", frame.s, f"seat {s}'s own stack")
            if index:
                _frame(st, s, main.stage, frame, f"{where}[{index}]")
        if len(stack) > 1:
            require(
                main.stage in ("reroll", "resolve", "claims"),
                f"{where}[0].st",
                main.stage,
                "no decision at an automatic stage",
            )
    if st.phase == "turns" and not rules.simultaneous:
        seat = flow.turn_seat(st)
        require(bool(st.stacks[seat]), f"seats[{seat}].stack", [], "its turn: a main frame")
        others = [o for o in range(n) if o != seat and st.stacks[o]]
        require(not others, "seats", others, f"only seat {seat} plays its turn now")


def _kind(frame: Frame) -> str:
    """A frame's kind (``k``; an ``Ab`` frame's ``kind`` field is its ability's)."""
    return frame.tag()


def _frame(st: RunikaState, s: int, stage: str, frame: Frame, where: str) -> None:
    require(not isinstance(frame, Main), where, "main", "one main frame, at the bottom")
    claims_stage = stage == "claims"
    require(
        isinstance(frame, At) == claims_stage,
        where,
        _kind(frame),
        f"not a decision of the {stage} stage",
    )
    if isinstance(frame, Pick):
        _pick(st, s, frame, where)
    elif isinstance(frame, (Resolve, Fort)):
        d = frame.d
        require(st.comp.has_face(d), f"{where}.d", d, "a face of its die")
        if isinstance(frame, Resolve) and d % 4 == ROTATE:  # else resolved at once
            chosen = rotate_choice(st, s) is not None
            require(chosen, f"{where}.d", d, "a rotate face waits only with a card to choose")
        if isinstance(frame, Fort):
            _card_is(st, s, frame.src, "save_pushed", f"{where}.src", "a Fortification card")
    elif isinstance(frame, Quarry):
        _card_is(st, s, frame.src, "professor_turn", f"{where}.src", "a Quarry card")
    elif isinstance(frame, At):
        require(
            frame.r < len(st.comp.runes) and frame.r in claims.candidates(st, s),
            f"{where}.r",
            frame.r,
            "a rune the seat may claim",
        )
    else:
        assert isinstance(frame, Ab)
        _ability(st, s, frame, where)


def _pick(st: RunikaState, s: int, frame: Pick, where: str) -> None:
    left = Counter(st.store[s])
    marked = ([frame.disc] if frame.disc >= 0 else []) + frame.sel
    for die in marked:
        require(left[die] > 0, where, marked, "the dice it names are in the seat's storage")
        left[die] -= 1
    if frame.src is None:
        require(frame.disc >= 0 and frame.max == 0, where, frame.disc, "a die paid for it")
    else:
        ability = _card_ability(st, s, frame.src)
        free = ability is not None and ability.kind == "free_reroll"
        require(free and frame.disc < 0, f"{where}.src", frame.src, "a free re-roll card")
        assert ability is not None
        require(frame.max == ability.get("dice"), f"{where}.max", frame.max, "the card's dice")
        require(
            frame.max == 0 or len(frame.sel) <= frame.max,
            f"{where}.sel",
            frame.sel,
            f"at most {frame.max} dice",
        )


def _card_ability(st: RunikaState, s: int, src: Card) -> Ability | None:
    """The ability of the seat's card ``src`` (a professor's for ``("p", p)``), or None."""
    comp, index = st.comp, src.index
    if src.kind == "p":
        return comp.professors[index].ability if in_play(st, index) else None
    cards = st.owned[s] if src.kind == "r" else st.achs[s]
    if index >= len(cards):
        return None
    if src.kind == "r":
        return comp.runes[cards[index][0]].ability
    return comp.achievements[cards[index][0]].ability


def _card_is(st: RunikaState, s: int, src: Card, kind: str, where: str, what: str) -> None:
    ability = _card_ability(st, s, src)
    require(ability is not None and ability.kind == kind, where, src, f"{what} of the seat")


def _ability(st: RunikaState, s: int, frame: Ab, where: str) -> None:
    """An ``Ab`` frame uses the ability of its card, or of the professor ``p`` the card (or
    a die placed there) calls on; its grid and cell exist and fit the ability."""
    comp = st.comp
    card = _card_ability(st, s, frame.src)
    require(card is not None, f"{where}.src", frame.src, "a card of the seat or a professor")
    assert card is not None
    require(
        frame.m == (frame.src.kind == "p"), f"{where}.m", frame.m, "mandatory for a professor's die"
    )
    if frame.p >= 0:
        require(
            frame.p < len(comp.professors) and in_play(st, frame.p),
            f"{where}.p",
            frame.p,
            "a professor in play",
        )
        if frame.src.kind == "p":
            require(frame.src.index == frame.p, f"{where}.p", frame.p, "the professor's own")
        else:
            named = card.get("professor")
            calls = card.kind == "professor_ability" and (
                named == "any" or comp.professor_by_name(str(named)) == frame.p
            )
            require(calls, f"{where}.p", frame.p, "a professor the card may call on")
        expected = comp.professors[frame.p].ability
    else:
        require(frame.src.kind != "p", f"{where}.p", frame.p, "the professor of the die")
        expected = card
    params = {"kind": expected.kind, **expected.params}
    require(
        frame.kind == expected.kind and frame.a == params,
        f"{where}.a",
        frame.a,
        f"the ability {expected.kind} of its card",
    )
    grid_kind = frame.kind in GRID_KINDS
    if frame.g >= 0:
        other = frame.g != s
        interaction = st.rules.interaction and frame.p >= 0 and comp.professors[frame.p].interaction
        require(
            grid_kind and frame.g < st.n and (not other or interaction),
            f"{where}.g",
            frame.g,
            "a grid the ability may act on",
        )
    if frame.c >= 0:
        picks = frame.kind in ("push_die", "move_die", "swap_dice")
        target = frame.g if grid_kind else s
        require(picks and target >= 0, f"{where}.c", frame.c, "a cell the ability chose")
        require(st.grid[target][frame.c] >= 0, f"{where}.c", frame.c, "a cell with a die")


# ---------------------------------------------------------------------- chance events
def _events(st: RunikaState) -> None:
    rules, n = st.rules, st.n
    if not st.chance:
        return
    deals: Counter[str] = Counter()
    dealt = [{category(st.comp, rune) for rune in secret} for secret in st.secret]
    for index, event in enumerate(st.chance):
        where = f"chance[{index}]"
        seat = getattr(event, "s", 0)
        require(seat < n, f"{where}.s", seat, f"a seat 0..{n - 1}")
        if isinstance(event, FirstDraw):
            require(st.first < 0, where, event.kind, "the initiative is drawn once")
        elif isinstance(event, SoloDraw):
            require(rules.solo and st.solo_prof < 0, where, event.kind, "solo, drawn once")
        elif isinstance(event, RuneDraw):
            slots = len(st.display) if not (rules.secret or rules.solo) else 0
            require(event.slot < slots, f"{where}.slot", event.slot, "a place of the display")
        elif isinstance(event, Deal):
            fresh = rules.secret and event.cat not in dealt[event.s]
            require(fresh, f"{where}.cat", event.cat, f"one {event.cat} rune for seat {event.s}")
            dealt[event.s].add(event.cat)
            deals[event.cat] += 1
        elif isinstance(event, BagDraw):
            fits = {"middle": not rules.quick, "qhand": rules.quick, "remove": rules.solo}
            require(fits.get(event.to, True), f"{where}.to", event.to, "not with these options")
        else:
            require(isinstance(event, (AchDraw, Roll)), where, event.kind, "a chance event")
    for cat, count in deals.items():
        pool = len(deal_pool(st, cat))
        require(count <= pool, "chance", cat, f"{count} {cat} runes to deal from {pool}")
    if rules.secret and st.phase != "setup":
        require(not deals, "chance", "deal", "secret runes are dealt at setup")
