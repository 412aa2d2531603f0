"""The reliability harness: ``scripts/reliability`` (``python -m tests.reliability``).

It starts its own PostgreSQL cluster, redis-server and server (uvicorn) on free loopback ports,
plays rounds through HTTP and websockets while it breaks them (kill -9 of the server between taps
and during bursts, Redis stopped and restarted, PostgreSQL stopped immediately and restarted, 20
clients racing one tap, a rolling restart of two processes behind the proxy), sends every
category of bad input (the progressives page's forms among them), reads
every CSV export for cells a spreadsheet would run as formulas, tries every role against every
endpoint and message type (an administrator's table socket among them) and against sockets whose
user lost their rights (a role's group renamed, a membership deleted directly), runs
``check --deploy`` with the production settings, runs the restore drill (scripts/restore-drill) on the
database the faults were played on, and writes the figures to docs/reliability.md.
It stops every process and removes its temporary directory however it ends, gives up after
``--limit`` seconds, and exits 1 when a target is missed (2 when the run itself failed).

    scripts/reliability [--limit SECONDS] [--report PATH]
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
import traceback
from pathlib import Path

from tests.reliability import world
from tests.reliability.access import Access
from tests.reliability.exports import Exports
from tests.reliability.faults import Faults, verify
from tests.reliability.inputs import BadInputs
from tests.reliability.report import deploy_warnings, figures, write
from tests.reliability.rolling import RollingRestart
from tests.reliability.stack import BASE_DIR, Stack


class OutOfTime(Exception):
    pass


def on_alarm(signum, frame):
    raise OutOfTime


def on_terminate(signum, frame):
    raise KeyboardInterrupt


STARTED = time.monotonic()


def say(text: str) -> None:
    print(f"reliability: [{time.monotonic() - STARTED:5.1f} s] {text}", file=sys.stderr, flush=True)


def say_log_end(log: str) -> None:
    if log:
        say("the end of the server's log:\n" + log[-6000:])


def run(stack: Stack, started: float) -> dict:
    say(f"starting PostgreSQL, Redis and the server under {stack.root}")
    stack.start()
    world.setup_django(stack.env())
    data = world.create_world()

    say("faults: kill -9 between taps")
    faults = Faults(stack, data)
    faults.kill_between_taps()
    say("faults: kill -9 during bursts")
    faults.kill_during_burst(["RL-1", "RL-2"], "RL-3", delay=0.4)
    faults.kill_during_burst(["RL-2", "RL-4"], "RL-1", delay=0.8)
    say("faults: Redis stopped and restarted mid-round")
    faults.redis_outage()
    say("faults: PostgreSQL stopped (immediate) and restarted mid-round")
    faults.postgres_outage()
    say("20 clients racing one tap, over HTTP and over sockets")
    faults.race()
    say("a rolling restart of two server processes behind the proxy, rounds in play")
    rolling = RollingRestart(stack, faults.ledger, data).run()
    integrity = verify(faults.ledger)

    say("bad inputs")
    inputs = BadInputs(stack.base_url, data).run()
    say("CSV exports: formula cells")
    exports = Exports(stack.base_url, data).run()
    say("every role against every endpoint and message type; stale sockets")
    access = Access(stack.base_url, data).run()
    say("check --deploy with the production settings")
    deploy = deploy_warnings()
    say("restore drill: the database dumped, restored into a throwaway cluster, its records checked")
    drill = stack.restore_drill()
    server_log = stack.web_log_text()
    result = figures(faults.results, integrity, faults.ledger, inputs, access, exports, rolling, deploy, drill,
                     server_log.count("Traceback (most recent call last)"), time.monotonic() - started)
    result["server_log"] = server_log  # read before the stack's directory goes
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=480, help="give up after this many seconds (default 480)")
    parser.add_argument("--report", type=Path, default=BASE_DIR / "docs" / "reliability.md")
    args = parser.parse_args()
    started = time.monotonic()
    stack = Stack()
    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGTERM, on_terminate)
    signal.alarm(args.limit)
    try:
        result = run(stack, started)
    except OutOfTime:
        say(f"gave up after {args.limit} s")
        return 2
    except Exception:
        traceback.print_exc()
        say_log_end(stack.web_log_text())
        return 2
    finally:
        signal.alarm(0)
        say("stopping every process and removing the temporary directory")
        stack.close()
    write(result, args.report)
    missed = [target for target in result["targets"] if not target["met"]]
    for target in result["targets"]:
        say(f"{'ok    ' if target['met'] else 'MISSED'} {target['name']}: {target['value']} (target {target['goal']})")
    say(f"wrote {args.report} in {result['seconds']:.0f} s")
    if missed:
        # What missed, on the console too: CI keeps neither the report nor the server's log.
        rows = [line for line in args.report.read_text().splitlines() if "(target missed)" in line]
        say("the attempts that missed:\n" + "\n".join(rows or ["(none listed one by one)"]))
        say_log_end(result["server_log"])
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
