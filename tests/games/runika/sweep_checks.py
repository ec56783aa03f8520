"""The checks of the Runika property sweep (issue 9), shared by ``bench/sweep_runika.py`` and
``test_runika_sweep.py``: the option matrix, one seeded game with every check, and the checks.

The general contracts (legal actions, chance weights, ``resample`` keeping a seat's view and
legal actions and conserving every object) are the contract battery's own functions
(``tests/contract/test_contract.py``); this module adds Runika's invariants:

- dice conservation: per colour, bag + removed (solo) + middle + storage + pockets + quick-draft
  hands and passed dice + grids + professors + below Luniorn + dice in flight (being resolved,
  saved by Fortification, waiting for their roll) = ``dice_per_colour``;
- points never decrease (no rule takes a point back: flipped cards keep theirs);
- no view shows another seat's secret before it is revealed (ungained secret runes, quick-draft
  hands, passed dice and the bag's colours during the pass, sealed claims in simultaneous play);
- the position round-trips through JSON with the same legal actions;
- the game ends at a round end exactly when an end condition of ruling 8 holds (13: secret
  runes; 16: solo), within ``max_game_length``, and the winners follow ruling 8's tie-break.
"""

from __future__ import annotations

import itertools
import json
import random
import zlib
from dataclasses import dataclass, field
from typing import Any

from tests.contract.test_contract import check_legal_and_chance, check_resample

from grimoire.core.errors import InvalidOptions
from grimoire.games.runika import view as views
from grimoire.games.runika.frames import Fort, Resolve, Roll
from grimoire.games.runika.game import RunikaGame
from grimoire.games.runika.heuristic import RunikaHeuristicBot
from grimoire.games.runika.state import RunikaState

# the variant options of the matrix; first_player (a seat, not a variant) cycles per game
MATRIX_OPTIONS = (
    "luniorn",
    "simultaneous",
    "secret_runes",
    "interaction",
    "secret_winner",
    "quick_draft",
    "goal",
    "starting_rune_end",
    "charm",
    "flame_target",
    "solo_professor",
)
RESAMPLE_EVERY = 40  # steps between resample checks (each resamples every seat)
ROUND_TRIP_EVERY = 40  # steps between JSON round trips
# views cost most: the leak check runs at every step while a short-lived secret exists (quick
# draft hands, sealed claims), else every LEAK_EVERY steps (the secret runes last all game)
LEAK_EVERY = 5
HEURISTIC_ALL = 0.1  # share of games with the heuristic bot in every seat
HEURISTIC_ONE = 0.05  # share of games with it in one seat (the others random: long games)


def values(name: str) -> list[Any]:
    option = next(o for o in RunikaGame.declared_options if o.name == name)
    if option.kind is bool:
        return [False, True]
    assert option.choices is not None
    return list(option.choices)


def valid_combinations(players: int) -> list[dict[str, Any]]:
    """Every combination of the matrix options that a ``players`` game accepts (non-default
    values only), in a fixed shuffled order so that any prefix is spread over the matrix."""
    out = []
    for combo in itertools.product(*(values(name) for name in MATRIX_OPTIONS)):
        defaults = {o.name: o.default for o in RunikaGame.declared_options}
        options = {k: v for k, v in zip(MATRIX_OPTIONS, combo, strict=True) if v != defaults[k]}
        try:
            RunikaGame(players, options)
        except InvalidOptions:
            continue
        out.append(options)
    random.Random(players).shuffle(out)
    return out


_COMBOS: dict[int, list[dict[str, Any]]] = {}


@dataclass(frozen=True)
class Spec:
    """Game ``index`` of the sweep: players, options, seed and who plays the seats."""

    index: int
    players: int
    options: dict[str, Any] = field(hash=False)
    seed: int
    heuristic: tuple[int, ...]  # seats played by the heuristic bot

    def describe(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "defaults"
        bots = f" heuristic seats {list(self.heuristic)}" if self.heuristic else ""
        return f"game {self.index}: players={self.players} seed={self.seed} {opts}{bots}"


def spec(index: int) -> Spec:
    """Game ``index``: players cycle 1..5; the k-th game of a player count takes the k-th valid
    combination (cyclically), and first_player cycles random, 0, 1, ... independently."""
    players = 1 + index % 5
    k = index // 5
    if players not in _COMBOS:
        _COMBOS[players] = valid_combinations(players)
    combos = _COMBOS[players]
    options = dict(combos[k % len(combos)])
    first: Any = ["random", *range(players)][(k // len(combos) + k) % (players + 1)]
    if first != "random":
        options["first_player"] = first
    seed = 10**9 + index
    draw = random.Random(seed).random()
    if draw < HEURISTIC_ALL:
        heuristic: tuple[int, ...] = tuple(range(players))
    elif draw < HEURISTIC_ALL + HEURISTIC_ONE:
        heuristic = (k % players,)
    else:
        heuristic = ()
    return Spec(index, players, options, seed, heuristic)


# ---------------------------------------------------------------------- the checks
def colour_of(code: int) -> int:
    """A die's colour: ``16 + c`` a die not rolled yet, else ``4 * colour + face``."""
    return code - 16 if code >= 16 else code // 4


def dice_by_colour(st: RunikaState) -> list[int]:
    """Every die of the game counted by colour, wherever it lies."""
    count = list(st.bag)
    for colour, n in enumerate(st.removed):
        count[colour] += n
    codes: list[int] = []
    for seat in range(st.n):
        codes += st.store[seat] + [d for d in st.grid[seat] if d >= 0]
        codes += [d for d in (st.pocket[seat],) if d >= 0]
        codes += [16 + c for c in st.qhand[seat]]
        codes += [16 + st.qpass[seat]] if st.qpass[seat] >= 0 else []
        # a die being resolved or saved by Fortification is out of storage and grid
        codes += [f.d for f in st.stacks[seat] if isinstance(f, (Resolve, Fort))]
    codes += [16 + c for c in st.middle + st.below]
    codes += [d for dice in st.prof_dice for d in dice]
    codes += [16 + e.c for e in st.chance if isinstance(e, Roll)]  # taken, not rolled yet
    for code in codes:
        count[colour_of(code)] += 1
    return count


def check_dice(st: RunikaState) -> None:
    want = [st.comp.dice_per_colour] * 4
    got = dice_by_colour(st)
    assert got == want, f"dice not conserved at step {st.step}: {got} per colour, not {want}"


def check_points_kept(before: list[float], st: RunikaState) -> None:
    after = st.scores()
    for seat, (old, new) in enumerate(zip(before, after, strict=True)):
        assert new >= old, f"seat {seat}'s points fell from {old} to {new} at step {st.step}"


def _rune_words(st: RunikaState, rune: int) -> set[str]:
    card = st.comp.runes[rune]
    return {card.id, card.name}


def names(text: str, word: str) -> bool:
    """Whether the JSON ``text`` has the string value ``word`` (a key may spell a rune's id,
    "charm": ``json.dumps`` writes a key as ``"word": ``)."""
    quoted = json.dumps(word)
    return text.count(quoted) > text.count(quoted + ":")


def check_no_leaks(st: RunikaState) -> None:
    """No view (the spectator's included) shows another seat's unrevealed secret."""
    if not st.game.hidden_information:
        return
    rules = st.rules
    public: set[str] = set()  # runes anyone may name: the gained ones
    for seat in range(st.n):
        for rune, _, _ in st.owned[seat]:
            public |= _rune_words(st, rune)
    for viewer in [None, *range(st.n)]:
        doc = st.view(viewer)
        known = set(public)
        if viewer is not None:
            for rune in st.secret[viewer]:
                known |= _rune_words(st, rune)
        text = json.dumps(doc) if rules.secret else ""
        where = f"view({viewer}) at step {st.step}"
        for other in range(st.n):
            if other == viewer:
                continue
            shown = doc["seats"][other]
            for entry, rune, got in zip(
                shown["secret"], st.secret[other], st.secret_got[other], strict=True
            ):
                if not got:
                    assert entry["rune"] is None, f"{where} shows seat {other}'s secret rune"
                    for word in _rune_words(st, rune) - known:
                        assert not names(text, word), f"{where} names {other}'s secret {word}"
            if rules.quick and st.phase == "pass":
                assert all(d is None for d in shown["quick_hand"]), f"{where}: {other}'s hand"
                assert doc["bag"] is None, f"{where} shows the bag's colours during the pass"
            assert shown["quick_pass"] is None, f"{where} shows the die seat {other} passes"
            assert all(c is None for c in shown["claims"] + shown["claim_cells"]), (
                f"{where} shows seat {other}'s sealed claims"
            )
            assert shown["claimable"] == [], f"{where} shows what seat {other} can claim"
            if rules.simultaneous and shown["stage"] == "claims":
                assert shown["frames"] == [], f"{where} shows seat {other}'s pending claim"


def leak_check_due(st: RunikaState, every: int = LEAK_EVERY) -> bool:
    if not st.game.hidden_information:
        return False
    if st.step % every == 0 or views.quick_hidden(st):
        return True
    return any(st.sim_claims) or any(views.sealed(st, s) for s in range(st.n))


def check_round_trip(st: RunikaState) -> None:
    game = st.game
    doc = st.to_json(history=False)
    again = game.state_from_json(json.loads(json.dumps(doc)))
    assert again.to_json(history=False) == doc, f"no JSON round trip at step {st.step}"
    assert again.current_player == st.current_player
    if st.is_chance():
        assert again.chance_weights() == st.chance_weights()
    else:
        for seat in st.seats_to_act():
            assert again.legal_actions(seat) == st.legal_actions(seat), f"seat {seat}'s actions"


def end_conditions(st: RunikaState) -> set[str]:
    """The end conditions that hold now (checked at a round end): ruling 8, 13 and 16."""
    rules, comp = st.rules, st.comp
    if rules.solo:  # ruling 16: the goal is the solo professor's mastery rune, claimed last
        mastery = comp.professors[st.solo_prof].solo_mastery
        return {"solo_win"} if any(r == mastery for r, _, _ in st.owned[0]) else set()
    held = set()
    points = [sum_points(st, s) for s in range(st.n)]
    if max(points) >= rules.goal:
        held.add("goal")
    if rules.secret and any(len(g) == 3 and all(g) for g in st.secret_got):
        held.add("secret")
    if not rules.secret and not st.deck:
        held.add("deck")
    if not st.ach_deck:
        held.add("achievements")
    if rules.start_end and st.start_done:
        held.add("starting_rune")
    return held


def sum_points(st: RunikaState, seat: int) -> int:
    """Point tokens + the printed points of every rune and achievement card the seat holds."""
    comp = st.comp
    cards = sum(comp.runes[r].points for r, _, _ in st.owned[seat])
    return st.tokens[seat] + cards + sum(comp.achievements[a].points for a, _, _ in st.achs[seat])


def check_round_start(st: RunikaState) -> None:
    """A new round began: no end condition held at the round end."""
    held = end_conditions(st)
    assert not held, f"round {st.round} began though the game should have ended: {held}"


def check_end(st: RunikaState, decisions: int) -> None:
    rules, comp = st.rules, st.comp
    assert st.is_terminal()
    assert decisions <= st.game.max_game_length, f"{decisions} decisions"
    view = st.view(None)
    for seat, shown in enumerate(view["seats"]):
        printed = shown["tokens"] + sum(r["points"] for r in shown["runes"])
        printed += sum(a["points"] for a in shown["achievements"])
        assert st.scores()[seat] == printed == sum_points(st, seat), f"seat {seat}'s score"
    reason = st.ended
    if reason == "limit":
        assert decisions >= st.game.options["decision_limit"]
    elif reason == "stall":
        assert not any(st.bag), "stalled with dice in the bag"
    elif reason == "solo_loss":
        assert rules.solo and sum(st.bag) < comp.solo_draw and not end_conditions(st)
    else:
        assert reason in end_conditions(st), f"ended by {reason!r}: {end_conditions(st)} hold"
    assert st.winners() == expected_winners(st), f"winners {st.winners()}"


def expected_winners(st: RunikaState) -> list[int]:
    """Ruling 8: most points; ties: most runes, then most achievements, then shared. Ruling 13:
    a player who gained all three secret runes wins; several: ruling 20, the first in the last
    round's turn order (clockwise from the initiative holder), or with
    ``secret_winner=points`` and in simultaneous play the ruling 8 order among them.
    Solo: a win (the mastery rune) or nobody."""
    if st.rules.solo:
        return [0] if st.ended == "solo_win" else []
    seats = list(range(st.n))
    if st.rules.secret:
        full = [s for s in seats if len(st.secret_got[s]) == 3 and all(st.secret_got[s])]
        points = st.game.options["secret_winner"] == "points" or st.rules.simultaneous
        if full and not points:
            return [min(full, key=lambda s: (s - st.first) % st.n)]
        seats = full or seats
    key = {s: (sum_points(st, s), len(st.owned[s]), len(st.achs[s])) for s in seats}
    best = max(key.values())
    return [s for s in seats if key[s] == best]


# ---------------------------------------------------------------------- one game
@dataclass
class Result:
    spec: Spec
    decisions: int = 0
    steps: int = 0
    ended: str = ""
    digest: str = ""  # crc32 of the game record's JSON: same seed, same record
    failure: str = ""


def play_checked(sp: Spec, sparse: int = 1) -> Result:
    """Play game ``sp`` with every check; an AssertionError names the broken invariant.
    ``sparse`` > 1 spaces the costly checks (views, resample, round trip) that many times
    further apart, for a lean test."""
    game = RunikaGame(sp.players, sp.options)
    st = game.new_state(sp.seed, resolve_chance=False)
    assert isinstance(st, RunikaState)
    rng = random.Random(sp.seed)
    bots = {s: RunikaHeuristicBot(sp.seed * 8 + s) for s in sp.heuristic}
    decisions = 0
    while not st.is_terminal():
        check_legal_and_chance(st)
        check_dice(st)
        if leak_check_due(st, LEAK_EVERY * sparse):
            check_no_leaks(st)
        if st.step % (RESAMPLE_EVERY * sparse) == 0:
            check_resample(st, rng)
        if st.step % (ROUND_TRIP_EVERY * sparse) == 0:
            check_round_trip(st)
        before, round_ = st.scores(), st.round
        if st.is_chance():
            st.apply(st.sample_chance())
        else:
            seat = rng.choice(sorted(st.seats_to_act()))
            if seat in bots:
                action = bots[seat].choose(st.for_seat(seat, rng.getrandbits(32)), seat)
            else:
                action = rng.choice(st.legal_actions(seat))
            st.apply(action, seat)
            decisions += 1
            assert decisions <= game.max_game_length, "more decisions than max_game_length"
        check_points_kept(before, st)
        if st.round > round_ > 0 and not st.is_terminal():
            check_round_start(st)
    check_dice(st)
    check_no_leaks(st)
    check_resample(st, rng)
    check_round_trip(st)
    check_end(st, decisions)
    if len(sp.heuristic) == sp.players:  # random seats may never finish; bots must
        assert st.ended != "limit", "heuristic bots reached the decision limit"
    record = st.record()
    assert record.replay() == st, "the record does not replay to the same state"
    text = json.dumps(record.to_json(), sort_keys=True)
    digest = f"{zlib.crc32(text.encode()):08x}"
    return Result(sp, decisions, st.step, st.ended, digest)


def run(index: int, sparse: int = 1) -> Result:
    """Game ``index`` of the sweep; a failure is returned with its traceback, not raised."""
    sp = spec(index)
    try:
        return play_checked(sp, sparse)
    except Exception:  # any exception is a finding: report it with the game's seed and options
        import traceback

        return Result(sp, failure=traceback.format_exc())
