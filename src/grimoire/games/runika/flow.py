"""The game's flow between decisions: setup, rounds (draw, draft, turns, round end), game end.

``advance`` runs every automatic step until a seat must decide, a chance node is pending or the
game is over. A turn is the ``Main`` frame at the bottom of the seat's stack; its ``stage``
goes roll -> reroll -> resolve -> achieve -> claims -> refill -> end. A stage whose only legal
action would be ``done`` is passed by itself (who acts depends on public facts only, except the
claims of the secret-runes variant, which are always asked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.runika import claims, turn
from grimoire.games.runika.chance import CATEGORIES
from grimoire.games.runika.frames import (
    AchDraw,
    BagDraw,
    Deal,
    FirstDraw,
    Fort,
    Main,
    Resolve,
    Roll,
    RuneDraw,
    SoloDraw,
)

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


# ---------------------------------------------------------------------- setup
def setup(st: RunikaState) -> None:
    """The components laid out, and the setup's chance nodes queued (rules, Setup 1-8)."""
    comp, rules = st.comp, st.rules
    st.ach_deck = sorted(a.index for a in comp.achievements for _ in range(a.copies))
    deck = sorted(r for r in comp.basic for _ in range(comp.runes[r].copies))
    for colour in st.below:  # Luniorn: one die of each colour from the bag below it
        st.bag[colour] -= 1
    if st.first < 0 and not rules.solo:
        st.chance.append(FirstDraw())
    if rules.solo:
        st.first = 0
        if st.solo_prof < 0:
            st.chance.append(SoloDraw())
    elif rules.secret:
        st.deck = deck
        st.mastery_box = list(comp.mastery)
        for seat in range(st.n):
            for cat in CATEGORIES:
                st.chance.append(Deal(s=seat, cat=cat))
    else:
        st.deck = deck
        st.display = [[] for _ in range(st.n + comp.display_extra)]
        st.mastery_row = [[r, -1] for r in comp.mastery]
        st.chance += [RuneDraw(slot=slot) for slot in range(len(st.display))]


def begin_game(st: RunikaState) -> None:
    """After the setup's chance: the solo goal runes are laid out (ruling 9)."""
    if st.rules.solo:
        prof = st.comp.professors[st.solo_prof]
        st.display = [[r] for r in prof.solo_runes]
        st.mastery_row = [[prof.solo_mastery, -1]] if prof.solo_mastery >= 0 else []


# ---------------------------------------------------------------------- the driver
def advance(st: RunikaState) -> None:
    while True:
        prune(st)
        if st.phase == "over" or st.chance:
            return
        phase = st.phase
        if phase == "setup":
            begin_game(st)
            start_round(st)
        elif phase == "draft":
            if st.middle and (not st.rules.solo or st.picks < st.comp.solo_keep):
                return
            end_draft(st)
        elif phase == "pass":
            if passing(st):
                return
            resolve_pass(st)
        elif phase == "turns":
            if not step_turns(st):
                return
        elif phase == "end":
            if st.rules.simultaneous:
                claims.resolve_simultaneous(st)
                claims.refill(st)
            st.phase = "cleanup"
        else:  # cleanup
            cleanup(st)


def prune(st: RunikaState) -> None:
    """Drop queued draws from an empty bag or deck: they draw nothing (ruling 17, R13)."""
    while st.chance:
        event = st.chance[0]
        if isinstance(event, BagDraw):
            empty = not any(st.bag)
        elif isinstance(event, RuneDraw):
            empty = not st.deck
        elif isinstance(event, AchDraw):
            empty = not st.ach_deck
        else:
            return
        if not empty:
            return
        st.chance.pop(0)


def turns_started(st: RunikaState) -> int:
    """The turns started so far (``State.turns``): every round gives each seat one turn."""
    if st.round == 0:
        return 0
    if st.phase in ("draft", "pass"):
        this_round = 0
    elif st.phase == "turns" and not st.rules.simultaneous:
        this_round = min(st.turn_i + 1, st.n)
    else:
        this_round = st.n
    return (st.round - 1) * st.n + this_round


def order(st: RunikaState) -> list[int]:
    """The turn order of the round: clockwise (seat + 1) from the initiative holder."""
    return [(st.first + i) % st.n for i in range(st.n)]


def turn_seat(st: RunikaState) -> int:
    """The seat whose turn it is in sequential play (``order(st)[st.turn_i]``)."""
    return (st.first + st.turn_i) % st.n


# ---------------------------------------------------------------------- a round
def start_round(st: RunikaState) -> None:
    """Step 1, the dice draft: draw players x 4 dice (quick draft: 4 per player; solo: 8)."""
    rules, comp = st.rules, st.comp
    st.round += 1
    st.picks = 0
    total = sum(st.bag)
    if rules.charm:
        st.charm = order(st)[-1]  # ruling 14: the seat that plays last, at the round's start
    if rules.solo:
        if total < comp.solo_draw:
            finish(st, "solo_loss")  # ruling 16 (PROPOSED): the bag cannot supply a round
            return
        st.chance += [BagDraw(s=0, to="middle")] * comp.solo_draw  # events are never changed
        st.phase, st.draft_seat = "draft", 0
        return
    if total == 0:
        finish(st, "stall")  # engine safeguard: no die left to draw, nothing can change
        return
    if rules.quick:
        for seat in order(st):
            take = min(comp.draft_dice, total)
            total -= take
            st.chance += [BagDraw(s=seat, to="qhand")] * take
        st.phase = "pass"
        return
    draw = min(comp.draft_dice * st.n, total)
    st.chance += [BagDraw(s=st.first, to="middle")] * draw
    st.phase, st.draft_seat = "draft", st.first


def draft_pick(st: RunikaState, seat: int, colour: int) -> None:
    st.middle.remove(colour)
    st.store[seat].append(16 + colour)
    st.store[seat].sort()
    st.picks += 1
    if not st.rules.solo:
        st.draft_seat = (seat + 1) % st.n  # ruling 18: repeated clockwise single picks


def end_draft(st: RunikaState) -> None:
    if st.rules.solo:  # ruling 9: the dice not kept leave play, then 2 more at random
        for colour in st.middle:
            st.removed[colour] += 1
        st.middle = []
        st.chance += [BagDraw(s=0, to="remove")] * st.comp.solo_remove
    st.draft_seat = -1
    begin_turns(st)


def passing(st: RunikaState) -> list[int]:
    """Quick draft: the seats that still have to choose the die they pass."""
    return [s for s in range(st.n) if st.qhand[s] and st.qpass[s] < 0]


def resolve_pass(st: RunikaState) -> None:
    """Quick draft: every chosen die goes to the neighbour at once, counter-clockwise in odd
    rounds and clockwise in even rounds; the rest go to storage."""
    step = -1 if st.round % 2 else 1
    for seat in range(st.n):
        if st.qpass[seat] >= 0:
            st.qhand[(seat + step) % st.n].append(st.qpass[seat])
            st.qpass[seat] = -1
    for seat in range(st.n):
        st.store[seat] += [16 + c for c in st.qhand[seat]]
        st.store[seat].sort()
        st.qhand[seat] = []
    begin_turns(st)


def begin_turns(st: RunikaState) -> None:
    st.phase = "turns"
    st.turn_i = 0
    seats = order(st) if st.rules.simultaneous else order(st)[:1]
    for seat in seats:
        st.stacks[seat] = [Main(s=seat, stage="roll")]
    st.turns = (st.turns or 0) + len(seats)


def step_turns(st: RunikaState) -> bool:
    """One automatic step of a turn (or of every turn, in simultaneous play); False when
    every turn in progress waits for a decision."""
    if not st.rules.simultaneous:
        seat = turn_seat(st)
        return len(st.stacks[seat]) == 1 and stage_step(st, seat)
    for seat in order(st):
        if len(st.stacks[seat]) == 1 and stage_step(st, seat):
            return True
    if not any(st.stacks):
        st.phase = "end"
        return True
    return False


def stage_step(st: RunikaState, seat: int) -> bool:
    """One automatic step of ``seat``'s turn at its stage (docs/rules/runika.md, A round »
    Turns); False when the stage waits for the seat's decision."""
    main = st.stacks[seat][0]
    assert isinstance(main, Main)
    stage = main.stage
    if stage == "reroll" or stage == "resolve":
        return _pass_if_only_done(st, seat, main)
    if stage == "claims":
        return _claims(st, seat, main)
    if stage == "roll":
        return _roll_stored(st, seat, main)
    if stage == "achieve":
        return _achieve(st, seat, main)
    if stage == "refill":
        return _refill(st, seat, main)
    return _end_turn(st, seat, main)


def _roll_stored(st: RunikaState, seat: int, main: Main) -> bool:
    """Roll every stored die (one chance node each); a pocketed die keeps its face (ruling
    19)."""
    for die in [d for d in st.store[seat] if d >= 16]:
        st.chance.append(Roll(s=seat, c=die - 16))
    st.store[seat] = [d for d in st.store[seat] if d < 16]
    if st.pocket[seat] >= 0:
        st.store[seat] = sorted([*st.store[seat], st.pocket[seat]])
        st.pocket[seat] = -1
    main.stage = "reroll"
    return True


def _pass_if_only_done(st: RunikaState, seat: int, main: Main) -> bool:
    """Re-rolling or resolving: passed by itself once ``done`` is all that is left."""
    if not turn.only_done(st, seat, main):
        return False
    main.stage = "resolve" if main.stage == "reroll" else "achieve"
    return True


def _achieve(st: RunikaState, seat: int, main: Main) -> bool:
    """Achievement: all prestige tokens placed take an achievement card (ruling 6)."""
    claims.achievement(st, seat)
    main.stage = "claims"
    return True


def _claims(st: RunikaState, seat: int, main: Main) -> bool:
    """Runes: asked while a claim is possible; always asked with secret runes (whether one
    is possible may hang on a secret rune, and who acts must not tell)."""
    if st.rules.secret or claims.claimable(st, seat):
        return False
    main.stage = "refill"
    return True


def _refill(st: RunikaState, seat: int, main: Main) -> bool:
    """Refill the display after the turn (simultaneous play: once, at the round end)."""
    if not st.rules.simultaneous:
        claims.refill(st)
    main.stage = "end"
    return True


def _end_turn(st: RunikaState, seat: int, main: Main) -> bool:
    """The turn is over: the next seat in turn order starts its turn, or the round ends."""
    st.stacks[seat] = []
    if not st.rules.simultaneous:
        st.turn_i += 1
        if st.turn_i < st.n:
            nxt = turn_seat(st)
            st.stacks[nxt] = [Main(s=nxt, stage="roll")]
            st.turns = (st.turns or 0) + 1
        else:
            st.phase = "end"
    return True


def cleanup(st: RunikaState) -> None:
    """Step 3, round end: professors' dice discarded (Luniorn's go below it), charm token
    and once-per-round uses reset; the game ends or the initiative passes clockwise."""
    luniorn = st.rules.luniorn_index
    for prof, dice in enumerate(st.prof_dice):
        for die in dice:
            if prof == luniorn:
                st.below.append(die // 4)
            else:
                st.bag[die // 4] += 1
        st.prof_dice[prof] = []
    st.below.sort()
    st.prof_used = [[] for _ in range(st.n)]
    st.charm = -1
    for seat in range(st.n):  # new card lists: clones share them (``RunikaState._copy``)
        for cards in (st.owned[seat], st.achs[seat]):
            for i in range(len(cards)):
                card = cards[i]
                if card[2]:
                    cards[i] = [card[0], card[1], 0]
    reason = end_reason(st)
    if reason:
        finish(st, reason)
        return
    if not st.rules.solo:
        st.first = (st.first + 1) % st.n
    start_round(st)


def end_reason(st: RunikaState) -> str:
    """The game end (checked at round end): three secret runes (named first: they decide the
    winner, ruling 13), goal points, empty rune or achievement deck, a starting rune (short
    game); solo: the mastery rune."""
    rules = st.rules
    if rules.solo:
        return "solo_win" if st.won else ""
    if rules.secret and any(len(got) == 3 and all(got) for got in st.secret_got):
        return "secret"  # first: the three runes decide the winner, even past the goal
    if any(score(st, s) >= rules.goal for s in range(st.n)):
        return "goal"
    if not rules.secret and not st.deck:
        return "deck"
    if not st.ach_deck:
        return "achievements"
    if rules.start_end and st.start_done:
        return "starting_rune"
    return ""


def finish(st: RunikaState, reason: str) -> None:
    """The game is over. Stopped mid-turn (the decision limit), a die being resolved or saved
    by Fortification, or taken for a roll not yet made, goes back to its owner's storage: the
    final position still holds all 80 dice (components; ruling 4 sends no die out of play)."""
    for seat, stack in enumerate(st.stacks):
        st.store[seat] += [f.d for f in stack if isinstance(f, (Resolve, Fort))]
    for event in st.chance:
        if isinstance(event, Roll):
            st.store[event.s].append(16 + event.c)
    for store in st.store:
        store.sort()
    st.phase = "over"
    st.ended = reason
    st.chance = []
    st.stacks = [[] for _ in range(st.n)]


# ---------------------------------------------------------------------- scores
def score(st: RunikaState, seat: int) -> int:
    """Point tokens + points of rune cards + points of achievement cards (flipped included)."""
    t = st.tables
    total = st.tokens[seat]
    for card in st.owned[seat]:
        total += t.rune_points[card[0]]
    for card in st.achs[seat]:
        total += t.ach_points[card[0]]
    return total


def winners(st: RunikaState) -> list[int]:
    """Most points; ties: most runes, then most achievements, then shared (ruling 8). Secret
    runes: a player with all three dealt runes wins; several (all completed in this last
    round): the first in the round's turn order (ruling 20), in simultaneous play or with
    ``secret_winner=points`` the ruling 8 order among them."""
    if st.rules.solo:
        return [0] if st.won else []
    seats = list(range(st.n))
    if st.rules.secret:
        full = [s for s in seats if len(st.secret_got[s]) == 3 and all(st.secret_got[s])]
        if full and st.rules.secret_turn_order and not st.rules.simultaneous:
            turns = order(st)  # the game ends at this round's end, before the token passes
            return [min(full, key=turns.index)]
        seats = full or seats
    keys = {s: (score(st, s), len(st.owned[s]), len(st.achs[s])) for s in seats}
    best = max(keys.values())
    return [s for s in seats if keys[s] == best]
