"""The rulebook's game flow as small frames on ``state.stack`` (the top frame acts next).

Frames are JSON dicts with a kind ``k``. Three sorts:

* **decisions** (``s`` decides): ``act1`` (step 1: an enchantment, the exchange or ``done``),
  ``steal``, ``torow``, ``play``, ``xgive``/``xdisc``/``xkeep`` (the exchange), ``slot`` (a
  display treasure, ``m``: star, take, trade), ``gift`` (who gets the star treasure),
  ``target`` (a trimagic's target), ``shield`` (the Elemental Shield window of seat ``s``
  against caster ``by``), ``cast`` (which complete row first), ``discard`` (hand limit),
  ``swapmy``/``swapth`` (Magical Swap), ``wind``, ``pick`` (Pickpocket), ``unmask``,
  ``trade``, ``gorder`` (Crystal Gaze order), ``keep`` (reveal bonus) and ``reveal`` (the
  sealed simultaneous reveal: every live seat that has not chosen);
* **chance** nodes: ``char`` (deal a character), ``first`` (first player), ``draw`` (a card
  from the deck to ``to``: hand, aside or look), ``tdraw`` (a treasure to the display slot or
  to the looked-at top), ``rsteal`` (a random face-down treasure of ``v`` to ``s``), ``rcard``
  (a random card of ``v``'s hand: discarded when ``s`` is -1, else to ``s``), ``share`` (an
  eliminated player's treasure to ``to``);
* **procedures** run by ``advance`` until a decision or chance node is on top: ``setup``,
  ``start``, ``turn`` (stage ``at``), ``spent`` (the enchantment played this turn is
  discarded once its effect has ended), ``xchg``, ``gaze``, ``tri`` (a trimagic), ``takes``,
  ``echk`` (elimination check), ``hand`` (end-of-turn step C for the seats in ``q``) and
  ``rend`` (the end of round 1).

A sequence is pushed in reverse so that its first frame is on top. The round ends *at once*
when the Queen is drawn: ``rend`` is pushed above whatever was going on, which resumes after
the second round's deck is built (ruling 13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.games.fatal import actions as A

if TYPE_CHECKING:
    from grimoire.games.fatal.state import FatalState, Frame

CHANCE_KINDS = frozenset({"char", "first", "draw", "tdraw", "rsteal", "rcard", "share"})
DECISIONS = frozenset(
    {
        *("act1", "steal", "torow", "play", "xgive", "xdisc", "xkeep", "slot", "gift"),
        *("target", "shield", "cast", "discard", "swapmy", "swapth", "wind", "pick"),
        *("unmask", "trade", "gorder", "keep", "reveal"),
    }
)
PROCEDURES = frozenset(
    {"setup", "start", "turn", "spent", "xchg", "gaze", "tri", "takes", "echk", "hand", "rend"}
)
FRAME_KINDS = CHANCE_KINDS | DECISIONS | PROCEDURES


def push_seq(st: FatalState, frames: list[Frame]) -> None:
    """Push ``frames`` so that the first one acts first."""
    st.stack.extend(reversed(frames))


# ---------------------------------------------------------------------- derived facts
def stars(st: FatalState, seat: int) -> int:
    """Stars visible in ``seat``'s rows: head stars straight, foot reversed, tip sideways."""
    visions = st.comp.visions
    total = 0
    for row in st.rows[seat]:
        for position, card in enumerate(row):
            total += visions[st.kind(card)].stars(position)
    return total


def effect_of(st: FatalState, card: int) -> str | None:
    kind = st.kind(card)
    return None if st.comp.is_vision(kind) else st.comp.enchantment(kind).effect


def own_colour(st: FatalState, seat: int, treasure: int) -> bool:
    return st.char[seat] >= 0 and st.lay.colour(treasure) == st.char[seat]


def exchangeable(st: FatalState, seat: int) -> list[int]:
    values = st.comp.exchange_values
    return [t for t in st.tre[seat] + st.up[seat] if st.lay.value(t) in values]


def treasure_points(st: FatalState, seat: int) -> int:
    """Round points of a seat's treasures: the chart for a revealed player's face-up own
    colour, face values otherwise."""
    lay = st.lay
    points = sum(lay.value(t) for t in st.tre[seat])
    face_up = st.up[seat]
    if st.revealed[seat]:
        own = [t for t in face_up if own_colour(st, seat, t)]
        points += sum(lay.value(t) for t in face_up if not own_colour(st, seat, t))
        if own:
            chart = st.comp.chart
            points += chart[min(len(own), len(chart)) - 1]
    else:
        points += sum(lay.value(t) for t in face_up)
    return points


def total(st: FatalState, seat: int) -> int:
    """The true running score: the round-1 treasures; after the round-1 tally, that tally
    plus (in round 2) the round-2 treasures and one point per card in hand and set aside."""
    if st.round1 is None:
        return treasure_points(st, seat)
    if st.round == 1:
        return st.round1[seat]
    return st.round1[seat] + treasure_points(st, seat) + len(st.hands[seat]) + len(st.aside[seat])


def own_treasures(st: FatalState, seat: int) -> list[int]:
    return [t for t in st.tre[seat] + st.up[seat] if own_colour(st, seat, t)]


def tie_key(st: FatalState, seat: int) -> tuple[int, int, int]:
    own = own_treasures(st, seat)
    return total(st, seat), len(own), sum(st.lay.value(t) for t in own)


def winners(st: FatalState) -> list[int]:
    if st.special >= 0:
        return [st.special]
    seats = st.live()
    best = max(tie_key(st, s) for s in seats)
    return [s for s in seats if tie_key(st, s) == best]


# ---------------------------------------------------------------------- advance
def advance(st: FatalState) -> None:
    """Run procedures until a decision or a chance node is on top (or the game is over)."""
    while st.phase != "over":
        frame = st.stack[-1]
        kind = frame["k"]
        if kind in DECISIONS:
            return
        if kind in CHANCE_KINDS:
            if chance_ready(st, frame):
                return
            st.stack.pop()
            continue
        PROC[kind](st, frame)


def chance_ready(st: FatalState, f: Frame) -> bool:
    """Whether a chance frame has an outcome; a deck draw reshuffles the discard pile first
    when the deck is empty (no chance node: the pile is public), and is skipped when both are
    empty (ruling 6)."""
    kind = f["k"]
    if kind == "draw":
        if not st.deck and st.discard:
            reshuffle(st)
        return bool(st.deck)
    if kind == "tdraw":
        top = st.t_top if f["to"] == "display" else []
        return bool(top or st.t_pool or st.t_under)
    if kind == "rsteal":
        return bool(st.tre[f["v"]])
    if kind == "rcard":
        return bool(st.hands[f["v"]])
    if kind == "share":
        return bool(st.tre[f["v"]])
    return True


def reshuffle(st: FatalState) -> None:
    """The discard pile becomes the deck (RULEBOOK); its cards are known to all (ruling 20)."""
    st.deck = sorted(st.discard)
    st.discard = []
    everyone = st.full
    for card in st.deck:
        st.ck[card] = everyone
    st.reshuffles += 1


def finish(st: FatalState) -> None:
    """The game is over: everything is turned over for the final scoring."""
    st.phase = "over"
    st.stack = []
    everyone = st.full
    st.ck_char = [everyone] * st.n
    for seat in range(st.n):
        for t in st.tre[seat]:
            st.tk[t] = everyone


# ---------------------------------------------------------------------- procedures
def p_setup(st: FatalState, f: Frame) -> None:
    st.stack.pop()
    n, comp = st.n, st.comp
    seq: list[Frame] = [{"k": "char", "s": s} for s in range(n)]
    seq += [{"k": "tdraw", "to": "display", "slot": i} for i in range(comp.display)]
    seq += [{"k": "draw", "s": s, "to": "hand"} for _ in range(comp.hand_size) for s in range(n)]
    if st.first < 0:
        seq.append({"k": "first"})
    seq.append({"k": "start"})
    push_seq(st, seq)


def p_start(st: FatalState, f: Frame) -> None:
    st.stack.pop()
    st.phase = "play"
    new_turn(st, st.first)


def new_turn(st: FatalState, seat: int) -> None:
    st.turn = seat
    st.plays, st.limit, st.bonus, st.casts = 0, st.comp.plays, 0, 0
    st.stack.append({"k": "turn", "s": seat, "at": 0})


def p_turn(st: FatalState, f: Frame) -> None:
    s, at = f["s"], f["at"]
    if at == 0:  # 1. an enchantment or the exchange: always asked when possible by counts
        f["at"] = 1
        if st.hands[s] or st.tre[s] or st.up[s]:
            st.stack.append({"k": "act1", "s": s})
    elif at == 1:  # 2. steal one vision (public: the rows)
        f["at"] = 2
        if steal_actions(st, s):
            st.stack.append({"k": "steal", "s": s})
    elif at == 2:  # 3. play one or two visions
        f["at"] = 3
        if can_play(st, s):
            st.stack.append({"k": "play", "s": s})
    elif at == 3:  # A. 3 or more stars: a display treasure (ruling 18: mandatory)
        f["at"] = 4
        if stars(st, s) + st.bonus >= st.comp.stars_needed and any(t >= 0 for t in st.display):
            st.stack.append({"k": "slot", "s": s, "m": "star"})
    elif at == 4:  # B. trimagics, mandatory, up to two (ruling 14)
        complete = [r for r, row in enumerate(st.rows[s]) if len(row) == st.comp.row_length]
        if not complete or st.casts >= st.comp.trimagics:
            f["at"] = 5
        elif len(complete) > 1:
            st.stack.append({"k": "cast", "s": s})
        else:
            push_tri(st, s, complete[0])
    elif at == 5:  # C. set-aside cards to hand, the caster first, then the others
        f["at"] = 6
        order = [(s + i) % st.n for i in range(st.n)]
        st.stack.append({"k": "hand", "q": order})
    else:
        st.stack.pop()
        to_discard(st, st.active)  # Double Vision, Falling Star: their effect ends now
        st.active = []
        new_turn(st, st.next_live(s))


def can_play(st: FatalState, s: int) -> bool:
    """Public test for asking ``play``: plays left, a row with room, cards in hand."""
    room = any(len(row) < st.comp.row_length for row in st.rows[s])
    return st.plays < st.limit and room and bool(st.hands[s])


def p_spent(st: FatalState, f: Frame) -> None:
    """The effect of the enchantment played this turn has ended: the card is discarded
    (RULEBOOK: "When the effect of the enchantment ends, the card is discarded")."""
    st.stack.pop()
    to_discard(st, st.active)
    st.active = []


def p_xchg(st: FatalState, f: Frame) -> None:
    s, at = f["s"], f["at"]
    if at == 0:
        f["at"] = 1
        st.stack.append({"k": "xgive", "s": s})
    elif at == 1:
        f["at"] = 2
        if st.hands[s] and st.comp.exchange_discard > 0:
            st.stack.append({"k": "xdisc", "s": s})
    elif at == 2:
        f["at"] = 3
        push_seq(st, [{"k": "draw", "s": s, "to": "look"} for _ in range(st.comp.exchange_draw)])
    elif at == 3:
        f["at"] = 4
        keep = min(f["n"], len(st.looking))
        if keep > 0:
            st.stack.append({"k": "xkeep", "s": s, "n": keep})
    else:
        to_discard(st, st.looking)
        st.looking, st.looker = [], -1
        st.stack.pop()


def to_discard(st: FatalState, cards: list[int]) -> None:
    everyone = st.full
    for card in cards:
        st.ck[card] = everyone
        st.discard.append(card)


def p_gaze(st: FatalState, f: Frame) -> None:
    s, at = f["s"], f["at"]
    if at == 0:
        f["at"] = 1
        need = max(0, 3 - len(st.t_top))
        push_seq(st, [{"k": "tdraw", "to": "top", "s": s} for _ in range(need)])
    elif at == 1:
        f["at"] = 2
        me = 1 << s
        for t in st.t_top:  # the gazer sees them all; others lose the order she may change
            st.tk[t] = me
        if len(st.t_top) > 1:
            st.stack.append({"k": "gorder", "s": s, "i": 0})
    else:
        st.stack.pop()


def push_tri(st: FatalState, s: int, r: int) -> None:
    visions = st.comp.visions
    c0, c1, c2 = (visions[st.kind(card)] for card in st.rows[s][r])
    st.casts += 1
    st.stack.append(
        {
            "k": "tri",
            "s": s,
            "r": r,
            "ty": c0.type,
            "two": c1.second,
            "n": 2 if c1.foot_stars + c2.tip_stars >= 2 else 1,
            "j": 0,
            "at": "tgt",
            "t": -1,
            "t0": -1,
            "sh": False,
        }
    )


def tri_targets(st: FatalState, f: Frame) -> list[int]:
    """Seats the trimagic's next target may be: live; not the caster for STEAL and DISCARD
    (ruling 22); the second target differs from the first (RULEBOOK)."""
    s = f["s"]
    seats = [x for x in st.live() if x != f["t0"]]
    if f["ty"] in ("STEAL", "DISCARD"):
        seats = [x for x in seats if x != s]
    return seats


def void(st: FatalState, f: Frame, t: int) -> bool:
    """Whether the effect on ``t`` would do nothing (public counts): no Shield window then."""
    if f["ty"] == "STEAL":
        return not st.tre[t]
    if f["ty"] == "DISCARD":
        return not st.hands[t]
    return False


def p_tri(st: FatalState, f: Frame) -> None:
    s, at, ty = f["s"], f["at"], f["ty"]
    if at == "tgt":
        if f["j"] >= (2 if f["two"] else 1):
            row = st.rows[s][f["r"]]
            to_discard(st, row)
            st.rows[s][f["r"]] = []
            st.stack.pop()
            return
        if not tri_targets(st, f) or (ty == "DRAW" and not (st.deck or st.discard)):
            f["j"] += 1
            return
        f["at"] = "choose"
        if ty == "DRAW":
            st.looker = s
            push_seq(st, [{"k": "draw", "s": s, "to": "look"} for _ in range(f["n"])])
    elif at == "choose":
        if ty == "DRAW" and not st.looking:
            f["j"] += 1
            f["at"] = "tgt"
            return
        f["at"] = "win"
        st.stack.append({"k": "target", "s": s})
    elif at == "win":
        f["at"] = "eff"
        t = f["t"]
        gift = ty in ("DRAW", "TAKE") and not st.game.options["shield_gifts"]
        if t != s and not gift and not void(st, f, t):
            st.stack.append({"k": "shield", "s": t, "by": s})
    else:
        t, n = f["t"], f["n"]
        f["t0"], f["t"], f["j"], f["at"] = t, -1, f["j"] + 1, "tgt"
        shielded = f["sh"]
        f["sh"] = False
        if ty == "DRAW":
            if shielded:  # ruling 10: a shielded DRAW card is discarded
                to_discard(st, st.looking)
            else:
                mask = (1 << s) | (1 << t)
                for card in st.looking:
                    st.ck[card] = mask
                    st.hands[t].append(card)
            st.looking, st.looker = [], -1
        elif shielded:
            return  # ruling 10: a shielded TAKE treasure stays in the display
        elif ty == "TAKE":
            st.stack.append({"k": "takes", "s": s, "t": t, "left": n})
        elif ty == "STEAL":
            push_seq(st, [{"k": "rsteal", "s": s, "v": t} for _ in range(min(n, len(st.tre[t])))])
        else:
            m = min(n, len(st.hands[t]))
            if m:
                st.stack.append({"k": "echk", "v": t, "by": s})
                push_seq(st, [{"k": "rcard", "s": -1, "v": t} for _ in range(m)])


def p_takes(st: FatalState, f: Frame) -> None:
    if f["left"] <= 0 or not any(t >= 0 for t in st.display):
        st.stack.pop()
        return
    f["left"] -= 1
    st.stack.append({"k": "slot", "s": f["s"], "m": "take", "t": f["t"]})


def p_echk(st: FatalState, f: Frame) -> None:
    """A hand emptied by another seat's effect (ruling 17): in round 1 the player draws a card;
    in round 2 the player is out, and the eliminator may win at once."""
    st.stack.pop()
    v, by = f["v"], f["by"]
    if st.out[v] or st.hands[v]:
        return
    if st.round == 1:
        st.stack.append({"k": "draw", "s": v, "to": "hand"})
        return
    eliminate(st, v, by)


def eliminate(st: FatalState, v: int, by: int) -> None:
    st.out[v] = True
    st.ck_char[v] = st.full  # the victim reveals its character
    st.tre[v] += st.up[v]  # all its treasures are shared out at random (ruling 23)
    st.up[v] = []
    if st.char[v] == st.lay.opposing(st.char[by]):
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
        seq.append({"k": "share", "v": v, "to": seat})
    if len(st.live()) == 1:
        seq.append({"k": "rend", "at": "last"})
    push_seq(st, seq)


def p_hand(st: FatalState, f: Frame) -> None:
    """Step C: above six cards discard down to six (ruling 4), then the set-aside cards join
    the hand blind up to six; the rest go face up to the discard pile (ruling 8)."""
    queue: list[int] = f["q"]
    limit = st.comp.hand_limit
    while queue:
        x = queue[0]
        if st.out[x]:
            queue.pop(0)
            continue
        if len(st.hands[x]) > limit:
            st.stack.append({"k": "discard", "s": x})
            return
        room = max(0, limit - len(st.hands[x]))
        aside = st.aside[x]
        me = 1 << x
        for card in aside[:room]:
            st.ck[card] = me
            st.hands[x].append(card)
        if st.game.options["aside_leftovers"] == "keep":
            st.aside[x] = aside[room:]
        else:
            to_discard(st, aside[room:])
            st.aside[x] = []
        queue.pop(0)
    st.stack.pop()


def p_rend(st: FatalState, f: Frame) -> None:
    """The end of a round: round 1 goes to the tally, the reveal, the bonuses and the new
    treasure deck; round 2 (or the last player standing) ends the game."""
    at = f["at"]
    if at == "last" or st.round == 2:
        st.stack.pop()
        finish(st)
        return
    if at == "tally":
        st.round1 = [treasure_points(st, s) for s in range(st.n)]
        everyone = st.full
        for seat in range(st.n):
            for t in st.tre[seat]:
                st.tk[t] = everyone
        f["at"] = "bonus"
        f["q"] = []
        st.stack.append({"k": "reveal"})
    elif at == "bonus":
        queue: list[int] = f["q"]
        if not queue:
            f["at"] = "rebuild"
            return
        x = queue.pop(0)
        if any(own_colour(st, x, t) for t in st.tre[x]):
            st.stack.append({"k": "keep", "s": x})
        st.stack.append({"k": "draw", "s": x, "to": "hand"})
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
        gathered.append(st.lay.queen)
    st.queen_shown = False
    for t in gathered:
        st.tk[t] = 0
    st.t_pool = sorted(gathered)
    others = len(st.t_pool) - 1
    st.t_mid = max(min(st.comp.display, others), others - (st.comp.queen_pool - 1))
    st.t_top, st.t_top_bot, st.t_under = [], 0, []
    st.display = [-1] * st.comp.display
    st.round = 2
    push_seq(st, [{"k": "tdraw", "to": "display", "slot": i} for i in range(st.comp.display)])


PROC: dict[str, Any] = {
    "setup": p_setup,
    "start": p_start,
    "turn": p_turn,
    "spent": p_spent,
    "xchg": p_xchg,
    "gaze": p_gaze,
    "tri": p_tri,
    "takes": p_takes,
    "echk": p_echk,
    "hand": p_hand,
    "rend": p_rend,
}


# ---------------------------------------------------------------------- legal actions
def steal_actions(st: FatalState, s: int) -> list[int]:
    """``steal x r``: the last card of seat x's row r has a symbol beaten by the symbol of the
    last card of one of my rows, and one of my rows can take it in its orientation (a row
    whose length is the card's position)."""
    visions = st.comp.visions
    mine = st.rows[s]
    ends = {visions[st.kind(row[-1])].symbol for row in mine if row}
    if not ends - {"none"}:
        return []
    beaten = {BEATS[symbol] for symbol in ends if symbol in BEATS}
    lengths = {len(row) for row in mine}
    acts = []
    for x in range(st.n):
        if x == s or st.out[x]:
            continue
        for r, row in enumerate(st.rows[x]):
            if row and len(row) - 1 in lengths and visions[st.kind(row[-1])].symbol in beaten:
                acts.append(st.codec.a_steal(x, r))
    return acts


def enchant_usable(st: FatalState, s: int, effect: str) -> bool:
    others = [x for x in st.live() if x != s]
    if effect == "shield":
        return False  # ruling 10: nothing to cancel at step 1
    if effect == "swap":
        return bool(swap_mine(st, s))
    if effect == "wind":
        return any(row for rows in st.rows for row in rows)
    if effect == "pickpocket":
        return any(st.hands[x] for x in others)
    if effect == "gaze":
        return bool(st.t_top or st.t_pool or st.t_under)
    if effect == "unmask":
        return any(not st.revealed[x] for x in others)
    if effect == "trade":
        return bool(st.tre[s] or st.up[s]) and any(t >= 0 for t in st.display)
    return True  # double, star


def swap_mine(st: FatalState, s: int) -> list[int]:
    """``mine r p`` of Magical Swap: my card at (r, p) with a partner at position p."""
    acts = []
    for r, row in enumerate(st.rows[s]):
        for p in range(len(row)):
            if any(len(other) > p for x in st.live() if x != s for other in st.rows[x]):
                acts.append(st.codec.a_mine(r, p))
    return acts


def legal(st: FatalState, seat: int) -> list[int]:
    f = st.stack[-1]
    kind = f["k"]
    codec, comp = st.codec, st.comp
    if kind == "reveal":
        return [A.REVEAL, A.HIDE]
    if kind == "act1":
        acts = [A.DONE]
        if exchangeable(st, seat):
            acts.append(A.EXCHANGE)
        kinds = {st.kind(card) for card in st.hands[seat] if not comp.is_vision(st.kind(card))}
        for k in kinds:
            if enchant_usable(st, seat, comp.enchantment(k).effect):
                acts.append(codec.a_enchant(k))
        return sorted(acts)
    if kind == "steal":
        return sorted([A.DONE, *steal_actions(st, seat)])
    if kind == "torow":
        p = len(st.rows[f["v"]][f["r"]]) - 1
        return [codec.to_row + r for r, row in enumerate(st.rows[seat]) if len(row) == p]
    if kind == "play":
        rows = [r for r, row in enumerate(st.rows[seat]) if len(row) < comp.row_length]
        visions = {st.kind(card) for card in st.hands[seat] if comp.is_vision(st.kind(card))}
        return sorted([A.DONE] + [codec.a_play(v, r) for v in visions for r in rows])
    if kind == "xgive":
        return sorted({codec.treasure + st.tkind(t) for t in exchangeable(st, seat)})
    if kind in ("xdisc", "discard"):
        cards = {codec.card + st.kind(card) for card in st.hands[seat]}
        return sorted(cards | ({A.DONE} if kind == "xdisc" else set()))
    if kind == "xkeep":
        return sorted({codec.card + st.kind(card) for card in st.looking})
    if kind == "slot":
        slots = [codec.slot + i for i, t in enumerate(st.display) if t >= 0]
        if f["m"] == "star" and st.game.options["star_treasure"] == "optional":
            slots.insert(0, A.DONE)
        return slots
    if kind == "gift":
        return [codec.seat + x for x in st.live()]
    if kind == "target":
        return [codec.seat + x for x in tri_targets(st, st.stack[-2])]
    if kind == "shield":
        holds = any(effect_of(st, card) == "shield" for card in st.hands[seat])
        return [A.SHIELD, A.ALLOW] if holds else [A.ALLOW]
    if kind == "cast":
        full = comp.row_length
        return [codec.cast + r for r, row in enumerate(st.rows[seat]) if len(row) == full]
    if kind == "swapmy":
        return swap_mine(st, seat)
    if kind == "swapth":
        p = f["p"]
        return [
            codec.a_row(x, r)
            for x in st.live()
            if x != seat
            for r, row in enumerate(st.rows[x])
            if len(row) > p
        ]
    if kind == "wind":
        return [codec.a_row(x, r) for x in range(st.n) for r, row in enumerate(st.rows[x]) if row]
    if kind == "pick":
        return [codec.seat + x for x in st.live() if x != seat and st.hands[x]]
    if kind == "unmask":
        return [codec.seat + x for x in st.live() if x != seat and not st.revealed[x]]
    if kind == "trade":
        return sorted({codec.treasure + st.tkind(t) for t in st.tre[seat] + st.up[seat]})
    if kind == "gorder":
        return sorted({codec.treasure + st.tkind(t) for t in st.t_top[f["i"] :]})
    if kind == "keep":
        own = {codec.treasure + st.tkind(t) for t in st.tre[seat] if own_colour(st, seat, t)}
        return sorted(own | {A.DONE})
    raise AssertionError(f"no decision in frame {f!r}")


BEATS = {"stone": "multiblade", "multiblade": "parchment", "parchment": "stone"}


# ---------------------------------------------------------------------- applying actions
def take_card(st: FatalState, zone: list[int], kind: int) -> int:
    """Remove and return a physical card of ``kind`` from ``zone`` (copies are alike)."""
    for i, card in enumerate(zone):
        if st.lay.card_kind[card] == kind:
            return zone.pop(i)
    raise AssertionError(f"no card of kind {kind} in {zone}")


def take_treasure(st: FatalState, zone: list[int], kind: int) -> int:
    for i, t in enumerate(zone):
        if st.lay.tre_kind[t] == kind:
            return zone.pop(i)
    raise AssertionError(f"no treasure of kind {kind} in {zone}")


def receive(st: FatalState, seat: int, t: int, mask: int) -> None:
    """A treasure joins ``seat``: face up if the seat is revealed and it is its colour (then
    public), else face down, known to ``mask`` (and always to the seat)."""
    if st.revealed[seat] and own_colour(st, seat, t):
        st.up[seat].append(t)
        st.tk[t] = st.full
    else:
        st.tre[seat].append(t)
        st.tk[t] = mask | (1 << seat)


def act(st: FatalState, seat: int, action: int) -> None:
    f = st.stack[-1]
    kind = f["k"]
    name, args = st.codec.decode(action)
    if kind == "reveal":
        chosen = st.sealed_reveal if action == A.REVEAL else st.sealed_hide
        chosen.append(seat)
        chosen.sort()
        if not st.current_player:
            resolve_reveal(st)
        return
    handler = ACT[kind]
    handler(st, f, seat, name, args)


def resolve_reveal(st: FatalState) -> None:
    """All hands are lifted at once (ruling 2)."""
    st.stack.pop()
    revealers = set(st.sealed_reveal)
    st.sealed_reveal, st.sealed_hide = [], []
    for x in revealers:
        st.revealed[x] = True
        st.ck_char[x] = st.full
    start = max(st.turn, 0)
    rend = st.stack[-1]
    rend["q"] = [(start + i) % st.n for i in range(st.n) if (start + i) % st.n in revealers]


def a_act1(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    if name == "done":
        return
    if name == "exchange":
        st.stack.append({"k": "xchg", "s": s, "at": 0, "n": 0})
        return
    k = args[0]
    card = take_card(st, st.hands[s], k)
    st.ck[card] = st.full
    st.active.append(card)  # face up in front of you while its effect lasts (RULEBOOK)
    st.stack.append({"k": "draw", "s": s, "to": "aside"})  # after you play an enchantment
    effect = st.comp.enchantment(k).effect
    if effect == "double":  # this turn: discarded at the end of the turn
        st.limit += 1
        return
    if effect == "star":
        st.bonus += 2
        return
    st.stack.append({"k": "spent"})  # "when the effect of the enchantment ends"
    if effect == "gaze":
        st.stack.append({"k": "gaze", "s": s, "at": 0})
    else:
        frame = {"swap": "swapmy", "wind": "wind", "pickpocket": "pick"}.get(effect, effect)
        st.stack.append({"k": frame, "s": s})


def a_xgive(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    zone = st.up[s] if any(st.tkind(t) == args[0] for t in st.up[s]) else st.tre[s]
    t = take_treasure(st, zone, args[0])
    st.tk[t] = st.full  # shown, then under the deck (ruling 16)
    st.t_under.append(t)


def a_xdisc(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    parent = st.stack[-2]
    if name == "done":
        st.stack.pop()
        return
    to_discard(st, [take_card(st, st.hands[s], args[0])])
    parent["n"] += 1
    if parent["n"] >= st.comp.exchange_discard or not st.hands[s]:
        st.stack.pop()


def a_xkeep(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    card = take_card(st, st.looking, args[0])
    st.hands[s].append(card)
    st.ck[card] = 1 << s
    f["n"] -= 1
    if f["n"] <= 0 or not st.looking:
        st.stack.pop()


def a_steal(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    if name == "done":
        return
    x, r = args
    p = len(st.rows[x][r]) - 1
    fits = [i for i, row in enumerate(st.rows[s]) if len(row) == p]
    if len(fits) == 1:
        st.rows[s][fits[0]].append(st.rows[x][r].pop())
    else:
        st.stack.append({"k": "torow", "s": s, "v": x, "r": r})


def a_torow(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    st.rows[s][args[0]].append(st.rows[f["v"]][f["r"]].pop())


def a_play(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    if name == "done":
        st.stack.pop()
        return
    v, r = args
    card = take_card(st, st.hands[s], v)
    st.ck[card] = st.full
    st.rows[s][r].append(card)
    st.plays += 1
    if not can_play(st, s):
        st.stack.pop()
    st.stack.append({"k": "draw", "s": s, "to": "aside"})


def a_slot(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    if name == "done":
        return  # option star_treasure = optional
    i = args[0]
    mode = f["m"]
    if mode == "star":
        st.stack.append({"k": "gift", "s": s, "slot": i})
        return
    if mode == "take":
        t = st.display[i]
        st.display[i] = -1
        receive(st, f["t"], t, st.full)
        st.stack.append({"k": "tdraw", "to": "display", "slot": i})
        return
    # Fairy Trade: my treasure of kind f["t"] for the display's slot i
    zone = st.up[s] if any(st.tkind(t) == f["t"] for t in st.up[s]) else st.tre[s]
    mine = take_treasure(st, zone, f["t"])
    theirs = st.display[i]
    st.tk[mine] = st.full
    st.display[i] = mine
    receive(st, s, theirs, st.full)


def a_gift(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    i = f["slot"]
    t = st.display[i]
    st.display[i] = -1
    receive(st, args[0], t, st.full)
    st.stack.append({"k": "tdraw", "to": "display", "slot": i})


def a_target(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    st.stack[-1]["t"] = args[0]


def a_shield(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    if name == "allow":
        return
    shield = next(card for card in st.hands[s] if effect_of(st, card) == "shield")
    st.hands[s].remove(shield)
    to_discard(st, [shield])
    st.stack[-1]["sh"] = True
    st.stack.append({"k": "draw", "s": s, "to": "aside"})  # ruling 9


def a_cast(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    push_tri(st, s, args[0])


def a_discard(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    to_discard(st, [take_card(st, st.hands[s], args[0])])
    if len(st.hands[s]) <= st.comp.hand_limit:
        st.stack.pop()


def a_swapmy(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    st.stack.append({"k": "swapth", "s": s, "r": args[0], "p": args[1]})


def a_swapth(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    x, r2 = args
    r, p = f["r"], f["p"]
    mine, theirs = st.rows[s][r], st.rows[x][r2]
    mine[p], theirs[p] = theirs[p], mine[p]


def a_wind(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    x, r = args
    to_discard(st, [st.rows[x][r].pop()])


def a_pick(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    x = args[0]
    st.stack.append({"k": "echk", "v": x, "by": s})
    st.stack.append({"k": "rcard", "s": s, "v": x})


def a_unmask(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    st.ck_char[args[0]] |= 1 << s


def a_trade(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    st.stack.append({"k": "slot", "s": s, "m": "trade", "t": args[0]})


def a_gorder(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    i = f["i"]
    rest = st.t_top[i:]
    t = take_treasure(st, rest, args[0])
    st.t_top[i:] = [t, *rest]
    f["i"] = i + 1
    if f["i"] >= len(st.t_top) - 1:
        st.stack.pop()


def a_keep(st: FatalState, f: Frame, s: int, name: str, args: tuple[int, ...]) -> None:
    st.stack.pop()
    if name == "treasure":
        t = take_treasure(st, st.tre[s], args[0])
        st.up[s].append(t)
        st.tk[t] = st.full


ACT: dict[str, Any] = {
    "act1": a_act1,
    "xgive": a_xgive,
    "xdisc": a_xdisc,
    "xkeep": a_xkeep,
    "steal": a_steal,
    "torow": a_torow,
    "play": a_play,
    "slot": a_slot,
    "gift": a_gift,
    "target": a_target,
    "shield": a_shield,
    "cast": a_cast,
    "discard": a_discard,
    "swapmy": a_swapmy,
    "swapth": a_swapth,
    "wind": a_wind,
    "pick": a_pick,
    "unmask": a_unmask,
    "trade": a_trade,
    "gorder": a_gorder,
    "keep": a_keep,
}


# ---------------------------------------------------------------------- chance
def _counts(kinds: list[int]) -> list[tuple[int, int]]:
    counts: dict[int, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return sorted(counts.items())


def tdraw_source(st: FatalState, f: Frame) -> str:
    """Where the next treasure comes from: the looked-at top, the pool, or the bottom."""
    if f["to"] == "display" and st.t_top:
        return "top"
    if st.t_pool:
        return "pool"
    return "under"


def chance_weights(st: FatalState) -> list[tuple[int, int]]:
    f = st.stack[-1]
    kind = f["k"]
    lay = st.lay
    if kind == "draw":
        return _counts([lay.card_kind[c] for c in st.deck])
    if kind == "tdraw":
        source = tdraw_source(st, f)
        if source == "top":
            return [(lay.tre_kind[st.t_top[0]], 1)]
        if source == "under":
            return [(lay.tre_kind[st.t_under[0]], 1)]
        queen = lay.queen
        pool = st.t_pool if st.t_mid <= 0 else [t for t in st.t_pool if t != queen]
        return _counts([lay.tre_kind[t] for t in pool])
    if kind == "rsteal":
        return _counts([lay.tre_kind[t] for t in st.tre[f["v"]]])
    if kind == "rcard":
        return _counts([lay.card_kind[c] for c in st.hands[f["v"]]])
    if kind == "share":
        return _counts([lay.tre_kind[t] for t in st.tre[f["v"]]])
    if kind == "char":
        dealt = set(st.char)
        return [(sign, 1) for sign in sorted(lay.signs) if sign not in dealt]
    if kind == "first":
        return [(seat, 1) for seat in range(st.n)]
    raise AssertionError(f"not a chance frame: {f!r}")


def forget_rest(st: FatalState, zone: list[int], masks: list[int], keep: int) -> None:
    """After a random object left ``zone`` unseen by some seats, those seats no longer know
    which of the objects they knew there are still there: keep only the ``keep`` bits (the
    leak of the design review, section 2.2)."""
    for obj in zone:
        masks[obj] &= keep


def apply_chance(st: FatalState, outcome: int) -> None:
    f = st.stack.pop()
    kind = f["k"]
    if kind == "draw":
        s, to = f["s"], f["to"]
        card = take_card(st, st.deck, outcome)
        seen = 0 if to == "aside" else 1 << s
        if st.reshuffles:
            forget_rest(st, st.deck, st.ck, seen)
        st.ck[card] = seen
        if to == "hand":
            st.hands[s].append(card)
        elif to == "aside":
            st.aside[s].append(card)
        else:
            st.looker = s
            st.looking.append(card)
    elif kind == "tdraw":
        apply_tdraw(st, f, outcome)
    elif kind == "rsteal":
        s, v = f["s"], f["v"]
        t = take_treasure(st, st.tre[v], outcome)
        receive(st, s, t, 1 << v)
        if st.tk[t] != st.full:
            forget_rest(st, st.tre[v], st.tk, (1 << s) | (1 << v))
    elif kind == "rcard":
        s, v = f["s"], f["v"]
        card = take_card(st, st.hands[v], outcome)
        if s < 0:
            to_discard(st, [card])
        else:
            mask = (1 << s) | (1 << v)
            st.ck[card] = mask
            st.hands[s].append(card)
            forget_rest(st, st.hands[v], st.ck, mask)
    elif kind == "share":
        v, to = f["v"], f["to"]
        t = take_treasure(st, st.tre[v], outcome)
        receive(st, to, t, 0)
        if st.tk[t] != st.full:
            forget_rest(st, st.tre[v], st.tk, (1 << to) | (1 << v))
    elif kind == "char":
        s = f["s"]
        st.char[s] = outcome
        st.ck_char[s] = 1 << s
    elif kind == "first":
        st.first = outcome


def apply_tdraw(st: FatalState, f: Frame, outcome: int) -> None:
    source = tdraw_source(st, f)
    if source == "top":
        t = st.t_top.pop(0)
        st.t_top_bot = min(st.t_top_bot, len(st.t_top))
    elif source == "under":
        t = st.t_under.pop(0)
    else:
        t = take_treasure(st, st.t_pool, outcome)
        if st.t_mid > 0:
            st.t_mid -= 1
        elif f["to"] == "top":
            st.t_top_bot += 1
    if f["to"] == "top":
        st.t_top.append(t)
        st.tk[t] = 1 << f["s"]
        return
    if t == st.lay.queen:  # the Queen is revealed: the round ends at once (RULEBOOK)
        st.queen_shown = True
        st.tk[t] = st.full
        st.stack.append({"k": "rend", "at": "tally"})
        return
    st.tk[t] = st.full
    st.display[f["slot"]] = t
