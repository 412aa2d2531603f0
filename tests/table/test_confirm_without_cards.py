"""After every seat has folded, the tablet still shows the board and the dealer's reveal, each with its
section (§ 647a.8(e); § 647a.11(c), (e), (g), (h)): one button confirms the step without entering its
cards, and the card picker beside it still takes them.  The prompt's choices carry the button: the
fragment draws them as it draws every choice."""

import html
import json
import re

import pytest
from django.urls import reverse

from tests.conftest import play, start_round

pytestmark = pytest.mark.django_db


def choices(page: str) -> dict[str, dict]:
    """The prompt's buttons: their words and the action each sends."""
    found = re.findall(r'<input type="hidden" name="action" value="([^"]*)">\s*<button class="big [^"]*" '
                       r'type="submit"[^>]*>([^<]*)</button>', page)
    return {html.unescape(words): json.loads(html.unescape(action)) for action, words in found}


def test_every_street_and_the_reveal_is_confirmed_with_one_tap_after_every_seat_folded(client, cast, table):
    rnd = start_round(table, cast["dealer"])
    play(rnd, cast["dealer"], {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"},
         {"type": "no_more_bets"}, {"type": "deal"}, {"type": "decide", "seat": 1, "choice": "fold"})
    client.force_login(cast["dealer"])
    page = client.get(reverse("table-state", args=[table.id])).content.decode()
    for step, section in (("flop", "§ 647a.11(c)"), ("turn", "§ 647a.11(e)"), ("river", "§ 647a.11(g)"),
                          ("reveal", "§ 647a.11(h)")):
        assert f'data-step="{step}"' in page and f'<p class="section">{section}</p>' in page
        assert 'class="picker"' in page  # the dealer may still enter the cards
        (label,) = [words for words, action in choices(page).items() if action["type"] == "confirm"]
        assert choices(page)[label] == {"type": "confirm", "step": step}
        rnd.refresh_from_db()
        page = client.post(reverse("round-act", args=[rnd.id]),
                           {"seq": rnd.seq, "action": json.dumps(choices(page)[label])}).content.decode()
    assert 'data-step="close"' in page
    rnd.refresh_from_db()
    assert [(line.wager, line.outcome, line.amount) for line in rnd.lines.all()] == [("ante", "lose", 10_00)]
