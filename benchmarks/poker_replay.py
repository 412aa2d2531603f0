"""How long a Poker hand takes to rebuild from its log, and one tap to check on a copy.

    .venv/bin/python benchmarks/poker_replay.py [--repeat R]

The hand is a no-limit Hold'em hand of four players with two all-ins, a side pot and a showdown
(the conformance suite's example: 28 actions).  Replaying it is what a server does on a cache miss;
``apply`` (a deep copy of the round and its pokerkit state, then the action) is what every tap
costs.  Best of R rounds.  Recorded figures are in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))

from poker_play import HOLDEM_ALL_INS, actions  # noqa: E402

from games.engine.poker.game import GAME  # noqa: E402


def best(run, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    options = parser.parse_args()
    log = actions(HOLDEM_ALL_INS + "close")
    replay = best(lambda: GAME.replay({}, log), options.repeat)
    rounds = [GAME.new_round({})]
    for action in log[:-1]:
        rounds.append(rounds[-1].apply(action))
    taps = best(lambda: [rnd.apply(action, logged=True) for rnd, action in zip(rounds, log, strict=True)],
                options.repeat)
    print(f"Python {platform.python_version()}, {len(log)} actions, best of {options.repeat}")
    print(f"replay of the whole hand: {replay * 1000:.2f} ms ({replay / len(log) * 1e6:.0f} µs an action)")
    print(f"apply on a copy, one tap: {taps / len(log) * 1000:.2f} ms on average")


if __name__ == "__main__":
    main()
