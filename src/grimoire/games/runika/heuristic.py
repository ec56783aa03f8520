"""A heuristic bot: a short lookahead on a copy, valued by points and pattern progress.

At a decision inside a turn, each legal action is tried on a copy; if it opens a sub-decision
of the same seat (resolving a die, an ability's target, a claim's placement), that is finished
greedily (each step valued on its own); the resulting position is valued by ``value``: points
(own minus the best other), progress towards the runes the seat can claim (each placement's
cells already right, squared, times what the claim is worth), how close missing dice are to the
side their colour enters from (so the disc is managed), prestige tokens on the way to an
achievement, and dice still to use. Drafting and the quick-draft pass take the colours the
best patterns lack; re-rolls are paid for only to replace rotate faces when dice are many.

The bot is given ``for_seat`` copies only, and reads only its own hidden runes and dice.
"""

from __future__ import annotations

from grimoire.core.bot import Bot
from grimoire.core.state import State
from grimoire.games.runika import claims, flow
from grimoire.games.runika.actions import CANCEL, DONE, ROLL
from grimoire.games.runika.components import ROTATE
from grimoire.games.runika.facts import CACHE_LIMIT, FULL, POP, colour_masks, progress_at
from grimoire.games.runika.frames import AchDraw, Main, Pick, Roll
from grimoire.games.runika.state import RunikaState

GREEDY_STEPS = 6  # sub-decisions finished greedily after a tried action
SECRET_BONUS = 6.0  # extra worth of a dealt secret rune (three of them win)


class RunikaHeuristicBot(Bot):
    name = "heuristic"
    # Reads its own seat's hidden runes and dice only (the contract battery's check): its copies
    # may be dealt from one generator per seat (``core.bot.Dealer``).
    reads_hidden = False

    def choose(self, state: State, seat: int | None = None) -> int:
        assert isinstance(state, RunikaState)
        me = seat if seat is not None else next(iter(state.seats_to_act()))
        legal = state.legal_actions(me)
        if len(legal) == 1:
            return legal[0]
        if state.phase == "draft":
            return _draft(state, me, legal)
        if state.phase == "pass":
            return _pass(state, me, legal)
        frame = state.stacks[me][-1]
        if isinstance(frame, Pick):
            return _pick(state, frame, legal)
        if isinstance(frame, Main) and frame.stage == "reroll":
            return _reroll(state, me, legal)
        return self._best(state, me, legal)

    def _best(self, state: RunikaState, me: int, legal: list[int]) -> int:
        """The action whose position, its sub-decisions finished greedily, is worth most."""
        best, best_value = legal[0], float("-inf")
        prime(state, me)
        for action in legal:
            if action == CANCEL:
                continue
            child = state.clone()
            assert isinstance(child, RunikaState)
            child.apply(action, me)
            child, worth = self._finish(child, me)
            if worth is None:
                worth = value(child, me)
            score = worth + self.rng.random() * 1e-6  # ties broken at random
            if score > best_value:
                best, best_value = action, score
        return best

    def _finish(self, st: RunikaState, me: int) -> tuple[RunikaState, float | None]:
        """Finish the sub-decisions the tried action opened, greedily: the position reached
        (``st`` itself or a copy of it moved on) and its ``value`` if a step valued it."""
        worth: float | None = None
        simultaneous = st.rules.simultaneous
        for _ in range(GREEDY_STEPS):
            # the seat still acts inside its turn (``current_player`` read directly: in the
            # turns phase, with no chance pending, the seats with a stack or the turn's seat)
            if st.phase != "turns" or st.chance or len(st.stacks[me]) <= 1:
                break
            if not simultaneous and flow.turn_seat(st) != me:
                break
            frame = st.stacks[me][-1]
            legal = st.legal_actions(me)
            if isinstance(frame, Pick):
                st.apply(_pick(st, frame, legal), me)
                worth = None
            else:
                st, worth = self._step(st, me, legal)
        return st, worth

    def _step(self, st: RunikaState, me: int, legal: list[int]) -> tuple[RunikaState, float | None]:
        """One greedy step: the position after the action worth most on its own, and that
        worth (None if no action was valued: the first is taken). ``st`` is the caller's own
        copy: the last action tried is applied to it rather than to a clone."""
        last = -1
        for action in legal:
            if action != CANCEL:
                last = action
        if last < 0:
            st.apply(legal[0], me)
            return st, None
        best, best_value, best_worth = st, float("-inf"), 0.0
        prime(st, me)
        for action in legal:
            if action == CANCEL:
                continue
            if action == last:
                child = st
            else:
                copy = st.clone()
                assert isinstance(copy, RunikaState)
                child = copy
            child.apply(action, me)
            worth = value(child, me)
            score = worth + self.rng.random() * 1e-6  # ties broken at random
            if score > best_value:
                best, best_value, best_worth = child, score, worth
        return best, best_worth


# ---------------------------------------------------------------------- valuing a position
def value(st: RunikaState, me: int) -> float:
    mine = flow.score(st, me)
    if st.phase == "over":  # terminal
        return 1000.0 * (1 if me in st.winners() else -1) + mine
    others = 0  # the best other seat's points (0 alone)
    found = False
    for s in range(st.n):
        if s != me:
            points = flow.score(st, s)
            if not found or points > others:
                others, found = points, True
    total = 3.0 * mine - 1.5 * others
    total += potential(st, me)
    tokens = 0
    for p in st.prest:
        if me in p:
            tokens += 1
    total += 0.8 * tokens
    total += 0.5 * (len(st.store[me]) + (st.pocket[me] >= 0))
    for event in st.chance:  # drawn but not there yet: an achievement, dice to roll
        if isinstance(event, AchDraw) and event.s == me:
            total += 9.0
        elif isinstance(event, Roll) and event.s == me:
            total += 0.5
    return total


def home_sides(st: RunikaState, me: int) -> list[int]:
    """The side each colour enters the seat's grid from."""
    disc = st.disc[me]
    side = st.tables.colour_side
    return [(side[0] + disc) % 4, (side[1] + disc) % 4, (side[2] + disc) % 4, (side[3] + disc) % 4]


def prime(st: RunikaState, me: int) -> None:
    """Move the bases of the progress deltas (``facts.Progress``) to the seat's grid here,
    before the positions each choice leads to are valued: they differ from it by a few cells."""
    progress = st.tables.progress
    m = colour_masks(claims.grid_key(st, me))
    home = home_sides(st, me)
    for rune in targets(st, me):
        progress.prime(rune, m, home)


def targets(st: RunikaState, me: int) -> list[int]:
    """Runes the seat may work towards: what it could claim if the pattern were there."""
    return claims.candidates(st, me)


def potential(st: RunikaState, me: int) -> float:
    """Worth of the best placements of the runes in reach, by how complete they are.

    Remembered per grid, disc and set of runes in reach (``Progress.worth``): the worth reads
    nothing else, and whatever order the runes come in, the same worths are summed in the
    same order (sorted), so a remembered one is the one computed."""
    t = st.tables
    key = claims.grid_key(st, me)
    runes = targets(st, me)
    mask = 0
    for rune in runes:
        mask |= 1 << rune
    bonus = st.rules.secret or st.rules.solo
    full = (mask << 3 | st.disc[me] << 1 | (1 if bonus else 0)) << 48 | key
    progress = t.progress
    known = progress.worth.get(full)
    if known is not None:
        return known
    m = colour_masks(key)
    home = home_sides(st, me)
    found: list[float] = []
    for rune in runes:
        worth = t.rune_points[rune] + 0.6 * t.count[t.first[rune]] * 0.33
        if bonus:
            worth += SECRET_BONUS
        found.append(worth * progress.best(rune, m, home))
    found.sort(reverse=True)
    total = 0.0
    weights = (1.0, 0.5, 0.25)
    for index in range(min(3, len(found))):
        total += found[index] * weights[index]
    if len(progress.worth) >= CACHE_LIMIT:
        progress.worth.clear()
    progress.worth[full] = total
    return total


# ---------------------------------------------------------------------- quick decisions
def colour_need(st: RunikaState, me: int) -> list[float]:
    """How much each colour would help the best placements in reach (remembered per grid and
    set of runes in reach, ``Progress.need``: it reads nothing else)."""
    t = st.tables
    key = claims.grid_key(st, me)
    runes = targets(st, me)
    mask = 0
    for rune in runes:
        mask |= 1 << rune
    full = mask << 48 | key
    known = t.progress.need.get(full)
    if known is not None:
        return known[:]
    m = colour_masks(key)
    home = [0, 1, 2, 3]
    need = [0.1, 0.1, 0.1, 0.1]
    for rune in runes:
        scored = [(progress_at(t, i, m, home), i) for i in range(t.first[rune], t.first[rune + 1])]
        scored.sort(key=lambda item: -item[0])
        for share, i in scored[:2]:
            weight = (t.rune_points[rune] + 1.0) * (0.3 + share)
            for colour in range(4):
                missing = POP[t.need[4 * i + colour] & ~m[colour] & FULL]
                need[colour] += weight * missing
            purple = t.purple[i]
            if purple:
                best = 0
                for colour in range(1, 4):  # the first colour with the most dice there
                    if POP[purple & m[colour]] > POP[purple & m[best]]:
                        best = colour
                need[best] += weight * POP[purple & ~m[best] & FULL] * 0.5
    if len(t.progress.need) >= CACHE_LIMIT:
        t.progress.need.clear()
    t.progress.need[full] = need[:]
    return need


def _draft(st: RunikaState, me: int, legal: list[int]) -> int:
    need = colour_need(st, me)
    held = [0, 0, 0, 0]
    for die in st.store[me]:
        held[(die - 16) if die >= 16 else die // 4] += 1
    return max(
        legal,
        key=lambda a: need[a - st.ids.id("draft")] / (1 + 0.5 * held[a - st.ids.id("draft")]),
    )


def _pass(st: RunikaState, me: int, legal: list[int]) -> int:
    need = colour_need(st, me)
    return min(legal, key=lambda a: need[a - st.ids.id("pass")])


def _reroll(st: RunikaState, me: int, legal: list[int]) -> int:
    """Pay a die to re-roll only with 4+ dice of which 2+ show rotate faces; the die paid is
    a rotate face too. Free re-roll abilities are used on rotate faces."""
    store = st.store[me]
    rotates = [d for d in store if d % 4 == ROTATE]
    for action in legal:
        choice = st.codec.decode(action)
        kind, arg = choice.kind, choice.arg
        if kind == "ability" and rotates and _ability_kind(st, arg) == "free_reroll":
            return action
    if len(store) >= 4 and len(rotates) >= 2:
        paid = st.ids.id("discard", rotates[0])
        if paid in legal:
            return paid
    return DONE


def _ability_kind(st: RunikaState, arg: int) -> str:
    runes = st.comp.runes
    if arg < len(runes):
        return runes[arg].ability.kind
    return st.comp.achievements[arg - len(runes)].ability.kind


def _pick(st: RunikaState, frame: Pick, legal: list[int]) -> int:
    """Mark the rotate faces, then roll; nothing to mark: roll what is marked, or cancel."""
    for action in legal:
        choice = st.codec.decode(action)
        kind, arg = choice.kind, choice.arg
        if kind == "reroll" and arg % 4 == ROTATE:
            return action
    return ROLL if ROLL in legal else CANCEL
