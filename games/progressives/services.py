"""Progressive meters and links: their configuration, transfers and corrections (§ 605a.7,
§ 605a.8), each written to the meters' ledger (``games.progressives.ledger``).  With
``games.table.services``, whose taps feed and pay the meters through that ledger, the only code
that changes them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import IntegrityError, transaction

from games.engine.core import Refused
from games.engine.core import progressive as engine
from games.engine.core.progressive import MeterParameters
from games.engine.money import Cents, MoneyError, dollars, parse_dollars
from games.engine.registry import GAMES, game_for
from games.models import Link, LinkedTable, Meter, MeterEntry, Round, Table
from games.people import audit, roles
from games.progressives.ledger import Kind, MeterBook
from games.table import push

EXPLANATION_MIN = 20  # characters: a correction's written explanation (§ 605a.7(d)(3)) says what happened
PARAMETERS_SECTION = "§ 605a.8(b)(4)"
ONE_PROGRESSIVE_SECTION = "§ 605a.7(e)(2)"
SAME_PROBABILITY_SECTION = "§ 605a.8(g)(1)"


class NotAllowed(Refused):
    """The user's role does not allow this."""


def _supervisor(user) -> None:
    if roles.SUPERVISOR not in roles.roles_of(user):
        raise NotAllowed("Only a supervisor can configure progressive meters and links")


# -- the ledger ----------------------------------------------------------------------------------------


# -- reading the configuration -------------------------------------------------------------------------


# -- during a round --------------------------------------------------------------------------------------


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


def _check_parameters(game_slug: str, wager: str, params: MeterParameters, tables: Iterable[Table], *,
                      linked: bool = False) -> None:
    """The chapter's rules for the meter, checked against the paytable each table it feeds selects
    (the game's default where it feeds none yet); a link's, against the paytables a chapter lets be
    linked (§ 639a.12(d)(3))."""
    game = GAMES.get(game_slug)
    if game is None:
        raise Refused(f"Unknown game {game_slug!r}")
    tables = list(tables)
    for rules in [table.rules for table in tables] or [{}]:
        merged = game.validate_rules(rules)
        engine.check_meter(game, wager, merged, params)
        if linked:
            engine.check_linkable(game, wager, merged)


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
    meters = list(link.meters.values_list("pk", flat=True))
    transaction.on_commit(lambda: push.meters_changed(meters))  # every meter bar says the link is down
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
        _check_parameters(meter.game, meter.wager, _parameters_of(meter), [table], linked=True)


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
            if membership is not None and meter.link_id is not None:
                engine.check_linkable(game, meter.wager, merged)
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
    _check_parameters(game, wager, params, tables, linked=link is not None)
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
    _check_parameters(meter.game, meter.wager, params, tables, linked=meter.link_id is not None)
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
