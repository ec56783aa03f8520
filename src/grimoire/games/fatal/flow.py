"""The rulebook's game flow: ``advance`` runs the procedure frames (``frames.Procedure``) until
a decision or a chance node is on top; a turn's stages, the exchange, Crystal Gaze, step C,
eliminations and the end of a round.

A sequence is pushed in reverse so that its first frame is on top. The round ends *at once*
when the Queen is drawn: ``rend`` is pushed above whatever was going on, which resumes after
the second round's deck is built (ruling 13).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from grimoire.core.errors import InvalidPosition
from grimoire.games.fatal import frames as F
from grimoire.games.fatal.chance import chance_ready
from grimoire.games.fatal.facts import can_play, own_colour, stars, steal_targets, treasure_points
from grimoire.games.fatal.trimagic import p_takes, p_tri, push_tri
from grimoire.games.fatal.zones import push_seq, to_discard

if TYPE_CHECKING:
    from grimoire.games.fatal.frames import FatalFrame as Frame
    from grimoire.games.fatal.state import FatalState


def advance(st: FatalState, bound: int = 0) -> None:
    """Run procedures until a decision or a chance node is on top (or the game is over).

    ``bound`` (for a loaded position): refuse one whose procedures run on for that many steps
    without asking anything: nobody holds anything to act with, and the turn would pass from
    seat to seat forever (a real game never gets there: cards drawn replace cards played)."""
    steps = 0
    while st.phase != "over":
        frame = st.stack[-1]
        procedure = PROC.get(type(frame))
        if procedure is not None:
            procedure(st, frame)
            steps += 1
            if steps == bound:
                raise InvalidPosition("the position never reaches a decision: nobody can act")
        elif F.FIRST_CHANCE <= frame.code <= F.LAST_CHANCE:
            if chance_ready(st, frame):
                return
            st.stack.pop()
        else:
            return


def finish(st: FatalState) -> None:
    """The game is over: everything is turned over for the final scoring."""
    st.phase = "over"
    st.stack = []
    everyone = st.everyone
    st.ck_char = [everyone] * st.n
    for seat in range(st.n):
        for t in st.tre[seat]:
            st.tk[t] = everyone


# ---------------------------------------------------------------------- setup and turns
def p_setup(st: FatalState, f: F.Setup) -> None:
    st.stack.pop()
    n, tab = st.n, st.tab
    seq: list[Frame] = [F.Char(s=s) for s in range(n)]
    seq += [F.TDraw(to="display", slot=i) for i in range(tab.display)]
    seq += [F.Draw(s=s, to="hand") for _ in range(tab.hand_size) for s in range(n)]
    if st.first < 0:
        seq.append(F.First())
    seq.append(F.Start())
    push_seq(st, seq)


def p_start(st: FatalState, f: F.Start) -> None:
    st.stack.pop()
    st.phase = "play"
    new_turn(st, st.first)


def new_turn(st: FatalState, seat: int) -> None:
    st.turn = seat
    st.plays, st.limit, st.bonus, st.casts = 0, st.tab.plays, 0, 0
    if st.turns is not None:  # None: a position loaded without its count
        st.turns += 1
    st.stack.append(F.Turn(s=seat, at=0))


def p_turn(st: FatalState, f: F.Turn) -> None:
    """Seat ``f.s``'s turn, stage ``f.at`` (rulebook "A turn": steps 1-3, then A-C)."""
    TURN_STAGES[f.at](st, f, f.s)


def _step_1(st: FatalState, f: F.Turn, s: int) -> None:
    """1. An enchantment or the exchange: always asked when possible by counts."""
    f.at = 1
    if st.hands[s] or st.tre[s] or st.up[s]:
        st.stack.append(F.Act1(s=s))


def _step_2(st: FatalState, f: F.Turn, s: int) -> None:
    """2. Steal one vision (public: the rows)."""
    f.at = 2
    if steal_targets(st, s):
        st.stack.append(F.Steal(s=s))


def _step_3(st: FatalState, f: F.Turn, s: int) -> None:
    """3. Play one or two visions."""
    f.at = 3
    if can_play(st, s):
        st.stack.append(F.Play(s=s))


def _step_a(st: FatalState, f: F.Turn, s: int) -> None:
    """A. 3 or more stars: a display treasure (ruling 18: mandatory)."""
    f.at = 4
    if stars(st, s) + st.bonus >= st.tab.stars_needed and any(t >= 0 for t in st.display):
        st.stack.append(F.SlotPick(s=s, mode="star"))


def _step_b(st: FatalState, f: F.Turn, s: int) -> None:
    """B. Trimagics, mandatory, up to two (ruling 14); the stage stays until none is left."""
    length = st.tab.row_length
    complete = [r for r, row in enumerate(st.rows[s]) if len(row) == length]
    if not complete or st.casts >= st.tab.trimagics:
        f.at = 5
    elif len(complete) > 1:
        st.stack.append(F.Cast(s=s))
    else:
        push_tri(st, s, complete[0])


def _step_c(st: FatalState, f: F.Turn, s: int) -> None:
    """C. Set-aside cards to hand, the caster first, then the others."""
    f.at = 6
    st.stack.append(F.Hand(seats=[(s + i) % st.n for i in range(st.n)]))


def _turn_end(st: FatalState, f: F.Turn, s: int) -> None:
    """The turn ends: Double Vision and Falling Star end their effect; a whole round in which
    nothing changed ends the game (ruling 31); else the next live seat plays."""
    st.stack.pop()
    if st.active:
        st.changed = True
    to_discard(st, st.active)  # Double Vision, Falling Star: their effect ends now
    st.active = []
    st.idle_turns = 0 if st.changed else st.idle_turns + 1
    st.changed = False
    if st.tab.idle_round and st.idle_turns >= len(st.live()):
        finish(st)  # ruling 31: a whole round in which nothing changed ends the game
        return
    new_turn(st, st.next_live(s))


# a turn frame's stage ``at`` -> what it does
TURN_STAGES: Final[tuple[Callable[[FatalState, F.Turn, int], None], ...]] = (
    _step_1,
    _step_2,
    _step_3,
    _step_a,
    _step_b,
    _step_c,
    _turn_end,
)


def p_spent(st: FatalState, f: F.Spent) -> None:
    """The effect of the enchantment played this turn has ended: the card is discarded
    (RULEBOOK: "When the effect of the enchantment ends, the card is discarded")."""
    st.stack.pop()
    to_discard(st, st.active)
    st.active = []


# ---------------------------------------------------------------------- enchantment steps
def p_xchg(st: FatalState, f: F.Exchange) -> None:
    s, at = f.s, f.at
    if at == 0:
        f.at = 1
        st.stack.append(F.XGive(s=s))
    elif at == 1:
        f.at = 2
        if st.hands[s] and st.tab.exchange_discard > 0:
            st.stack.append(F.XDisc(s=s))
    elif at == 2:
        f.at = 3
        push_seq(st, [F.Draw(s=s, to="look") for _ in range(st.tab.exchange_draw)])
    elif at == 3:
        f.at = 4
        keep = min(f.discarded, len(st.looking))
        if keep > 0:
            st.stack.append(F.XKeep(s=s, to_keep=keep))
    else:
        to_discard(st, st.looking)
        st.looking, st.looker = [], -1
        st.stack.pop()


def p_gaze(st: FatalState, f: F.Gaze) -> None:
    s, at = f.s, f.at
    if at == 0:
        f.at = 1
        need = max(0, 3 - len(st.t_top))
        push_seq(st, [F.TDraw(to="top", s=s) for _ in range(need)])
    elif at == 1:
        f.at = 2
        me = 1 << s
        for t in st.t_top:  # the gazer sees them all; others lose the order she may change
            st.tk[t] = me
        if len(st.t_top) > 1:
            st.stack.append(F.GazeOrder(s=s, place=0))
    else:
        st.stack.pop()


# ---------------------------------------------------------------------- hands emptied
def p_echk(st: FatalState, f: F.Echk) -> None:
    """A hand emptied by another seat's effect (ruling 17): in round 1 the player draws a card;
    in round 2 the player is out, and the eliminator may win at once."""
    st.stack.pop()
    v, by = f.victim, f.by
    if st.out[v] or st.hands[v]:
        return
    if st.round == 1:
        st.stack.append(F.Draw(s=v, to="hand"))
        return
    eliminate(st, v, by)


def eliminate(st: FatalState, v: int, by: int) -> None:
    st.out[v] = True
    st.ck_char[v] = st.everyone  # the victim reveals its character
    st.tre[v] += st.up[v]  # all its treasures are shared out at random (ruling 23)
    st.up[v] = []
    if st.char[v] == st.tab.opposing[st.char[by]]:
        st.special = by  # special victory: the opposing sign eliminated
        finish(st)
        return
    to_discard(st, st.aside[v])  # ruling 3
    st.aside[v] = []
    for r in range(len(st.rows[v])):
        to_discard(st, st.rows[v][r])
        st.rows[v][r] = []
    seq: list[Frame] = []
    seat = by
    for _ in range(len(st.tre[v])):  # dealt from the eliminator's left
        seat = st.next_live(seat)
        seq.append(F.Share(victim=v, to=seat))
    if len(st.live()) == 1:
        seq.append(F.RoundEnd(at="last"))
    push_seq(st, seq)


def p_hand(st: FatalState, f: F.Hand) -> None:
    """Step C: above six cards discard down to six (ruling 4), then the set-aside cards join
    the hand blind up to six; the rest go face up to the discard pile (ruling 8)."""
    queue = f.seats
    limit = st.tab.hand_limit
    while queue:
        x = queue[0]
        if st.out[x]:
            queue.pop(0)
            continue
        if len(st.hands[x]) > limit:
            st.stack.append(F.Discard(s=x))
            return
        room = max(0, limit - len(st.hands[x]))
        aside = st.aside[x]
        keep = st.tab.keep_aside
        if aside[:room] or (aside[room:] and not keep):
            st.changed = True  # cards came back to the hand or went to the discard pile
        me = 1 << x
        for card in aside[:room]:
            st.ck[card] = me
            st.hands[x].append(card)
        if keep:
            st.aside[x] = aside[room:]
        else:
            to_discard(st, aside[room:])
            st.aside[x] = []
        queue.pop(0)
    st.stack.pop()


# ---------------------------------------------------------------------- the end of a round
def p_rend(st: FatalState, f: F.RoundEnd) -> None:
    """The end of a round: round 1 goes to the tally, the reveal, the bonuses and the new
    treasure deck; round 2 (or the last player standing) ends the game."""
    at = f.at
    st.changed = True
    if at == "last" or st.round == 2:
        st.stack.pop()
        finish(st)
        return
    if at == "tally":
        st.round1 = [treasure_points(st, s) for s in range(st.n)]
        everyone = st.everyone
        for seat in range(st.n):
            for t in st.tre[seat]:
                st.tk[t] = everyone
        f.at = "bonus"
        f.bonus_seats = []
        st.stack.append(F.Reveal())
    elif at == "bonus":
        queue = f.bonus_seats
        if not queue:
            f.at = "rebuild"
            return
        x = queue.pop(0)
        if any(own_colour(st, x, t) for t in st.tre[x]):
            st.stack.append(F.Keep(s=x))
        st.stack.append(F.Draw(s=x, to="hand"))
    else:
        st.stack.pop()
        rebuild(st)


def rebuild(st: FatalState) -> None:
    """Round 2's treasure deck: every treasure not kept face up, the Queen among the bottom
    five (ruling 1), three on display."""
    gathered: list[int] = []
    for seat in range(st.n):
        gathered += st.tre[seat]
        st.tre[seat] = []
    gathered += [t for t in st.display if t >= 0] + st.t_top + st.t_pool + st.t_under
    if st.queen_shown:
        gathered.append(st.tab.queen)
    st.queen_shown = False
    for t in gathered:
        st.tk[t] = 0
    st.t_pool = sorted(gathered)
    others = len(st.t_pool) - 1
    st.t_mid = max(min(st.tab.display, others), others - (st.tab.queen_pool - 1))
    st.t_top, st.t_top_bot, st.t_under = [], 0, []
    st.display = [-1] * st.tab.display
    st.round = 2
    push_seq(st, [F.TDraw(to="display", slot=i) for i in range(st.tab.display)])


PROC: Final[dict[type[Frame], Callable[[FatalState, Any], None]]] = {
    F.Setup: p_setup,
    F.Start: p_start,
    F.Turn: p_turn,
    F.Spent: p_spent,
    F.Exchange: p_xchg,
    F.Gaze: p_gaze,
    F.Tri: p_tri,
    F.RoundEnd: p_rend,
    F.Echk: p_echk,
    F.Hand: p_hand,
    F.Takes: p_takes,
}
