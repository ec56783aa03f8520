"""Five Seals odds: the chance that a fresh roll breaks each reachable seal equals the count of
every roll of the seat's dice, each applied to the real state and judged by the rules."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import grimoire
from grimoire.bots import make_bot
from grimoire.games.five_seals import reach
from grimoire.games.five_seals.odds import break_chance, seal_odds, sum_distribution
from grimoire.games.five_seals.state import FiveSealsState


def play_state(seed: int, decisions: int) -> FiveSealsState:
    game = grimoire.make("five-seals", players=2)
    state = game.new_state(seed)
    bots = [make_bot("heuristic", game, s) for s in range(2)]
    done = 0
    while done < decisions:
        seat = state.current_player
        assert isinstance(seat, int)
        if len(state.legal_actions(seat)) > 1:
            done += 1
        state.play(bots[seat].choose(state, seat), seat)
    assert isinstance(state, FiveSealsState)
    return state


def enumerate_chance(st: FiveSealsState, seat: int, node: int) -> Fraction:
    dice = [d for d, owner in enumerate(st.die_owner) if owner == seat]
    hits = 0
    for faces in product(range(1, 7), repeat=len(dice)):
        copy = st.clone()
        assert isinstance(copy, FiveSealsState)
        for die, face in zip(dice, faces, strict=True):
            copy.die_val[die] = face
        copy.memo.clear()
        hits += reach.can_pay(copy, seat, node)
    return Fraction(hits, 6 ** len(dice))


def test_sum_distribution_of_two_dice() -> None:
    dist = sum_distribution(2)
    assert dist[7] == Fraction(6, 36) and dist[2] == Fraction(1, 36) and sum(dist) == 1


def test_next_roll_chances_equal_enumeration_and_now_matches_the_rules() -> None:
    checked = 0
    for seed, decisions in product(range(4), (12, 30)):
        st = play_state(seed, decisions)
        for seat in range(2):
            dice = sum(1 for owner in st.die_owner if owner == seat)
            if not 0 < dice <= 5:
                continue
            rows = seal_odds(st, seat)
            for row in rows:
                assert row["breaks_now"] == (row["node"] in reach.breakable(st, seat))
                exact = break_chance(st, seat, row["node"])
                assert exact == enumerate_chance(st, seat, row["node"])
                assert row["next_roll"] == float(exact)
                checked += 0 < exact < 1
    assert checked >= 3  # some chances strictly between 0 and 1 were compared


def test_the_terminal_map_and_the_board_show_each_seal_s_chance_beside_it() -> None:
    """The player reads, next to every seal in reach, the chance a fresh roll of its dice breaks
    it: on the terminal map of its surroundings and on the web board (label and data-odds)."""
    import re

    from rich.console import Console

    from grimoire.core.i18n import percent
    from grimoire.games.five_seals.render_svg import render as render_svg
    from grimoire.games.five_seals.text_map import surroundings

    shown = 0
    for seed in range(4):
        st = play_state(seed, 20)
        seat = st.current_player
        if not isinstance(seat, int) or st.phase != "play":
            continue
        console = Console(width=200, record=True, color_system=None)
        console.print(surroundings(st, seat))
        text = console.export_text()
        svg = render_svg(st, seat)
        for row in seal_odds(st, seat):
            node = st.board.node_id(row["node"])
            mark = "!" if row["breaks_now"] else r"\*"
            chance = percent(float(break_chance(st, seat, row["node"])))
            assert re.search(rf"\b{node}:\S+ {mark} {re.escape(chance)}", text), (node, text)
            odds = re.search(rf'data-node="{node}"[^>]*data-odds="([0-9.]+)"', svg)
            assert odds and abs(float(odds.group(1)) - row["next_roll"]) < 1e-4
            shown += 1
    assert shown >= 4


def test_percentages_never_round_a_possible_event_to_0_or_a_sure_one_to_100() -> None:
    from grimoire.core.i18n import percent

    assert [percent(x) for x in (0, 0.004, 0.5, 0.996, 1)] == ["0%", "<1%", "50%", ">99%", "100%"]
