"""Achievements, rune claims and the display's refill (rules, "Achievements and runes").

Claims are optional and in the player's order (ruling 7, R3); each must be possible with the
dice still in the grid. A claim discards the dice of the pattern's coloured and purple cells
and scores 1 point per discarded die showing 1, plus the card (its points count while owned).
A mastery rune another player owns scores its points as tokens instead (once per player).
In simultaneous play claims are sealed until the round end (``sim_claims``), where two or more
players claiming the same rune each score its points and nobody gets the card (ruling 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.actions import Decoded
from grimoire.games.runika import abilities
from grimoire.games.runika.actions import CANCEL
from grimoire.games.runika.components import ONE
from grimoire.games.runika.facts import colour_masks, grid_bits, matches_at
from grimoire.games.runika.frames import AchDraw, At, Main, RuneDraw

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


# ---------------------------------------------------------------------- achievements
def achievement(st: RunikaState, seat: int) -> None:
    """End of turn: a token on every professor -> take them back and draw an achievement."""
    token = st.tables.prof_token
    needed = [p for p in st.rules.professors if token[p] and p != st.solo_prof]
    if st.ach_deck and all(seat in st.prest[p] for p in needed):
        for prof in needed:
            st.prest[prof].remove(seat)
        st.chance.append(AchDraw(s=seat))


# ---------------------------------------------------------------------- what can be claimed
def taken_cells(st: RunikaState, seat: int) -> int:
    """The cells of the seat's sealed claims (simultaneous play), as a mask."""
    taken = 0
    for claim in st.sim_claims[seat]:
        taken |= claim[1]
    return taken


def virtual_grid(st: RunikaState, seat: int) -> list[int]:
    """The seat's grid without the dice of its sealed claims (simultaneous play)."""
    grid = st.grid[seat]
    if not st.sim_claims[seat]:
        return grid
    taken = taken_cells(st, seat)
    return [-1 if taken >> c & 1 else d for c, d in enumerate(grid)]


def grid_key(st: RunikaState, seat: int) -> int:
    """The key of the seat's virtual grid (``facts``: its colours as three masks)."""
    return grid_bits(st.grid[seat], taken_cells(st, seat))


def candidates(st: RunikaState, seat: int) -> list[int]:
    """Runes the seat could claim if its grid held the pattern."""
    rules = st.rules
    sealed = st.sim_claims[seat]
    if rules.secret:
        got = st.secret_got[seat]
        secret = st.secret[seat]
        out = []
        for i in range(len(secret)):
            rune = secret[i]
            if not got[i] and not any(claim[0] == rune for claim in sealed):
                out.append(rune)
        return out
    found = {stack[-1] for stack in st.display if stack}
    if rules.solo:
        goal = {card[0] for card in st.owned[seat]}
        ready = all(r in goal for r in st.tables.prof_solo_runes[st.solo_prof])
        if ready:  # ruling 16: last
            found |= {entry[0] for entry in st.mastery_row if entry[1] < 0}
    else:
        mastered = st.mastered[seat]
        for entry in st.mastery_row:
            if entry[1] != seat and entry[0] not in mastered:
                found.add(entry[0])
    for claim in sealed:
        found.discard(claim[0])
    return sorted(found)


def matches(st: RunikaState, seat: int, rune: int) -> list[int]:
    """Placements of ``rune`` the grid holds (their rows in ``st.tables``), one per distinct
    set of claimed cells."""
    t = st.tables
    m = colour_masks(grid_key(st, seat))
    found: list[int] = []
    seen: list[int] = []
    for i in range(t.first[rune], t.first[rune + 1]):
        claim = t.claim[i]
        if claim not in seen and matches_at(t, i, m):
            seen.append(claim)
            found.append(i)
    return found


def claimable(st: RunikaState, seat: int) -> list[int]:
    key = ("claimable", seat)
    if key not in st.memo:
        st.memo[key] = [r for r in candidates(st, seat) if matches(st, seat, r)]
    out: list[int] = st.memo[key]
    return out


# ---------------------------------------------------------------------- claiming
def claim(st: RunikaState, seat: int, rune: int) -> None:
    found = matches(st, seat, rune)
    if len(found) == 1:
        apply_claim(st, seat, rune, st.tables.claim[found[0]])
    else:
        st.stacks[seat].append(At(s=seat, r=rune))


def at_legal(st: RunikaState, frame: At) -> list[int]:
    t = st.tables
    found = matches(st, frame.s, frame.r)
    return [CANCEL, *sorted(st.ids.at(t.anchor[i], t.rotation[i]) for i in found)]


def at_act(st: RunikaState, frame: At, choice: Decoded) -> None:
    seat = frame.s
    st.stacks[seat].pop()
    if choice.kind == "cancel":
        return
    t = st.tables
    for i in matches(st, seat, frame.r):
        if (t.anchor[i], t.rotation[i]) == choice.args:
            apply_claim(st, seat, frame.r, t.claim[i])
            return
    raise AssertionError("no such placement")


def apply_claim(st: RunikaState, seat: int, rune: int, mask: int) -> None:
    if st.rules.simultaneous:  # sealed until the round end
        st.sim_claims[seat].append([rune, mask])
        return
    score_claim(st, seat, mask)
    take_card(st, seat, rune, alone=True)


def score_claim(st: RunikaState, seat: int, mask: int) -> None:
    """Discard the pattern's dice from the grid: 1 point per 1 face, plus claim bonuses of the
    cards owned before this turn's claims (ruling 23: a card gained this turn takes effect
    from the next turn; the turn's frame remembers ``had``, the runes owned before its first
    claim). Simultaneous play scores every claim before any card is gained."""
    stack = st.stacks[seat]
    had = len(st.owned[seat])
    if stack and isinstance(stack[0], Main):
        if stack[0].had < 0:
            stack[0].had = had
        had = stack[0].had
    grid = st.grid[seat]
    colours = []
    for cell in range(16):
        if mask >> cell & 1:
            die = grid[cell]
            grid[cell] = -1
            st.bag[die // 4] += 1
            colours.append(die // 4)
            st.tokens[seat] += 1 if die % 4 == ONE else 0
    st.tokens[seat] += abilities.claim_bonus(st, seat, colours, had)


def take_card(st: RunikaState, seat: int, rune: int, *, alone: bool) -> None:
    """The card of a completed rune: gained, or (shared in simultaneous play, or a mastery rune
    owned by another) its points as tokens."""
    card = st.comp.runes[rune]
    if card.start:
        st.start_done = True
    if st.rules.secret:
        index = next(
            i for i, r in enumerate(st.secret[seat]) if r == rune and not st.secret_got[seat][i]
        )
        st.secret_got[seat][index] = 1
        st.owned[seat].append([rune, 0, 0])
        return
    if card.mastery:
        row = st.mastery_row
        at = next(i for i, e in enumerate(row) if e[0] == rune)
        st.mastered[seat].append(rune)
        if row[at][1] >= 0 or not alone:
            st.tokens[seat] += card.points
        else:
            row[at] = [rune, seat]  # a new entry: clones share them (``RunikaState._copy``)
            st.owned[seat].append([rune, 0, 0])
            st.won = st.won or st.rules.solo
        return
    slot = next(i for i, stack in enumerate(st.display) if stack and stack[-1] == rune)
    if alone:
        st.display[slot].pop()
        st.owned[seat].append([rune, 0, 0])
    else:
        st.tokens[seat] += card.points


def resolve_simultaneous(st: RunikaState) -> None:
    """Round end of simultaneous play: every sealed claim is revealed and scored; a rune
    claimed by several players gives each its points and nobody the card (ruling 12); a claim
    whose pattern another player broke after it was sealed fails (ruling 24)."""
    from grimoire.games.runika.flow import order

    by_rune: dict[int, list[int]] = {}
    for seat in order(st):
        sealed = st.sim_claims[seat]
        for index, (rune, mask) in enumerate(sealed):
            later = 0
            for _, other in sealed[index + 1 :]:
                later |= other
            if not still_held(st, seat, rune, mask, later):
                continue  # ruling 24: another player broke the pattern after it was sealed
            score_claim(st, seat, mask)
            by_rune.setdefault(rune, []).append(seat)
        st.sim_claims[seat] = []
    for rune in sorted(by_rune):
        seats = by_rune[rune]
        alone = len(seats) == 1
        for seat in seats:
            take_card(st, seat, rune, alone=alone)
        card = st.comp.runes[rune]
        if not alone and not card.mastery and not st.rules.secret:
            slot = next(i for i, stack in enumerate(st.display) if stack and stack[-1] == rune)
            st.display[slot].pop()  # a basic rune claimed by several is discarded


def still_held(st: RunikaState, seat: int, rune: int, mask: int, others: int) -> bool:
    """Whether the seat's grid still holds ``rune`` on the cells ``mask`` it sealed, the dice of
    its other unresolved claims (``others``) left aside as when it sealed them. With the
    interaction rule another player's Simza or Ainfean may have pushed or discarded one of
    them in the meantime (ruling 24)."""
    t = st.tables
    m = colour_masks(grid_bits(st.grid[seat], others))
    return any(
        t.claim[i] == mask and matches_at(t, i, m) for i in range(t.first[rune], t.first[rune + 1])
    )


def refill(st: RunikaState) -> None:
    """Clean-up: every empty display space gets a rune from the deck (chance)."""
    if st.rules.secret or st.rules.solo:
        return
    for slot, stack in enumerate(st.display):
        if not stack:
            st.chance.append(RuneDraw(slot=slot))
