"""Data migrations leave every stored round replayable under today's chapter rules, and every
stored log chained, without blessing a change made after its round closed."""

import importlib
from types import SimpleNamespace

from django.apps import apps
from django.db import connection

from games.history import chain
from games.models import ReliefDealer, Round, RoundEvent, Table
from games.table import services
from tests.conftest import OPENING, play
from tests.test_pages import ROUND_END

fixed_limit = importlib.import_module("games.migrations.0004_fixed_holdem_payout_limit")
chain_migration = importlib.import_module("games.migrations.0007_event_hash_chain")
relief_migration = importlib.import_module("games.migrations.0015_relief_dealers")
chained_migration = importlib.import_module("games.migrations.0018_chained_ledgers_and_audit_trail")


def test_texas_holdem_tables_drop_the_payout_limit_the_chapter_now_fixes(db):
    holdem = Table.objects.create(name="TH-OLD", game="texas-holdem-bonus",
                                  rules={"bonus_paytable": "B", "payout_limit": "100000.00"})
    wpt = Table.objects.create(name="WPT-OLD", game="wpt-heads-up", rules={"payout_limit": "60000.00"})
    fixed_limit.drop_payout_limit(apps, None)
    holdem.refresh_from_db()
    wpt.refresh_from_db()
    assert holdem.rules == {"bonus_paytable": "B"}  # § 647a.12(c) derives it
    assert wpt.rules == {"payout_limit": "60000.00"}  # § 677a.12(f) leaves it to the table


def as_before_the_chain(rnd):
    """The round as a server before the chain left it: no hashes; a closed round's record kept a
    digest of its log instead."""
    RoundEvent.objects.filter(round=rnd).update(prev_hash="", hash="")
    record = rnd.record
    if record is not None:
        record["log_digest"] = chain_migration.old_log_digest(rnd.events.order_by("seq"))
    Round.objects.filter(pk=rnd.pk).update(log_hash="", closing_hash="", record=record, seal_version=0, seal_key="",
                                           sealed_rows=None)


def test_the_logs_stored_before_the_chain_are_chained_and_their_closed_rounds_sealed(cast, table):
    closed = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
    open_round = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:2])
    for rnd in (closed, open_round):
        as_before_the_chain(rnd)
        rnd.refresh_from_db()
        assert chain.verify(rnd, rnd.events.order_by("seq"), rnd.approvals.all())  # no chain yet
    chain_migration.chain_existing_logs(apps, SimpleNamespace(connection=connection))
    for rnd in (closed, open_round):
        rnd.refresh_from_db()
        assert chain.verify(rnd, rnd.events.order_by("seq"), rnd.approvals.all()) == []
    assert closed.closing_hash and not open_round.closing_hash


def test_a_log_changed_after_its_round_closed_is_not_blessed_by_the_chain(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
    as_before_the_chain(rnd)
    # Changed after the close: the record's digest no longer matches the log.
    RoundEvent.objects.filter(round=rnd, seq=1).update(action={**OPENING[0], "amount": "100"})
    chain_migration.chain_existing_logs(apps, SimpleNamespace(connection=connection))
    rnd.refresh_from_db()
    assert [str(b) for b in chain.verify(rnd, rnd.events.order_by("seq"), rnd.approvals.all())] == [
        "the round as stored (status, times, totals or approvals) is not what was sealed when it closed"]


def test_the_relief_dealers_of_stored_rounds_are_read_from_their_logs(cast, table):
    cancel = {"type": "cancel", "step": "wagers"}
    play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], cancel)
    relieved = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer2"], *OPENING[:2])
    ReliefDealer.objects.all().delete()  # as stored before the rows were written
    relief_migration.from_the_log(apps, None)
    relief_migration.from_the_log(apps, None)  # run twice: still one row
    assert list(ReliefDealer.objects.values_list("round", "dealer")) == [(relieved.id, cast["dealer2"].id)]


def test_the_ledgers_and_the_audit_trail_stored_before_their_chains_are_chained(cast):
    from games.models import AuditEntry, Meter, MeterEntry
    from games.people import audit
    from games.progressives import ledger
    from tests.progressives.progressive_play import NOTHING, full_round, linked_tables

    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    full_round(table, cast["dealer"], cast["floor"], {1: (True, NOTHING[1])})
    # As a server before the chains left them: no hashes.
    MeterEntry.objects.update(prev_hash="", hash="")
    Meter.objects.update(ledger_hash="")
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("ALTER TABLE games_auditentry DISABLE TRIGGER games_auditentry_append_only")
        cursor.execute("UPDATE games_auditentry SET prev_hash = '', hash = ''")
        if connection.vendor == "postgresql":
            cursor.execute("ALTER TABLE games_auditentry ENABLE TRIGGER games_auditentry_append_only")
    meter.refresh_from_db()
    assert ledger.meter_audit(meter) and audit.audit_breaks() and AuditEntry.objects.count() >= 3
    chained_migration.chain_existing(apps, SimpleNamespace(connection=connection))
    meter.refresh_from_db()
    assert ledger.meter_audit(meter) == [] and audit.audit_breaks() == []
