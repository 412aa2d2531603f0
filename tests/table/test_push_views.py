"""The POST's answer is the render the tablets are pushed; a push that fails leaves the request whole."""

import pytest
from channels.layers import get_channel_layer
from django.test import Client
from django.urls import reverse

from games.floor import selectors
from games.floor import services as floor_services
from games.table import push

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.redis, pytest.mark.postgres]


def test_the_post_answers_with_the_render_the_tablets_are_pushed(cast, table, renders):
    client = Client()
    client.force_login(cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    rnd = table.rounds.get()
    before = renders["table"]
    response = client.post(reverse("round-act", args=[rnd.id]),
                           {"seq": 0, "step": "wagers", "seat": 2, "wager": ["ante"], "amount_ante": "15"})
    assert renders["table"] - before == 1
    cached = push.cache.get(push.table_key(table.id))
    assert response.content.decode() == cached["html"]["dealer"] and cached["seq"] == 1
    assert "csrfmiddlewaretoken" not in response.content.decode()  # nothing per user in the shared render


def test_a_failed_push_does_not_fail_the_request(cast, table, monkeypatch, caplog):
    client = Client()
    client.force_login(cast["dealer"])
    client.post(reverse("round-start", args=[table.id]))
    rnd = table.rounds.get()

    async def redis_down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    def cache_down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(get_channel_layer(), "group_send", redis_down)
    monkeypatch.setattr(push.cache, "get", cache_down)
    monkeypatch.setattr(push.cache, "set", cache_down)
    monkeypatch.setattr(push.cache, "set_if_newer", cache_down, raising=False)  # Redis's one-step write
    response = client.post(reverse("round-act", args=[rnd.id]),
                           {"seq": 0, "step": "wagers", "seat": 2, "wager": ["ante"], "amount_ante": "15"})
    assert response.status_code == 200 and 'data-seq="1"' in response.content.decode()
    assert list(rnd.wagers.values_list("seat", "wager", "amount")) == [(2, "ante", 1500)]
    assert "Push to table." in caplog.text and "Could not store the latest render" in caplog.text


def test_a_tablet_that_shows_the_latest_state_is_told_so_and_one_behind_gets_it(cast, table):
    client = Client()
    client.force_login(cast["floor"])
    url = reverse("table-state", args=[table.id])
    assert client.get(url, {"round": "", "seq": "0"}).status_code == 204  # no round yet, as the tablet shows
    dealer = Client()
    dealer.force_login(cast["dealer"])
    dealer.post(reverse("round-start", args=[table.id]))
    rnd = table.rounds.get()
    behind = client.get(url, {"round": "", "seq": "0"})  # it missed the push of the new round
    assert behind.status_code == 200 and f'data-round="{rnd.id}"' in behind.content.decode()
    assert client.get(url, {"round": rnd.id, "seq": 0}).status_code == 204


def test_a_tap_is_rendered_from_the_state_it_committed_without_reading_the_round_back(cast, table, renders):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.table import services
    from tests.conftest import OPENING, play

    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:2])
    before = renders["table"]
    with CaptureQueriesContext(connection) as queries:  # the render runs when the tap commits
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[OPENING[2]], expected_seq=2)
    reads = [query["sql"] for query in queries.captured_queries if query["sql"].startswith("SELECT")]
    assert renders["table"] - before == 1
    # The lock, nothing after.  (While wagers are placed, the wagers of the table's previous round
    # are read for "as last round", games/table/shortcuts.py: this is the table's first round, so none.)
    assert [sql for sql in reads if 'FROM "games_round"' in sql] == [reads[0]]
    assert not [sql for sql in reads if 'FROM "games_wager"' in sql]
    assert reads[0].endswith("FOR UPDATE")
    assert not [sql for sql in reads if 'FROM "games_table"' in sql or 'FROM "games_approval"' in sql]
    cached = push.cache.get(push.table_key(table.id))
    assert cached["seq"] == 3 and "Ante $25.00" in cached["html"]["floor"]  # seat 3's new wager



def _meter_reads(queries) -> list[str]:
    """The statements that read meters or link memberships themselves (not the EXISTS beside a lock)."""
    return [query["sql"] for query in queries.captured_queries
            if query["sql"].startswith(('SELECT "games_meter"', 'SELECT "games_linkedtable"'))]


def test_a_tap_at_a_table_no_meter_feeds_reads_no_meter_and_one_with_a_meter_does(cast, table):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.progressives import services as progressives
    from games.table import services
    from tests.conftest import OPENING, play

    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:2])
    with CaptureQueriesContext(connection) as queries:
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[OPENING[2]], expected_seq=2)
    assert _meter_reads(queries) == []
    # A meter of the table's own, added while the round is in play: the next tap's render reads it.
    progressives.meter_create(user=cast["super"], name="TH-9 BONUS", game="texas-holdem-bonus", wager="progressive",
                              table_id=table.id, seed="10000", reset="10000", rate="10", wager_amount="5")
    with CaptureQueriesContext(connection) as queries:
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[OPENING[3]], expected_seq=3)
    assert len(_meter_reads(queries)) == 2  # the table's link membership (none) and its meters
    assert push.cache.get(push.table_key(table.id))["seq"] == 4


def test_a_table_that_joins_a_down_link_says_so_at_once_and_after_every_tap(cast):
    from games.progressives import services as progressives
    from games.table import services
    from tests.conftest import deal_at
    from tests.progressives.progressive_play import linked_tables, thb_table

    link, meter, (first,) = linked_tables(cast["super"], "TH-1")
    joining = thb_table("TH-2")
    deal_at(joining, cast["dealer"])
    rnd = services.round_start(table_id=joining.id, user=cast["dealer"])
    ante = {"type": "place_wager", "step": "wagers", "seat": 1, "wager": "ante", "amount": "10"}
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[ante], expected_seq=0)
    assert 'id="link-down"' not in push.cache.get(push.table_key(joining.id))["html"]["dealer"]
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="adding TH-2")
    progressives.link_add_table(link_id=link.id, table_id=joining.id, user=cast["super"])
    down = "the link TH-1-LINK is down (adding TH-2)"
    assert down in push.cache.get(push.table_key(joining.id))["html"]["dealer"]
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{**ante, "seat": 2}], expected_seq=1)
    cached = push.cache.get(push.table_key(joining.id))
    assert cached["seq"] == 2 and down in cached["html"]["dealer"] and down in cached["html"]["floor"]
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=True)
    assert 'id="link-down"' not in push.cache.get(push.table_key(joining.id))["html"]["dealer"]
    progressives.link_table_set(link_id=link.id, table_id=joining.id, user=cast["super"], on_link=False)
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{**ante, "seat": 3}], expected_seq=2)
    assert "table TH-2 is off the link TH-1-LINK" in push.cache.get(push.table_key(joining.id))["html"]["dealer"]


def test_a_round_start_renders_the_round_it_created_and_replays_no_banked_round_before_it(
        cast, table, renders, django_capture_on_commit_callbacks):
    """A banked round takes nothing from the last one (``carries_options``): the start does not read
    the last round's log, nor, at a table no meter feeds, a meter; the render after the commit
    starts from the round just created, reading no table or round back."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.table import replay, services
    from tests.conftest import play

    first = services.round_start(table_id=table.id, user=cast["dealer"])
    play(first, cast["dealer"], {"type": "cancel", "step": "wagers"})
    replay.forget_all()  # as in another server process: the last round's state is not at hand
    before = renders["table"]
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
        second = services.round_start(table_id=table.id, user=cast["dealer"])
    reads = [query["sql"] for query in queries.captured_queries if query["sql"].startswith("SELECT")]
    assert second.number == 2 and renders["table"] - before == 1
    assert not [sql for sql in reads if 'FROM "games_roundevent"' in sql]  # no replay of round 1
    assert _meter_reads(queries) == []
    # The table's lock and the last round (its number and status); after the commit, only the
    # last round's wagers, for "as last round": nothing read back, the pit's status included.
    tables = [sql for sql in reads if sql.startswith('SELECT "games_table"')]
    assert len(tables) == 1 and tables[0].endswith("FOR UPDATE")
    assert len([sql for sql in reads if sql.startswith('SELECT "games_round"')]) == 1
    cached = push.cache.get(push.table_key(table.id))
    assert (cached["round"], cached["seq"]) == (second.id, 0)
    # Started again while it is in play: refused, as before.
    with pytest.raises(services.Refused, match="already has a round in play"):
        services.round_start(table_id=table.id, user=cast["dealer"])


def test_a_tables_status_built_from_the_round_just_committed_is_the_one_the_database_gives(cast, table):
    """The pit's status after a start or an end is built from the committed round, without a read:
    it must say what ``tables_with_status`` reads, whether the round is in play, waiting for a
    floorperson or ended."""
    from games.models import Table
    from games.table import services
    from tests.conftest import OPENING, play

    def both(rnd):
        rnd.refresh_from_db()
        built = selectors.table_with_status(Table.objects.get(pk=table.id), rnd, services.engine_round(rnd))
        read = selectors.tables_with_status(Table.objects.filter(pk=table.id))[0]
        return (built.status, built.status_position), (read.status, read.status_position)

    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    built, read = both(rnd)
    assert built == read == ("in play", (rnd.id, 0))
    play(rnd, cast["dealer"], *OPENING[:4], {"type": "irregularity", "step": "deal", "kind": "wrong_card_count"})
    built, read = both(rnd)
    assert built == read == ("waiting", (rnd.id, 0))  # the void waits for a floorperson
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    built, read = both(rnd)
    assert built == read == ("idle", (rnd.id, 1))
