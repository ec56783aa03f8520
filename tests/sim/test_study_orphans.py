"""A study killed with ``kill -9`` leaves no pool workers behind: they notice their parent is
gone and exit (a real subprocess; Linux, where /proc lists processes)."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

STUDY = """
from grimoire.sim.study import StudySpec, process_backend, run_study

spec = StudySpec("five-seals", [2], games=100_000, lineups=[["random"]], chunk=2)

def progress(done, total):
    if done:
        print("played", done, flush=True)

run_study(spec, process_backend(2), progress=progress)
"""
BOUND = 90.0  # seconds: a bound on waiting, never a measure of speed


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited; only its parent's reaping is left


def test_pool_workers_exit_when_the_study_is_killed() -> None:
    study = subprocess.Popen(
        [sys.executable, "-c", STUDY],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    workers: list[int] = []
    try:
        assert study.stdout is not None
        deadline = time.monotonic() + BOUND
        line = ""
        while "played" not in line and time.monotonic() < deadline:
            ready, _, _ = select.select([study.stdout], [], [], 1.0)
            if ready:
                line = study.stdout.readline()
                if not line:
                    break  # the study ended: it should not have
        assert "played" in line, "the study played no chunk"
        workers = children(study.pid)
        assert len(workers) >= 2  # two workers (and the resource tracker)
        study.send_signal(signal.SIGKILL)
        study.wait()
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [pid for pid in workers if running(pid)], "workers outlived the study"
    finally:
        study.kill()
        for pid in workers:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
