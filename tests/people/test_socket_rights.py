"""An open socket keeps only the rights its user still has, and refuses bad messages cleanly."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import Group, User, update_last_login
from django.test import Client
from django.urls import reverse

from dealer_assist.asgi import application
from games.models import Round
from games.people.live_rights import CLOSE_REVOKED
from games.table import services
from tests.conftest import OPENING

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def logged_in_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


async def open_table(table, client: Client) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table.id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    await communicator.receive_from(timeout=5)  # the state on connect
    return communicator


async def started(table, dealer) -> Round:
    return await sync_to_async(services.round_start)(table_id=table.id, user=dealer)


async def closed_with(communicator) -> int | None:
    """The close code the server sent next (None if it sent something else)."""
    output = await communicator.receive_output(timeout=5)
    await communicator.disconnect()  # what the browser answers; the consumer then ends
    return output.get("code") if output["type"] == "websocket.close" else None


async def events_of(rnd) -> list:
    return await sync_to_async(lambda: list(rnd.events.values_list("seq", "action")))()


def wager(rnd, seq=0) -> str:
    return json.dumps({"round": rnd.id, "seq": seq, "action": OPENING[0]})


# -- rights change while the socket is open ------------------------------------------------------

async def test_logging_out_closes_the_sessions_socket(cast, table, caplog):
    client = await logged_in_client(cast["dealer"])
    tablet = await open_table(table, client)
    await sync_to_async(client.post)(reverse("logout"))
    assert await closed_with(tablet) == CLOSE_REVOKED
    assert '"event": "socket_closed"' in caplog.text and '"user": "dealer"' in caplog.text


async def test_deactivating_the_account_closes_its_sockets(cast, table):
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    dealer = cast["dealer"]
    dealer.is_active = False
    await sync_to_async(dealer.save)()
    assert await closed_with(tablet) == CLOSE_REVOKED


async def test_changing_the_password_closes_the_other_sessions_sockets(cast, table):
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    dealer = cast["dealer"]
    dealer.set_password("a new one")
    await sync_to_async(dealer.save)()
    assert await closed_with(tablet) == CLOSE_REVOKED


async def test_removing_the_last_role_closes_the_socket(cast, table):
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    await sync_to_async(lambda: Group.objects.get(name="dealer").user_set.remove(cast["dealer"]))()
    assert await closed_with(tablet) == CLOSE_REVOKED


async def test_a_socket_whose_rights_are_unchanged_stays_open(cast, table):
    client = await logged_in_client(cast["dealer"])
    tablet = await open_table(table, client)
    # Another user's change, and this user's own login elsewhere (only last_login moves).
    await sync_to_async(lambda: Group.objects.get(name="dealer").user_set.remove(cast["dealer2"]))()
    await sync_to_async(update_last_login)(None, cast["dealer"])
    assert await tablet.receive_nothing(timeout=1)
    await tablet.disconnect()


async def test_every_action_rechecks_the_session_even_without_a_signal(cast, table):
    rnd = await started(table, cast["dealer"])
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    # A change no signal reports (a raw update): the action itself must notice.
    await sync_to_async(User.objects.filter(pk=cast["dealer"].pk).update)(is_active=False)
    await tablet.send_to(text_data=wager(rnd))
    assert await closed_with(tablet) == CLOSE_REVOKED
    assert await events_of(rnd) == []


async def test_every_action_uses_the_roles_as_they_are_now(cast, table):
    rnd = await started(table, cast["dealer"])
    dealer = cast["dealer"]
    await sync_to_async(lambda: dealer.groups.add(Group.objects.get(name="floorperson")))()
    tablet = await open_table(table, await logged_in_client(dealer))
    # The dealer role disappears without a signal; the floorperson role keeps the socket open.
    await sync_to_async(User.groups.through.objects.filter(user=dealer, group__name="dealer").delete)()
    await tablet.send_to(text_data=wager(rnd))
    assert "Only a dealer" in json.loads(await tablet.receive_from(timeout=5))["refused"]
    assert await events_of(rnd) == []
    await tablet.disconnect()


# -- what a message must carry ---------------------------------------------------------------------

async def test_an_action_without_a_sequence_number_is_refused(cast, table):
    rnd = await started(table, cast["dealer"])
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    await tablet.send_to(text_data=json.dumps({"round": rnd.id, "action": OPENING[0]}))
    assert "no sequence number" in json.loads(await tablet.receive_from(timeout=5))["refused"]
    assert await events_of(rnd) == []
    await tablet.disconnect()


async def test_twenty_identical_messages_make_one_event(cast, table):
    rnd = await started(table, cast["dealer"])
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    for _ in range(20):
        await tablet.send_to(text_data=wager(rnd))
    refusals = 0
    for _ in range(19):  # the pushes of the one applied change may come in between
        while "refused" not in (reply := await tablet.receive_from(timeout=5)):
            assert 'id="table-state"' in reply
        refusals += "moved on" in json.loads(reply)["refused"]
    assert refusals == 19
    assert [seq for seq, _ in await events_of(rnd)] == [1]
    await tablet.disconnect()


@pytest.mark.parametrize("message, named", [
    ("not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('"hello"', "must be a JSON object"),
    ('{"round": "1x", "seq": 0, "action": {"type": "deal"}}', "round must be a whole number"),
    ('{"round": true, "seq": 0, "action": {"type": "deal"}}', "round must be a whole number"),
    ('{"round": "ROUND", "seq": "0.5", "action": {"type": "deal"}}', "seq must be a whole number"),
    ('{"round": "ROUND", "seq": "\u0661", "action": {"type": "deal"}}', "seq must be a whole number"),
    ('{"round": "ROUND", "seq": 0, "action": [1]}', "must be an object with a type"),
    ('{"round": "ROUND", "seq": 0, "action": {"type": "deal"}, "extra": 1}', "unknown keys"),
    ('{"round": "ROUND", "action": {"type": "approve", "step": "wagers", "approval": true}}',
     "approval must be a whole number"),
    ('{"round": 99999999, "seq": 0, "action": {"type": "no_more_bets"}}', "not a round of this table"),
    ('{"round": "ROUND", "seq": 0, "action": {"type": "irregularity", "step": "wagers", "kind": ["x"]}}',
     "kind must be text"),
    ('{"round": "ROUND", "seq": 0, "action": {"type": "place_wager", "padding": "' + "x" * 9000 + '"}}',
     "at most 8192"),
    # Each action is checked against its type's schema (games.engine.core.schema).
    (json.dumps({"round": "ROUND", "seq": 0, "action": {**OPENING[0], "padding": "x" * 5000}}),
     "The place_wager action has unknown key 'padding'"),
    (json.dumps({"round": "ROUND", "seq": 0, "action": {**OPENING[0], "amount": "1" * 5000}}),
     "The place_wager action's amount is 5000 characters long; at most 20"),
    (json.dumps({"round": "ROUND", "seq": 0, "action": {**OPENING[0], "wager": ["ante"] * 100}}),
     "The place_wager action's wager must be text"),
    (json.dumps({"round": "ROUND", "seq": 0, "action": {k: v for k, v in OPENING[0].items() if k != "step"}}),
     "The place_wager action names no step"),
    (json.dumps({"round": "ROUND", "action": {"type": "approve", "approval": 1, "note": "ok"}}),
     "The approve action names no step"),
])
async def test_a_malformed_message_is_refused_by_name_and_changes_nothing(cast, table, message, named):
    rnd = await started(table, cast["dealer"])
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    await tablet.send_to(text_data=message.replace('"ROUND"', str(rnd.id)))
    assert named in json.loads(await tablet.receive_from(timeout=5))["refused"]
    assert await events_of(rnd) == []
    # The socket is still open and still works.
    await tablet.send_to(text_data=wager(rnd))
    assert 'data-seq="1"' in await tablet.receive_from(timeout=5)
    await tablet.disconnect()


async def test_a_refusal_quotes_what_was_sent_without_markup(cast, table):
    rnd = await started(table, cast["dealer"])
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    action = {"type": "irregularity", "step": "wagers", "kind": "<script>alert(1)</script>"}
    await tablet.send_to(text_data=json.dumps({"round": rnd.id, "seq": 0, "action": action}))
    reply = await tablet.receive_from(timeout=5)
    # The page's websocket extension reads every message as HTML: the quote must be inert there.
    assert "<" not in reply and ">" not in reply
    assert "kind must be a name" in json.loads(reply)["refused"] and "<script>" in json.loads(reply)["refused"]
    assert await events_of(rnd) == []
    await tablet.disconnect()


# -- the security log ------------------------------------------------------------------------------

def security_events(caplog, name: str) -> list[dict]:
    records = [json.loads(r.getMessage()) for r in caplog.records if r.name == "dealer_assist.security"]
    return [record for record in records if record["event"] == name]


async def test_role_refusals_over_the_socket_are_logged(cast, table, caplog):
    rnd = await started(table, cast["dealer"])
    floor = await open_table(table, await logged_in_client(cast["floor"]))
    await floor.send_to(text_data=wager(rnd))
    assert "Only a dealer" in json.loads(await floor.receive_from(timeout=5))["refused"]
    (refusal,) = security_events(caplog, "role_refused")
    assert (refusal["user"], refusal["path"]) == ("floor", f"/ws/tables/{table.id}/")
    assert "Only a dealer" in refusal["reason"]
    await floor.disconnect()


async def test_a_socket_refused_for_its_roles_is_logged(cast, table, caplog):
    client = await logged_in_client(cast["stranger"])
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    communicator = WebsocketCommunicator(application, "/ws/pit/", headers=headers)
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()
    (refusal,) = security_events(caplog, "role_refused")
    assert (refusal["user"], refusal["needs"]) == ("stranger", ["floorperson", "supervisor"])


# -- who may open a socket, and roles that go without a signal about the user --------------------------

async def connect_as(user, path: str) -> tuple[bool, WebsocketCommunicator]:
    client = await logged_in_client(user)
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    return connected, communicator


async def test_an_administrators_table_socket_is_refused_at_the_handshake(cast, table, caplog):
    # The README: an administrator manages users and tables in the admin, and opens no table.
    administrator = await sync_to_async(lambda: _with_group(User.objects.create_user("boss", password="pw"),
                                                            "administrator"))()
    connected, communicator = await connect_as(administrator, f"/ws/tables/{table.id}/")
    assert not connected  # refused before it is accepted: no socket to drop without a close frame
    await communicator.disconnect()
    (refusal,) = security_events(caplog, "role_refused")
    assert refusal["user"] == "boss"


def _with_group(user, name: str):
    user.groups.add(Group.objects.get_or_create(name=name)[0])
    return user


async def pit(user) -> WebsocketCommunicator:
    connected, communicator = await connect_as(user, "/ws/pit/")
    assert connected
    while not await communicator.receive_nothing(timeout=0.5):  # the pit and its meters on connect
        await communicator.receive_from()
    return communicator


async def test_renaming_a_roles_group_closes_its_members_sockets(cast, table):
    # Roles are group names: renamed in the admin, the group no longer gives the floorperson role.
    floor = await pit(cast["floor"])
    group = await sync_to_async(Group.objects.get)(name="floorperson")
    group.name = "floorperson-old"
    await sync_to_async(group.save)()
    assert await closed_with(floor) == CLOSE_REVOKED


async def test_deleting_a_roles_group_closes_its_members_sockets(cast, table):
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    await sync_to_async(lambda: Group.objects.get(name="dealer").delete())()
    assert await closed_with(tablet) == CLOSE_REVOKED


async def test_a_pit_socket_stops_receiving_the_pit_once_its_role_is_gone_without_a_signal(cast, table):
    floor = await pit(cast["floor"])
    # The membership row deleted directly: no signal tells the socket.
    await sync_to_async(User.groups.through.objects.filter(user=cast["floor"]).delete)()
    await started(table, cast["dealer"])  # the table's status changes on the pit: a push
    assert await closed_with(floor) == CLOSE_REVOKED  # closed instead of sent the pit


async def test_a_pit_socket_whose_user_keeps_the_role_is_still_sent_the_pit(cast, table):
    floor = await pit(cast["floor"])
    await started(table, cast["dealer"])
    rnd = await sync_to_async(Round.objects.get)(table=table)
    assert f'id="pit-table-{table.id}-status" data-round="{rnd.id}"' in await floor.receive_from(timeout=5)
    await floor.disconnect()


async def test_a_repeated_key_in_a_message_is_refused(cast, table):
    rnd = await started(table, cast["dealer"])
    tablet = await open_table(table, await logged_in_client(cast["dealer"]))
    action = json.dumps(OPENING[0])
    await tablet.send_to(text_data=f'{{"round": {rnd.id}, "seq": 5, "seq": 0, "action": {action}}}')
    assert "The key 'seq' is given more than once" in json.loads(await tablet.receive_from(timeout=5))["refused"]
    assert await events_of(rnd) == []
    await tablet.disconnect()
