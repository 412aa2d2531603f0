"""Tamper-evident history: every event is chained to the one before it, a closed round is sealed
with its closing hash, and the chain is checked wherever a round is shown (its page) or exported
(the history's CSV, the round sheet) and by ``manage.py verify_history``.

The edits here are made as an intruder would, in raw SQL behind the services' back."""

import csv
import html
import io
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse

from games.common.calendar import gaming_day_of
from games.floor import services as floor_services
from games.history import chain, keys
from games.models import Round, RoundEvent
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, play
from tests.test_pages import ROUND_END

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def played(cast, table):
    """A closed round of 18 events on TH-9 (test_pages: seat 1 is paid $50 on its Bonus Wager)."""
    return play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)


@pytest.fixture
def second(cast, table, played):
    """Another closed round on the same table, left untouched."""
    return play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)


def sql(statement: str, *params) -> None:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def event_of(rnd, **action) -> RoundEvent:
    return RoundEvent.objects.get(round=rnd, **{f"action__{key}": value for key, value in action.items()})


def round_page(client, user, rnd) -> str:
    client.force_login(user)
    response = client.get(reverse("round-detail", args=[rnd.id]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def csv_rows(client, user) -> dict[int, dict]:
    """The history's CSV, each row by its round's number on TH-9."""
    client.force_login(user)
    response = client.get(reverse("history-csv"))
    rows = csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode()))
    return {int(row["round"]): row for row in rows}


ALL_INTACT = ("{} rounds checked: every log and closing hash is intact; so are every meter's ledger, the audit "
              "trail and its daily digests\n")


def verify_history(*args) -> tuple[int, str]:
    """``manage.py verify_history`` in this process: its exit status and what it printed."""
    out = io.StringIO()
    try:
        call_command("verify_history", *args, stdout=out)
    except CommandError as error:
        return error.returncode, out.getvalue() + str(error)
    return 0, out.getvalue()


def security_events(caplog) -> list[dict]:
    return [record.security for record in caplog.records if record.name == "dealer_assist.security"]


# -- the chain as written ----------------------------------------------------------------------------

def test_each_event_is_chained_to_the_one_before_and_the_closed_round_is_sealed(played):
    events = list(played.events.order_by("seq"))
    assert [event.prev_hash for event in events] == [chain.start_hash(played.id)] + [e.hash for e in events[:-1]]
    assert len({event.hash for event in events}) == len(events) == played.seq == 18
    assert played.log_hash == events[-1].hash
    assert played.seal_version == 2 and played.closing_hash == chain.keyed_seal(
        played, "embedded", keys.keys().secrets["embedded"])
    # Seat 1's Ante, Bonus and Flop Wagers and seat 3's Ante and Flop Wagers, each with its line.
    placed = ["1/1/ante", "1/1/bonus", "1/1/flop", "3/1/ante", "3/1/flop"]
    assert set(played.sealed_rows) == {f"wager {w}" for w in placed} | {f"line {w}/settle" for w in placed}
    assert "log_digest" not in played.record  # the closing hash replaces the digest records kept before


def test_an_open_round_is_chained_as_it_goes_and_not_sealed(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:3])
    assert rnd.log_hash == rnd.events.get(seq=3).hash and rnd.closing_hash == ""
    assert chain.verify(rnd, rnd.events.order_by("seq")) == []


def test_an_untouched_history_verifies_clean_everywhere(client, cast, played, second, caplog):
    assert "fails its check" not in round_page(client, cast["super"], played)
    assert {row["log"] for row in csv_rows(client, cast["super"]).values()} == {"verified"}
    client.force_login(cast["super"])
    assert client.get(reverse("round-sheet", args=[played.id])).status_code == 200
    assert verify_history("--all") == (0, ALL_INTACT.format(2))
    assert not [e for e in security_events(caplog) if e["event"] == "history_tampered"]


# -- an edited event ---------------------------------------------------------------------------------

@pytest.mark.postgres
def test_a_raw_sql_edit_of_an_action_is_caught_by_the_page_the_exports_and_the_command(
        client, cast, played, second, caplog):
    # Seat 1's cards, Jd Js, become a pair of aces: the jsonb edited in place, nothing else touched.
    edited = event_of(played, type="cards", target="seat:1")
    sql("UPDATE games_roundevent SET action = jsonb_set(action, '{cards}', '[\"As\", \"Ad\"]') WHERE id = %s",
        edited.pk)

    page = round_page(client, cast["super"], played)
    assert (f"This round's history fails its check</strong> — first at event {edited.seq}: its action, actor, role "
            "or time no longer match the hash written with it") in page
    assert '<tr class="broken"><td>17 ⚠</td>' in page  # the event is marked in the log below
    assert "fails its check" not in round_page(client, cast["super"], second)

    rows = csv_rows(client, cast["super"])
    assert rows[played.number]["log"].startswith(f"BROKEN: event {edited.seq}: its action, actor, role or time")
    assert rows[second.number]["log"] == "verified"

    sheet = client.get(reverse("round-sheet", args=[played.id]))
    assert sheet.status_code == 409 and f"event {edited.seq}: its action" in sheet.content.decode()

    status, out = verify_history("--all")
    assert status == 1
    assert f"round {played.id} (TH-9 #1) event {edited.seq}: its action, actor, role or time no longer match" in out
    assert "2 rounds checked: 1 breaks in 1 rounds" in out and f"round {second.id} " not in out

    logged = [e for e in security_events(caplog) if e["event"] == "history_tampered"]
    assert {e["source"] for e in logged} == {"page", "csv", "sheet", "command"}
    assert all((e["round"], e["seq"]) == (played.id, edited.seq) for e in logged)


def test_an_edited_event_of_an_open_round_is_caught(client, cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:3])
    ante = event_of(rnd, type="place_wager", seat=3)
    RoundEvent.objects.filter(pk=ante.pk).update(action={**ante.action, "amount": "2500"})
    assert "first at event 3: its action, actor, role or time" in round_page(client, cast["floor"], rnd)


def test_a_rehashed_edit_breaks_the_next_events_link(played):
    # An intruder who also recomputes the edited event's own hash leaves the next event's link behind.
    edited = event_of(played, type="cards", target="dealer")
    action = {**edited.action, "cards": ["2c", "3d"]}
    RoundEvent.objects.filter(pk=edited.pk).update(action=action, hash=chain.event_hash(
        edited.prev_hash, edited.seq, action, edited.actor_id, edited.role, edited.created_at))
    played.refresh_from_db()
    breaks = chain.verify(played, played.events.order_by("seq"), played.approvals.all())
    assert [(b.seq, b.problem.split(":")[0]) for b in breaks] == [
        (edited.seq + 1, f"its link to event {edited.seq} is not that event's hash")]


# -- removed and inserted events ---------------------------------------------------------------------

def test_a_deleted_event_is_caught(client, cast, played):
    sql("DELETE FROM games_roundevent WHERE round_id = %s AND seq = 4", played.id)
    page = round_page(client, cast["super"], played)
    assert "first at event 4: event 4 missing: the log goes from event 3 to event 5" in page
    assert "the round counts 18 events but its log has 17" in page
    status, out = verify_history("--table", "TH-9")
    assert status == 1 and f"round {played.id} (TH-9 #1) event 4: event 4 missing" in out


def test_the_last_event_deleted_from_an_open_round_is_caught(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:3])
    sql("DELETE FROM games_roundevent WHERE round_id = %s AND seq = 3", rnd.id)
    sql("UPDATE games_round SET seq = 2 WHERE id = %s", rnd.id)
    status, out = verify_history("--all")
    assert status == 1 and "the log does not end where the round's last hash says" in out


def test_an_inserted_event_is_caught(client, cast, played):
    # A 19th event after the close: the seat's payout "refused" by a floorperson.
    sql("INSERT INTO games_roundevent (round_id, seq, action, actor_id, role, created_at, prev_hash, hash) "
        "VALUES (%s, 19, %s, %s, 'floorperson', %s, %s, '')",
        played.id, json.dumps({"type": "refuse", "approval": 1}), cast["floor"].id, played.closed_at,
        played.log_hash)
    page = round_page(client, cast["super"], played)
    assert "first at event 19: its action, actor, role or time no longer match the hash" in page
    status, out = verify_history("--all")
    assert status == 1
    assert f"round {played.id} (TH-9 #1) the round: the round counts 18 events but its log has 19" in out


def test_an_event_inserted_in_the_middle_is_caught(played):
    sql("UPDATE games_roundevent SET seq = seq + 1000 WHERE round_id = %s AND seq >= 5", played.id)
    sql("UPDATE games_roundevent SET seq = seq - 999 WHERE round_id = %s AND seq >= 1005", played.id)
    RoundEvent.objects.create(round=played, seq=5, action={"type": "place_wager", "seat": 2, "wager": "ante",
                                                           "amount": "500"}, actor=played.dealer, role="dealer")
    breaks = chain.verify(played, played.events.order_by("seq"), played.approvals.all())
    assert breaks[0].seq == 5 and "its link to event 4" in breaks[0].problem
    assert all(b.seq is None or b.seq >= 5 for b in breaks)


# -- rounds written behind the services' back --------------------------------------------------------

def test_a_fabricated_closed_round_is_reported(client, cast, table, played, caplog):
    # The admin's old "add round": a $1,000,000 payout, closed, with no log and no chain.
    sql("INSERT INTO games_round (table_id, number, game, rules, status, dealer_id, started_at, closed_at, seq, "
        "total_paid, total_collected, engine_version, log_hash, record_hash, closing_hash) "
        "VALUES (%s, 2, 'texas-holdem-bonus', '{}', 'closed', %s, %s, %s, 0, 100000000, 0, '', '', '', '')",
        table.id, cast["dealer"].id, played.closed_at, played.closed_at)
    fake = Round.objects.get(table=table, number=2)
    rows = csv_rows(client, cast["super"])
    assert rows[2]["paid"] == "1000000.00"
    assert rows[2]["log"] == ("BROKEN: the round is closed but has no closing hash: it was not closed through the "
                              "services")
    assert rows[1]["log"] == "verified"
    assert "has no closing hash" in round_page(client, cast["super"], fake)
    status, out = verify_history("--all")
    assert status == 1 and f"round {fake.id} (TH-9 #2) the round: the round is closed but has no closing hash" in out


def test_a_fabricated_round_with_a_copied_log_is_reported(cast, table, played):
    # A round made up by copying another's events: each event's first link names the round it was
    # written in, so the copy breaks at its first event.
    fake = Round.objects.create(table=table, number=2, game=played.game, rules=played.rules, dealer=played.dealer,
                                status="closed", closed_at=played.closed_at, seq=played.seq,
                                total_paid=100_000_000, log_hash=played.log_hash, closing_hash=played.closing_hash,
                                record=played.record, record_hash=played.record_hash)
    RoundEvent.objects.bulk_create([RoundEvent(round=fake, **{name: getattr(event, name) for name in (
        "seq", "action", "actor_id", "role", "created_at", "prev_hash", "hash")}) for event in played.events.all()])
    breaks = chain.verify(fake, fake.events.order_by("seq"), fake.approvals.all())
    assert [b.seq for b in breaks] == [1, None]
    assert "its link to the round's start is not that start's hash" in breaks[0].problem
    assert "is not what was sealed when it closed" in breaks[1].problem


@pytest.mark.parametrize("column, value", [("total_paid", 400000), ("status", "void"), ("engine_version", "0.0")])
def test_an_edit_of_a_closed_rounds_row_breaks_its_seal(client, cast, played, column, value):
    Round.objects.filter(pk=played.pk).update(**{column: value})
    assert "is not what was sealed when it closed" in csv_rows(client, cast["super"])[1]["log"]


def test_an_edit_of_the_recorded_page_is_caught_where_the_record_is_read(client, cast, played):
    # The record is what the page shows: "pay $50.00" on seat 1's Bonus Wager made "pay $5,000.00".
    record = played.record
    record["page"]["settlement"][0][1][-1]["instruction"] = "pay $5,000.00"
    Round.objects.filter(pk=played.pk).update(record=record)
    page = round_page(client, cast["super"], played)
    assert ("fails its check</strong> — the recorded page and sheet are not the ones written when the round "
            "closed") in page
    assert client.get(reverse("round-sheet", args=[played.id])).status_code == 409
    status, out = verify_history("--all")
    assert status == 1 and "the recorded page and sheet are not the ones written" in out
    # Its digest, which the closing hash seals, cannot be changed to match it unnoticed.
    Round.objects.filter(pk=played.pk).update(record_hash=chain.record_digest(record))
    assert "is not what was sealed when it closed" in round_page(client, cast["super"], played)


def test_an_edit_of_an_approval_breaks_the_seal(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    rnd = play(rnd, cast["dealer"], {"type": "close"})
    assert chain.verify(rnd, rnd.events.order_by("seq"), rnd.approvals.all()) == []
    rnd.approvals.update(decided_by=cast["super"])
    breaks = chain.verify(rnd, rnd.events.order_by("seq"), rnd.approvals.all())
    assert [str(b) for b in breaks] == ["approval 1 (Seat 1: payout of $115.00 (table requires approval from "
                                        "$100.00), now approved) was changed after the round was sealed"]


def test_a_reopened_round_is_reported(played):
    Round.objects.filter(pk=played.pk).update(status="open")
    assert verify_history("--all")[1].startswith(f"round {played.id} (TH-9 #1) the round: the round is in play but "
                                                 "has a closing hash")


# -- the canonical form --------------------------------------------------------------------------------

@pytest.mark.postgres
def test_a_number_postgresql_stores_in_another_form_still_verifies(cast, table):
    # jsonb gives the float 1e16 back as the integer 10000000000000000: the services write what
    # the database will give back (chain.storable), so that what they hash is what is read later.
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    action = chain.storable({"type": "note", "big": 1e16, "half": 2.50, "whole": 3.0, "text": "é\u2028"})
    event = RoundEvent(round=rnd, seq=1, action=action, actor=cast["dealer"], role="dealer")
    rnd.log_hash = chain.link([event], rnd.id, "")
    event.save()
    Round.objects.filter(pk=rnd.pk).update(seq=1, log_hash=rnd.log_hash)
    rnd.refresh_from_db()
    stored = rnd.events.get()
    assert stored.action["big"] == 10**16 and isinstance(stored.action["big"], int)
    assert chain.verify(rnd, rnd.events.all()) == []


# -- the command -----------------------------------------------------------------------------------------

def test_the_command_takes_a_table_or_a_date_range(cast, table, played):
    from datetime import timedelta


    sql("UPDATE games_roundevent SET role = 'supervisor' WHERE round_id = %s AND seq = 2", played.id)
    day = gaming_day_of(played.started_at)  # dates are gaming days
    assert verify_history("--from", day.isoformat(), "--to", day.isoformat())[0] == 1
    assert verify_history("--from", (day + timedelta(days=1)).isoformat()) == (
        0, "0 rounds checked: every log and closing hash is intact\n")
    assert verify_history("--table", "TH-9", "--batch", "1")[0] == 1


@pytest.mark.parametrize("args, message", [
    ([], "Say which rounds to verify"),
    (["--all", "--table", "TH-9"], "Say which rounds to verify"),
    (["--table", "TH-404"], "Table: No table is named 'TH-404'."),
    (["--from", "2026-02-30"], "From: Enter a real date as YYYY-MM-DD."),
])
def test_the_command_refuses_what_it_cannot_check(table, args, message):
    status, out = verify_history(*args)
    assert status == 2 and message in out


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("broken", [False, True])
def test_the_commands_exit_status_says_whether_a_break_was_found(cast, table, broken):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
    if broken:
        sql("UPDATE games_roundevent SET actor_id = %s WHERE round_id = %s AND seq = 1", cast["dealer2"].id, rnd.id)
    database = connection.settings_dict
    server = f"{database['HOST'] or '127.0.0.1'}:{database['PORT'] or 5432}"
    url = f"postgres://{database['USER']}@{server}/{database['NAME']}"
    env = {**os.environ, "DATABASE_URL": url, "PGPASSWORD": database.get("PASSWORD") or ""}
    env.pop("REDIS_URL", None)
    result = subprocess.run([sys.executable, "manage.py", "verify_history", "--all"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    if broken:
        assert result.returncode == 1
        assert f"round {rnd.id} (TH-9 #1) event 1: its action, actor, role or time" in result.stdout
        assert "1 rounds checked: 1 breaks in 1 rounds" in result.stderr
    else:
        assert (result.returncode, result.stdout) == (0, ALL_INTACT.format(1))


def test_security_events_name_the_round_and_the_first_break(client, cast, played, caplog):
    caplog.set_level(logging.WARNING, logger="dealer_assist.security")
    sql("DELETE FROM games_roundevent WHERE round_id = %s AND seq = 7", played.id)
    round_page(client, cast["super"], played)
    [event] = [e for e in security_events(caplog) if e["event"] == "history_tampered"]
    assert event == {"event": "history_tampered", "user": "super", "address": "127.0.0.1",
                     "path": f"/rounds/{played.id}/", "source": "page", "round": played.id, "table": "TH-9",
                     "number": 1, "seq": 7,
                     "problem": "event 7 missing: the log goes from event 6 to event 8", "breaks": 2}
