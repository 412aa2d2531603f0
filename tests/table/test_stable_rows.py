"""A tap writes its event and what it changed: stable rows by natural key, the round's changed
columns, and a cached engine state only when it matches the locked row."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.floor import selectors
from games.floor import services as floor_services
from games.models import Approval, SettlementLine, Wager
from games.table import replay, services
from tests.conftest import OPENING, deal_at, play, tablet_action
from tests.table.test_round_services import REST_OF_ROUND

pytestmark = pytest.mark.django_db


def tap(rnd, user, action):
    rnd.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        services.round_act(round_id=rnd.id, user=user, actions=[tablet_action(rnd, action)], expected_seq=rnd.seq)
    rnd.refresh_from_db()
    return [query["sql"] for query in queries.captured_queries]


def writes(statements, table):
    return [sql for sql in statements if sql.split()[0] in ("INSERT", "UPDATE", "DELETE") and f'"{table}"' in sql]


def line_ids(rnd):
    return dict(((seat, wager, stage), pk) for seat, wager, stage, pk in
                rnd.lines.values_list("seat", "wager", "stage", "pk"))


def test_a_tap_that_changes_no_wager_writes_only_its_event_and_the_rounds_seq(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:3])
    statements = tap(rnd, cast["dealer"], OPENING[3])  # no more bets
    changed = [sql for sql in statements if sql.split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert len(changed) == 2
    assert writes(statements, "games_roundevent") and writes(statements, "games_round")
    update = writes(statements, "games_round")[0]
    assert '"seq"' in update and '"rules"' not in update and '"total_paid"' not in update


def test_a_wager_is_updated_in_place(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], OPENING[0])
    first = Wager.objects.get(round=rnd, seat=1, wager="ante")
    statements = tap(rnd, cast["dealer"],
                     {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "ante", "amount": "20"})
    assert not [sql for sql in statements if sql.startswith("DELETE")]
    again = Wager.objects.get(round=rnd, seat=1, wager="ante")
    assert (again.pk, again.amount, again.hand_no) == (first.pk, 2000, 1)


def test_line_rows_keep_their_ids_across_taps(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING,
               *REST_OF_ROUND[:-1])
    seat_3 = line_ids(rnd)
    assert seat_3 and {seat for seat, _, _ in seat_3} == {3}
    play(rnd, cast["dealer"], REST_OF_ROUND[-1])  # seat 1's cards: its lines are added
    after = line_ids(rnd)
    assert {key: after[key] for key in seat_3} == seat_3
    assert {seat for seat, _, _ in after} == {1, 3}


def test_a_refused_payout_deletes_only_the_seats_settled_lines(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    before = line_ids(rnd)
    approval = rnd.approvals.get()
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=False)
    rnd.refresh_from_db()
    after = line_ids(rnd)
    # Seat 1's cards are entered again (§ 647a.13 dispute): its settled lines go, seat 3's stay as they were.
    assert after == {key: pk for key, pk in before.items() if key[0] == 3}
    play(rnd, cast["dealer"], {"type": "cards", "step": "settle", "target": "seat:1", "cards": ["Ad", "Ks"]})
    assert {key: pk for key, pk in line_ids(rnd).items() if key[0] == 3} == after
    assert Approval.objects.filter(round=rnd).count() == 2  # the refused one stays, a new one is asked


def test_a_void_replaces_the_lines_and_deletes_only_the_vanished_one(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:5],
               {"type": "decide", "step": "flop_decision", "seat": 1, "choice": "flop"},
               {"type": "decide", "step": "flop_decision", "seat": 3, "choice": "fold"})
    folded = SettlementLine.objects.get(round=rnd, seat=3, wager="ante")
    assert (folded.stage, folded.outcome) == ("decision", "lose")
    play(rnd, cast["dealer"], {"type": "irregularity", "step": "flop", "kind": "wrong_card_count"})
    floor_services.approval_decide(approval_id=rnd.approvals.get(kind="void").id, user=cast["floor"], approve=True)
    rnd.refresh_from_db()
    # § 647a.13(c): every wager returned, the folded Ante too; the fold's line is gone.
    assert sorted(rnd.lines.values_list("seat", "wager", "stage", "outcome")) == [
        (1, "ante", "settle", "void"), (1, "bonus", "settle", "void"), (1, "flop", "settle", "void"),
        (3, "ante", "settle", "void")]
    assert not SettlementLine.objects.filter(pk=folded.pk).exists()
    assert (rnd.total_paid, rnd.total_collected) == (0, 0)


def test_the_materialised_rows_match_the_engine_after_every_tap(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    for action in [*OPENING, *REST_OF_ROUND]:
        rnd = play(rnd, cast["dealer"], action)
        replay.forget_all()
        state = services.engine_round(rnd)
        assert sorted(rnd.wagers.values_list("seat", "hand_no", "wager", "amount")) == sorted(
            (seat.number, 1, wager, amount) for seat in state.seats.values() for wager, amount in seat.wagers.items())
        assert list(rnd.lines.order_by("position").values_list("seat", "wager", "stage", "outcome", "amount")) == [
            (line.seat, line.wager, line.stage, line.outcome, line.amount) for line in state.lines]


@pytest.mark.django_db(transaction=True)  # the state is cached when its transaction commits
def test_a_tap_reuses_the_cached_state_when_its_seq_matches_the_row(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:2])
    statements = tap(rnd, cast["dealer"], OPENING[2])
    assert not [sql for sql in statements if sql.startswith("SELECT") and '"games_roundevent"' in sql]
    # Another process moved the round on: this process's state is at an older seq, so it replays.
    cached = replay.cached_state(rnd.id, rnd.seq)
    replay.forget_all()
    replay.remember_state(rnd.id, rnd.seq - 1, cached)
    statements = tap(rnd, cast["dealer"], OPENING[3])
    assert [sql for sql in statements if sql.startswith("SELECT") and '"games_roundevent"' in sql]
    assert services.engine_round(rnd).bets_closed


def test_the_pit_is_read_in_the_same_number_of_queries_however_many_approvals_wait(
        cast, table, django_assert_max_num_queries):
    from games.models import Table

    for name in ("TH-1", "TH-2", "TH-3"):
        other = Table.objects.create(name=name, game="texas-holdem-bonus", rules=table.rules)
        deal_at(other, cast["dealer"])
        play(services.round_start(table_id=other.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    assert Approval.objects.filter(status="pending").count() == 3
    # The approvals, their seats' lines, their rounds' logs (for the cards), the tables' status.
    with django_assert_max_num_queries(4):
        state = selectors.pit_state()
    assert [len(item.lines) for item in state["items"]] == [5, 5, 5]  # seat 1: Ante, Flop, Turn, River, Bonus
