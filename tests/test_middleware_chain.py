"""Under ASGI a request runs its middleware and its view on one thread (dealer_assist.middleware)."""

import threading

import pytest
import pytest_asyncio
from asgiref import sync
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient
from django.urls import reverse

from tests.conftest import OPENING

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest_asyncio.fixture(autouse=True)
async def connections_handed_back():
    """The thread that ran this test's synchronous calls (the login, the round's start) keeps the
    connection it took from the pool until it is closed: handed back here, or the pool cannot
    close it and the test database cannot be dropped at the end of the run."""
    yield
    await sync_to_async(connections.close_all)()


@pytest.fixture
def hand_overs(monkeypatch):
    """Each time the event loop hands work to a thread (``sync_to_async``): what, and on which thread."""
    seen = []
    original = sync.SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        function = self.func

        def on_its_thread(*args, **kwargs):
            seen.append((getattr(function, "__qualname__", ""), threading.get_ident()))
            return function(*args, **kwargs)

        self.func = on_its_thread
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(sync.SyncToAsync, "__call__", counted)
    return seen


async def test_a_tap_crosses_to_a_thread_a_few_times_and_runs_on_one(cast, table, hand_overs):
    from games.table import services

    client = AsyncClient()
    await client.aforce_login(cast["dealer"])
    rnd = await sync_to_async(services.round_start)(table_id=table.id, user=cast["dealer"])
    hand_overs.clear()
    response = await client.post(reverse("round-act", args=[rnd.id]),
                                 {"seq": 0, "step": "wagers", "seat": 1, "wager": ["ante"],
                                  "amount_ante": OPENING[0]["amount"]})
    assert response.status_code == 200 and 'data-seq="1"' in response.content.decode()
    # The request signal, the whole chain, the CSRF check and the view, then the response's close
    # (Django closes it outside the request's thread).  Django's own middleware, each run
    # asynchronously, went to a thread and back for each of their steps: fifteen in all.
    assert len(hand_overs) <= 5
    assert len({thread for name, thread in hand_overs if name != "HttpResponseBase.close"}) == 1
