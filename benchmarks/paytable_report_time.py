"""Wall time of the whole exact paytable report, cold, in fresh processes.

    .venv/bin/python benchmarks/paytable_report_time.py [--repeat R]

Times (a) the pure function ``games.engine.returns.report()`` with its formatting, imports and
table building included, and (b) ``python manage.py paytable_report`` and its ``--json``
form end to end.  Each run is a new process, so nothing is cached.  Recorded figures are in
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = (
    "from games.engine.returns import format_report, report\n"
    "entries = report()\n"
    "text = format_report(entries)\n"
    "print(len(entries), 'entries,', sum(e.expected is not None for e in entries), 'with a number')\n"
)
RUNS = {
    "report() + format_report(), pure engine": [sys.executable, "-c", PURE],
    "manage.py paytable_report": [sys.executable, "manage.py", "paytable_report"],
    "manage.py paytable_report --json": [sys.executable, "manage.py", "paytable_report", "--json"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    print(f"cores: {os.cpu_count()}, Python {sys.version.split()[0]}, best of {args.repeat} cold runs")
    print()
    print("| run | wall time (s) |")
    print("|---|---:|")
    for name, command in RUNS.items():
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
            times.append(time.perf_counter() - start)
        if name.startswith("report()"):
            summary = done.stdout.strip()
        print(f"| {name} | {min(times):.2f} |")
    print()
    print(summary)


if __name__ == "__main__":
    main()
