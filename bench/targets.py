"""Every speed target of issue 23, measured in one process against anchors run beside it.

    .venv/bin/python bench/targets.py [--seconds S] [--quick] [--json OUT]
    GRIMOIRE_PURE=1 .venv/bin/python bench/targets.py      # the same on pure Python

All figures are CPU time (``time.process_time``; children's CPU time for the start-up
figures), so other work on a loaded machine costs little; the anchors are OpenSpiel's C++
backgammon (random play, clone, serialize + deserialize) and ``import pyspiel``, measured in the
same run. The build that runs (compiled or pure) heads the table. Targets:

* random decisions/s >= 2x backgammon, every game and player count;
* heuristic games per CPU s >= 100 compiled (30 pure), 2 players (F.A.T.A.L. 3), and the
  1,000,000-game study that rate projects on 16 cores: <= 15 minutes;
* clone <= backgammon's clone; round trip with a mid-game history (a document as a dict)
  <= 10x backgammon's serialize + deserialize checked, <= 3x trusted; and the engine's own
  document as a file (JSON text signed with the installation's key, read back trusted) <= 10x;
* ``import grimoire`` <= ``import pyspiel``; ``grimoire --help`` <= 2x that;
* a learner's PettingZoo loop (``last()`` + ``step()``) <= 2x the engine step;
* a study's games per CPU s (random bots) >= 0.9 of the same games played by ``play_game``;
* search iterations per CPU s (reported; the target is 5x the figures of docs/speed.md).

Never asserted in tests. Results: bench/results/targets-<build>.json with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from compare import grimoire_workload, measure, openspiel_workload

import grimoire
from grimoire.bots import make_bot
from grimoire.core.state import State
from grimoire.sim import play_game

CLOCK = time.process_time
# the saves the bench signs use a key of their own, not the installation's
os.environ.setdefault("GRIMOIRE_KEY_FILE", os.path.join(tempfile.mkdtemp(), "signing.key"))
HEURISTIC_AT = {"ciub": 2, "five-seals": 2, "fatal": 3, "runika": 2}
MILLION, CORES = 1_000_000, 16


def per_call(action: Callable[[], object], seconds: float) -> float:
    """CPU µs per call of ``action``, repeated for about ``seconds``."""
    calls = 0
    start = CLOCK()
    while (spent := CLOCK() - start) < seconds or calls == 0:
        action()
        calls += 1
    return spent / calls * 1e6


def mid_game(name: str, players: int, seed: int = 3) -> State:
    """A position half-way through a seeded random game (a history of real length)."""
    game = grimoire.make(name, players)
    result = play_game(game, [make_bot("random", game, seed + s) for s in range(players)], seed)
    assert result.record is not None
    actions = result.record.actions
    state = game.new_state(seed, resolve_chance=False)
    for actor, action in actions[: len(actions) // 2]:
        while state.is_chance() and actor >= 0:  # chance left out of the record: re-drawn
            state.apply(state.sample_chance())
        state.apply(action, actor)
    return state


def backgammon_costs(seconds: float) -> dict[str, float]:
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(1)
    state = game.new_initial_state()
    for _ in range(60):  # a mid-game backgammon position
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    return {
        "clone_us": per_call(state.clone, seconds),
        "round_trip_us": per_call(
            lambda: pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(game, state)
            ),
            seconds,
        )
        if text
        else 0.0,
    }


def child_cpu(command: list[str], runs: int) -> float:
    """Median CPU seconds (user + system) of ``command`` in a child process."""
    spent = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(spent)


def signed_file_trip(state: State) -> None:
    """A save's way: the position as signed JSON text, read back (trusted: the signature is
    this installation's, core/documents.py)."""
    from grimoire.core.documents import is_signed, signed_json

    text = signed_json(state.to_json(), grimoire.__version__).encode()
    trusted = is_signed(text, grimoire.__version__)
    assert trusted
    state.game.state_from_json(json.loads(text), trusted=trusted)


def heuristic_rate(name: str, players: int, seconds: float) -> float:
    game = grimoire.make(name, players)
    games = 0
    start = CLOCK()
    while (spent := CLOCK() - start) < seconds or games == 0:
        bots = [make_bot("heuristic", game, games * 10 + s) for s in range(players)]
        play_game(game, bots, 1000 + games)
        games += 1
    return games / spent


def search_rate(name: str, players: int, seconds: float) -> float:
    """Iterations per CPU s of the game's ``hard`` bot's search, on a mid-game position."""
    from grimoire.bots.budget import Budget
    from grimoire.bots.search import TreeSearch

    state = mid_game(name, players, seed=5)
    while state.is_chance():
        state.apply(state.sample_chance())
    seat = min(state.seats_to_act())
    view = state.for_seat(seat, 1)
    done = 0
    start = CLOCK()
    while (spent := CLOCK() - start) < seconds or done == 0:
        tree = TreeSearch(
            view, seat, random.Random(done), determinize_each=True, observe_others=True
        )
        tree.run(Budget(iterations=50), early_stop=False)
        done += tree.iterations
    return done / spent


def study_ratio(name: str, players: int, games: int, seed: int = 7) -> float:
    """``run_study`` ÷ ``play_game``: games per CPU s of a study of random bots (one process)
    against the same games played by ``play_game`` alone (the same seeds and bots, no record,
    no observer): the study driver's own cost (issue 34's target: >= 0.9)."""
    from grimoire.sim.study import StudySpec, local_backend, run_study
    from grimoire.sim.study import study_games as planned

    spec = StudySpec(name, [players], games=games, seed=seed, lineups=[["random"]], chunk=games)
    game = grimoire.make(name, players)
    plays = planned(spec)
    start = CLOCK()
    for seed, kinds, bot_seeds in plays:
        pairs = zip(kinds, bot_seeds, strict=True)
        bots = [make_bot(kind, game, bot_seed) for kind, bot_seed in pairs]
        play_game(game, bots, seed, keep_record=False)
    plain = CLOCK() - start
    start = CLOCK()
    run_study(spec, local_backend)
    return plain / (CLOCK() - start)


def pettingzoo_ratio(name: str, players: int) -> float | None:
    try:
        from bench_envs import engine, pettingzoo_loop

        from grimoire.envs import pettingzoo as gz
    except ImportError:
        return None
    seeds = [1, 2, 3]
    step_us, _ = engine(grimoire.make(name, players), seeds)
    loop_us = pettingzoo_loop(gz.env(name, players), seeds)[0]
    return loop_us / step_us


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--quick", action="store_true", help="0.5 s per figure, fewer runs")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    seconds = 0.5 if args.quick else args.seconds
    build = grimoire.BUILD
    compiled = build.kind == "compiled"
    rows: list[dict[str, Any]] = []

    def row(what: str, figure: float, unit: str, target: str, met: bool | None) -> None:
        rows.append(
            {"what": what, "figure": round(figure, 3), "unit": unit, "target": target, "met": met}
        )
        mark = {True: "yes", False: "NO", None: "-"}[met]
        print(f"{what:48} {figure:12,.2f} {unit:14} {target:22} {mark}", flush=True)

    print(f"grimoire {grimoire.__version__}: {build.describe()}; Python {sys.version.split()[0]}")
    backgammon_run = openspiel_workload("backgammon")
    anchors = backgammon_costs(seconds) if backgammon_run is not None else {}
    bg = measure(backgammon_run, seconds) if backgammon_run is not None else 0.0
    if bg:
        print(
            f"anchor: OpenSpiel backgammon {bg:,.0f} random decisions/CPU s, clone "
            f"{anchors['clone_us']:.2f} µs, serialize+deserialize "
            f"{anchors['round_trip_us']:.2f} µs"
        )
    for name in grimoire.game_names():
        cls = grimoire.game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            rate = measure(grimoire_workload(name, players), seconds)
            ratio = rate / bg if bg else 0.0
            row(
                f"random decisions/s {name} {players}p",
                ratio,
                "x backgammon",
                ">= 2x",
                ratio >= 2 if bg else None,
            )
    floor = 100 if compiled else 30
    for name, players in HEURISTIC_AT.items():
        rate = heuristic_rate(name, players, seconds * 2)
        row(
            f"heuristic games/CPU s {name} {players}p",
            rate,
            "games/CPU s",
            f">= {floor}",
            rate >= floor,
        )
        minutes = MILLION / (rate * CORES) / 60
        row(f"  1M-game study on {CORES} cores", minutes, "minutes", "<= 15", minutes <= 15)
    for name, players in HEURISTIC_AT.items():
        state = mid_game(name, players)
        game = state.game
        clone_us = per_call(state.clone, seconds)
        trip_us = per_call(lambda: game.state_from_json(state.to_json()), seconds)  # noqa: B023
        trusted_us = per_call(
            lambda: game.state_from_json(state.to_json(), trusted=True),  # noqa: B023
            seconds,
        )
        signed_us = per_call(lambda: signed_file_trip(state), seconds)  # noqa: B023
        if anchors:
            row(
                f"clone {name} {players}p",
                clone_us / anchors["clone_us"],
                "x backgammon",
                "<= 1x",
                clone_us <= anchors["clone_us"],
            )
            row(
                f"round trip (history, checked) {name} {players}p",
                trip_us / anchors["round_trip_us"],
                "x backgammon",
                "<= 10x",
                trip_us <= 10 * anchors["round_trip_us"],
            )
            row(
                f"round trip (history, trusted) {name} {players}p",
                trusted_us / anchors["round_trip_us"],
                "x backgammon",
                "<= 3x",
                trusted_us <= 3 * anchors["round_trip_us"],
            )
            row(
                f"round trip (history, signed file) {name} {players}p",
                signed_us / anchors["round_trip_us"],
                "x backgammon",
                "<= 10x",
                signed_us <= 10 * anchors["round_trip_us"],
            )
    runs = 3 if args.quick else 7
    python = sys.executable
    spiel = child_cpu([python, "-c", "import pyspiel"], runs) if bg else 0.0
    mine = child_cpu([python, "-c", "import grimoire"], runs)
    helps = child_cpu([str(Path(python).with_name("grimoire")), "--help"], runs)
    if spiel:
        row("import grimoire", mine / spiel, "x import pyspiel", "<= 1x", mine <= spiel)
        row("grimoire --help", helps / spiel, "x import pyspiel", "<= 2x", helps <= 2 * spiel)
    else:
        row("import grimoire", mine * 1000, "CPU ms", "(no pyspiel)", None)
    for name, players in HEURISTIC_AT.items():
        ratio = study_ratio(name, players, 10 if args.quick else 40)
        row(f"run_study ÷ play_game {name} {players}p", ratio, "x", ">= 0.9", ratio >= 0.9)
    for name, players in HEURISTIC_AT.items():
        pz_ratio = pettingzoo_ratio(name, players)
        if pz_ratio is not None:
            row(
                f"PettingZoo last()+step() {name} {players}p",
                pz_ratio,
                "x engine step",
                "<= 2x",
                pz_ratio <= 2,
            )
    for name, players in HEURISTIC_AT.items():
        rate = search_rate(name, players, seconds * 2)
        row(f"search iterations/CPU s {name} {players}p", rate, "iterations/CPU s", "report", None)
    if args.json is not None:
        args.json.write_text(json.dumps({"build": build.describe(), "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
