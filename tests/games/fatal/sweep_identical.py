"""Digests of many seeded F.A.T.A.L. games, to compare two trees (not collected by pytest):

    PYTHONPATH=<tree>/src python tests/games/fatal/sweep_identical.py OUT [RANDOM] [HEURISTIC]

plays, at 3, 4 and 5 players, RANDOM seeded random games (default 200) and HEURISTIC seeded
heuristic games (default 100), and writes one line per game to OUT: its digest (sha256 of the
action list and the final position). Every 7th random game is also *probed* at every step: the
legal actions of the seats to act, every seat's view, the position, and every seat's even and
informed resample (``resample(seat, Random(step))``, positions with their seeds) go into its
digest, so a change in any of them shows. Run it on the tree before a change and after (pure
and compiled), then ``diff`` the two files: the games are identical when the files are.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import grimoire
from grimoire.bots import RandomBot
from grimoire.core.bot import Bot
from grimoire.core.state import State
from grimoire.sim import play_game


def probe(state: State, out: list[object]) -> None:
    """Everything observable of one position (see the module's docstring)."""
    for seat in sorted(state.seats_to_act()):
        out.append(state.legal_actions(seat))
    if state.is_chance():
        out.append(state.chance_weights())
    players = state.game.players
    out.append([state.view(seat) for seat in [*range(players), None]])
    out.append(state.to_json())
    for seat in range(players):
        for informed in (False, True):
            copy = state.resample(seat, random.Random(state.step * 7 + seat), informed=informed)
            out.append(copy.to_json())
            out.append(copy.legal_actions(seat) if seat in copy.seats_to_act() else None)


def probed_game(players: int, seed: int) -> list[object]:
    game = grimoire.make("fatal", players)
    rng = random.Random(seed)
    state = game.new_state(seed)
    out: list[object] = []
    while not state.is_terminal():
        probe(state, out)
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = min(state.seats_to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    probe(state, out)
    return out


def played_game(players: int, seed: int, heuristic: bool) -> object:
    game = grimoire.make("fatal", players)
    bots: list[Bot] = []
    for seat in range(players):
        bot = game.heuristic_bot(seed * 10 + seat) if heuristic else None
        bots.append(bot if bot is not None else RandomBot(seed * 10 + seat))
    result = play_game(game, bots, seed)
    assert result.record is not None
    final = result.record.replay()
    return {"actions": [list(a) for a in result.record.actions], "position": final.to_json()}


def main() -> int:
    out = Path(sys.argv[1])
    randoms = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    heuristics = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    lines = []
    for players in (3, 4, 5):
        for k in range(randoms):
            seed = 7000 + 100 * k + players
            doc = probed_game(players, seed) if k % 7 == 0 else played_game(players, seed, False)
            text = json.dumps(doc, sort_keys=True, default=str)
            lines.append(f"random {players} {seed} {hashlib.sha256(text.encode()).hexdigest()}")
        for k in range(heuristics):
            seed = 9000 + 100 * k + players
            text = json.dumps(played_game(players, seed, True), sort_keys=True)
            lines.append(f"heuristic {players} {seed} {hashlib.sha256(text.encode()).hexdigest()}")
        print(players, "players done", flush=True)
    out.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
