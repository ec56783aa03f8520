"""The cross-checks of a loaded position's board: what its declared shape
(``position.PositionDoc``) cannot say; ``frame_checks.py`` checks its decision frames and
chance events. Each refusal is one ``InvalidPosition`` naming the field
(``core.documents.require``).

* every die exactly once: each colour's dice add up to the bag's count, wherever they lie;
* no card more often than it exists: rune cards across the deck, the display, the mastery
  row, the secret runes and the seats' cards; achievement cards across their deck and the
  seats (a card may be missing: there is no discard pile, and ruling 12 discards a rune);
* seats, professors, cells and counters in their domain, and each zone only where the
  options and the phase have it (a quick-draft hand outside the pass, a charm without the
  charm rule...), sealed claims on their rune's cells.

``Game.state_from_json`` then tries the position out (legal actions, views).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from grimoire.core.documents import require
from grimoire.games.runika.chance import category
from grimoire.games.runika.frames import FirstDraw, Fort, Main, Resolve, Roll, SoloDraw

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


def check(st: RunikaState) -> None:
    """Refuse a board out of line (InvalidPosition naming the field)."""
    _counters(st)
    _zones(st)
    _professors(st)
    _runes(st)
    _achievements(st)
    _dice(st)
    for s in range(st.n):
        _seat(st, s)


# ---------------------------------------------------------------------- counters and zones
def _counters(st: RunikaState) -> None:
    n, rules, phase = st.n, st.rules, st.phase
    seats = f"a seat 0..{n - 1}"
    if st.first < 0:
        pending = any(isinstance(e, FirstDraw) for e in st.chance)
        require(phase == "setup" and pending, "first", st.first, "drawn at setup only")
    else:
        require(st.first < n, "first", st.first, seats)
        require(st.first == 0 or not rules.solo, "first", st.first, "seat 0 plays solo")
    require((st.round == 0) == (phase == "setup"), "round", st.round, "0 only at setup")
    require(st.draft_seat < n, "draft_seat", st.draft_seat, seats)
    if phase == "draft":
        require(st.draft_seat >= 0, "draft_seat", st.draft_seat, "the seat to pick in the draft")
    require(phase != "pass" or rules.quick, "phase", phase, "the pass is the quick draft's")
    require(phase != "draft" or not rules.quick, "phase", phase, "the quick draft passes")
    require(st.turn_i <= n, "turn_i", st.turn_i, f"0..{n}")
    if phase == "turns" and not rules.simultaneous:
        require(st.turn_i < n, "turn_i", st.turn_i, f"the turn being played, 0..{n - 1}")
    require(st.charm < n, "charm", st.charm, seats)
    require(st.charm < 0 or rules.charm, "charm", st.charm, "the charm token is option charm's")
    limit = int(st.game.options["decision_limit"])
    require(st.decisions <= limit, "decisions", st.decisions, f"at most decision_limit {limit}")
    picks = max(st.comp.solo_keep, st.comp.draft_dice * n)
    require(st.picks <= picks, "picks", st.picks, f"at most the dice of a draft ({picks})")
    require((phase == "over") == bool(st.ended), "ended", st.ended, "set once the game is over")
    require(not st.won or rules.solo, "won", st.won, "the solo game's")
    if phase == "over":
        require(not st.chance, "chance", len(st.chance), "nothing to draw in a finished game")


def _zones(st: RunikaState) -> None:
    """The zones each variant alone uses are empty without it: dice out of play (solo),
    below Luniorn, the middle (the draft), each seat's quick-draft hand, secret runes, sealed
    claims and professors used (simultaneous play), the solo professor."""
    rules, phase = st.rules, st.phase
    require(rules.solo or not any(st.removed), "removed", st.removed, "dice leave play solo only")
    require(rules.luniorn or not st.below, "below", st.below, "only below Luniorn (option)")
    require(not st.middle or phase in ("draft", "over"), "middle", st.middle, "the draft's")
    for s in range(st.n):
        hand = bool(st.qhand[s]) or st.qpass[s] >= 0
        if not (hand or st.secret[s] or st.sim_claims[s] or st.prof_used[s]):
            continue  # nothing to check (and no message to format)
        _seat_zones(st, s, hand)
    _solo_professor(st)


def _seat_zones(st: RunikaState, s: int, hand: bool) -> None:
    rules, phase = st.rules, st.phase
    where = f"seats[{s}]"
    require(
        not hand or phase in ("pass", "over"),
        f"{where}.quick_hand",
        st.qhand[s],
        "the quick draft's pass only",
    )
    if phase == "pass":
        require(
            len(st.qhand[s]) + (st.qpass[s] >= 0) <= st.comp.draft_dice,
            f"{where}.quick_hand",
            st.qhand[s],
            "the dice taken for the quick draft",
        )
    secret = bool(st.secret[s])
    require(not secret or rules.secret, f"{where}.secret", st.secret[s], "option secret_runes")
    require(
        not st.sim_claims[s] or rules.simultaneous,
        f"{where}.claims",
        len(st.sim_claims[s]),
        "sealed claims are simultaneous play's",
    )
    used = st.prof_used[s]
    require(
        not used or rules.simultaneous,
        f"{where}.used_professors",
        len(used),
        "simultaneous play's",
    )
    require(
        len(set(used)) == len(used) and all(in_play(st, p) for p in used),
        f"{where}.used_professors",
        used,
        "professors in play, once each",
    )


def _solo_professor(st: RunikaState) -> None:
    """Solo: the professor turned over is drawn at setup (ruling 9), one of the four base
    professors, the one option solo_professor names if it names one."""
    rules = st.rules
    if not rules.solo:
        require(st.solo_prof < 0, "solo_professor", st.solo_prof, "the solo game's")
        return
    if st.solo_prof < 0:
        pending = any(isinstance(e, SoloDraw) for e in st.chance)
        require(st.phase == "setup" and pending, "solo_professor", None, "drawn at setup")
        return
    prof = st.comp.professors[st.solo_prof]
    require(
        st.solo_prof in rules.professors and prof.token,
        "solo_professor",
        prof.id,
        "one of the four base professors",
    )
    named = rules.solo_prof
    require(
        named < 0 or named == st.solo_prof,
        "solo_professor",
        prof.id,
        "the professor of option solo_professor",
    )


def in_play(st: RunikaState, prof: int) -> bool:
    return prof in st.rules.professors and prof != st.solo_prof


def _professors(st: RunikaState) -> None:
    comp, n = st.comp, st.n
    most = n if st.rules.simultaneous else 1  # one die a round; simultaneous: one a player
    placed = [0] * n
    for prof, dice in enumerate(st.prof_dice):
        tokens = st.prest[prof]
        if not dice and not tokens:
            continue
        where = f"professors.{comp.professors[prof].id}"
        require(not dice or in_play(st, prof), f"{where}.dice", len(dice), "a professor in play")
        require(len(dice) <= most, f"{where}.dice", len(dice), f"at most {most} a round")
        require(all(d % 4 == 1 for d in dice), f"{where}.dice", dice, "element faces")
        require(
            not tokens or comp.professors[prof].token,
            f"{where}.tokens",
            tokens,
            "this professor takes no prestige token",
        )
        require(
            len(set(tokens)) == len(tokens) and all(s < n for s in tokens),
            f"{where}.tokens",
            tokens,
            "distinct seats (one token each)",
        )
        require(
            not tokens or prof != st.solo_prof,
            f"{where}.tokens",
            tokens,
            "the solo professor is turned over",
        )
        for s in tokens:
            placed[s] += 1
    for s, count in enumerate(placed):
        require(
            count <= comp.prestige_tokens,
            "professors",
            count,
            f"seat {s} has {comp.prestige_tokens} prestige tokens",
        )


# ---------------------------------------------------------------------- cards
def _runes(st: RunikaState) -> None:
    comp, rules = st.comp, st.rules
    mastery = set(comp.mastery)
    for s, mastered in enumerate(st.mastered):
        if len(set(mastered)) != len(mastered) or not mastery.issuperset(mastered):
            require(False, f"seats[{s}].mastered", mastered, "mastery runes, once each")
    for slot, stack in enumerate(st.display):
        if len(set(stack)) > 1 or mastery.intersection(stack):
            require(False, f"display[{slot}]", stack, "a stack of one basic rune")
    if rules.secret:
        _secret_runes(st)
    elif rules.solo:
        _solo_runes(st)
    else:
        _open_runes(st)


def _open_runes(st: RunikaState) -> None:
    """Display, deck, mastery row and the seats' cards hold no rune card twice (one may be
    missing: a basic rune claimed by several players at once is discarded, ruling 12)."""
    comp, n = st.comp, st.n
    slots = n + comp.display_extra
    require(len(st.display) == slots, "display", len(st.display), f"{slots} places")
    tops = [stack[-1] for stack in st.display if stack]
    require(len(set(tops)) == len(tops), "display", tops, "an identical rune is stacked")
    require(not st.mastery_box, "mastery_box", st.mastery_box, "the secret runes'")
    require(
        sorted(r for r, _ in st.mastery_row) == sorted(comp.mastery),
        "mastery",
        len(st.mastery_row),
        "each mastery rune once",
    )
    _mastery_owners(st)
    held: Counter[int] = Counter(st.deck)
    for stack in st.display:
        held.update(stack)
    for s in range(n):
        held.update(r for r, _, _ in st.owned[s] if not comp.runes[r].mastery)
    for rune in held:
        require(not comp.runes[rune].mastery, "deck", comp.runes[rune].id, "basic runes only")
    _no_card_twice(st, held)


def _mastery_owners(st: RunikaState) -> None:
    """The mastery row's owners are seats that completed the rune and hold its card, the one
    card of it."""
    comp, n = st.comp, st.n
    holders = [
        [s for s in range(n) for card in st.owned[s] if card[0] == r] for r, _ in st.mastery_row
    ]
    for (r, owner), held in zip(st.mastery_row, holders, strict=True):
        name = comp.runes[r].id
        require(owner < n, "mastery", {"rune": name, "owner": owner}, "an owner seat")
        if owner >= 0:
            require(r in st.mastered[owner], "mastery", name, f"seat {owner} completed it")
        if held != ([owner] if owner >= 0 else []):
            require(False, "seats", name, "a mastery rune card is its owner's, once")


def _secret_runes(st: RunikaState) -> None:
    """Secret runes: each seat dealt a starting, an elemental and a mastery rune; the rest stay
    in the deck and the box; a card is owned once gained."""
    comp, n = st.comp, st.n
    require(not st.display, "display", len(st.display), "no display with secret runes")
    require(not st.mastery_row, "mastery", len(st.mastery_row), "dealt as secret runes")
    held: Counter[int] = Counter(st.deck) + Counter(st.mastery_box)
    for s in range(n):
        where = f"seats[{s}]"
        secret = st.secret[s]
        if st.phase != "setup":
            require(len(secret) == 3, f"{where}.secret", len(secret), "three secret runes")
        kinds = [category(comp, rune) for rune in secret]
        require(
            len(set(kinds)) == len(kinds),
            f"{where}.secret",
            kinds,
            "a starting, an elemental and a mastery rune",
        )
        held.update(secret)
        gained = sorted(r for r, got in zip(secret, st.secret_got[s], strict=True) if got)
        owned = sorted(r for r, _, _ in st.owned[s])
        require(owned == gained, f"{where}.runes", len(owned), "the secret runes gained")
    for r in st.deck:
        require(not comp.runes[r].mastery, "deck", comp.runes[r].id, "basic runes only")
    for r in st.mastery_box:
        require(comp.runes[r].mastery, "mastery_box", comp.runes[r].id, "mastery runes only")
    _no_card_twice(st, held)


def _no_card_twice(st: RunikaState, held: Counter[int]) -> None:
    """No rune card more often than it exists (a mastery rune once)."""
    for rune, count in held.items():
        card = st.comp.runes[rune]
        copies = 1 if card.mastery else card.copies
        if count > copies:
            require(False, "deck", card.id, f"{count} cards of it, not {copies}")


def _solo_runes(st: RunikaState) -> None:
    """Solo: the turned-over professor's runes lie on the display, one place each, until
    gained; its mastery rune in the mastery row (ruling 9)."""
    require(not st.deck, "deck", len(st.deck), "no rune deck solo")
    require(not st.mastery_box, "mastery_box", st.mastery_box, "the secret runes'")
    if st.solo_prof < 0:  # not drawn yet: nothing laid out
        require(not st.display and not st.mastery_row, "display", st.display, "laid out later")
        return
    prof = st.comp.professors[st.solo_prof]
    goal = list(prof.solo_runes)
    if st.phase == "setup":
        require(not st.display and not st.mastery_row, "display", st.display, "laid out later")
    else:
        require(len(st.display) == len(goal), "display", len(st.display), "the solo runes")
        for slot, stack in enumerate(st.display):
            require(stack in ([], [goal[slot]]), f"display[{slot}]", stack, "its solo rune")
        mastery = [prof.solo_mastery] if prof.solo_mastery >= 0 else []
        require(
            [r for r, _ in st.mastery_row] == mastery,
            "mastery",
            len(st.mastery_row),
            "the solo mastery rune",
        )
        require(
            all(owner in (-1, 0) for _, owner in st.mastery_row),
            "mastery",
            st.mastery_row,
            "owned by seat 0 or nobody",
        )
        _mastery_owners(st)
        for slot, rune in enumerate(goal):
            count = sum(1 for card in st.owned[0] if card[0] == rune) + len(st.display[slot])
            require(count <= 1, "display", st.comp.runes[rune].id, "on display or gained, once")
    allowed = set(goal) | {prof.solo_mastery}
    for r, _, _ in st.owned[0]:
        require(r in allowed, "seats[0].runes", st.comp.runes[r].id, "a solo rune")


def _achievements(st: RunikaState) -> None:
    comp = st.comp
    held = Counter(st.ach_deck)
    for s in range(st.n):
        held.update(kind for kind, _, _ in st.achs[s])
    for card in comp.achievements:
        count = held[card.index]
        if count > card.copies:
            require(False, "achievement_deck", card.id, f"{count} cards, not {card.copies}")


# ---------------------------------------------------------------------- dice
def _dice(st: RunikaState) -> None:
    """Every colour's dice add up to the components' count, wherever they lie."""
    comp = st.comp
    total = [0] * 4
    for s in range(st.n):
        for d in st.grid[s] + st.store[s] + [st.pocket[s]]:
            if d >= 0:
                total[d // 4 if d < 16 else d - 16] += 1
        for c in st.qhand[s] + ([st.qpass[s]] if st.qpass[s] >= 0 else []):
            total[c] += 1
        for frame in st.stacks[s]:
            if isinstance(frame, (Resolve, Fort)):
                total[frame.d // 4] += 1
    for dice in st.prof_dice:
        for d in dice:
            total[d // 4] += 1
    for event in st.chance:
        if isinstance(event, Roll):  # a die in the air
            total[event.c] += 1
    for c in st.middle + st.below:
        total[c] += 1
    for c in range(4):
        total[c] += st.bag[c] + st.removed[c]
        if total[c] != comp.dice_per_colour:
            require(
                False,
                "bag",
                comp.colours[c].name,
                f"its dice add up to {total[c]}, not {comp.dice_per_colour} (bag, removed, "
                "middle, below Luniorn, grids, storage, professors, frames, rolls)",
            )


def _seat(st: RunikaState, s: int) -> None:
    where = f"seats[{s}]"
    stack = st.stacks[s]
    started = st.phase == "turns" and bool(stack) and isinstance(stack[0], Main)
    if started and stack[0].stage != "roll":  # type: ignore[attr-defined]
        unrolled = [d for d in st.store[s] if d >= 16]
        require(not unrolled, f"{where}.store", len(unrolled), "rolled at the turn's start")
    claimed = 0
    runes = [r for r, _ in st.sim_claims[s]]
    require(len(set(runes)) == len(runes), f"{where}.claims", runes, "each rune once")
    for rune, mask in st.sim_claims[s]:
        name = st.comp.runes[rune].id
        shapes = {p.claim for p in st.placements[rune]}
        require(mask in shapes, f"{where}.claims", [name, mask], "the cells of its pattern")
        require(not claimed & mask, f"{where}.claims", [name, mask], "cells claimed once")
        claimed |= mask
        require(_claimable_card(st, s, rune), f"{where}.claims", name, "a rune it may gain")


def _claimable_card(st: RunikaState, s: int, rune: int) -> bool:
    """Whether the card of ``rune`` is there for seat ``s`` to gain at the round end."""
    if st.rules.secret:
        secret = zip(st.secret[s], st.secret_got[s], strict=True)
        return any(r == rune and not got for r, got in secret)
    if st.comp.runes[rune].mastery:
        return any(r == rune for r, _ in st.mastery_row)
    return any(stack and stack[-1] == rune for stack in st.display)
