"""The figures of a run, their targets, and docs/reliability.md."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path

from tests.reliability.access import AccessResults
from tests.reliability.exports import ExportResults
from tests.reliability.faults import FaultResults
from tests.reliability.inputs import InputResults
from tests.reliability.rolling import RollingResults
from tests.reliability.tablets import Ledger

COMMAND = "scripts/reliability"


def deploy_warnings() -> list[str]:
    """``check --deploy`` with docker-compose.yml's production settings: the issues it reports."""
    from tests.test_deploy_check import run_deploy_check

    result = run_deploy_check()
    return sorted(set(re.findall(r"\(([\w.]+\.[WE]\d+)\)", result.stdout + result.stderr)))


def _target(name: str, value, goal, met: bool) -> dict:
    return {"name": name, "value": value, "goal": goal, "met": met}


def figures(
    faults: FaultResults,
    integrity: dict,
    ledger: Ledger,
    inputs: InputResults,
    access: AccessResults,
    exports: ExportResults,
    rolling: RollingResults,
    deploy: list[str],
    drill: dict,
    server_errors: int,
    seconds: float,
) -> dict:
    tried = inputs.tried
    errors = [t for t in tried if t.outcome.kind == "error"]
    accepted = [t for t in tried if t.outcome.kind == "accepted"]
    changed = [t for t in tried if t.changed]
    echoed = [t for t in tried if t.outcome.echoed]
    forbidden = access.forbidden
    broke_in = [a for a in forbidden if a.succeeded]
    races_off = [race for race in faults.races if race[2] != 1]
    not_resumed = faults.resumed_at_same_prompt.count(False)
    unclosed = [what for what, closed, must in access.stale_sockets_closed if must and not closed]
    targets = [
        _target("rounds lost", integrity["rounds_lost"], 0, integrity["rounds_lost"] == 0),
        _target("acknowledged actions lost", integrity["lost"], 0, integrity["lost"] == 0),
        _target("actions applied twice", integrity["duplicates"], 0, integrity["duplicates"] == 0),
        _target("racing trials where other than exactly one client was applied", len(races_off), 0, not races_off),
        _target("rounds not resumed at the same prompt after kill -9", not_resumed, 0, not_resumed == 0),
        _target(
            "taps answered with a server error while Redis was down",
            faults.redis_outage_5xx,
            0,
            faults.redis_outage_5xx == 0,
        ),
        _target("bad inputs answered with a server error or a dropped socket", len(errors), 0, not errors),
        _target("bad inputs not refused", len(accepted), 0, not accepted),
        _target("bad inputs that changed the state", len(changed), 0, not changed),
        _target("raw script payloads sent back unescaped", len(echoed), 0, not echoed),
        _target("forbidden attempts that succeeded", len(broke_in), 0, not broke_in),
        _target("sockets left open after their user lost the rights to hold them", len(unclosed), 0, not unclosed),
        _target("CSV cells a spreadsheet would run as a formula", exports.formula_cells, 0, exports.formula_cells == 0),
        _target("CSV exports not answered", sum(e.status != 200 for e in exports.exports), 0,
                all(e.status == 200 for e in exports.exports)),
        _target("check --deploy warnings (production settings)", len(deploy), 0, not deploy),
        _target("restore drills whose restored copy did not check out", int(drill["status"] != 0), 0,
                drill["status"] == 0),
        *_rolling_targets(rolling),
    ]
    allowed = [a for a in access.attempts if a.allowed]
    return {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "seconds": seconds,
        "targets": targets,
        "faults": faults,
        "rolling": rolling,
        "integrity": integrity,
        "unanswered": ledger.unanswered,
        "inputs": inputs,
        "access": access,
        "exports": exports,
        "allowed": (len(allowed), sum(a.succeeded for a in allowed)),
        "deploy": deploy,
        "drill": drill,
        "server_errors": server_errors,
        "failures": {
            "errors": errors,
            "accepted": accepted,
            "changed": changed,
            "echoed": echoed,
            "broke_in": broke_in,
            "races": races_off,
            "unclosed": unclosed,
        },
    }


def _rolling_targets(rolling: RollingResults) -> list[dict]:
    if rolling.why_not:
        return [_target("a rolling restart of two server processes behind the proxy", f"not run: {rolling.why_not}",
                        "run", False)]
    offline = rolling.longest_offline
    return [
        _target("taps answered with an error or not at all over HTTP during a rolling restart",
                len(rolling.http_unanswered), 0, not rolling.http_unanswered),
        _target("longest a tablet's socket stayed closed during a rolling restart", f"{offline:.1f} s", "5 s",
                offline <= 5),
    ]


def _rolling_lines(rolling: RollingResults) -> list[str]:
    if rolling.why_not:
        return ["## Rolling restart", "", f"Not run: {rolling.why_not}.", ""]
    return [
        "## Rolling restart",
        "",
        "Two server processes behind the proxy (`deploy/nginx.conf` in Debian's nginx), while four tablets play "
        "rounds through it (three over HTTP, one over its socket) and a floorperson's pit watches: each process "
        "in turn is stopped with SIGTERM, as an orchestrator does, and started again, and the other is stopped "
        "only once it answers `/readyz`. Its taps are in the ledger above, checked against the database with "
        "the others (acknowledged taps lost, taps applied twice).",
        "",
        "| | |",
        "|---|---:|",
        f"| rounds closed during it | {rolling.rounds} |",
        f"| taps during it | {rolling.taps} |",
        f"| HTTP requests answered with an error or not at all (then retried) | {len(rolling.http_unanswered)} |",
        f"| socket taps whose answer the stop cut (found applied or sent again after the reconnect) | "
        f"{len(rolling.socket_unanswered)} |",
        f"| each process's stop (SIGTERM to exit) | {_seconds(rolling.stop_seconds)} |",
        f"| each process ready again (listening to `/readyz` 200) | {_seconds(rolling.ready_seconds)} |",
        f"| the pit's socket closed until reconnected, each time | {_seconds(rolling.offline_seconds)} |",
        "",
        *(f"- {what}" for what in rolling.http_unanswered + rolling.socket_unanswered),
        "",
    ]


def _seconds(values: list[float]) -> str:
    return ", ".join(f"{v:.1f} s" for v in values) or "—"


def write(result: dict, path: Path) -> None:
    faults: FaultResults = result["faults"]
    integrity = result["integrity"]
    inputs: InputResults = result["inputs"]
    access: AccessResults = result["access"]
    failures = result["failures"]
    lines = [
        "# Reliability: faults, bad input and forbidden access",
        "",
        f"Written by `{COMMAND}` (see [Test it](../README.md#test-it)) on {result['when']}, in "
        f"{result['seconds']:.0f} s. Every figure below is measured against the database of a throwaway "
        "PostgreSQL cluster, not taken from the server's answers.",
        "",
        "The harness (`tests/reliability/`) starts its own PostgreSQL cluster (`initdb` into a temporary "
        "directory), its own `redis-server` and the server itself (uvicorn, as `scripts/run` starts it, with "
        "the production settings: `DEBUG` off, a connection pool, the Redis channel layer and cache) on free "
        "loopback ports. It plays Texas Hold 'Em Bonus rounds as the tablets do, over HTTP and over "
        "websockets, and breaks things while they are played. A tap is *acknowledged* when the server "
        "answered it with the table at the next sequence number; a tablet that gets no answer reads the "
        "table's state and sends the tap again only if it was not applied, as the page does. It stops every "
        "process and removes its directory however the run ends, gives up after 8 minutes "
        "(`--limit SECONDS`), and exits 1 when a target below is missed.",
        "",
        "## Targets",
        "",
        "| Figure | Measured | Target | |",
        "|---|---:|---:|---|",
        *(
            f"| {t['name']} | {t['value']} | {t['goal']} | {'met' if t['met'] else '**missed**'} |"
            for t in result["targets"]
        ),
        "",
        "## Faults",
        "",
        f"{len(faults.injected)} faults injected while {integrity['rounds']} rounds were played "
        f"({faults.rounds_played} to their close):",
        "",
        *(f"- {fault}" for fault in faults.injected),
        "",
        "| | |",
        "|---|---:|",
        f"| rounds started (acknowledged) | {integrity['rounds']} |",
        f"| rounds lost | {integrity['rounds_lost']} |",
        f"| taps acknowledged | {integrity['acknowledged']} |",
        f"| taps applied whose answer the fault cut (found applied, not sent again) | "
        f"{integrity['applied_unacknowledged']} |",
        f"| acknowledged taps missing from the log | {integrity['lost']} |",
        f"| taps in the log twice | {integrity['duplicates']} |",
        f"| requests that got no answer or an error during the faults (then retried) | {len(result['unanswered'])} |",
        f"| server start after each kill -9 | {_seconds(faults.restart_seconds)} |",
        f"| rounds at the same prompt after kill -9 between taps | "
        f"{faults.resumed_at_same_prompt.count(True)} of {len(faults.resumed_at_same_prompt)} |",
        f"| taps while Redis was down: acknowledged / server errors | "
        f"{faults.redis_outage_taps - faults.redis_outage_5xx} / {faults.redis_outage_5xx} |",
        f"| a watching tablet showed the latest state after Redis restarted | {_seconds(faults.resync_seconds)} |",
        f"| first tap applied after PostgreSQL restarted | {_seconds(faults.postgres_recovery_seconds)} |",
        "",
        "What the requests cut by the faults got (each then retried as the page does):",
        "",
        *(f"- {what}: {count}" for what, count in sorted(Counter(result["unanswered"]).items())),
        "",
        "20 clients racing the same tap, decided on the same screen (same sequence number), released together:",
        "",
        "| via | clients | applied |",
        "|---|---:|---:|",
        *(f"| {via} | {racers} | {applied} |" for via, racers, applied in faults.races),
        "",
        *_rolling_lines(result["rolling"]),
        "## Bad inputs",
        "",
        f"{len(inputs.tried)} bad inputs tried, {inputs.count(lambda t: t.outcome.kind == 'refused')} refused "
        f"with a message or a 4xx, {len(failures['errors'])} answered with a server error or a dropped socket, "
        f"{len(failures['accepted'])} not refused, {len(failures['changed'])} changed the state, "
        f"{len(failures['echoed'])} sent a script payload back unescaped. The state is a snapshot of every "
        "round, log, wager, line, approval, table and account, taken before and after each input.",
        "",
        "| category | tried | refused | server errors | state changed |",
        "|---|---:|---:|---:|---:|",
    ]
    for category, items in _grouped(inputs.tried, lambda tried: tried.category).items():
        lines.append(
            f"| {category} | {len(items)} | {sum(t.outcome.kind == 'refused' for t in items)} | "
            f"{sum(t.outcome.kind == 'error' for t in items)} | {sum(t.changed for t in items)} |"
        )
    lines += [
        "",
        "<details><summary>Every bad input and its answer</summary>",
        "",
        "| category | input | answer |",
        "|---|---|---|",
    ]
    for tried in inputs.tried:
        answer = tried.outcome.detail.replace("|", "\\|").replace("\n", " ")
        mark = "" if tried.outcome.kind == "refused" and not tried.changed else " **(target missed)**"
        lines.append(f"| {tried.category} | {_cell(tried.name)} | {_cell(answer)}{mark} |")
    lines += ["", "</details>", ""]
    forbidden = access.forbidden
    lines += [
        "## Forbidden access",
        "",
        f"Roles: anonymous, a user with no role, dealer, floorperson, supervisor, a user who is both dealer and "
        f"floorperson (who dealt the round whose approval is tried: segregation of duties), and a superuser "
        f"with no role (the admin, which is read-only for history and table rules). "
        f"{len(forbidden)} forbidden attempts, {len(failures['broke_in'])} succeeded. A forbidden page "
        "succeeds if it is shown (HTTP 200); a forbidden change succeeds if the database changed. "
        f"The same requests from the roles allowed to make them: {result['allowed'][1]} of {result['allowed'][0]} "
        "applied; the others were refused for the state, not the role (the approval already decided by the "
        "first allowed role, a round already started, an action the round does not take at this step).",
        "",
        "| endpoint or message | allowed to | their requests applied | forbidden tried | succeeded |",
        "|---|---|---:|---:|---:|",
    ]
    for target, attempts in _grouped(access.attempts, lambda attempt: attempt.target).items():
        allowed = [a for a in attempts if a.allowed]
        denied = [a for a in attempts if not a.allowed]
        lines.append(
            f"| {target} | {', '.join(a.role for a in allowed) or 'nobody'} | "
            f"{sum(a.succeeded for a in allowed)} of {len(allowed)} | {len(denied)} | "
            f"{sum(a.succeeded for a in denied)} |"
        )
    lines += [
        "",
        "Sockets kept open while their user lost their rights (a dealer's tap is then sent on them):",
        "",
        "| the user | socket closed (4401) | must close | tap applied (pit: the pit sent) |",
        "|---|---|---|---|",
    ]
    closed = {what: (was_closed, must) for what, was_closed, must in access.stale_sockets_closed}
    for attempt in access.stale:
        what = f"{attempt.role} {attempt.target.removeprefix('stale socket after the user ')}"
        was_closed, must = closed.get(what, (False, True))
        lines.append(
            f"| {what} | {'yes' if was_closed else 'no'} | {'yes' if must else 'no'} | "
            f"{'yes' if attempt.succeeded else 'no'} |"
        )
    lines += [
        "",
        "(The user who lost the dealer role but kept floorperson keeps a socket a floorperson may hold; the "
        "tap is refused for the role. The pit's sockets are not sent a tap: a round is started at another "
        "table, which pushes the pit, and the column says whether that push reached the socket.)",
        "",
        "## CSV exports",
        "",
        "A round is played at the table named `=HYPERLINK(\"http://x.example\",\"y\")` by the dealer named "
        "`+1+1` (both free text the product accepts), then every CSV is read as a spreadsheet reads it. A cell "
        "that starts with `=`, `+`, `-`, `@`, a tab or a carriage return and is not a plain number would run "
        "as a formula (OWASP's CSV injection).",
        "",
        "| export | HTTP | cells | formula cells | the names in it, as text |",
        "|---|---:|---:|---:|---|",
        *(
            f"| {e.name} | {e.status} | {e.cells} | {len(e.formulas)}"
            f"{' **(target missed)**' if e.formulas or e.status != 200 else ''} | {'yes' if e.names_shown else 'no'} |"
            for e in result["exports"].exports
        ),
        "",
        "## Deployment check",
        "",
        "`python manage.py check --deploy` with the environment `docker-compose.yml` gives the server: "
        + (", ".join(result["deploy"]) if result["deploy"] else "no warning")
        + ".",
        "",
        "## Restore drill",
        "",
        "`scripts/restore-drill` (docs/operations.md) on the database the faults above were played on: dumped "
        "with `pg_dump`, restored with `pg_restore` into a throwaway cluster, its schema checked and "
        f"`verify_history --all` run on the copy, in {result['drill']['seconds']:.0f} s: "
        + ("the restored copy checks out." if result["drill"]["status"] == 0 else
           f"FAILED (exit status {result['drill']['status']}, target missed)."),
        "",
        "```text",
        *[line for line in result["drill"]["said"].splitlines() if "WARNING" not in line][-12:],
        "```",
        "",
        "## Not covered here",
        "",
        "- A dealer acts only at the table they signed in at: the harness's dealers sign in before they tap "
        "(one dealer per table where tables are played at once). A tap at another table is refused by the "
        "services and tested in tests/floor/test_dealer_assignment.py, not tried here.",
        f"- The server logged {result['server_errors']} tracebacks during the run: the injected faults "
        "(a push that could not reach Redis, requests cut by the PostgreSQL stop) log theirs on purpose.",
        "",
    ]
    path.write_text("\n".join(lines))


def _grouped(items: list, key) -> dict[str, list]:
    groups = defaultdict(list)
    for item in items:
        groups[key(item)].append(item)
    return groups


def _cell(text: str) -> str:
    text = text.replace("|", "\\|").replace("\n", " ").replace("<", "&lt;")
    return text if len(text) <= 100 else text[:97] + "..."
