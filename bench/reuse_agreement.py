"""Does keeping the subtree between a seat's decisions (``reuse``) help at equal iterations?

At positions where a seat decides and then decides again right after (its own action, no
chance between: a Ciúb adjust's ``use`` then ``target``), a search of ``B`` iterations
chooses at the first decision, and at the second one it searches ``B`` more iterations either
from the kept subtree (``reuse=1``) or from a new tree (``reuse=0``). Both second choices are
compared with a fresh search of 10 x ``B`` iterations there; the share of agreements is the
measure (more is better). Positions come from seeded heuristic games.

    .venv/bin/python bench/reuse_agreement.py [--game ciub] [--players 2] [--budget 200]
        [--positions 40]
"""

from __future__ import annotations

import argparse
import time

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.search import SearchBot
from grimoire.core.state import State


def pairs(name: str, players: int, count: int) -> list[tuple[State, int]]:
    """First decisions that a second decision of the same seat follows at the next step."""
    game = grimoire.make(name, players=players)
    found: list[tuple[State, int]] = []
    seed = 500
    while len(found) < count:
        state = game.new_state(seed)
        bots = [make_bot("heuristic", game, s) for s in range(players)]
        real = 0
        while len(found) < count:
            state.resolve_chance()
            if state.is_terminal():
                break
            seat = min(state.seats_to_act())
            if len(state.progress_actions(seat)) > 2:
                real += 1
                if real % 5 == 0:
                    found.append((state.clone(), seat))
            state.apply(bots[seat].choose(state.for_seat(seat, seed), seat), seat)
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ciub")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--budget", type=int, default=200)
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()
    budget = args.budget
    agree = {"reuse": 0, "fresh": 0}
    used = 0
    started = time.process_time()
    for index, (state, seat) in enumerate(pairs(args.game, args.players, 4 * args.positions)):
        if used >= args.positions:
            break
        kept = make_bot(f"search:{budget}", state.game, index)
        fresh = make_bot(f"search:{budget}:reuse=0", state.game, index)
        assert isinstance(kept, SearchBot) and isinstance(fresh, SearchBot)
        first = kept.choose(state.for_seat(seat, index), seat)
        assert fresh.choose(state.for_seat(seat, index), seat) == first  # the same first search
        after = state.clone()
        after.apply(first, seat)
        if after.current_player != seat or len(after.progress_actions(seat)) < 3:
            continue  # chance, another seat, or no real second decision
        view = after.for_seat(seat, index + 1)
        long = make_bot(f"search:{10 * budget}:reuse=0", state.game, 10_000 + index)
        truth = long.choose(view, seat)
        picks = {"reuse": kept.choose(view, seat), "fresh": fresh.choose(view, seat)}
        for name, pick in picks.items():
            agree[name] += pick == truth
        used += 1
        print(f"{used:3} reuse {agree['reuse']:3} fresh {agree['fresh']:3}", flush=True)
    cpu = time.process_time() - started
    print(
        f"{args.game}/{args.players}, {budget} iterations: agreement with {10 * budget} at the "
        f"second decision: reuse {agree['reuse']}/{used}, fresh {agree['fresh']}/{used} "
        f"({cpu:.0f} CPU s)"
    )


if __name__ == "__main__":
    main()
