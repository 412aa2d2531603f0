"""The records beside the rounds are chained and checked the same way: each progressive meter's
ledger, the audit trail, and the daily digest of a gaming day's closed rounds written to it.
``verify_history --all`` names every break.  The edits are SQL, as an intruder's would be."""

from datetime import timedelta

import pytest
from django.db import connection
from django.urls import reverse

from games.common.calendar import gaming_day_of
from games.history import chain, digest
from games.models import AuditEntry, MeterEntry, Round
from games.people import audit
from games.progressives import ledger
from games.table import services
from tests.conftest import OPENING, play
from tests.history.test_tamper_evidence import sql, verify_history
from tests.progressives.progressive_play import NOTHING, ROYAL, full_round, linked_tables
from tests.test_pages import ROUND_END

pytestmark = pytest.mark.django_db


def behind_the_trigger(statement: str, *params) -> None:
    """An edit of the audit trail as a database superuser would make it: on PostgreSQL past the
    trigger that refuses any UPDATE or DELETE of it."""
    postgres = connection.vendor == "postgresql"
    if postgres:  # the foreign keys checked first: a table with checks pending cannot be altered
        sql("SET CONSTRAINTS ALL IMMEDIATE")
        sql("ALTER TABLE games_auditentry DISABLE TRIGGER games_auditentry_append_only")
    sql(statement, *params)
    if postgres:
        sql("ALTER TABLE games_auditentry ENABLE TRIGGER games_auditentry_append_only")


# -- a meter's ledger ---------------------------------------------------------------------------------

def test_a_meters_ledger_is_chained_and_an_edited_entry_is_named(cast):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    full_round(table, cast["dealer"], cast["floor"], {1: (True, NOTHING[1]), 2: (True, NOTHING[2])})
    meter.refresh_from_db()
    entries = list(meter.ledger.order_by("seq"))
    assert [e.prev_hash for e in entries] == [ledger.ledger_start(meter.pk)] + [e.hash for e in entries[:-1]]
    assert meter.ledger_hash == entries[-1].hash and ledger.meter_audit(meter) == []
    # The reset entry of $10,000.00 made $9,000.00, and the meter's balances with it: the sums agree,
    # the chain does not.
    sql("UPDATE games_meterentry SET amount = amount - 100000 WHERE meter_id = %s AND seq = 1", meter.pk)
    sql("UPDATE games_meterentry SET balance_after = balance_after - 100000 WHERE meter_id = %s AND pool = 'meter'",
        meter.pk)
    sql("UPDATE games_meter SET amount = amount - 100000 WHERE id = %s", meter.pk)
    meter.refresh_from_db()
    problems = ledger.meter_audit(meter)
    assert problems == [f"entry #{e.seq}: its content no longer matches the hash written with it: it was changed "
                        "after it was written" for e in entries if e.pool == "meter"]
    status, out = verify_history("--all")
    assert status == 1 and "meter TH-1-METER: entry #1: its content no longer matches" in out
    assert "problems in the meters' ledgers, the audit trail or its digests" in out


def test_an_entry_cut_from_the_end_of_a_ledger_is_caught(cast):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = full_round(table, cast["dealer"], cast["floor"], {1: (True, ROYAL), 2: (True, NOTHING[2])})
    last = MeterEntry.objects.filter(meter=meter).order_by("-seq").first()
    MeterEntry.objects.filter(pk=last.pk).update(reverses=None)
    sql("DELETE FROM games_meterentry WHERE id = %s", last.pk)
    sql("UPDATE games_meter SET entries = entries - 1 WHERE id = %s", meter.pk)
    meter.refresh_from_db()
    assert "the ledger does not end where the meter's last hash says: entries were removed from or added to its " \
           "end" in ledger.meter_audit(meter)
    # The round it was written in names it too: its seal covers its ledger entries.
    if last.round_id == rnd.id:
        assert any("was removed after the round was sealed" in str(b)
                   for b in chain.verify(rnd, rnd.events.order_by("seq")))


# -- the audit trail ------------------------------------------------------------------------------------

def test_the_audit_trail_is_chained_and_an_entry_edited_past_its_trigger_is_named(cast):
    first = audit.record(AuditEntry.Kind.TABLE, cast["super"], "table TH-1", None, {"name": "TH-1"}, "Table TH-1")
    second = audit.record(AuditEntry.Kind.TABLE_RULES, cast["super"], "table TH-1", {"approval_threshold": "500.00"},
                          {"approval_threshold": "100.00"}, "TH-1: approval from $100.00")
    assert second.prev_hash == first.hash and audit.audit_breaks() == []
    behind_the_trigger("UPDATE games_auditentry SET summary = 'TH-1: approval from $1,000.00' WHERE id = %s",
                       second.pk)
    assert audit.audit_breaks() == [f"audit entry {second.pk}: its content no longer matches the hash written with "
                                    "it: it was changed after it was written"]
    behind_the_trigger("DELETE FROM games_auditentry WHERE id = %s", first.pk)
    assert f"audit entry {second.pk}: its link to the entry before is not that entry's hash" in audit.audit_breaks()[0]
    status, out = verify_history("--all")
    assert status == 1 and f"audit trail: audit entry {second.pk}: its link" in out


# -- the daily digest -----------------------------------------------------------------------------------

def two_days_later(monkeypatch) -> None:
    """The clock two days on: the rounds played until now are of a gaming day that has ended."""
    later = digest.timezone.now() + timedelta(days=2)
    monkeypatch.setattr(digest.timezone, "now", lambda: later)


def test_a_day_is_digested_once_it_has_ended(cast, table):
    play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
    today = gaming_day_of(digest.timezone.now())
    with pytest.raises(digest.Refused, match=f"Gaming day {today.isoformat()} has not ended"):
        digest.write_digest(today)
    assert not AuditEntry.objects.filter(kind="history_digest").exists()


def test_a_round_resealed_with_the_key_after_its_day_was_digested_is_named(client, cast, table, monkeypatch):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
    two_days_later(monkeypatch)
    day = gaming_day_of(rnd.started_at)
    entry = digest.write_digest(day)
    assert entry.after["rounds"] == [[rnd.id, rnd.closing_hash[:16]]] and entry.after["key"] == "embedded"
    assert entry.summary.startswith(f"Gaming day {day.isoformat()}: 1 rounds digested")
    with pytest.raises(digest.Refused, match="was digested already"):
        digest.write_digest(day)
    assert verify_history("--all")[0] == 0
    # Exported with the audit trail, kept apart from the database.
    client.force_login(cast["super"])
    exported = client.get(reverse("audit-csv"), {"kind": "history_digest"}).content.decode()
    assert f"gaming day {day.isoformat()}" in exported and entry.after["digest"] in exported

    # Someone holding the key edits the $50.00 Bonus win to $5,000.00 and reseals the round: its own
    # check passes, the day's digest does not.
    sql("UPDATE games_settlementline SET amount = 500000 WHERE round_id = %s AND seat = 1 AND wager = 'bonus'",
        rnd.id)
    columns = chain.seal_round(rnd)
    Round.objects.filter(pk=rnd.pk).update(**{column: getattr(rnd, column) for column in columns})
    rnd.refresh_from_db()
    assert chain.verify(rnd, rnd.events.order_by("seq")) == []
    status, out = verify_history("--all")
    assert status == 1
    assert (f"the digest of gaming day {day.isoformat()} (audit entry {entry.id}): round {rnd.id}'s closing hash is "
            "not the one digested: it was resealed or its seal edited since") in out
