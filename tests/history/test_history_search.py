"""The history's search: each filter keeps exactly the rounds it should over a handful of rounds
built by hand, a bad value is refused by name on the page and the CSV alike, the CSV writes out a
round's names, seats, wagers, drop, void reason, approvals and training flag, and keyset pages
of a filtered history list every round once."""

import csv
import io
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from django.db import connection
from django.http import StreamingHttpResponse
from django.urls import reverse
from django.utils import timezone

from games.history import selectors
from games.history.filters import history_filter
from games.models import Approval, Round, RoundEvent, SettlementLine, Table, Wager

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 2, 17, 0, tzinfo=UTC)


def build(table, dealer, n, *, status="closed", training=False, wagers=(), lines=(), void=None):
    """A round as the services leave it: its wagers (seat, wager, cents), its settlement lines
    (seat, wager, outcome, cents) and the totals the close writes, given here by hand."""
    number = table.rounds.count() + 1
    started = START + timedelta(minutes=10 * n)
    rnd = Round.objects.create(table=table, number=number, game=table.game, rules={}, dealer=dealer, status=status,
                               shoe_order=["Ah", "Kd"] if training else None, closed_at=started + timedelta(minutes=3),
                               record={"page": {"void": void}})
    Wager.objects.bulk_create([Wager(round=rnd, seat=seat, wager=wager, amount=amount)
                               for seat, wager, amount in wagers])
    stakes = {(seat, wager): amount for seat, wager, amount in wagers}
    SettlementLine.objects.bulk_create([
        SettlementLine(round=rnd, position=i, seat=seat, wager=wager, stake=stakes.get((seat, wager), 0),
                       outcome=outcome, amount=amount,
                       section="§ 601a.9") for i, (seat, wager, outcome, amount) in enumerate(lines)])
    paid = sum(amount for _, _, outcome, amount in lines if outcome == "win")
    collected = sum(amount for _, _, outcome, amount in lines if outcome == "lose")
    Round.objects.filter(pk=rnd.pk).update(started_at=started, total_paid=paid, total_collected=collected)
    rnd.refresh_from_db()
    return rnd


def approval(rnd, number, kind, status, by=None, seat=None):
    Approval.objects.create(round=rnd, number=number, kind=kind, seat=seat, reason="?", section="§ 601a.9",
                            status=status, requested_at=rnd.started_at, decided_by=by,
                            decided_at=rnd.started_at + timedelta(minutes=1) if by else None)


@pytest.fixture
def floor_rounds(cast):
    """R1 at TH-1: seat 1 Ante $10 lost and Bonus $5 paid $150, seat 3 Ante $25 won even money
    (figures chosen by hand, not computed by the engine); two payouts approved by the floorperson.
    R2 at LR-7, void after a card was found face up: seat 2's three $50 bets returned, the void's
    approval pending.  R3 at TH-12, a training round: seat 4 Ante $100 lost,
    its payout refused by the floorperson.  R4 at LR-7: seat 1 Bet 1 $5 lost, nothing else."""
    th1 = Table.objects.create(name="TH-1", game="texas-holdem-bonus")
    th12 = Table.objects.create(name="TH-12", game="texas-holdem-bonus")
    lr7 = Table.objects.create(name="LR-7", game="let-it-ride")
    dealer, dealer2, floor = cast["dealer"], cast["dealer2"], cast["floor"]
    r1 = build(th1, dealer, 1, wagers=[(1, "ante", 10_00), (1, "bonus", 5_00), (3, "ante", 25_00)],
               lines=[(1, "ante", "lose", 10_00), (1, "bonus", "win", 150_00), (3, "ante", "win", 25_00)])
    approval(r1, 1, "payout", "approved", floor, seat=1)
    approval(r1, 2, "payout", "approved", floor, seat=3)
    r2 = build(lr7, dealer2, 2, status="void", wagers=[(2, "bet1", 50_00), (2, "bet2", 50_00), (2, "bet3", 50_00)],
               lines=[(2, "bet1", "void", 0), (2, "bet2", "void", 0), (2, "bet3", "void", 0)],
               void={"label": "Card found face up in the shoe or deck while dealing", "section": "§ 643a.13(a)"})
    RoundEvent.objects.create(round=r2, seq=1, actor=dealer2, role="dealer",
                              action={"type": "irregularity", "kind": "card_face_up"})
    RoundEvent.objects.create(round=r2, seq=2, actor=dealer2, role="dealer", action={"type": "deal"})
    approval(r2, 1, "void", "pending")
    r3 = build(th12, dealer, 3, training=True, wagers=[(4, "ante", 100_00)], lines=[(4, "ante", "lose", 100_00)])
    approval(r3, 1, "payout", "refused", floor, seat=4)
    r4 = build(lr7, dealer, 4, wagers=[(1, "bet1", 5_00)], lines=[(1, "bet1", "lose", 5_00)])
    return SimpleNamespace(r1=r1, r2=r2, r3=r3, r4=r4)


def found(floor_rounds, **query) -> set[str]:
    search = history_filter(query)
    assert search.is_valid(), search.form.messages()
    rows = list(search.qs)
    names = {floor_rounds.r1.pk: "R1", floor_rounds.r2.pk: "R2", floor_rounds.r3.pk: "R3", floor_rounds.r4.pk: "R4"}
    assert len(rows) == len({rnd.pk for rnd in rows}), "a round listed twice"
    return {names[rnd.pk] for rnd in rows}


@pytest.mark.parametrize("query, expected", [
    ({}, {"R1", "R2", "R4"}),  # training rounds are left out unless asked for
    ({"training": "only"}, {"R3"}),
    ({"training": "all"}, {"R1", "R2", "R3", "R4"}),
    ({"table": "th-1"}, {"R1"}),  # its exact name, in any case: not TH-12's rounds
    ({"table": "th-1", "training": "all"}, {"R1"}),
    ({"table": "TH-12", "training": "all"}, {"R3"}),
    ({"table": "lr-7"}, {"R2", "R4"}),
    # 12:10 to 12:40 in New York: shift 1 (06:00 to 14:00) of the 2nd, as the reports cut it.
    ({"shift": "1", "from": "2026-11-02", "to": "2026-11-02"}, {"R1", "R2", "R4"}),
    ({"shift": "2", "from": "2026-11-02", "to": "2026-11-02"}, set()),
    ({"jackpot": "yes"}, set()),  # no meter paid a jackpot
    ({"dealer": "dealer2"}, {"R2"}),
    ({"game": "let-it-ride", "status": "closed"}, {"R4"}),
    ({"seat": "1"}, {"R1", "R4"}),
    ({"seat": "3"}, {"R1"}),
    ({"seat": "4"}, set()),
    ({"seat": "4", "training": "only"}, {"R3"}),
    ({"wager": "bonus"}, {"R1"}),
    ({"wager": "bet1"}, {"R2", "R4"}),
    ({"seat": "1", "wager": "ante"}, {"R1"}),
    ({"seat": "3", "wager": "bonus"}, set()),  # a wager on that seat, not anywhere in the round
    # Amounts paid or collected, in dollars and cents, both ends included.
    ({"amount_min": "150"}, {"R1"}),
    ({"amount_min": "149.99"}, {"R1"}),
    ({"amount_min": "150.01"}, set()),
    ({"amount_max": "10"}, {"R1", "R4"}),
    ({"amount_max": "9.99"}, {"R4"}),
    ({"amount_min": "25", "amount_max": "25.00"}, {"R1"}),
    ({"amount_min": "0", "amount_max": "0"}, set()),  # a void round's lines pay and collect nothing
    ({"seat": "1", "amount_min": "20"}, {"R1"}),  # the Bonus's $150 on seat 1
    ({"seat": "3", "amount_min": "30"}, set()),  # seat 3 won $25
    ({"wager": "ante", "amount_min": "11"}, {"R1"}),  # seat 3's Ante, not seat 1's $10
    ({"approval": "any"}, {"R1", "R2"}),
    ({"approval": "pending"}, {"R2"}),
    ({"approval": "approved"}, {"R1"}),
    ({"approval": "refused"}, set()),
    ({"approval": "refused", "training": "all"}, {"R3"}),
    ({"floorperson": "FLOOR"}, {"R1"}),
    ({"floorperson": "floor", "training": "all"}, {"R1", "R3"}),
    ({"floorperson": "dealer"}, set()),  # a user who decided nothing
    ({"irregularity": "any"}, {"R2"}),
    ({"irregularity": "card_face_up"}, {"R2"}),
    ({"irregularity": "shoe_jam"}, set()),
    ({"irregularity": "any", "wager": "bet1", "approval": "pending", "dealer": "dealer2"}, {"R2"}),
])
def test_each_filter_keeps_exactly_its_rounds(floor_rounds, query, expected):
    assert found(floor_rounds, **query) == expected


def test_a_round_matching_by_several_rows_is_listed_once(client, cast, floor_rounds):
    # R1 has two approvals by the floorperson and two lines in the amount range: one row each time.
    assert [rnd.pk for rnd in history_filter({"floorperson": "floor", "amount_min": "10"}).qs] == [floor_rounds.r1.pk]
    client.force_login(cast["super"])
    page = client.get(reverse("history"), {"floorperson": "floor"}).content.decode()
    assert page.count(reverse("round-detail", args=[floor_rounds.r1.pk]) + '"') == 1
    assert "1 round" in page


@pytest.mark.parametrize("query, message", [
    ({"seat": "0"}, "Seat: Ensure this value is greater than or equal to 1."),
    ({"seat": "two"}, "Seat: Enter a whole number."),
    ({"seat": "7", "game": "texas-holdem-bonus"}, "Seat: Texas Hold &#x27;Em Bonus Poker has seats 1 to 6."),
    ({"wager": "pass_line"}, "Wager: Select a valid choice. pass_line is not one of the available choices."),
    ({"wager": "bonus", "game": "let-it-ride"}, "Wager: Let It Ride Poker takes no such wager."),
    ({"amount_min": "12.345"}, "Amount from: Ensure that there are no more than 2 decimal places."),
    ({"amount_max": "ten"}, "Amount to: Enter a number."),
    ({"amount_max": "NaN"}, "Amount to: Enter a number."),
    ({"amount_min": "-5"}, "Amount from: Ensure this value is greater than or equal to 0."),
    ({"amount_min": "10", "amount_max": "5"}, "The amounts run backwards: from 10 to 5."),
    ({"approval": "maybe"}, "Approval: Select a valid choice. maybe is not one of the available choices."),
    ({"floorperson": "nobody"}, "Decided by: Nobody is named &#x27;nobody&#x27;."),
    ({"irregularity": "fire"}, "Irregularity: Select a valid choice. fire is not one of the available choices."),
    ({"irregularity": "ten_in_shoe", "game": "let-it-ride"},
     "Irregularity: Let It Ride Poker has no such irregularity."),
    ({"training": "sometimes"}, "Training: Select a valid choice. sometimes is not one of the available choices."),
    ({"table": "Z"}, "Table: No table is named &#x27;Z&#x27;."),
    ({"table": "TH"}, "Table: No table is named &#x27;TH&#x27;."),  # part of names is no table
    ({"shift": "2"}, "Shift: A shift is of gaming days: choose From and To as well."),
    ({"shift": "9", "from": "2026-11-02", "to": "2026-11-02"},
     "Shift: Select a valid choice. 9 is not one of the available choices."),
    ({"jackpot": "maybe"}, "Jackpots: Select a valid choice. maybe is not one of the available choices."),
])
def test_a_bad_value_is_refused_by_name_on_the_page_and_the_csv(client, cast, floor_rounds, query, message):
    client.force_login(cast["floor"])
    response = client.get(reverse("history"), query)
    page = response.content.decode()
    assert response.status_code == 400 and message in page
    assert not any(reverse("round-detail", args=[rnd.pk]) in page for rnd in vars(floor_rounds).values())
    export = client.get(reverse("history-csv"), query)
    text = export.content.decode()
    assert export.status_code == 400 and message.replace("&#x27;", "'") in text
    assert "TH-1" not in text


def test_the_page_says_training_rounds_are_left_out(client, cast, floor_rounds):
    client.force_login(cast["super"])
    assert "Training rounds are left out" in client.get(reverse("history")).content.decode()
    only = client.get(reverse("history"), {"training": "only"}).content.decode()
    assert "Training rounds only." in only and reverse("round-detail", args=[floor_rounds.r3.pk]) in only


def csv_rows(client, user, **query):
    client.force_login(user)
    response = client.get(reverse("history-csv"), query)
    assert isinstance(response, StreamingHttpResponse)
    return {row["round"] + "@" + row["table"]: row
            for row in csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode()))}


def local(moment) -> str:
    return timezone.localtime(moment).isoformat(timespec="microseconds")


def test_the_csv_writes_out_names_seats_wagers_handle_void_approvals_and_training(client, cast, floor_rounds):
    rows = csv_rows(client, cast["super"], training="all")
    assert set(rows) == {"1@TH-1", "1@LR-7", "1@TH-12", "2@LR-7"}
    r1 = floor_rounds.r1
    without_log = {key: value for key, value in rows["1@TH-1"].items() if key != "log"}
    assert without_log == {
        "table": "TH-1", "round": "1", "game": "Texas Hold 'Em Bonus Poker", "dealer": "dealer",
        "started": local(r1.started_at), "closed": local(r1.closed_at), "status": "Closed", "training": "no",
        "seats": "1, 3", "wagers": "1: Ante 10.00, Texas Hold 'Em Bonus Wager 5.00; 3: Ante 25.00",
        # Handle: $10 + $5 + $25 wagered, each settled; paid $150 + $25; collected $10; nothing kept
        # (no jackpot the cage paid); the house's win $10 - $175.
        "handle": "40.00", "paid": "175.00", "collected": "10.00", "kept": "0.00", "win": "-165.00", "void": "",
        "approvals": "2", "approval_statuses": "approved; approved", "decided_by": "floor",
    }
    r2 = rows["1@LR-7"]
    # The void round's $150 of wagers were returned: no handle, as the reports count it.
    assert (r2["game"], r2["dealer"], r2["status"], r2["seats"], r2["wagers"], r2["handle"], r2["paid"], r2["win"]) == (
        "Let It Ride Poker", "dealer2", "Void", "2", "2: Bet 1 50.00, Bet 2 50.00, Bet 3 50.00", "0.00", "0.00",
        "0.00")
    assert r2["void"] == "Card found face up in the shoe or deck while dealing (§ 643a.13(a))"
    assert (r2["approvals"], r2["approval_statuses"], r2["decided_by"]) == ("1", "pending", "")
    r3 = rows["1@TH-12"]
    assert (r3["training"], r3["seats"], r3["handle"], r3["collected"], r3["win"], r3["approval_statuses"],
            r3["decided_by"]) == ("yes", "4", "100.00", "100.00", "100.00", "refused", "floor")
    assert (rows["2@LR-7"]["approvals"], rows["2@LR-7"]["approval_statuses"]) == ("0", "")


def test_the_csv_applies_the_new_filters(client, cast, floor_rounds):
    assert set(csv_rows(client, cast["floor"], wager="bet1", amount_max="5")) == {"2@LR-7"}
    assert set(csv_rows(client, cast["floor"], irregularity="card_face_up")) == {"1@LR-7"}
    assert set(csv_rows(client, cast["floor"])) == {"1@TH-1", "1@LR-7", "2@LR-7"}  # no training round


def test_keyset_pages_of_a_filtered_history_list_every_round_once(cast):
    table = Table.objects.create(name="TH-3", game="texas-holdem-bonus")
    on_seat_2 = set()
    for n in range(23):
        seat = 2 if n % 3 else 5
        rnd = build(table, cast["dealer"], n, wagers=[(seat, "ante", 10_00), (seat, "bonus", 5_00)])
        if n % 4 == 0:  # some rounds share an instant with the one before
            Round.objects.filter(pk=rnd.pk).update(started_at=START + timedelta(minutes=10 * (n - 1)))
        if seat == 2:
            on_seat_2.add(rnd.pk)
    rounds = history_filter({"seat": "2"}).qs
    seen, page = [], selectors.history_page(rounds, size=4)
    while True:
        seen.extend(rnd.pk for rnd in page.rounds)
        if page.older is None:
            break
        page = selectors.history_page(rounds, older=page.older, size=4)
    assert sorted(seen) == sorted(on_seat_2)
    assert seen == list(Round.objects.filter(pk__in=on_seat_2).order_by("-started_at", "-id")
                        .values_list("pk", flat=True))


@pytest.mark.postgres
@pytest.mark.parametrize("query, index", [
    ({"training": "only"}, "round_history_training"),
    ({"irregularity": "any"}, "irregularity_events"),
    ({"irregularity": "card_face_up"}, "irregularity_events"),
    ({"seat": "2"}, "games_wager"),
    ({"amount_min": "1000"}, "games_settlementline"),
])
def test_the_new_filters_read_an_index_not_every_row(cast, query, index):
    table = Table.objects.create(name="TH-4", game="texas-holdem-bonus")
    for n in range(300):
        rnd = build(table, cast["dealer"], n, training=n % 100 == 0, wagers=[(1 + n % 6, "ante", 10_00)],
                    lines=[(1 + n % 6, "ante", "win" if n % 50 == 0 else "lose", 2000_00 if n % 50 == 0 else 10_00)])
        if n % 30 == 0:
            RoundEvent.objects.create(round=rnd, seq=1, actor=cast["dealer"], role="dealer",
                                      action={"type": "irregularity", "kind": "card_face_up"})
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
        cursor.execute("SET LOCAL enable_seqscan = off")
    plan = history_filter(query).qs[:51].explain()
    assert index in plan and "Seq Scan" not in plan, plan
