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
from grimoire.games.runika.frames import AchDraw, Main, Pick, Roll
from grimoire.games.runika.grid import masks
from grimoire.games.runika.patterns import Placement
from grimoire.games.runika.state import RunikaState

GREEDY_STEPS = 6  # sub-decisions finished greedily after a tried action
SECRET_BONUS = 6.0  # extra worth of a dealt secret rune (three of them win)


class RunikaHeuristicBot(Bot):
    name = "heuristic"

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
        return self._best(state, me, legal, deep=True)

    def _best(self, state: RunikaState, me: int, legal: list[int], *, deep: bool) -> int:
        best, best_value = legal[0], float("-inf")
        for action in legal:
            if action == CANCEL:
                continue
            child = state.clone()
            assert isinstance(child, RunikaState)
            child.apply(action, me)
            if deep:
                self._finish(child, me)
            score = value(child, me) + self.rng.random() * 1e-6  # ties broken at random
            if score > best_value:
                best, best_value = action, score
        return best

    def _finish(self, st: RunikaState, me: int) -> None:
        """Finish the sub-decisions the tried action opened, greedily."""
        for _ in range(GREEDY_STEPS):
            if st.is_terminal() or st.is_chance() or me not in st.seats_to_act():
                return
            if st.phase != "turns" or len(st.stacks[me]) <= 1:
                return
            frame = st.stacks[me][-1]
            legal = st.legal_actions(me)
            if isinstance(frame, Pick):
                action = _pick(st, frame, legal)
            else:
                action = self._best(st, me, legal, deep=False)
            st.apply(action, me)


# ---------------------------------------------------------------------- valuing a position
def value(st: RunikaState, me: int) -> float:
    points = [flow.score(st, s) for s in range(st.n)]
    if st.is_terminal():
        return 1000.0 * (1 if me in st.winners() else -1) + points[me]
    others = max((p for s, p in enumerate(points) if s != me), default=0)
    total = 3.0 * points[me] - 1.5 * others
    total += potential(st, me)
    total += 0.8 * sum(1 for p in st.prest if me in p)
    total += 0.5 * (len(st.store[me]) + (st.pocket[me] >= 0))
    for event in st.chance:  # drawn but not there yet: an achievement, dice to roll
        if isinstance(event, AchDraw) and event.s == me:
            total += 9.0
        elif isinstance(event, Roll) and event.s == me:
            total += 0.5
    return total


def targets(st: RunikaState, me: int) -> list[int]:
    """Runes the seat may work towards: what it could claim if the pattern were there."""
    return claims.candidates(st, me)


def potential(st: RunikaState, me: int) -> float:
    """Worth of the best placements of the runes in reach, by how complete they are."""
    grid_masks = masks(claims.virtual_grid(st, me))
    home = [(st.comp.colours[c].side + st.disc[me]) % 4 for c in range(4)]
    found = []
    for rune in targets(st, me):
        card = st.comp.runes[rune]
        worth = card.points + 0.6 * st.placements[rune][0].claim.bit_count() * 0.33
        if st.rules.secret or st.rules.solo:
            worth += SECRET_BONUS
        found.append(worth * _best_progress(st.placements, rune, grid_masks, home))
    found.sort(reverse=True)
    return sum(v * w for v, w in zip(found, (1.0, 0.5, 0.25), strict=False))


# The best progress of a rune's placements on a grid, remembered: the candidates of one decision
# mostly leave the grid as it was, so the same question comes back dozens of times (it was 80%
# of a heuristic game). Keyed by the placements' identity, which the cache keeps alive.
_PROGRESS: dict[tuple[int, int, int, int], float] = {}
_PROGRESS_OWNERS: dict[int, object] = {}
_PROGRESS_LIMIT = 200_000


def _best_progress(
    placements: tuple[tuple[Placement, ...], ...], rune: int, grid_masks: list[int], home: list[int]
) -> float:
    owner = id(placements)
    grid_key = grid_masks[0] | grid_masks[1] << 16 | grid_masks[2] << 32 | grid_masks[3] << 48
    home_key = home[0] | home[1] << 2 | home[2] << 4 | home[3] << 6
    key = (owner, rune, grid_key, home_key)
    known = _PROGRESS.get(key)
    if known is not None:
        return known
    best = 0.0
    for pl in placements[rune]:
        best = max(best, _progress(pl, grid_masks, home))
    if len(_PROGRESS) >= _PROGRESS_LIMIT:
        _PROGRESS.clear()
        _PROGRESS_OWNERS.clear()
    _PROGRESS_OWNERS[owner] = placements
    _PROGRESS[key] = best
    return best


def _progress(pl: Placement, grid_masks: list[int], home: list[int]) -> float:
    need = pl.claim.bit_count()
    right = 0
    near = 0.0
    for colour, cells in enumerate(pl.need):
        if cells:
            mask = grid_masks[colour]
            right += (cells & mask).bit_count()
            near += _edge_bonus(cells & ~mask, home[colour])
    if pl.purple:
        right += max((pl.purple & m).bit_count() for m in grid_masks)
    wrong = 0
    if pl.black:
        wrong = sum((pl.black & m).bit_count() for m in grid_masks)
    share = (right - 0.5 * wrong) / need
    return max(0.0, share) ** 2 + 0.05 * near


# _edge_bonus(cells, side), remembered: the heuristic asks the same few hundred masks millions
# of times (it was a third of a heuristic game)
_EDGE_BONUS: dict[int, float] = {}


def _edge_bonus(cells: int, side: int) -> float:
    """How near missing cells lie to the side their colour enters from (0..1 each)."""
    key = cells << 2 | side
    known = _EDGE_BONUS.get(key)
    if known is not None:
        return known
    total = 0.0
    for cell in range(16):
        if cells >> cell & 1:
            row, col = divmod(cell, 4)
            dist = (row, 3 - col, 3 - row, col)[side]
            total += (3 - dist) / 3
    _EDGE_BONUS[key] = total
    return total


# ---------------------------------------------------------------------- quick decisions
def colour_need(st: RunikaState, me: int) -> list[float]:
    """How much each colour would help the best placements in reach."""
    grid_masks = masks(claims.virtual_grid(st, me))
    need = [0.1, 0.1, 0.1, 0.1]
    for rune in targets(st, me):
        card = st.comp.runes[rune]
        scored = []
        for pl in st.placements[rune]:
            share = _progress(pl, grid_masks, [0, 1, 2, 3])
            scored.append((share, pl))
        scored.sort(key=lambda item: -item[0])
        for share, pl in scored[:2]:
            weight = (card.points + 1.0) * (0.3 + share)
            for colour, cells in enumerate(pl.need):
                missing = (cells & ~grid_masks[colour]).bit_count()
                need[colour] += weight * missing
            if pl.purple:
                best = max(range(4), key=lambda c: (pl.purple & grid_masks[c]).bit_count())
                need[best] += weight * (pl.purple & ~grid_masks[best]).bit_count() * 0.5
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
