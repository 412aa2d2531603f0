"""The history's queries: filters checked and refused by name, casino-time dates, keyset pages, a
streamed CSV, and an index behind every filter."""

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.http import StreamingHttpResponse
from django.test import AsyncRequestFactory, RequestFactory
from django.urls import reverse
from django.utils import timezone

from games.history import selectors, views
from games.history.filters import history_filter
from games.models import ReliefDealer, Round, Table

pytestmark = pytest.mark.django_db

GAMES = ["texas-holdem-bonus", "let-it-ride", "wpt-heads-up"]


def make_rounds(tables, dealers, count, *, start=datetime(2026, 11, 2, 17, 0, tzinfo=UTC), step=timedelta(minutes=7),
                same_instant_every=0, games=GAMES, statuses=("closed", "void", "closed")):
    """``count`` rounds spread over the tables, dealers, games and statuses in turn, one every
    ``step`` from ``start`` (every ``same_instant_every``-th shares the instant of the one before,
    to test ties)."""
    numbers = {table.id: table.rounds.count() for table in tables}
    rounds, when = [], start
    for i in range(count):
        table = tables[i % len(tables)]
        numbers[table.id] += 1
        if not (same_instant_every and i % same_instant_every == 0):
            when += step
        rounds.append(Round(table=table, number=numbers[table.id], game=games[i % len(games)], rules={},
                            dealer=dealers[i % len(dealers)], status=statuses[i % len(statuses)],
                            total_paid=100 * i, total_collected=7 * i, closed_at=when))
    created = Round.objects.bulk_create(rounds)
    # started_at is set at insert (auto_now_add): place each round at its own instant afterwards.
    for rnd in created:
        rnd.started_at = rnd.closed_at
    Round.objects.bulk_update(created, ["started_at"])
    return created


@pytest.fixture
def floor_tables(db):
    return [Table.objects.create(name=f"T-{n}", game=GAMES[n % len(GAMES)]) for n in range(4)]


def history(client, user, **query):
    client.force_login(user)
    return client.get(reverse("history"), query)


# -- refusals ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("query, message", [
    ({"from": "2026-02-30"}, "From: Enter a real date as YYYY-MM-DD."),
    ({"to": "yesterday"}, "To: Enter a real date as YYYY-MM-DD."),
    ({"from": "2026-03-02", "to": "2026-03-01"}, "The dates run backwards: from 2026-03-02 to 2026-03-01."),
    ({"status": "settled"}, "Status: Select a valid choice. settled is not one of the available choices."),
    ({"game": "baccarat"}, "Game: Select a valid choice. baccarat is not one of the available choices."),
    ({"table": "T-1\x00"}, "Table: Null characters are not allowed."),
    ({"dealer": "d" * 5000}, "Dealer: Ensure this value has at most 150 characters (it has 5000)."),
    ({"table": "X-404"}, "Table: No table is named &#x27;X-404&#x27;."),
    ({"dealer": "nobody"}, "Dealer: Nobody is named &#x27;nobody&#x27;."),
    ({"older": "12-x"}, "Page: This is not a page of this history; start from the first page."),
    ({"older": "9" * 20 + "-1"}, "Page: This is not a page of this history; start from the first page."),
])
def test_an_invalid_filter_is_refused_by_name_and_shows_nothing(client, cast, floor_tables, query, message):
    make_rounds(floor_tables, [cast["dealer"]], 3)
    response = history(client, cast["super"], **query)
    page = response.content.decode()
    assert response.status_code == 400
    assert message in page
    assert reverse("round-detail", args=[Round.objects.first().id]) not in page  # not the unfiltered history
    export = client.get(reverse("history-csv"), query)
    assert export.status_code == 400 and message.replace("&#x27;", "'") in export.content.decode()


# -- dates in the casino's time zone ------------------------------------------------------------------

def test_a_day_is_the_casinos_gaming_day_across_a_clock_change(client, cast, floor_tables, settings):
    # The dates filter gaming days, as the reports do.  With the gaming day starting at 6:00, the
    # day of 7 March 2026 is 23 hours long (Eastern clocks go forward at 2 a.m. on the 8th): from
    # 6:00 EST (11:00 UTC) on the 7th to 6:00 EDT (10:00 UTC) on the 8th.
    settings.GAMING_DAY_START = 6
    instants = {
        "before": datetime(2026, 3, 7, 10, 59, 59, 999999, tzinfo=UTC),  # 5:59:59.999999 EST: the 6th's day
        "first": datetime(2026, 3, 7, 11, 0, tzinfo=UTC),
        "after midnight": datetime(2026, 3, 8, 6, 30, tzinfo=UTC),  # 1:30 EST on the 8th: still the 7th's day
        "last": datetime(2026, 3, 8, 9, 59, 59, 999999, tzinfo=UTC),  # 5:59:59.999999 EDT on the 8th
        "after": datetime(2026, 3, 8, 10, 0, tzinfo=UTC),  # 6:00 EDT: the 8th's day
    }
    rounds = make_rounds(floor_tables, [cast["dealer"]], len(instants))
    for rnd, when in zip(rounds, instants.values(), strict=True):
        Round.objects.filter(pk=rnd.pk).update(started_at=when)
    by_instant = dict(zip(instants, rounds, strict=True))
    page = history(client, cast["super"], **{"from": "2026-03-07", "to": "2026-03-07"}).content.decode()
    shown = {name for name, rnd in by_instant.items() if reverse("round-detail", args=[rnd.id]) in page}
    assert shown == {"first", "after midnight", "last"}


# -- keyset pages -----------------------------------------------------------------------------------

def walk(rounds, *, size, between_pages=lambda: None):
    """Every round, page by page from the newest, running ``between_pages`` after each page."""
    seen, page = [], selectors.history_page(rounds, size=size)
    while True:
        seen.extend(rnd.id for rnd in page.rounds)
        between_pages()
        if page.older is None:
            return seen, page
        page = selectors.history_page(rounds, older=page.older, size=size)


def test_older_pages_list_every_round_once_while_new_rounds_arrive(cast, floor_tables):
    existing = make_rounds(floor_tables, [cast["dealer"], cast["dealer2"]], 37, same_instant_every=4)
    arrivals = []

    def a_round_starts():  # a newer round starts at some table between two page loads
        arrivals.extend(make_rounds(floor_tables, [cast["dealer"]], 1, start=datetime(2026, 12, 1, tzinfo=UTC)
                                    + timedelta(minutes=len(arrivals))))

    seen, last = walk(selectors.history_rounds(), size=5, between_pages=a_round_starts)
    assert sorted(seen) == sorted(rnd.id for rnd in existing)  # each once, the newcomers on no page
    expected = list(Round.objects.filter(pk__in=seen).order_by("-started_at", "-id").values_list("id", flat=True))
    assert seen == expected
    # Back up through the newer links: each page is the rounds just newer than the one before,
    # until the first page, which now starts with the newcomers.
    everything = list(Round.objects.order_by("-started_at", "-id").values_list("id", flat=True))
    page = last
    while page.newer is not None:
        before = page
        page = selectors.history_page(selectors.history_rounds(), newer=page.newer, size=5)
        ids = [rnd.id for rnd in page.rounds]
        if page.newer is not None:
            assert everything.index(ids[-1]) + 1 == everything.index(before.rounds[0].id)
    assert [rnd.id for rnd in page.rounds] == everything[:5]
    assert everything[:len(arrivals)] == [rnd.id for rnd in reversed(arrivals)]


def test_the_page_counts_up_to_a_cap_and_says_so(cast, floor_tables, monkeypatch):
    make_rounds(floor_tables, [cast["dealer"]], 12)
    monkeypatch.setattr(selectors, "HISTORY_COUNT_CAP", 10)
    capped = selectors.history_page(selectors.history_rounds(), size=5)
    assert (capped.count, capped.count_capped) == (10, True)
    exact = selectors.history_page(history_filter({"table": "T-0"}).qs, size=5)
    assert (exact.count, exact.count_capped) == (3, False)


def test_the_pages_links_keep_the_filters(client, cast, floor_tables, monkeypatch):
    rounds = make_rounds(floor_tables, [cast["dealer"]], 12)  # three at each table
    monkeypatch.setattr(selectors, "HISTORY_PAGE_SIZE", 2)
    at_t1 = sorted((r for r in rounds if r.table == floor_tables[1]), key=lambda r: r.started_at, reverse=True)

    def shown(page):
        return [r.id for r in at_t1 if reverse("round-detail", args=[r.id]) in page]

    first = history(client, cast["super"], table="T-1").content.decode()
    assert shown(first) == [r.id for r in at_t1[:2]]
    assert "newer=" not in first
    link = first.split('rel="next" href="?')[1].split('"')[0].replace("&amp;", "&")
    assert link.startswith("table=T-1&older=")
    second = client.get(reverse("history") + "?" + link).content.decode()
    assert shown(second) == [at_t1[2].id]
    assert sum(reverse("round-detail", args=[r.id]) in second for r in rounds) == 1
    assert "older=" not in second and "newer=" in second


# -- the CSV ----------------------------------------------------------------------------------------

def test_the_csv_is_streamed_row_by_row_with_the_filtered_rounds(client, cast, floor_tables):
    rounds = make_rounds(floor_tables, [cast["dealer"], cast["dealer2"]], 30)
    client.force_login(cast["floor"])
    response = client.get(reverse("history-csv"), {"dealer": "dealer2", "status": "closed"})
    assert isinstance(response, StreamingHttpResponse)
    chunks = iter(response.streaming_content)
    first = next(chunks)
    assert first.startswith(b"table,round,game,dealer,started,closed,status,training,")  # sent before any row
    rows = list(csv.DictReader(io.StringIO((first + b"".join(chunks)).decode())))
    expected = sorted((r for r in rounds if r.dealer == cast["dealer2"] and r.status == "closed"),
                      key=lambda r: (r.started_at, r.id), reverse=True)
    assert [(row["table"], int(row["round"]), row["game"], row["dealer"], row["started"], row["status"],
             row["paid"], row["collected"]) for row in rows] == [
        (r.table.name, r.number, r.game_name, "dealer2",
         timezone.localtime(r.started_at).isoformat(timespec="microseconds"), "Closed",
         f"{r.total_paid // 100}.{r.total_paid % 100:02d}", f"{r.total_collected // 100}.{r.total_collected % 100:02d}")
        for r in expected]


async def test_under_asgi_the_csv_is_handed_over_as_an_async_stream():
    # Daphne reads a sync iterator to its end before sending a byte; an async one chunk by chunk.
    chunks = (line for line in ["table,round\r\n", "TH-9,1\r\n"])
    stream = views._streamed(AsyncRequestFactory().get("/history.csv"), chunks)
    assert [chunk async for chunk in stream] == ["table,round\r\n", "TH-9,1\r\n"]
    plain = iter(["a"])
    assert views._streamed(RequestFactory().get("/history.csv"), plain) is plain


# -- indexes ----------------------------------------------------------------------------------------

@pytest.mark.postgres
@pytest.mark.parametrize("name, index", [
    # The dealer filter also finds the rounds a relief dealer tapped in (selectors.rounds_dealt_by),
    # listed apart (games.models.ReliefDealer): with none, it reads the dealer's own index.
    ("unfiltered", "round_history"), ("table", "round_history_table"), ("dealer", "round_history_dealer"),
    ("game", "round_history_game"), ("status", "round_history_status"), ("dates", "round_history"),
    ("older", "round_history"),
])
def test_each_filter_reads_its_index_in_the_historys_order(cast, floor_tables, name, index):
    # One round in 50 has the value each filter looks for, as one table or dealer of a floor would.
    def rare(common, wanted):
        return [common] * 49 + [wanted]

    dealers = rare(cast["dealer"], cast["dealer2"])
    rounds = make_rounds(rare(*floor_tables[:2]), dealers, 3000, step=timedelta(seconds=40),
                         games=rare(*GAMES[:2]), statuses=rare("closed", "void"))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_round")
    middle = rounds[1500]
    day = timezone.localtime(middle.started_at).date().isoformat()
    search = {
        "unfiltered": {}, "table": {"table": floor_tables[1].name}, "dealer": {"dealer": "dealer2"},
        "game": {"game": "let-it-ride"}, "status": {"status": "void"}, "dates": {"from": day, "to": day}, "older": {},
    }[name]
    rounds = history_filter(search).qs
    if name == "older":
        rounds = selectors._beyond(rounds, selectors.Cursor.of(middle), older=True)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        plan = rounds[:51].explain()
    assert f"Index Scan using {index} on games_round" in plan, plan
    assert "Sort" not in plan, plan


@pytest.mark.postgres
def test_a_dealer_and_the_rounds_they_relieved_are_read_by_index_not_by_every_round(cast, floor_tables):
    dealers = [cast["dealer"]] * 49 + [cast["dealer2"]]
    rounds = make_rounds(floor_tables[:1], dealers, 3000, step=timedelta(seconds=40))
    relieved = rounds[10]  # started by dealer, taken over by dealer2
    ReliefDealer.objects.create(round=relieved, dealer=cast["dealer2"])
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_round")
    found = history_filter({"dealer": "dealer2"}).qs
    assert relieved in found and found.count() == 60 + 1
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        # The paginator's capped count: the old OR with the events' subquery read every round for it.
        plan = found.values("id")[:1001].explain()
    assert "round_history_dealer" in plan and "games_round_pkey" in plan and "Seq Scan" not in plan, plan


@pytest.mark.postgres
def test_a_csv_abandoned_half_way_leaves_the_connection_usable(cast, floor_tables):
    make_rounds(floor_tables, [cast["dealer"]], 3000)
    chunks = views._read_in_transaction(selectors.history_csv(selectors.history_rounds()))  # as the view reads it
    assert next(chunks).startswith(b"table,") and len(next(chunks)) >= selectors.CSV_CHUNK
    chunks.close()  # the browser went away
    assert Round.objects.count() == 3000
