"""Two tables of one link hit the progressive at the same moment (§ 605a.8(b)(3)(iii)): the hits are
resolved one after the other under the meter's row lock, each paid from the meter as the previous
one left it, in an order the ledger records.  Needs PostgreSQL: SQLite has no row locks."""

import threading
import time

import pytest
from django.db import connection

from games.engine.core import progressive
from games.models import MeterEntry, RoundEvent
from games.table import services
from tests.conftest import play, start_round
from tests.progressives.progressive_play import ROYAL, linked_tables, opening, settle, to_settlement

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_linked_tables_hitting_at_once_are_paid_in_a_strict_order(cast, monkeypatch):
    _, meter, tables = linked_tables(cast["super"], "TH-1", "TH-2")
    seats = {1: True}
    # A dealer at each table (a dealer deals at one table at a time).
    dealers = {table.id: dealer for table, dealer in zip(tables, (cast["dealer"], cast["dealer2"]), strict=True)}
    rounds = [play(start_round(table, dealers[table.id]), dealers[table.id], *opening(seats),
                   *to_settlement(seats)) for table in tables]
    # $10,000 and a 50¢ contribution from each table: $10,001.00 when the first royal flush is turned.
    read = progressive.claim_percent

    def slow(share):
        time.sleep(0.3)  # after the meter is read: without its lock, the other table would read it too
        return read(share)

    monkeypatch.setattr(progressive, "claim_percent", slow)
    start, errors = threading.Barrier(2), []

    def hit(rnd):
        try:
            start.wait()
            services.round_act(round_id=rnd.id, user=dealers[rnd.table_id],
                               actions=[{**settle(1, ROYAL), "step": "settle"}], expected_seq=rnd.seq)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=hit, args=(rnd,)) for rnd in rounds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    payouts = list(MeterEntry.objects.filter(meter=meter, kind="payout").order_by("seq"))
    assert [entry.amount for entry in payouts] == [-10_001_00, -10_000_00]  # the second reads the reset amount
    assert payouts[0].seq < payouts[1].seq and payouts[0].round_id != payouts[1].round_id
    for entry in payouts:
        answer = RoundEvent.objects.get(round_id=entry.round_id, action__type="resolve_claim")
        assert (answer.action["amount"], answer.action["meter_amount"]) == (-entry.amount, -entry.amount)
    meter.refresh_from_db()
    assert meter.amount == 10_000_00  # reset again after the second royal flush
    kinds = list(MeterEntry.objects.filter(meter=meter).order_by("seq").values_list("kind", "amount"))
    assert kinds[-4:] == [("payout", -10_001_00), ("reset", 10_000_00), ("payout", -10_000_00), ("reset", 10_000_00)]
