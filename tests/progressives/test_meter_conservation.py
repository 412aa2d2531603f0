"""Money is conserved on the meters, to the cent, over random sequences of rounds, jackpots,
transfers and corrections: after every step each meter shows what a model computed by hand from
the rules says (contributions at the rates, 100% or 10% of the meter at the player's turn to the
cent below, § 647a.12(d)(1); the restart after a jackpot of the whole meter), and its ledger adds up:

    meter + reserve = Σ resets + Σ contributions − Σ payouts ± Σ transfers ± Σ corrections

with the transfers summing to nothing across meters and the payouts equal to what the cage paid.
"""

import random

import pytest
from django.db.models import Sum

from games.models import Meter, MeterEntry, SettlementLine
from games.progressives import services as progressives
from games.progressives.ledger import meter_audit
from tests.progressives.progressive_play import NOTHING, ROYAL, STRAIGHT_FLUSH, full_round, linked_tables, thb_table

pytestmark = pytest.mark.django_db

# Meter A: a link of two tables, 10% to the meter and 2% to the reserve of each $5 wager (50¢ and
# 10¢). Meter B: one table's, 21% of $5 = $1.05, no reserve.  Both reset to $10,000.
RATES = {"A": (50, 10), "B": (1_05, 0)}
RESET = 10_000_00


class Model:
    def __init__(self):
        self.amount = {"A": RESET, "B": RESET}
        self.reserve = {"A": 0, "B": 0}

    def contribute(self, meter: str, wagers: int) -> None:
        to_meter, to_reserve = RATES[meter]
        self.amount[meter] += wagers * to_meter
        self.reserve[meter] += wagers * to_reserve

    def pay(self, meter: str, percent: int) -> int:
        share = self.amount[meter] * percent // 100  # to the cent below
        self.amount[meter] -= share
        if percent == 100:  # the reserve funds the restart; the house adds what it lacks of $10,000
            self.amount[meter] = self.reserve[meter] + max(0, RESET - self.reserve[meter])
            self.reserve[meter] = 0
        return share


def a_round(rng, model, meter_name, table, cast):
    seats = rng.sample(range(1, 7), rng.randint(1, 4))
    wagering = [seat for seat in seats if rng.random() < 0.7]
    hands = {seat: (seat in wagering, NOTHING[seat]) for seat in seats}
    hits = rng.sample(wagering, min(len(wagering), rng.choice([0, 0, 1, 2])))
    for seat, cards in zip(hits, rng.sample([ROYAL, STRAIGHT_FLUSH], len(hits)), strict=False):
        hands[seat] = (True, cards)
    model.contribute(meter_name, len(wagering))
    paid = 0
    for seat in sorted(hits, reverse=True):  # paid at each player's turn, right to left (§ 647a.11(h))
        paid += model.pay(meter_name, 100 if hands[seat][1] == ROYAL else 10)
    rnd = full_round(table, cast["dealer"], cast["floor"], hands)
    cage = rnd.lines.filter(payer="cage").aggregate(total=Sum("amount"))["total"] or 0
    assert cage == paid


def check(model, meters):
    for name, meter in meters.items():
        meter.refresh_from_db()
        assert (meter.amount, meter.reserve) == (model.amount[name], model.reserve[name]), name
        assert meter_audit(meter) == []
        by_kind = dict(MeterEntry.objects.filter(meter=meter).values_list("kind").annotate(total=Sum("amount")))
        assert meter.amount + meter.reserve == sum(by_kind.values())
    totals = dict(MeterEntry.objects.values_list("kind").annotate(total=Sum("amount")))
    assert totals.get("transfer", 0) == 0
    held = sum(meter.amount + meter.reserve for meter in Meter.objects.all())
    assert held == (totals.get("reset", 0) + totals.get("contribution", 0) + totals.get("payout", 0)
                    + totals.get("correction", 0))
    paid_by_cage = SettlementLine.objects.filter(payer="cage").aggregate(total=Sum("amount"))["total"] or 0
    assert -totals.get("payout", 0) == paid_by_cage


@pytest.mark.parametrize("seed", [2, 3, 4, 5])
def test_money_is_conserved_to_the_cent_over_random_rounds_jackpots_transfers_and_corrections(cast, seed):
    rng = random.Random(seed)
    _, meter_a, tables_a = linked_tables(cast["super"], "TH-A1", "TH-A2", rate="10", reserve_rate="2")
    table_b = progressives_table(cast)
    meters = {"A": meter_a, "B": Meter.objects.get(name="TH-B-METER")}
    tables = {"A": tables_a, "B": [table_b]}
    model = Model()
    check(model, meters)
    for _ in range(14):
        step = rng.choice(["round", "round", "round", "transfer", "correction"])
        if step == "round":
            name = rng.choice("AB")
            a_round(rng, model, name, rng.choice(tables[name]), cast)
        elif step == "transfer":
            source, target = rng.sample("AB", 2)
            cents = rng.randint(1, model.amount[source] // 3)
            progressives.meter_transfer(from_id=meters[source].id, to_id=meters[target].id,
                                        amount=f"{cents // 100}.{cents % 100:02d}", user=cast["super"],
                                        approval="Written approval under § 605a.7(d)(2), test transfer")
            model.amount[source] -= cents
            model.amount[target] += cents
        else:
            name = rng.choice("AB")
            cents = rng.randint(1, 50_000)
            add = rng.random() < 0.5 or cents > model.amount[name]
            progressives.meter_correct(meter_id=meters[name].id, amount=f"{cents // 100}.{cents % 100:02d}",
                                       user=cast["super"], add=add,
                                       explanation="Meter malfunction: amount restored, report sent to the Bureau")
            model.amount[name] += cents if add else -cents
        check(model, meters)
    assert MeterEntry.objects.filter(kind="payout").exists()  # the sequence hit the progressive


def progressives_table(cast):
    table = thb_table("TH-B")
    progressives.meter_create(user=cast["super"], name="TH-B-METER", game="texas-holdem-bonus", wager="progressive",
                              table_id=table.id, seed="10000", reset="10000", rate="21", wager_amount="5")
    return table
