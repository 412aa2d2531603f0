"""Seven-card evaluation throughput: this engine against treys and pokerkit, same hands, same run.

    .venv/bin/python benchmarks/seven_card_eval.py [--hands N] [--repeat R] [--seed S]

Each evaluator gets the same random seven-card hands, already converted to its own card
type (conversion is not timed), and is timed hand by hand, one call per hand, best of R
rounds (each round times every evaluator in turn).  The results are checked to order the
hands the same way before any figure is printed.
Recorded figures are in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pokerkit import Card as KitCard  # noqa: E402
from pokerkit import StandardHighHand  # noqa: E402
from treys import Card as TreysCard  # noqa: E402
from treys import Evaluator  # noqa: E402

from games.engine.cards import FULL_DECK  # noqa: E402
from games.engine.hands.high import hand_value, high_hand, rank_value  # noqa: E402

BY_INDEX = sorted(FULL_DECK, key=lambda card: card.index)


def best_times(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Best time of each run over ``repeat`` rounds; every round runs each evaluator once, in turn,
    so that a burst of load on the machine hits all of them alike."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [rng.sample(range(52), 7) for _ in range(args.hands)]
    cards = [[BY_INDEX[index] for index in seven] for seven in hands]
    treys_hands = [[TreysCard.new(card.code) for card in seven] for seven in cards]
    kit_hands = [tuple(KitCard.parse("".join(card.code for card in seven))) for seven in cards]
    evaluator = Evaluator()

    # Hole cards first, then the board, as each library's own API takes them.
    runs = {
        "engine rank_value (card indices)": lambda: [rank_value(seven) for seven in hands],
        "engine hand_value (Card objects, checked)": lambda: [hand_value(seven) for seven in cards],
        "engine high_hand (Card objects, checked, with name and five cards)": lambda: [
            high_hand(seven) for seven in cards
        ],
        "treys Evaluator.evaluate": lambda: [evaluator.evaluate(seven[:2], seven[2:]) for seven in treys_hands],
        "pokerkit StandardHighHand.from_game": lambda: [
            StandardHighHand.from_game(seven[:2], seven[2:]) for seven in kit_hands
        ],
    }

    ours = runs["engine rank_value (card indices)"]()
    theirs = runs["treys Evaluator.evaluate"]()
    kit = runs["pokerkit StandardHighHand.from_game"]()
    pairs = list(pairwise(range(len(hands))))
    assert all((ours[i] > ours[j]) == (theirs[i] < theirs[j]) for i, j in pairs), "engine and treys disagree"
    assert all((ours[i] > ours[j]) == (kit[i] > kit[j]) for i, j in pairs), "engine and pokerkit disagree"

    timings = best_times(runs, args.repeat)
    treys_time = timings["treys Evaluator.evaluate"]
    print(f"{args.hands:,} random seven-card hands (seed {args.seed}), best of {args.repeat} rounds")
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'unknown cpu'}")
    print()
    print("| evaluator | µs per hand | hands per second | speed vs treys |")
    print("|---|---:|---:|---:|")
    for name, seconds in timings.items():
        print(
            f"| {name} | {seconds / args.hands * 1e6:.2f} | {args.hands / seconds:,.0f} | {treys_time / seconds:.2f}x |"
        )


if __name__ == "__main__":
    main()
