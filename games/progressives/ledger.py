"""The ledger every change of a meter is written to (§ 605a.7), and what a round's tap does to
the meters feeding its table.

A meter's amount moves only by a ledger entry: a contribution when a wager on it is accepted at
"no more bets" (§ 605a.7(a)(1)), a payout to a winning hand (§ 605a.7(d)(1)), the reset after a
jackpot of the whole meter, an approved transfer (§ 605a.7(d)(2)) or a correction after a
malfunction, with a written explanation (§ 605a.7(d)(3)).  Every entry is written under the
meter's row lock (``select_for_update``), numbered in the meter's order (``seq``) with the pool's
amount after it, so that two tables of one link hitting at once are paid one after the other,
each from the meter as the previous one left it, in an order the ledger records
(§ 605a.8(b)(3)(iii)).  ``meter_audit`` checks that the stored amounts are the sums of the ledger.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction

from games.common import hashing
from games.engine.core import CAGE, Refused, RoundState
from games.engine.core import progressive as engine
from games.engine.money import Cents, dollars, plain_dollars
from games.engine.registry import game_for
from games.models import Meter, MeterEntry, Round, SettlementLine, Table
from games.progressives.selectors import table_feed
from games.table import push

Kind = MeterEntry.Kind


class MeterBook:
    """The meter changes of one transaction.  Meters are locked before they are read (all those a
    change needs at once, in id order, so two transactions never wait on each other in a circle);
    entries are numbered and balanced as they are added and written with ``write``, after the
    round's settlement lines they point at."""

    def __init__(self, user, *, rnd: Round | None = None):
        self.user = user
        self.rnd = rnd
        self.meters: dict[int, Meter] = {}
        self.entries: list[tuple[MeterEntry, tuple | None]] = []  # (entry, natural key of its line)

    def lock(self, ids: Iterable[int]) -> list[Meter]:
        ids = list(ids)
        wanted = sorted(set(ids) - set(self.meters))
        if wanted:
            for meter in Meter.objects.select_for_update().filter(pk__in=wanted).order_by("pk"):
                self.meters[meter.pk] = meter
        missing = [pk for pk in ids if pk not in self.meters]
        if missing:
            raise Refused(f"There is no meter {missing[0]}")
        return [self.meters[pk] for pk in ids]

    def add(self, meter: Meter, kind: str, amount: Cents, *, pool: str = MeterEntry.METER, seat: int | None = None,
            claim: int | None = None, line: tuple | None = None, payer: str = "", note: str = "",
            reverses: MeterEntry | None = None) -> MeterEntry:
        balance = (meter.amount if pool == MeterEntry.METER else meter.reserve) + amount
        if balance < 0:
            held = meter.amount if pool == MeterEntry.METER else meter.reserve
            raise Refused(f"{meter.name}'s {pool} holds {dollars(held)}: it cannot give {dollars(-amount)}",
                          "§ 605a.7(d)")
        if pool == MeterEntry.METER:
            meter.amount = balance
        else:
            meter.reserve = balance
        meter.entries += 1
        entry = MeterEntry(meter=meter, seq=meter.entries, pool=pool, kind=kind, amount=amount, balance_after=balance,
                           round=self.rnd, seat=seat, claim=claim, payer=payer, user=self.user, note=note[:300],
                           reverses=reverses)
        self.entries.append((entry, line))
        return entry

    def write(self) -> None:
        """Write the entries and the meters' amounts; push the meters once the transaction commits."""
        if not self.entries:
            return
        keys = {key for _, key in self.entries if key is not None}
        lines = {}
        if keys and self.rnd is not None:
            for row in SettlementLine.objects.filter(round=self.rnd, seat__in={key[0] for key in keys}):
                lines[(row.seat, row.hand_no, row.wager, row.stage)] = row
        for entry, key in self.entries:
            entry.line = lines.get(key) if key is not None else None
            meter = self.meters[entry.meter_id]
            # Chained in the meter's order, under its lock (its row holds the last hash).
            meter.ledger_hash = hashing.link([entry], meter.ledger_hash or ledger_start(meter.pk), LEDGER_KIND,
                                             LEDGER_FIELDS)
        MeterEntry.objects.bulk_create([entry for entry, _ in self.entries])
        changed = {entry.meter_id for entry, _ in self.entries}
        for pk in changed:
            self.meters[pk].save(update_fields=["amount", "reserve", "entries", "ledger_hash"])
        self.entries = []
        ids = sorted(changed)
        transaction.on_commit(lambda: push.meters_changed(ids))


# What an entry's hash covers: every column but its line, which a refused payout's deleted line
# empties (SET_NULL) after the entry was written; its round and seat name what it paid.
LEDGER_FIELDS = ("meter_id", "seq", "pool", "kind", "amount", "balance_after", "round_id", "seat", "claim", "payer",
                 "user_id", "note", "reverses_id", "created_at")
LEDGER_KIND = "meter entry"


def ledger_start(meter_id: int) -> str:
    """What a meter's first entry links to: it names the meter, so a ledger cannot be moved to another."""
    return hashing.digest("meter", meter_id)


def meter_audit(meter: Meter) -> list[str]:
    """What is wrong with a meter's ledger: a gap in its numbering, an entry whose balance is not
    the one before plus its amount, a stored amount that is not the sum of its pool, and a break
    in its chain (an entry edited, removed or inserted by hand).  Empty when the meter is exactly
    reset + contributions − payouts ± transfers ± corrections, as written."""
    problems = []
    sums = {MeterEntry.METER: 0, MeterEntry.RESERVE: 0}
    rows = list(meter.ledger.order_by("seq").values_list(*LEDGER_FIELDS, "prev_hash", "hash", named=True))
    chained, head = hashing.check_chain(rows, ledger_start(meter.pk), LEDGER_KIND, LEDGER_FIELDS,
                                        lambda row: f"entry #{row.seq}")
    problems += chained
    if meter.ledger_hash != (head if rows else ""):
        problems.append("the ledger does not end where the meter's last hash says: entries were removed from or "
                        "added to its end")
    entries = [(row.seq, row.pool, row.amount, row.balance_after) for row in rows]
    for expected, (seq, pool, amount, balance) in enumerate(entries, start=1):
        if seq != expected:
            problems.append(f"entry #{seq} follows #{expected - 1}: entries are missing")
        sums[pool] += amount
        if balance != sums[pool]:
            problems.append(f"entry #{seq}: the {pool} shows {dollars(balance)}, its entries add up to "
                            f"{dollars(sums[pool])}")
    if meter.amount != sums[MeterEntry.METER] or meter.reserve != sums[MeterEntry.RESERVE]:
        problems.append(f"the meter shows {dollars(meter.amount)} and a reserve of {dollars(meter.reserve)}; its "
                        f"ledger adds up to {dollars(sums[MeterEntry.METER])} and {dollars(sums[MeterEntry.RESERVE])}")
    if meter.entries != len(entries):
        problems.append(f"the meter counts {meter.entries} entries, its ledger holds {len(entries)}")
    return problems


def round_option(table: Table) -> dict[str, Any]:
    """The ``progressives`` option a round of the table starts with: for each progressive wager a
    complete set of meters feeds (one per tier its paytable reads), the wager amount, the meters and
    the link's state.  A wager whose meters are incomplete is simply not offered."""
    feed = table_feed(table)
    game = game_for(table.game)
    rules = game.validate_rules(table.rules)
    option: dict[str, Any] = {}
    for slug in dict.fromkeys(meter.wager for meter in feed.meters if meter.game == table.game):
        wager = next((w for w in game.wagers if w.slug == slug and w.progressive), None)
        meters = [meter for meter in feed.meters if meter.wager == slug]
        if wager is None or (wager.paytable and not rules.get(wager.paytable_option)):
            continue
        try:
            tiers = engine.meter_tiers(engine.wager_paytable(game, rules, wager))
        except Refused:
            continue
        if sorted(meter.tier for meter in meters) != sorted(tiers) or len({m.wager_amount for m in meters}) != 1:
            continue
        option[slug] = {"amount": plain_dollars(meters[0].wager_amount),
                        "meters": {meter.tier: {"id": meter.pk, "name": meter.name} for meter in meters},
                        "down": feed.down}
    # A wager that shares another's meter (on the dealer's hand, § 647a.7(d)(4)) is offered with it.
    for wager in game.wagers:
        if wager.progressive and wager.progressive.same_meter_as in option:
            option[wager.slug] = dict(option[wager.progressive.same_meter_as])
    return option


def _wagers_on(state: RoundState, feeds: Mapping[str, Any]) -> dict[tuple[int, int, str], Cents]:
    return {(seat.number, hand.number, wager): amount for seat in state.seats.values() for hand in seat.hands
            for wager, amount in hand.wagers.items() if wager in feeds}


def round_tap(rnd: Round, before: RoundState, state: RoundState, user) -> tuple[RoundState, list[dict], MeterBook]:
    """The meters' part of one tap, inside the round's transaction: the link checked live when a
    progressive wager is placed or bets close (§ 605a.8(c)); each wager's contribution at "no more
    bets" (§ 605a.7(a)(1)); a refused validation's payout put back; every claim the tap made answered
    from its meter, under the meter's lock.  Returns the round with the answers applied, the answers
    (actions for the log) and the book to write once the round's lines are."""
    book = MeterBook(user, rnd=rnd)
    feeds = engine.attachments(state.rules)
    if not feeds:
        return state, [], book
    placed, had = _wagers_on(state, feeds), _wagers_on(before, feeds)
    closing = state.bets_closed and not before.bets_closed
    if (closing and placed) or set(placed) - set(had):
        down = table_feed(rnd.table).down
        if down:
            label = state.game.wager_label(next(iter(feeds)))
            seats = ", ".join(str(seat) for seat, _, _ in sorted(placed))
            what = (f"remove the {label}s of seats {seats} before \"no more bets\"" if closing
                    else f"{label}s are not accepted")
            raise Refused(f"The progressive is unplayable: {down}; {what}", engine.LINK_DOWN_SECTION)
    if closing:
        _contribute(book, placed, feeds)
    _put_back_refused(book, before, state)
    state, answers = _answer_claims(book, state, feeds, rnd)
    return state, answers, book


def _contribute(book: MeterBook, placed: Mapping[tuple[int, int, str], Cents], feeds: Mapping[str, Any]) -> None:
    for (seat, _, wager), stake in sorted(placed.items()):
        for meter in book.lock(sorted(pk for pk, _ in feeds[wager].meters.values())):
            rates = [(MeterEntry.METER, meter.rate), (MeterEntry.RESERVE, meter.reserve_rate)]
            for pool, rate in rates:
                if rate:
                    book.add(meter, Kind.CONTRIBUTION, engine.contribution(stake, rate), pool=pool, seat=seat,
                             note=f"seat {seat}'s {dollars(stake)} wager at {rate.normalize():f}% to the {pool}")


def _answer_claims(book: MeterBook, state: RoundState, feeds: Mapping[str, Any],
                   rnd: Round) -> tuple[RoundState, list[dict]]:
    """Each pending claim answered from its meter, under the meter's lock.  While the progressive is
    unplayable (§ 605a.8(c): the link down, or the table off it) a claim is held instead, with the
    meter's last reading, for a floorperson: approved, it is paid from that reading, recorded as
    such; refused, it waits until the dealer asks again with the link back."""
    answers = []
    pending = [claim for claim in state.claims if claim.pending]
    down = table_feed(rnd.table).down if pending else ""
    for claim in pending:
        decided = state.claim_approval(claim)
        if decided is not None and decided.status != "approved":
            continue  # the floorperson has not decided it yet, or had it wait for the link
        feed = feeds[claim.wager]
        book.lock(sorted(pk for pk, _ in feed.meters.values()))
        (meter,) = book.lock([feed.meters[claim.tier][0]])
        # A floorperson's decision pays from the reading the claim was held with.
        reading = meter.amount if decided is None else claim.last_reading
        # Like every action of the log, it names the step it was answered at (the seat's settlement).
        step = state.current_step()
        if decided is None and down:
            action = {"type": "hold_claim", "step": step.id if step else "", "claim": claim.id, "meter": meter.pk,
                      "meter_amount": reading, "down": down[:300]}
            state = state.apply(action)
            answers.append(action)
            continue
        percent = engine.claim_percent(claim.share)
        amount = engine.share_of_meter(reading, percent)
        action = {"type": "resolve_claim", "step": step.id if step else "", "claim": claim.id, "amount": amount,
                  "meter": meter.pk, "meter_amount": reading}
        state = state.apply(action)
        answers.append(action)
        last = f"; paid from the last reading while {claim.held}, as a floorperson decided" if decided else ""
        for seat, part in claim.parts(amount).items():
            where = f"table {rnd.table.name} round {rnd.number} seat {seat}"
            divided = f" divided by {claim.divisor}: {dollars(part)}" if claim.divisor > 1 else ""
            book.add(meter, Kind.PAYOUT, -part, seat=seat, claim=claim.id, payer=CAGE,
                     line=(seat, claim.hand_no, claim.wager, "settle"),
                     note=f"{where}: {claim.share}, {dollars(amount)} of {dollars(reading)}{divided}{last} "
                          f"({claim.reason})")
        if percent == 100:
            _reset(book, meter, claim.seat, claim.id)
    return state, answers


def _reset(book: MeterBook, meter: Meter, seat: int | None, claim: int | None) -> None:
    """After a jackpot of the whole meter it restarts: the reserve pool, built to fund the next
    reset (§ 605a.7(b)(4)), goes onto the meter whole, and the house adds what it lacks of the
    reset amount.  With no reserve the meter restarts at the reset amount; with a reseed of $0
    (§ 643a.12(f)(4)) at what the reserve holds."""
    reserve = meter.reserve
    if reserve:
        book.add(meter, Kind.RESET, -reserve, pool=MeterEntry.RESERVE, seat=seat, claim=claim,
                 note="the reserve pool funds the restart")
        book.add(meter, Kind.RESET, reserve, seat=seat, claim=claim, note="from the reserve pool")
    seed = max(0, meter.reset_amount - reserve)
    if seed:
        book.add(meter, Kind.RESET, seed, seat=seat, claim=claim,
                 note=f"reset to {dollars(meter.reset_amount)}: the house adds {dollars(seed)}")


def _put_back_refused(book: MeterBook, before: RoundState, state: RoundState) -> None:
    """A floorperson who refuses a seat's payout disputes its hand: the seat is settled again
    (``games.engine.core.floor``), so what its claims took from the meters goes back, entry by
    entry, before the seat claims again."""
    was = {approval.id: approval.status for approval in before.approvals}
    seats = {approval.seat for approval in state.approvals
             if approval.kind == "payout" and was.get(approval.id) == "pending" and approval.status == "refused"}
    if not seats or book.rnd is None:
        return
    taken = list(MeterEntry.objects.filter(round=book.rnd, seat__in=seats, claim__isnull=False, reverses__isnull=True,
                                           reversed_by__isnull=True).order_by("meter_id", "seq"))
    if not taken:
        return
    book.lock(sorted({entry.meter_id for entry in taken}))
    for entry in taken:
        book.add(book.meters[entry.meter_id], Kind.CORRECTION, -entry.amount, pool=entry.pool, seat=entry.seat,
                 claim=entry.claim, reverses=entry,
                 note=f"the floorperson refused seat {entry.seat}'s payout: entry #{entry.seq} ({entry.kind}) undone")
