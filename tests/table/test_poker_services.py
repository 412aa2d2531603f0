"""A Poker table through the services and its pages: hands one after another, the seats, stakes and
button carried from each to the next, the pots' rows, the record with its hand history."""

import pytest
from django.urls import reverse

from games.engine.core import Refused
from games.engine.round_sheet import settle_sheet
from games.floor import services as floor_services
from games.models import Round, Table
from games.table import services
from tests.conftest import deal_at, play

pytestmark = pytest.mark.django_db

HAND = [
    {"type": "seating", "seat": 2, "do": "sit", "amount": "100"},
    {"type": "seating", "seat": 4, "do": "sit", "amount": "60"},
    {"type": "seating", "seat": 7, "do": "sit", "amount": "100"},
    {"type": "start_hand"},
    {"type": "deal"},
    {"type": "decide", "seat": 7, "choice": "raise", "amount": "10"},
    {"type": "decide", "seat": 2, "choice": "call"},
    {"type": "decide", "seat": 4, "choice": "all_in"},
    {"type": "decide", "seat": 7, "choice": "call"},
    {"type": "decide", "seat": 2, "choice": "call"},
    {"type": "cards", "target": "board", "cards": ["2c", "7d", "9h"]},
    {"type": "decide", "seat": 2, "choice": "check"},
    {"type": "decide", "seat": 7, "choice": "bet", "amount": "20"},
    {"type": "decide", "seat": 2, "choice": "fold"},
    {"type": "cards", "target": "seat:7", "cards": ["Ks", "Kd"]},
    {"type": "cards", "target": "seat:4", "cards": ["As", "Ad"]},
    {"type": "cards", "target": "board", "cards": ["Js"]},
    {"type": "cards", "target": "board", "cards": ["3d"]},
    {"type": "close"},
]


@pytest.fixture
def poker(cast):
    table = Table.objects.create(name="P-1", game="poker", rules={"rake_cap": "3.00"})
    deal_at(table, cast["dealer"], cast["dealer2"])
    return table


@pytest.fixture
def first_hand(cast, poker):
    return play(services.round_start(table_id=poker.id, user=cast["dealer"]), cast["dealer"], *HAND)


def test_a_hand_writes_its_pots_rake_and_contributions_and_closes_with_a_hand_history(first_hand):
    # Blinds $1/$2; the button is seat 7 (the dealer's right), seat 2 the small blind, seat 4 the big
    # blind; seat 7 acts first.  Seat 7 raises to $10, seat 2 calls, seat 4 goes all-in for $60, seats 7
    # and 2 call: a $180 main pot.  On the flop seat 7 bets $20 and seat 2 folds: the bet goes back.  Seat
    # 4's aces beat seat 7's kings: $180 less the $3 rake cap (10% would be $18) = $177 (§ 637a.8(b)(5),
    # § 637a.17).
    rnd = first_hand
    assert rnd.status == Round.Status.CLOSED
    assert sorted(rnd.wagers.values_list("seat", "wager", "amount")) == [
        (2, "pot", 60_00), (4, "pot", 60_00), (7, "pot", 80_00)]
    assert list(rnd.lines.order_by("position").values_list("seat", "wager", "outcome", "amount")) == [
        (7, "uncalled_bet", "returned", 0), (0, "rake", "rake", 3_00), (4, "main_pot", "award", 177_00)]
    assert (rnd.total_paid, rnd.total_collected) == (0, 3_00)
    assert rnd.record["hand_history"].startswith("variant = 'NT'")
    assert settle_sheet(rnd.record["sheet"])["lines"] == rnd.record["settlement"]["lines"]


def test_the_next_hand_starts_from_the_stakes_and_button_the_last_one_left(cast, poker, first_hand):
    second = services.round_start(table_id=poker.id, user=cast["dealer"])
    assert second.rules["positions"] == {"seats": {"2": {"stack": 40_00}, "4": {"stack": 177_00},
                                                   "7": {"stack": 40_00}}, "button": 7, "moves": True,
                                     "blinds": [2, 4]}
    second = play(second, cast["dealer"], {"type": "seating", "seat": 2, "do": "add", "amount": "20"},
                  {"type": "start_hand"})
    state = services.engine_round(second)
    # The button moved clockwise to seat 2, the last small blind's seat; seat 4 (the last big blind) has
    # the small blind, seat 7 the big blind (the dead button, common practice).
    assert state.button == 2 and state.order == (4, 7, 2) and state.blind_seats == (4, 7)
    assert state.players[2].stack == 60_00


def test_chips_are_added_only_between_hands_and_a_refusal_changes_nothing(cast, poker):
    rnd = play(services.round_start(table_id=poker.id, user=cast["dealer"]), cast["dealer"], *HAND[:5])
    with pytest.raises(Refused, match="only between hands"):
        services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[
            {"type": "seating", "step": "seating", "seat": 2, "do": "add", "amount": "50"}], expected_seq=rnd.seq)
    rnd.refresh_from_db()
    assert rnd.seq == 5


def test_a_misdeal_waits_for_a_floorperson_who_did_not_deal(cast, poker):
    rnd = play(services.round_start(table_id=poker.id, user=cast["dealer"]), cast["dealer"], *HAND[:7])
    at = services.engine_round(rnd).current_step().id  # the moment the dealer's screen shows
    rnd = play(rnd, cast["dealer"], {"type": "irregularity", "step": at, "kind": "misdeal"})
    approval = rnd.approvals.get()
    assert (approval.kind, approval.section) == ("void", "§ 637a.18")
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    rnd = play(rnd, cast["dealer"], {"type": "close"})
    assert rnd.status == Round.Status.VOID
    assert sorted(rnd.lines.values_list("seat", "outcome", "stake")) == [
        (2, "void", 10_00), (4, "void", 2_00), (7, "void", 10_00)]
    assert rnd.record["hand_history"] is None and "void" in rnd.record["hand_history_error"]


def test_the_table_page_draws_the_poker_layout_with_stacks_bets_pots_and_the_player_to_act(client, cast, poker):
    rnd = play(services.round_start(table_id=poker.id, user=cast["dealer"]), cast["dealer"], *HAND[:8])
    client.force_login(cast["dealer"])
    html = client.get(reverse("table", args=[poker.id])).content.decode()
    assert 'id="poker-layout"' in html and "Texas Hold&#x27;em, no limit, blinds $1.00/$2.00" in html
    assert 'id="seat-4" data-stack="0" data-bet="6000"' in html  # all-in for $60
    assert 'id="seat-7"' in html and "to act" in html
    assert 'class="dealer-button"' in html
    assert "Seat 7: Call $50.00" in html and rnd.seq == 8


def test_a_closed_hand_offers_its_hand_history_for_download(client, cast, first_hand):
    client.force_login(cast["super"])
    page = client.get(reverse("round-detail", args=[first_hand.id])).content.decode()
    assert "Hand history (PHH)" in page and "House" in page
    response = client.get(reverse("round-hand-history", args=[first_hand.id]))
    assert response.status_code == 200 and response["Content-Disposition"].endswith("-hand-1.phh")
    assert "seats = [2, 4, 7]" in response.content.decode()


def test_a_supervisor_configures_a_poker_table_within_the_chapter(client, cast, poker):
    client.force_login(cast["super"])
    page = client.get(reverse("table-configure", args=[poker.id])).content.decode()
    assert "Rake percentage (at most 10)" in page and "Table stakes a player needs to be dealt in" in page
    form = {option.key: str(value) for option, value in [
        (option, {**poker.game_engine.default_rules, **poker.rules}[option.key])
        for option in poker.game_engine.rule_options] if option.kind != "bool"}
    response = client.post(reverse("table-configure", args=[poker.id]), {**form, "rake_percent": "12"})
    assert "The rake percentage must be between 0 and 10, not 12" in response.content.decode()
    poker.refresh_from_db()
    assert poker.rules == {"rake_cap": "3.00"}
    client.post(reverse("table-configure", args=[poker.id]), {**form, "variant": "omaha_hilo",
                                                               "structure": "pot_limit", "straddle": "on"})
    poker.refresh_from_db()
    assert (poker.rules["variant"], poker.rules["structure"], poker.rules["straddle"]) == (
        "omaha_hilo", "pot_limit", True)


def test_a_bad_beat_waits_for_a_floorperson_and_the_cage_pays_it(client, cast):
    # § 637a.15 (not available; as commonly played): three players, button 7, blinds 2 and 4, each puts
    # in $2: a $6 pot, from which the $1.00 Bad Beat drop is taken; seat 4 is pushed $5.  Seat 2's four
    # nines (9h 9d, both its own) lose to seat 4's Ks Qs straight flush: the fund, $1.00, pays 50% ($0.50)
    # to seat 2, 25% ($0.25) to seat 4 and 25% ($0.25) to seat 7, the only other player dealt in.
    table = Table.objects.create(name="P-2", game="poker", rules={
        "rake_method": "none", "bad_beat_drop": "1.00", "drop_minimum_pot": "0.00", "bad_beat_min_players": "3"})
    deal_at(table, cast["dealer"], cast["dealer2"])
    check = [{"type": "decide", "seat": seat, "choice": "check"} for seat in (2, 4, 7)]
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *HAND[:5],
               {"type": "decide", "seat": 7, "choice": "call"}, {"type": "decide", "seat": 2, "choice": "call"},
               {"type": "decide", "seat": 4, "choice": "check"},
               {"type": "cards", "target": "board", "cards": ["9s", "9c", "Ts"]}, *check,
               {"type": "cards", "target": "board", "cards": ["Js"]}, *check,
               {"type": "cards", "target": "board", "cards": ["2d"]}, *check,
               {"type": "cards", "target": "seat:2", "cards": ["9h", "9d"]},
               {"type": "cards", "target": "seat:4", "cards": ["Ks", "Qs"]},
               {"type": "decide", "seat": 7, "choice": "muck"})
    approval = rnd.approvals.get()
    assert (approval.kind, approval.section, approval.status) == ("payout", "§ 637a.15", "pending")
    client.force_login(cast["floor"])
    html = client.get(reverse("table", args=[table.id])).content.decode()
    assert "Bad Beat jackpot of $1.00: seat 2 $0.50, seat 4 $0.25, seat 7 $0.25; the cage pays it" in html
    assert f'id="approval-{approval.id}-decide"' in html
    with pytest.raises(Refused, match="A floorperson approves or refuses the payout first"):
        play(rnd, cast["dealer"], {"type": "close"})
    floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    rnd = play(rnd, cast["dealer"], {"type": "close"})
    assert rnd.status == Round.Status.CLOSED
    assert sorted(rnd.lines.values_list("seat", "wager", "outcome", "amount")) == [
        (0, "bad_beat_drop", "drop", 1_00), (2, "bad_beat_losing_hand", "win", 50),
        (4, "bad_beat_winning_hand", "win", 25), (4, "main_pot", "award", 5_00), (7, "bad_beat_table_share", "win", 25)]
    assert (rnd.total_paid, rnd.total_collected) == (1_00, 1_00)
    second = services.round_start(table_id=table.id, user=cast["dealer"])
    assert "funds" not in second.rules["positions"]  # the fund was paid out whole
