"""The reports page by table or by dealer, a page of them at a time: only the page's sections,
each with the figures of the whole report, links to the neighbouring pages that keep the
filters, and a page that does not exist refused by name."""

import csv
import io
from html import unescape

import pytest
from django.urls import reverse

from games.reports import views as report_views
from tests.reports.test_reports import DAY, build_day, report_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(cast, monkeypatch):
    monkeypatch.setattr(report_views, "PAGE_SIZE", 1)  # the day's two tables and two dealers: two pages each
    return build_day(cast)


def page_of(client, cast, **query):
    client.force_login(cast["super"])
    return client.get(reverse("reports"), {"from": DAY, "to": DAY, "training": "exclude", **query})


def test_by_table_a_page_shows_its_tables_and_the_next_link_the_rest(client, cast, day):
    first = page_of(client, cast, by="table")
    assert first.status_code == 200
    assert [f.name for f in first.context["breakdown"]] == ["LR-1"]
    assert {entry.table for entry, _ in first.context["hits"]} == {"LR-1"}
    hold = next(chart for chart in first.context["charts"] if chart.slug == "hold-by-table")
    assert [series.name for series in hold.series] == ["LR-1"]
    html = first.content.decode()
    assert "Tables 1–1 of 2" in html
    assert 'data-name="LR-1"' in html and 'data-name="TH-9"' not in html
    assert "paging-previous" not in html
    following = first.context["paging"]["next"]
    assert unescape(f'href="?{following}"') in unescape(html)
    assert "training=exclude" in following and "by=table" in following and f"from={DAY}" in following
    second = client.get(reverse("reports") + "?" + following)
    assert second.status_code == 200
    assert [f.name for f in second.context["breakdown"]] == ["TH-9"]
    assert {entry.table for entry, _ in second.context["hits"]} == {"TH-9"}
    assert "Tables 2–2 of 2" in second.content.decode()
    assert "paging-next" not in second.content.decode() and "paging-previous" in second.content.decode()
    # The floor and the games are the whole report's on every page.
    full, _ = report_of(by="table")
    for page in (first, second):
        summaries = {level: rows for level, _, rows in page.context["summaries"]}
        assert summaries["floor"] == full.rows("floor") and summaries["game"] == full.rows("game")


def test_a_shown_tables_figures_are_those_of_the_unpaged_report_and_csv(client, cast, day):
    client.force_login(cast["super"])
    full, _ = report_of(by="table")
    summary = {r["name"]: r for r in csv.DictReader(io.StringIO(client.get(reverse("reports-csv"), {
        "from": DAY, "to": DAY, "section": "summary"}).content.decode())) if r["level"] == "table"}
    hits = {(r["table"], r["paytable"], r["hand"], r["trials"], r["observed"], r["expected"], r["p_value"])
            for r in csv.DictReader(io.StringIO(client.get(reverse("reports-csv"), {
                "from": DAY, "to": DAY, "section": "hits"}).content.decode()))}
    for number, name in ((1, "LR-1"), (2, "TH-9")):
        page = page_of(client, cast, by="table", page=number)
        (shown,) = page.context["breakdown"]
        assert shown == next(f for f in full.rows("table") if f.name == name)
        assert (f"{shown.handle / 100:.2f}", f"{shown.win / 100:.2f}", shown.rounds) == (
            summary[name]["handle"], summary[name]["win"], int(summary[name]["rounds"]))
        assert page.context["hits"]
        for entry, _ in page.context["hits"]:
            for hit in entry.rows:
                # (A paytable without a probability per row has no expected count and no p-value.)
                assert (entry.table, entry.letter, hit.name, str(hit.trials), str(hit.observed),
                        "" if hit.expected is None else str(hit.expected),
                        "" if hit.p_value is None else f"{hit.p_value:.6g}") in hits


def test_by_dealer_a_page_shows_its_dealers(client, cast, day):
    names = sorted((cast["dealer"].username, cast["dealer2"].username), key=str.lower)
    first = page_of(client, cast, by="dealer")
    second = client.get(reverse("reports") + "?" + first.context["paging"]["next"])
    full, _ = report_of(by="dealer")
    assert [f.name for f in first.context["breakdown"]] == names[:1]
    assert [f.name for f in second.context["breakdown"]] == names[1:]
    assert first.context["breakdown"] + second.context["breakdown"] == full.rows("dealer")
    assert "Dealers 1–1 of 2" in first.content.decode()


@pytest.mark.parametrize(("page", "message"), [
    ("0", "Page: Ensure this value is greater than or equal to 1."),
    ("two", "Page: Enter a whole number."),
    ("3", "Page: there is no page 3; the breakdown by table has 2 pages of 1."),
])
def test_a_bad_page_is_refused_by_name(client, cast, day, page, message):
    response = page_of(client, cast, by="table", page=page)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert "Drop and win by wager" not in response.content.decode()


def test_the_csv_keeps_every_table_whatever_the_page(client, cast, day):
    client.force_login(cast["super"])
    rows = list(csv.DictReader(io.StringIO(client.get(reverse("reports-csv"), {
        "from": DAY, "to": DAY, "by": "table", "page": "2", "section": "wagers"}).content.decode())))
    assert {r["name"] for r in rows} == {"LR-1", "TH-9"}
