"""A dealer's undo through the services: an event of its own in the log, the wager rows as the
round now stands, the button on the dealer's screen naming what it takes back."""

import re

import pytest
from django.urls import reverse

from games.engine.core import Refused
from games.models import RoundEvent, Wager
from games.people import access
from games.table import services
from tests.conftest import OPENING, play

pytestmark = pytest.mark.django_db


def test_a_wrong_flop_wager_is_taken_back_by_the_dealer_and_logged(client, cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:6])
    assert Wager.objects.filter(round=rnd, seat=1, wager="flop").exists()  # seat 1's Flop Wager, $20
    client.force_login(cast["dealer"])
    page = client.get(reverse("table", args=[table.id])).content.decode()
    assert re.search(r"Undo: seat 1(&#39;|&#x27;|')s Flop Wager</button>", page)
    rnd = play(rnd, cast["dealer"], {"type": "undo", "step": "flop_decision"})
    assert not Wager.objects.filter(round=rnd, seat=1, wager="flop").exists()
    event = RoundEvent.objects.get(round=rnd, seq=rnd.seq)
    assert (event.action["type"], event.actor, event.role) == ("undo", cast["dealer"], "dealer")
    assert services.engine_round(rnd).prompt.seat == 1  # seat 1 decides again
    client.force_login(cast["super"])
    history = client.get(reverse("round-detail", args=[rnd.id])).content.decode()
    assert "Undo: the last entry taken back · at flop decision" in history


def test_a_floorperson_cannot_undo_and_a_settled_entry_stays(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:5],
               {"type": "decide", "step": "flop_decision", "seat": 1, "choice": "fold"})
    with pytest.raises(access.NotAllowed, match="Only a dealer"):
        services.round_act(round_id=rnd.id, user=cast["floor"], actions=[{"type": "undo", "step": "flop_decision"}],
                           expected_seq=rnd.seq)
    seq = rnd.seq
    with pytest.raises(Refused, match="settled wagers or asked for a floorperson"):
        play(rnd, cast["dealer"], {"type": "undo", "step": "flop_decision"})
    rnd.refresh_from_db()
    assert rnd.seq == seq and rnd.lines.filter(seat=1, wager="ante", outcome="lose").exists()
