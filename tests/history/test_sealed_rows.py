"""A closed round's seal covers every row the history, its exports and the report read of it: its
wagers, settlement lines, approvals and progressive ledger entries.  An edit of one by SQL is
caught, and named, by the round page, the sheet, the CSV and ``verify_history``; and the seal is
keyed, so that an intruder who recomputes it without the key is caught too.

The edits are plain SQL statements, as an intruder with write access to the database would make
them; they run on SQLite and PostgreSQL alike."""

import html

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings
from django.urls import reverse

from games.floor import services as floor_services
from games.history import chain, keys
from games.models import MeterEntry, Round
from games.table import services
from tests.conftest import OPENING, REST_OF_ROUND, play
from tests.history.test_tamper_evidence import ALL_INTACT, csv_rows, round_page, sql, verify_history
from tests.progressives.progressive_play import NOTHING, ROYAL, full_round, linked_tables
from tests.test_pages import ROUND_END

pytestmark = pytest.mark.django_db

KEY = "casino-2026:" + "k" * 40


@pytest.fixture
def played(cast, table):
    """A closed round on TH-9: seat 1's Texas Hold 'Em Bonus Wager of $5.00 wins $50.00 (test_pages)."""
    return play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)


@pytest.fixture
def refused(cast, table):
    """A closed round whose seat 1 payout of $115.00 needed a floorperson's approval: refused first
    (approval 1), approved once the seat's cards were entered again (approval 2)."""
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    floor_services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=False)
    rnd = play(rnd, cast["dealer"], REST_OF_ROUND[-1])
    floor_services.approval_decide(approval_id=rnd.approvals.get(number=2).id, user=cast["floor"], approve=True)
    return play(rnd, cast["dealer"], {"type": "close", "step": "close"})


def caught_everywhere(client, cast, rnd, problem: str) -> None:
    """The page, the sheet, the CSV and the command each name ``problem``, and the history's list
    flags the round; nothing else breaks."""
    client.force_login(cast["super"])
    listed = html.unescape(client.get(reverse("history")).content.decode())
    assert f'<span class="tampered-mark" title="{problem}">⚠ fails its check</span>' in listed
    assert listed.count("⚠ fails its check") == 1
    page = round_page(client, cast["super"], rnd)
    assert "This round's history fails its check" in page and problem in page
    sheet = client.get(reverse("round-sheet", args=[rnd.id]))
    assert sheet.status_code == 409 and problem in sheet.content.decode()
    assert csv_rows(client, cast["super"])[rnd.number]["log"] == f"BROKEN: {problem}"
    status, out = verify_history("--all")
    assert status == 1 and f"round {rnd.id} ({rnd.table.name} #{rnd.number}) the round: {problem}" in out


def test_an_untouched_round_verifies_and_its_seal_names_each_row(client, cast, played):
    assert chain.verify(played, played.events.order_by("seq")) == []
    assert csv_rows(client, cast["super"])[1]["log"] == "verified"
    assert "line 1/1/bonus/settle" in played.sealed_rows and "wager 3/1/ante" in played.sealed_rows


def test_a_settlement_line_edited_by_sql_is_named_everywhere(client, cast, played):
    # The $50.00 win on seat 1's Bonus Wager made $5,000.00.
    sql("UPDATE games_settlementline SET amount = 500000 WHERE round_id = %s AND seat = 1 AND wager = 'bonus'",
        played.id)
    caught_everywhere(client, cast, played, "the settlement line of seat 1: Texas Hold 'Em Bonus Wager (settle), "
                                            "now win $5,000.00 on $5.00 was changed after the round was sealed")
    # The search by amount finds the round at the edited figure, and flags it where it lists it.
    found = client.get(reverse("history"), {"amount_min": "5000"}).content.decode()
    assert reverse("round-detail", args=[played.id]) in found and "⚠ fails its check" in found


def test_a_wager_edited_by_sql_is_named_everywhere(client, cast, played):
    # Seat 3's Ante of $25.00 made $2,500.00.
    sql("UPDATE games_wager SET amount = 250000 WHERE round_id = %s AND seat = 3 AND wager = 'ante'", played.id)
    caught_everywhere(client, cast, played, "the wager of seat 3: Ante, now $2,500.00 was changed after the round "
                                            "was sealed")


def test_a_line_deleted_or_added_by_sql_is_named(client, cast, played):
    sql("DELETE FROM games_settlementline WHERE round_id = %s AND seat = 3 AND wager = 'flop'", played.id)
    caught_everywhere(client, cast, played, "the settlement line of seat 3: Flop Wager (settle) was removed after "
                                            "the round was sealed")
    sql("UPDATE games_wager SET seat = 5 WHERE round_id = %s AND seat = 3 AND wager = 'flop'", played.id)
    breaks = [str(b) for b in chain.verify(played, played.events.order_by("seq"))]
    assert "the wager of seat 3: Flop Wager was removed after the round was sealed" in breaks
    assert "the wager of seat 5: Flop Wager, now $50.00 was added after the round was sealed" in breaks


def test_an_approval_refused_made_approved_by_sql_is_named(client, cast, refused):
    sql("UPDATE games_approval SET status = 'approved' WHERE round_id = %s AND number = 1", refused.id)
    caught_everywhere(client, cast, refused, "approval 1 (Seat 1: payout of $115.00 (table requires approval from "
                                              "$100.00), now approved) was changed after the round was sealed")


def test_a_progressive_ledger_entry_edited_by_sql_is_named(client, cast):
    _, meter, (table,) = linked_tables(cast["super"], "TH-1")
    rnd = full_round(table, cast["dealer"], cast["floor"], {1: (True, ROYAL), 2: (True, NOTHING[2])})
    payout = MeterEntry.objects.get(round=rnd, kind="payout")
    sql("UPDATE games_meterentry SET amount = amount - 100000 WHERE id = %s", payout.pk)
    breaks = [str(b) for b in chain.verify(rnd, rnd.events.order_by("seq"))]
    assert breaks == [f"entry #{payout.seq} of TH-1-METER's ledger (payout, now "
                      f"{chain.dollars(payout.amount - 100000)}) was changed after the round was sealed"]
    status, out = verify_history("--all")
    assert status == 1 and f"entry #{payout.seq} of TH-1-METER's ledger" in out


def test_the_list_of_sealed_digests_cannot_be_rewritten_to_match(client, cast, played):
    # The intruder edits the line and writes its new digest into the round's list: the keyed seal
    # over that list no longer matches.
    sql("UPDATE games_settlementline SET amount = 500000 WHERE round_id = %s AND seat = 1 AND wager = 'bonus'",
        played.id)
    played.sealed_rows = chain.row_digests(chain.held_by([played.id])[played.id])
    Round.objects.filter(pk=played.pk).update(sealed_rows=played.sealed_rows)
    caught_everywhere(client, cast, played, "the round as stored (status, times, totals or the digests of its rows) "
                                            "is not what was sealed when it closed")


# -- the key --------------------------------------------------------------------------------------------

@override_settings(HISTORY_SEAL_KEY=KEY)
def test_a_keyed_seal_recomputed_without_the_key_does_not_pass(client, cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
    assert (rnd.seal_key, rnd.seal_version) == ("casino-2026", 2) and chain.unkeyed(rnd) == ""
    assert "seal-unkeyed" not in round_page(client, cast["super"], rnd)
    sql("UPDATE games_settlementline SET amount = 500000 WHERE round_id = %s AND seat = 1 AND wager = 'bonus'",
        rnd.id)
    rnd.sealed_rows = chain.row_digests(chain.held_by([rnd.id])[rnd.id])
    # Resealed with every key the intruder can have: a guess, and the embedded one under either name.
    for key_id, secret in (("casino-2026", b"a guess"), ("casino-2026", keys._EMBEDDED_SECRET),
                           (keys.EMBEDDED, keys._EMBEDDED_SECRET)):
        rnd.seal_key = key_id
        Round.objects.filter(pk=rnd.pk).update(sealed_rows=rnd.sealed_rows, seal_key=key_id,
                                               closing_hash=chain.keyed_seal(rnd, key_id, secret))
        rnd.refresh_from_db()
        breaks = [str(b) for b in chain.verify(rnd, rnd.events.order_by("seq"))]
        assert breaks == (["the round was sealed with the key 'embedded', which this server does not hold: its "
                           "seal cannot be checked"] if key_id == keys.EMBEDDED else
                          ["the round as stored (status, times, totals or the digests of its rows) is not what was "
                           "sealed when it closed"])
    # The legitimate key does: the intruder needed it.
    Round.objects.filter(pk=rnd.pk).update(seal_key="casino-2026", closing_hash=chain.keyed_seal(
        rnd, "casino-2026", keys.keys().secrets["casino-2026"]))
    rnd.refresh_from_db()
    assert chain.verify(rnd, rnd.events.order_by("seq")) == []


def test_a_rotated_key_still_verifies_the_rounds_it_sealed(cast, table, tmp_path):
    old, new = "k1:" + "a" * 32, "k2:" + "b" * 32
    path = tmp_path / "seal.keys"
    path.write_text(old + "\n")
    with override_settings(HISTORY_SEAL_KEY_FILE=str(path)):
        first = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING,
                     *ROUND_END)
        path.write_text(f"{new}\n{old}\n")  # rotated: the new key seals, the old one still verifies
        second = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING,
                      *ROUND_END)
        assert (first.seal_key, second.seal_key) == ("k1", "k2")
        assert verify_history("--all") == (0, ALL_INTACT.format(2))
        path.write_text(f"{new}\n")  # the old key dropped: its rounds can no longer be checked, and say so
        status, out = verify_history("--all")
        assert status == 1 and "sealed with the key 'k1', which this server does not hold" in out


def test_without_a_key_the_embedded_default_seals_and_the_page_says_so(client, cast, played):
    assert played.seal_key == keys.EMBEDDED and chain.verify(played, played.events.order_by("seq")) == []
    assert ("This round's seal is unkeyed: no seal key was configured when it closed"
            in round_page(client, cast["super"], played))
    # A round sealed before seals were keyed (version 1) still verifies, and says what it lacks.
    Round.objects.filter(pk=played.pk).update(seal_version=1, seal_key="", sealed_rows=None,
                                              closing_hash=chain.seal(played, played.approvals.all()))
    played.refresh_from_db()
    assert chain.verify(played, played.events.order_by("seq")) == []
    assert "sealed before seals were keyed" in round_page(client, cast["super"], played)


@pytest.mark.parametrize("setting, message", [
    ("short:abc", "its secret has 3 characters"),
    ("no secret", "write each key as id:secret"),
    (f"embedded, {KEY}", "cannot be 'embedded'"),
])
def test_a_key_setting_that_is_not_understood_is_refused(setting, message):
    with override_settings(HISTORY_SEAL_KEY=setting), pytest.raises(ImproperlyConfigured, match=message):
        keys.keys()
