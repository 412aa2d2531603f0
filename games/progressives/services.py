"""Progressive meters and links: their configuration, and the ledger every change of a meter is
written to (§ 605a.7, § 605a.8).  With ``games.table.services``, the only code that changes them.

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
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import IntegrityError, transaction

from games.engine.core import CAGE, Refused, RoundState
from games.engine.core import progressive as engine
from games.engine.core.progressive import MeterParameters
from games.engine.money import Cents, MoneyError, dollars, parse_dollars, plain_dollars
from games.engine.registry import GAMES, game_for
from games.models import Link, LinkedTable, Meter, MeterEntry, Round, SettlementLine, Table
from games.people import audit, roles
from games.progressives.selectors import table_feed
from games.table import push

EXPLANATION_MIN = 20  # characters: a correction's written explanation (§ 605a.7(d)(3)) says what happened
PARAMETERS_SECTION = "§ 605a.8(b)(4)"
ONE_PROGRESSIVE_SECTION = "§ 605a.7(e)(2)"
SAME_PROBABILITY_SECTION = "§ 605a.8(g)(1)"
Kind = MeterEntry.Kind


class NotAllowed(Refused):
    """The user's role does not allow this."""


def _supervisor(user) -> None:
    if roles.SUPERVISOR not in roles.roles_of(user):
        raise NotAllowed("Only a supervisor can configure progressive meters and links")


# -- the ledger ----------------------------------------------------------------------------------------

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
        MeterEntry.objects.bulk_create([entry for entry, _ in self.entries])
        changed = {entry.meter_id for entry, _ in self.entries}
        for pk in changed:
            self.meters[pk].save(update_fields=["amount", "reserve", "entries"])
        self.entries = []
        ids = sorted(changed)
        transaction.on_commit(lambda: push.meters_changed(ids))


def meter_audit(meter: Meter) -> list[str]:
    """What is wrong with a meter's ledger: a gap in its numbering, an entry whose balance is not
    the one before plus its amount, a stored amount that is not the sum of its pool.  Empty when
    the meter is exactly reset + contributions − payouts ± transfers ± corrections."""
    problems = []
    sums = {MeterEntry.METER: 0, MeterEntry.RESERVE: 0}
    entries = list(meter.ledger.order_by("seq").values_list("seq", "pool", "amount", "balance_after"))
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


# -- reading the configuration -------------------------------------------------------------------------

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


# -- during a round --------------------------------------------------------------------------------------

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
    answers = []
    for claim in [claim for claim in state.claims if claim.pending]:
        feed = feeds[claim.wager]
        book.lock(sorted(pk for pk, _ in feed.meters.values()))
        (meter,) = book.lock([feed.meters[claim.tier][0]])
        percent = engine.claim_percent(claim.share)
        reading = meter.amount
        amount = engine.share_of_meter(reading, percent)
        # Like every action of the log, it names the step it was answered at (the seat's settlement).
        step = state.current_step()
        action = {"type": "resolve_claim", "step": step.id if step else "", "claim": claim.id, "amount": amount,
                  "meter": meter.pk, "meter_amount": reading}
        state = state.apply(action)
        answers.append(action)
        for seat, part in claim.parts(amount).items():
            where = f"table {rnd.table.name} round {rnd.number} seat {seat}"
            divided = f" divided by {claim.divisor}: {dollars(part)}" if claim.divisor > 1 else ""
            book.add(meter, Kind.PAYOUT, -part, seat=seat, claim=claim.id, payer=CAGE,
                     line=(seat, claim.hand_no, claim.wager, "settle"),
                     note=f"{where}: {claim.share}, {dollars(amount)} of {dollars(reading)}{divided} ({claim.reason})")
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


# -- configuration by a supervisor ----------------------------------------------------------------------

def _cents(value: Any, what: str) -> Cents:
    try:
        return parse_dollars(value)
    except MoneyError as error:
        raise Refused(f"{what}: {error}") from None


def _percent(value: Any, what: str) -> Decimal:
    try:
        rate = Decimal(str(value).strip() or "0")
    except InvalidOperation:
        raise Refused(f"{what} must be a percentage like 21 or 7.5, not {value!r:.40}") from None
    if not rate.is_finite() or rate != rate.quantize(Decimal("0.01")):
        raise Refused(f"{what} must be a percentage with at most two decimals, not {value!r:.40}")
    return rate


def _check_parameters(game_slug: str, wager: str, params: MeterParameters, tables: Iterable[Table]) -> None:
    """The chapter's rules for the meter, checked against the paytable each table it feeds selects
    (the game's default where it feeds none yet)."""
    game = GAMES.get(game_slug)
    if game is None:
        raise Refused(f"Unknown game {game_slug!r}")
    tables = list(tables)
    for rules in [table.rules for table in tables] or [{}]:
        engine.check_meter(game, wager, game.validate_rules(rules), params)


def _siblings(meter_table: Table | None, link: Link | None) -> list[Meter]:
    return list(Meter.objects.filter(table=meter_table) if meter_table is not None else Meter.objects.filter(link=link))


def _fed_tables(link: Link) -> list[Table]:
    return [member.table for member in link.members.select_related("table")]


@transaction.atomic
def link_create(*, user, name: str) -> Link:
    """A new link, down until a supervisor puts it in operation (its meters are configured first)."""
    _supervisor(user)
    name = name.strip()
    if not name or len(name) > 40:
        raise Refused("A link needs a name of 1 to 40 characters")
    if Link.objects.filter(name=name).exists():
        raise Refused(f"There is already a link named {name}")
    link = Link.objects.create(name=name, operating=False, down_reason="not yet in operation", changed_by=user)
    audit.record(audit.Kind.LINK, user, link, None, _link_state(link), f"Link {link.name} created (down)")
    return link


def _link_state(link: Link) -> dict[str, Any]:
    return {"operating": link.operating, "down_reason": link.down_reason}


@transaction.atomic
def link_set_operating(*, link_id: int, user, operating: bool, reason: str = "") -> Link:
    """Put a link in operation, or take it down (§ 605a.8(c): its tables then refuse progressive
    wagers, with the reason on their tablets, while the base game goes on)."""
    _supervisor(user)
    link = Link.objects.select_for_update().get(pk=link_id)
    was = _link_state(link)
    if operating:
        if not link.meters.exists():
            raise Refused(f"The link {link.name} has no meter: add one before putting it in operation")
        link.operating, link.down_reason = True, ""
    else:
        if not reason.strip():
            raise Refused("Say why the link is down: the tables' tablets show it", "§ 605a.8(d)(1)")
        link.operating, link.down_reason = False, reason.strip()[:300]
    link.changed_by = user
    link.save(update_fields=["operating", "down_reason", "changed_by", "changed_at"])
    audit.record(audit.Kind.LINK, user, link, was, _link_state(link),
                 f"Link {link.name} {'put in operation' if operating else 'taken down: ' + link.down_reason}")
    _push_tables([member.table_id for member in link.members.all()])
    return link


@transaction.atomic
def link_add_table(*, link_id: int, table_id: int, user) -> LinkedTable:
    """A table joins a link: only while the link is down (§ 605a.8(b)(4)), for the game and wager
    of the link's meters, with the paytable its other tables select (§ 605a.8(g)(1)), and only if
    it has no progressive of its own (§ 605a.7(e)(2))."""
    _supervisor(user)
    link = Link.objects.select_for_update().get(pk=link_id)
    table = Table.objects.select_for_update().get(pk=table_id)
    if link.operating:
        raise Refused(f"The link {link.name} is in operation: take it down before changing its tables",
                      PARAMETERS_SECTION)
    current = LinkedTable.objects.filter(table=table).select_related("link").first()
    if current is not None:
        raise Refused(f"Table {table.name} is already on the link {current.link.name}", ONE_PROGRESSIVE_SECTION)
    own = Meter.objects.filter(table=table).first()
    if own is not None:
        raise Refused(f"Table {table.name} has a progressive of its own (meter {own.name}): a table offers one "
                      "progressive only", ONE_PROGRESSIVE_SECTION)
    _check_link_fits(link, table)
    try:
        with transaction.atomic():
            member = LinkedTable.objects.create(link=link, table=table)
    except IntegrityError:
        raise Refused(f"Table {table.name} is already on a link") from None
    audit.record(audit.Kind.LINK, user, link, {"table": table.name, "on_link": None},
                 {"table": table.name, "on_link": True}, f"Table {table.name} joined the link {link.name}")
    _push_tables([table.pk])
    return member


def _check_link_fits(link: Link, table: Table) -> None:
    for meter in link.meters.all():
        if meter.game != table.game:
            raise Refused(f"The link {link.name}'s meter {meter.name} feeds {GAMES[meter.game].name}, not "
                          f"{table.game_name}", SAME_PROBABILITY_SECTION)
        wager = game_for(table.game).wager(meter.wager)
        if wager.paytable:
            letters = {t.rules.get(wager.paytable_option, wager.paytable.default) for t in [*_fed_tables(link), table]}
            if len(letters) > 1:
                raise Refused(f"Linked tables must give the same chance of the jackpot: their {wager.label} "
                              f"paytables differ ({', '.join(sorted(map(str, letters)))})", SAME_PROBABILITY_SECTION)
        _check_parameters(meter.game, meter.wager, _parameters_of(meter), [table])


def check_table_rules(table: Table, rules: Mapping[str, Any]) -> None:
    """A table fed by meters keeps rules its meters fit: the paytable each meter's parameters were
    checked against, and on a link the paytable every other linked table selects (§ 605a.8(g)(1))."""
    game = game_for(table.game)
    merged = game.validate_rules(rules)
    membership = LinkedTable.objects.filter(table=table).select_related("link").first()
    meters = list(Meter.objects.filter(table=table))
    others: list[Table] = []
    if membership is not None:
        meters += list(Meter.objects.filter(link=membership.link))
        others = [t for t in _fed_tables(membership.link) if t.pk != table.pk]
    for meter in meters:
        wager = game.wager(meter.wager)
        if wager.paytable:
            letter = merged.get(wager.paytable_option)
            differ = [t.name for t in others
                      if game.validate_rules(t.rules).get(wager.paytable_option) != letter]
            if differ:
                raise Refused(f"Table {table.name} is on the link {membership.link.name}: its {wager.label} paytable "
                              f"must stay the one {', '.join(differ)} use", SAME_PROBABILITY_SECTION)
        engine.check_meter(game, meter.wager, merged, _parameters_of(meter))


@transaction.atomic
def link_table_set(*, link_id: int, table_id: int, user, on_link: bool) -> LinkedTable:
    """Take a table off its link (its progressive wagers are refused, § 605a.8(c)) or put it back."""
    _supervisor(user)
    member = LinkedTable.objects.select_for_update().select_related("table", "link").get(link_id=link_id,
                                                                                        table_id=table_id)
    was = member.on_link
    member.on_link = on_link
    member.save(update_fields=["on_link"])
    if was != on_link:
        audit.record(audit.Kind.LINK, user, member.link, {"table": member.table.name, "on_link": was},
                     {"table": member.table.name, "on_link": on_link},
                     f"Table {member.table.name} {'put back on' if on_link else 'taken off'} the link "
                     f"{member.link.name}")
    _push_tables([table_id])
    return member


def _parameters_of(meter: Meter) -> MeterParameters:
    return MeterParameters(meter.tier, meter.seed_amount, meter.reset_amount, meter.rate, meter.reserve_rate,
                           meter.wager_amount)


def _read_parameters(tier: str, seed: Any, reset: Any, rate: Any, reserve_rate: Any,
                     wager_amount: Any) -> MeterParameters:
    return MeterParameters(tier.strip(), _cents(seed, "The initial amount"), _cents(reset, "The reset amount"),
                           _percent(rate, "The rate of progression"), _percent(reserve_rate, "The reserve rate"),
                           _cents(wager_amount, "The wager amount"))


@transaction.atomic
def meter_create(*, user, name: str, game: str, wager: str, table_id: int | None = None, link_id: int | None = None,
                 tier: str = "", seed: Any, reset: Any, rate: Any, reserve_rate: Any = "0",
                 wager_amount: Any) -> Meter:
    """A meter of one table or of a link, starting at its initial amount (a reset entry)."""
    _supervisor(user)
    name = name.strip()
    if not name or len(name) > 40:
        raise Refused("A meter needs a name of 1 to 40 characters")
    if (table_id is None) == (link_id is None):
        raise Refused("A meter belongs to one table or to one link")
    params = _read_parameters(tier, seed, reset, rate, reserve_rate, wager_amount)
    table = link = None
    if link_id is not None:
        link = Link.objects.select_for_update().get(pk=link_id)
        if link.operating:
            raise Refused(f"The link {link.name} is in operation: take it down before adding a meter",
                          PARAMETERS_SECTION)
        tables = _fed_tables(link)
    else:
        table = Table.objects.select_for_update().get(pk=table_id)
        membership = LinkedTable.objects.filter(table=table).select_related("link").first()
        if membership is not None:
            raise Refused(f"Table {table.name} is on the link {membership.link.name}, whose progressive it offers: "
                          "a table offers one progressive only", ONE_PROGRESSIVE_SECTION)
        tables = [table]
    for fed in tables:
        if fed.game != game:
            raise Refused(f"Table {fed.name} plays {fed.game_name}, not {GAMES[game].name if game in GAMES else game}")
    for other in _siblings(table, link):
        if (other.game, other.wager) != (game, wager):
            raise Refused(f"Meter {other.name} already feeds the {GAMES[other.game].wager_label(other.wager)} here: "
                          "a table offers one progressive only", ONE_PROGRESSIVE_SECTION)
        if other.tier == params.tier:
            tier = f"the {params.tier} tier of " if params.tier else ""
            raise Refused(f"Meter {other.name} already feeds {tier}this progressive: a table offers one "
                          "progressive only", ONE_PROGRESSIVE_SECTION)
        if other.wager_amount != params.wager_amount:
            raise Refused(f"Meter {other.name} takes {dollars(other.wager_amount)} wagers: every meter of one "
                          "progressive takes the same wager", engine.SAME_WAGER_SECTION)
    _check_parameters(game, wager, params, tables)
    if Meter.objects.filter(name=name).exists():
        raise Refused(f"There is already a meter named {name}")
    meter = Meter.objects.create(name=name, game=game, wager=wager, tier=params.tier, table=table, link=link,
                                 seed_amount=params.seed, reset_amount=params.reset, rate=params.rate,
                                 reserve_rate=params.reserve_rate, wager_amount=params.wager_amount)
    book = MeterBook(user)
    book.meters[meter.pk] = meter
    book.add(meter, Kind.RESET, params.seed, note=f"initial amount {dollars(params.seed)} (§ 605a.7(b)(1))")
    book.write()
    audit.record(audit.Kind.METER, user, meter, None, _meter_parameters(meter),
                 f"Meter {meter.name} created at {dollars(meter.seed_amount)}")
    _push_tables([fed.pk for fed in tables])
    return meter


def _shown(key: str, value: Any) -> str:
    return dollars(value) if key.endswith("_amount") else f"{value}%"


def _meter_parameters(meter: Meter) -> dict[str, Any]:
    """What the audit trail says of a meter: the parameters of its Rules Submission (§ 605a.7(b))."""
    return {"owner": f"table {meter.table.name}" if meter.table_id else f"link {meter.link.name}",
            "game": meter.game, "wager": meter.wager, "tier": meter.tier, "seed_amount": meter.seed_amount,
            "reset_amount": meter.reset_amount, "rate": f"{meter.rate:.2f}",
            "reserve_rate": f"{meter.reserve_rate:.2f}", "wager_amount": meter.wager_amount}


@transaction.atomic
def meter_configure(*, meter_id: int, user, reset: Any, rate: Any, reserve_rate: Any = "0") -> Meter:
    """Change a meter's reset amount and rates.  Refused while its link operates (§ 605a.8(b)(4))
    or while its table has a round in play; the amount on the meter never changes here.  The wager
    amount is fixed with the meter (§ 605a.7(e)(3)): a new amount is a new meter."""
    _supervisor(user)
    meter = Meter.objects.select_for_update().get(pk=meter_id)
    if meter.link_id is not None:
        link = Link.objects.select_for_update().get(pk=meter.link_id)
        if link.operating:
            raise Refused(f"The link {link.name} is in operation: its progressive parameters cannot change until "
                          "it is taken down", PARAMETERS_SECTION)
        tables = _fed_tables(link)
    else:
        tables = [meter.table]
        if Round.objects.filter(table_id=meter.table_id, status=Round.Status.OPEN).exists():
            raise Refused(f"Table {meter.table.name} has a round in play: close it before changing its meter")
    params = MeterParameters(meter.tier, meter.seed_amount, _cents(reset, "The reset amount"),
                             _percent(rate, "The rate of progression"), _percent(reserve_rate, "The reserve rate"),
                             meter.wager_amount)
    _check_parameters(meter.game, meter.wager, params, tables)
    was = _meter_parameters(meter)
    meter.reset_amount, meter.rate, meter.reserve_rate = params.reset, params.rate, params.reserve_rate
    meter.save(update_fields=["reset_amount", "rate", "reserve_rate"])
    now = _meter_parameters(meter)
    if now != was:
        changed = ", ".join(f"{key.replace('_', ' ')} {_shown(key, was[key])} to {_shown(key, now[key])}"
                            for key in now if now[key] != was[key])
        audit.record(audit.Kind.METER, user, meter, was, now, f"Meter {meter.name}'s parameters changed: {changed}")
    return meter


@transaction.atomic
def meter_transfer(*, from_id: int, to_id: int, amount: Any, user, approval: str) -> tuple[MeterEntry, MeterEntry]:
    """Move an amount from one meter to another, on the written approval it names (§ 605a.7(d)(2))."""
    _supervisor(user)
    cents = _cents(amount, "The amount transferred")
    if cents <= 0:
        raise Refused("The amount transferred must be more than $0.00")
    if from_id == to_id:
        raise Refused("A meter cannot be transferred to itself")
    if len(approval.strip()) < EXPLANATION_MIN:
        raise Refused(f"Name the written approval of the transfer (at least {EXPLANATION_MIN} characters)",
                      "§ 605a.7(d)(2)")
    book = MeterBook(user)
    source, target = book.lock([from_id, to_id])
    note = approval.strip()
    was = {source.name: source.amount, target.name: target.amount}
    out = book.add(source, Kind.TRANSFER, -cents, note=f"to {target.name}: {note}")
    into = book.add(target, Kind.TRANSFER, cents, note=f"from {source.name}: {note}")
    book.write()
    audit.record(audit.Kind.METER, user, source, {"amounts": was},
                 {"amounts": {source.name: source.amount, target.name: target.amount}, "approval": note},
                 f"{dollars(cents)} transferred from meter {source.name} to {target.name} ({note})")
    return out, into


@transaction.atomic
def meter_correct(*, meter_id: int, amount: Any, user, explanation: str, add: bool = True) -> MeterEntry:
    """A correction after a table game or meter malfunctions, with the written explanation sent to
    the Bureau of Gaming Laboratory Operations (§ 605a.7(d)(3)): ``add`` puts an amount back on the
    meter (the whole jackpot, as the section requires), or takes off one a malfunction added."""
    _supervisor(user)
    cents = _cents(amount, "The correction")
    if cents <= 0:
        raise Refused("The correction must be more than $0.00")
    if len(explanation.strip()) < EXPLANATION_MIN:
        raise Refused(f"A correction needs the written explanation of the malfunction (at least {EXPLANATION_MIN} "
                      "characters)", "§ 605a.7(d)(3)")
    book = MeterBook(user)
    (meter,) = book.lock([meter_id])
    was = meter.amount
    entry = book.add(meter, Kind.CORRECTION, cents if add else -cents, note=explanation.strip())
    book.write()
    audit.record(audit.Kind.METER, user, meter, {"amount": was},
                 {"amount": meter.amount, "explanation": explanation.strip()},
                 f"Meter {meter.name} corrected from {dollars(was)} to {dollars(meter.amount)} "
                 f"({explanation.strip()})")
    return entry


def _push_tables(table_ids: Iterable[int]) -> None:
    ids = list(table_ids)
    transaction.on_commit(lambda: [push.table_changed(pk) for pk in ids])
    transaction.on_commit(lambda: push.feeds_changed(ids))
