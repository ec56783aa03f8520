#!/usr/bin/env bash
# Run (or resume) one ladder study of bench/results/ladder/ and log its CPU time.
#   bench/ladder.sh NAME GAMES [WORKERS]
# NAME is a study file's stem (runika-2-hard-heuristic). Finished chunks are kept in
# bench/results/ladder/runs/NAME/ (a rerun resumes there), the summary goes to
# bench/results/ladder/NAME.summary.json and one "NAME games=N user=U sys=S wall=W" line to
# bench/results/ladder/cpu.log, which bench/ladder_report.py --cpu reads.
# To stop a run early and keep its CPU line, send TERM to the `grimoire study` process only
# (not to its process group, which takes /usr/bin/time down before it writes). The finished
# chunks stay. The line names the games asked for: change its count to the games finished
# (ladder_report.py counts a run's games from it), and write their summary with the study
# command itself (`grimoire study STUDY --games FINISHED --out RUNS --json SUMMARY`).
set -euo pipefail
cd "$(dirname "$0")/.."
name=$1 games=$2 workers=${3:-1}
here=bench/results/ladder
/usr/bin/time -a -o "$here/cpu.log" -f "$name games=$games user=%U sys=%S wall=%e" \
    nice -n 19 .venv/bin/grimoire study "$here/$name.toml" --games "$games" --workers "$workers" \
    --out "$here/runs/$name" --json "$here/$name.summary.json"
