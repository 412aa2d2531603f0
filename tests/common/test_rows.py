"""The statements of a tap written from the models' metadata read and write what the ORM does."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from games.common import rows
from games.floor import services as floor_services
from games.models import Round, RoundEvent, Table
from games.progressives import services as progressives
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, play

pytestmark = pytest.mark.django_db


def fields_of(instance):
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


def test_the_locked_read_gives_the_round_and_its_table_as_the_orm_reads_them(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING,
               *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True, note="")
    rnd = play(rnd, cast["dealer"], {"type": "close", "step": "close"})
    Table.objects.filter(pk=table.id).update(training=True)  # a true boolean to convert
    assert rnd.status == Round.Status.CLOSED and rnd.record and rnd.closed_at  # every kind of column filled
    with transaction.atomic():
        read = rows.locked_round(rnd.id, cast["dealer"])
    orm = Round.objects.select_related("table").get(pk=rnd.id)
    assert fields_of(read) == fields_of(orm)
    assert fields_of(read.table) == fields_of(orm.table)
    # Converted as the ORM converts them, on every backend: JSON decoded, times aware, booleans.
    assert isinstance(read.rules, dict) and read.rules["bonus_paytable"] == "A"
    assert read.closed_at.tzinfo is not None and read.table.training is True
    assert type(read.figures_stored) is bool
    assert not read._state.adding and read._state.db == "default"


def test_the_locked_read_says_whether_the_user_deals_there_and_whether_a_meter_feeds_it(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    with transaction.atomic():
        dealer = rows.locked_round(rnd.id, cast["dealer"])
        floor = rows.locked_round(rnd.id, cast["floor"])
    assert (dealer.dealing_here, floor.dealing_here) == (True, False)
    assert dealer.table_fed is False
    progressives.meter_create(user=cast["super"], name="TH-9 BONUS", game="texas-holdem-bonus", wager="progressive",
                              table_id=table.id, seed="10000", reset="10000", rate="10", wager_amount="5")
    with transaction.atomic():
        assert rows.locked_round(rnd.id, cast["dealer"]).table_fed is True


def test_the_locked_read_of_a_round_that_is_not_there_is_not_found(cast, table):
    with transaction.atomic(), pytest.raises(Round.DoesNotExist, match="no round 987654"):
        rows.locked_round(987654, cast["dealer"])
    with pytest.raises(Round.DoesNotExist):
        services.round_act(round_id=987654, user=cast["dealer"], actions=[OPENING[0]], expected_seq=0)


@pytest.mark.parametrize("round_id", [2**63, 10**30])  # past a 64-bit key
def test_a_key_past_the_columns_range_is_no_row_without_asking_the_database(cast, table, round_id):
    from django.test import Client

    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        with pytest.raises(Round.DoesNotExist):
            rows.locked_round(round_id, cast["dealer"])
        assert rows.by_pk(User, round_id) is None
    assert [query["sql"] for query in queries.captured_queries if "SELECT" in query["sql"]] == []
    # A tap at such a round is not found, as any round that is not there.
    client = Client()
    client.force_login(cast["dealer"])
    tap = {"seq": "0", "action": '{"type": "no_more_bets", "step": "wagers"}'}
    assert client.post(f"/rounds/{round_id}/act/", tap).status_code == 404


def test_inserted_events_read_back_as_the_orm_wrote_them(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    when = datetime.datetime(2026, 3, 1, 18, 30, 5, 123456, tzinfo=datetime.UTC)
    events = [RoundEvent(round=rnd, seq=seq, action={"type": "place_wager", "seat": seq, "amount": "10"},
                         actor=cast["dealer"], role="dealer", created_at=when, prev_hash="a" * 64, hash=f"{seq}" * 64)
              for seq in (1, 2)]
    rows.insert(events)
    read = list(RoundEvent.objects.filter(round=rnd).order_by("seq"))
    assert [(e.seq, e.action, e.actor_id, e.role, e.created_at, e.prev_hash, e.hash) for e in read] == [
        (1, {"type": "place_wager", "seat": 1, "amount": "10"}, cast["dealer"].pk, "dealer", when, "a" * 64, "1" * 64),
        (2, {"type": "place_wager", "seat": 2, "amount": "10"}, cast["dealer"].pk, "dealer", when, "a" * 64, "2" * 64),
    ]
    assert not events[0]._state.adding
    # The log's constraint stands: a second event 2 is refused, and the transaction keeps nothing of it.
    with pytest.raises(IntegrityError), transaction.atomic():
        rows.insert([RoundEvent(round=rnd, seq=3, action={}, actor=cast["dealer"], role="dealer"),
                               RoundEvent(round=rnd, seq=2, action={}, actor=cast["dealer"], role="dealer")])
    assert RoundEvent.objects.filter(round=rnd).count() == 2


def test_an_update_writes_only_the_columns_it_names(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    Round.objects.filter(pk=rnd.id).update(engine_version="written elsewhere")
    rnd.seq, rnd.log_hash, rnd.engine_version = 7, "b" * 64, "stale in memory"
    with CaptureQueriesContext(connection) as queries:
        rows.update(rnd, ["seq", "log_hash"])
    assert len(queries) == 1 and '"engine_version"' not in queries[0]["sql"]
    assert Round.objects.values_list("seq", "log_hash", "engine_version").get(pk=rnd.id) == (
        7, "b" * 64, "written elsewhere")


def test_an_update_of_a_row_that_is_gone_is_refused_as_save_refuses_it(cast, table):
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    gone = Round(pk=987654, table=table, number=99, game=table.game, dealer=cast["dealer"])
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        rows.update(gone, ["seq"])
    assert Round.objects.get(pk=rnd.id).seq == 0


def test_a_row_read_by_key_is_the_orms_row_with_its_columns_of_sql(cast, django_assert_num_queries):
    from games.people import backends, roles

    read = rows.by_pk(User, cast["floor"].pk, {"role_bits": backends._roles_sql()}, backends.NAMES)
    assert fields_of(read) == fields_of(User.objects.get(pk=cast["floor"].pk))
    assert read.role_bits == 1 << backends.NAMES.index(roles.FLOORPERSON)
    assert rows.by_pk(User, 987654) is None
    # Each request's user, with the roles read with it; one who may not sign in is no user.
    backend = backends.RolesModelBackend()
    with django_assert_num_queries(1):  # the roles come with the user
        assert roles.roles_of(backend.get_user(cast["super"].pk)) == {roles.SUPERVISOR}
    assert roles.roles_of(backend.get_user(cast["stranger"].pk)) == set()
    User.objects.filter(pk=cast["dealer"].pk).update(is_active=False)
    assert backend.get_user(cast["dealer"].pk) is None
