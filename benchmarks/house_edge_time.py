"""Wall time of the whole house edge report computed from a cold start, and of a decision's value.

    nice -n 19 .venv/bin/python benchmarks/house_edge_time.py [--repeat R]

(a) ``python manage.py house_edge_report --recompute`` in a new process: every analysis computed,
no kept figure used; (b) the same without ``--recompute`` (the kept figures); (c) each analysis
alone in a new process; (d) each game's decision at the table over random decision points, timed
in this process once the tables it reads are built (``report.PREPARE``).  Recorded figures are in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

EACH = ("import sys; from games.engine.strategy.report import ANALYSES; "
        "[a.compute() for a in ANALYSES if (a.game, a.paytable) == (sys.argv[1], sys.argv[2])]")
RUNS = {
    "manage.py house_edge_report --recompute (every analysis, cold)": ["house_edge_report", "--recompute"],
    "manage.py house_edge_report (kept figures)": ["house_edge_report"],
}


def decision_points(count: int):
    """Random decision points of each game: (game, the decision's arguments)."""
    from games.engine.cards import FULL_DECK

    rng = random.Random(639)
    for _ in range(count):
        cards = rng.sample(FULL_DECK, 6)
        yield "caribbean-stud", (cards[:5], cards[5])
        yield "crazy-4-poker", (cards[:5],)
        yield "let-it-ride", (cards[:rng.choice((3, 4))],)
        seen = rng.choice((2, 3, 4))
        yield "mississippi-stud", (cards[:seen], seen - 1)


def time_decisions(count: int) -> dict[str, list[float]]:
    from games.engine.strategy.report import DECISIONS, PREPARE

    times: dict[str, list[float]] = {game: [] for game in DECISIONS}
    for game, prepare in PREPARE.items():
        start = time.perf_counter()
        prepare()
        print(f"{game}: the tables its decisions read, built once per process: {time.perf_counter() - start:.1f} s")
    print()
    for game, arguments in decision_points(count):
        start = time.perf_counter()
        DECISIONS[game](*arguments)
        times[game].append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=200)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    print(f"cores: {os.cpu_count()}, Python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.2f}, "
          f"best of {args.repeat} cold runs")
    print()
    print("| run | wall time (s) | CPU time (s) |")
    print("|---|---:|---:|")
    for name, command in RUNS.items():
        walls, cpus = [], []
        for _ in range(args.repeat):
            before = os.times()
            start = time.perf_counter()
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, capture_output=True,
                           check=True)
            walls.append(time.perf_counter() - start)
            after = os.times()
            cpus.append(after.children_user + after.children_system - before.children_user - before.children_system)
        print(f"| {name} | {min(walls):.1f} | {min(cpus):.1f} |")
    print()
    from games.engine.strategy.report import ANALYSES

    print("| analysis, alone in a new process | wall time (s) | CPU time (s) |")
    print("|---|---:|---:|")
    for analysis in ANALYSES:
        before = os.times()
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", EACH, analysis.game, analysis.paytable], cwd=ROOT, env=env,
                       check=True)
        wall = time.perf_counter() - start
        after = os.times()
        cpu = after.children_user + after.children_system - before.children_user - before.children_system
        print(f"| {analysis.game} {analysis.paytable} | {wall:.1f} | {cpu:.1f} |".replace("  |", " |"))
    print()
    timed = time_decisions(args.decisions)
    print("| decision at the table | points | p50 (ms) | p95 (ms) | max (ms) |")
    print("|---|---:|---:|---:|---:|")
    for game, times in timed.items():
        ms = sorted(t * 1000 for t in times)
        p95 = ms[int(len(ms) * 0.95) - 1]
        print(f"| {game} | {len(ms)} | {statistics.median(ms):.1f} | {p95:.1f} | {ms[-1]:.1f} |")


if __name__ == "__main__":
    main()
