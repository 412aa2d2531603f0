"""Progressive wagers (§ 605a.7, § 605a.8): what the engine knows of a meter, and how a
progressive wager is placed and settled.

A meter lives in the database; the engine sees it only through the round's ``progressives``
option, written when the round starts: for each progressive wager the table offers, the fixed
wager amount (§ 605a.7(e)(3)), the meter feeding each paytable tier, and whether the link is
down (§ 605a.8(c)).  A win that is a share of a meter is a ``Claim`` the service answers with the
amount on the meter at the player's turn; every other figure is computed here, from the
paytables, so that a replay is pure.

    >>> contribution(500, Decimal("21"))
    105
    >>> share_of_meter(1_234_567, Decimal("10"))
    123456
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from games.engine.core.records import ACCOUNT, CAGE, LOSE, TABLE_INVENTORY, WIN, Refused, SettlementLine
from games.engine.money import Cents, MoneyError, dollars, parse_dollars
from games.engine.paytables import FixedAmount, MeterShare, Paytable, paytable, paytables_for

if TYPE_CHECKING:
    from games.engine.core.game import Game
    from games.engine.core.machine import RoundState
    from games.engine.core.state import Seat
    from games.engine.core.wagers import WagerDef

OPTION = "progressives"  # the round option that carries the meters (games.engine.core.game.ROUND_OPTIONS)
LINK_DOWN_SECTION = "§ 605a.8(c)"
SAME_WAGER_SECTION = "§ 605a.7(e)(3)"
ONE_PROGRESSIVE_SECTION = "§ 605a.7(e)(2)"  # "may not offer more than one progressive jackpot on the same table game"


@dataclass(frozen=True)
class Progressive:
    """What makes a wager progressive: it is placed on the table's progressive table game system
    (``system_section``, e.g. § 647a.2(c)) and offered only while a meter feeds it.  ``envy`` is the
    slug of the Envy Bonus lines paid to its wagerers for other players' qualifying hands, with
    their label and section."""

    system_section: str
    envy: str = ""
    envy_label: str = ""
    envy_section: str = ""
    # The letters of the wager's paytables that pay the Envy Bonus, where only some do (Paytable D
    # alone, § 639a.12(d)(6)); empty: every paytable does.
    envy_paytables: tuple[str, ...] = ()
    # The rules option that selects the Envy schedule's letter where the chapter lets the table select
    # it apart from the wager's paytable (§ 641a.12(d)(5)); its value "", or no option, takes the
    # paytable's letter, as where the chapter ties the two (§ 657a.12(d)(5)).
    envy_option: str = ""
    # A second wager on the same meter and paytable (the Five Card Hand Bonus on the dealer's hand
    # beside the one on the player's, § 647a.7(d)(4)): the slug of the wager whose meter it feeds.
    same_meter_as: str = ""
    # The letters of the wager's paytables a linked progressive may use, where only some may
    # (Paytable D alone, § 639a.12(d)(3)), and the section; empty: any.
    linked_paytables: tuple[str, ...] = ()
    linked_section: str = ""


@dataclass(frozen=True)
class Attachment:
    """A progressive wager as one round sees its meters (the ``progressives`` option)."""

    wager: str
    amount: Cents  # every wager on it is exactly this (§ 605a.7(e)(3), § 605a.8(g)(2))
    meters: Mapping[str, tuple[int, str]]  # tier ("" for a table of one meter) -> (meter id, name)
    down: str = ""  # why the progressive is unplayable now (§ 605a.8(c)); "" while it operates

    def meter_name(self, tier: str) -> str:
        return self.meters[tier][1]


def attachments(rules: Mapping[str, Any]) -> dict[str, Attachment]:
    """The round's progressive wagers by slug (checked by ``check_attachments``)."""
    return {wager: Attachment(wager, parse_dollars(value["amount"]),
                              {tier: (meter["id"], meter["name"]) for tier, meter in value["meters"].items()},
                              value.get("down", ""))
            for wager, value in (rules.get(OPTION) or {}).items()}


def attachment(rules: Mapping[str, Any], wager: str) -> Attachment | None:
    return attachments(rules).get(wager)


def wager_paytable(game: Game, rules: Mapping[str, Any], wager: WagerDef) -> Paytable:
    """The paytable a progressive wager is paid on: the table's letter, or the chapter's only one."""
    letter = rules.get(wager.paytable_option, "") if wager.paytable else ""
    slug = wager.progressive.same_meter_as or wager.slug
    try:
        return paytable(game.slug, slug, letter)
    except KeyError:
        # Named as the table's rules name it, not by the registry's key.
        letters = [table.letter for table in paytables_for(game.slug, slug) if table.letter]
        choose = f": its Rules Submission chooses one of Paytables {', '.join(letters)}" if letters else ""
        which = f"no Paytable {letter}" if letter else "no paytable chosen"
        raise Refused(f"{game.name}'s {wager.label} has {which}{choose}", wager.section) from None


def meter_tiers(table: Paytable) -> tuple[str, ...]:
    """The tiers whose meters a paytable's "% of meter" rows read: ("",) or ("mega", "major", ...)."""
    tiers = dict.fromkeys(row.payout.meter for row in table.rows if isinstance(row.payout, MeterShare))
    return tuple(tiers)


def check_attachments(game: Game, rules: Mapping[str, Any]) -> None:
    """The ``progressives`` option names progressive wagers of the game, each with a wager amount,
    one meter per tier its paytable reads, and the Envy schedule its amount needs."""
    given = rules.get(OPTION)
    if given in (None, {}):
        return
    if not isinstance(given, Mapping):
        raise Refused(f"The progressives option must map wagers to their meters, got {given!r:.60}")
    # A wager on the same meter as another (on the dealer's hand, § 647a.7(d)(4)) is that jackpot still.
    jackpots = [slug for slug in given if not any(w.slug == slug and w.progressive and w.progressive.same_meter_as
                                                   in given for w in game.wagers)]
    if len(jackpots) > 1:
        raise Refused(f"A {game.name} table may offer one progressive jackpot, not "
                      f"{' and '.join(game.wager_label(slug) for slug in jackpots)}", ONE_PROGRESSIVE_SECTION)
    for slug, value in given.items():
        wager = next((w for w in game.wagers if w.slug == slug and w.progressive), None)
        if wager is None:
            raise Refused(f"{slug!r} is not a progressive wager of {game.name}")
        if not isinstance(value, Mapping) or not isinstance(value.get("meters"), Mapping) \
                or not isinstance(value.get("down", ""), str):
            raise Refused(f"The {wager.label}'s progressive needs its amount, meters and link state")
        try:
            amount = parse_dollars(value.get("amount", ""))
        except MoneyError as error:
            raise Refused(f"The {wager.label}'s amount: {error}", SAME_WAGER_SECTION) from None
        if wager.paytable and not rules.get(wager.paytable_option):
            raise Refused(f"A meter feeds the {wager.label}, but the table selects none of its paytables",
                          wager.paytable.section)
        tiers = meter_tiers(wager_paytable(game, rules, wager))
        if sorted(value["meters"]) != sorted(tiers):
            named = ", ".join(repr(t) if t else "the meter" for t in tiers)
            raise Refused(f"The {wager.label}'s paytable reads {named}; the table's meters are for "
                          f"{', '.join(repr(t) for t in value['meters']) or 'nothing'}", wager.section)
        for meter in value["meters"].values():
            if not isinstance(meter, Mapping) or not isinstance(meter.get("id"), int) \
                    or not isinstance(meter.get("name"), str):
                raise Refused(f"The {wager.label}'s meters are named by id and name, got {meter!r:.60}")
        if envy_offered(wager, rules):
            envy_schedule(game, wager, amount, rules)


def envy_offered(wager: WagerDef, rules: Mapping[str, Any]) -> bool:
    """Whether the wager's Envy Bonus is paid at a table with these rules: the wager has one, and the
    table's paytable is one that pays it (``Progressive.envy_paytables``)."""
    found = wager.progressive.envy_paytables
    return bool(wager.progressive.envy) and (not found or rules.get(wager.paytable_option, "") in found)


def envy_schedule(game: Game, wager: WagerDef, amount: Cents, rules: Mapping[str, Any] | None = None) -> Paytable:
    """The Envy Bonus schedule for a wager of ``amount`` (the "$1" and "$5" tables of § 647a.12(d)(5)),
    or, where the chapter prints one per letter, for the table's letter too ("A $1"): the letter the
    table selected for the schedule (``Progressive.envy_option``, § 641a.12(d)(5)), else its
    paytable's (§ 657a.12(d)(5))."""
    letter = f"${amount // 100}" if amount % 100 == 0 else dollars(amount)
    chosen = (rules or {}).get(wager.paytable_option, "") if wager.paytable else ""
    if wager.progressive.envy_option and (rules or {}).get(wager.progressive.envy_option):
        chosen = rules[wager.progressive.envy_option]
    schedules = paytables_for(game.slug, wager.progressive.envy)
    found = next((table for table in schedules if table.letter == f"{chosen} {letter}"), None) if chosen else None
    found = found or next((table for table in schedules if table.letter == letter), None)
    if found is None:
        # The schedules of the table's letter where the chapter prints one per letter, else the chapter's.
        known = [table.letter for table in schedules if chosen and table.letter.startswith(f"{chosen} ")] \
            or [table.letter for table in schedules if " " not in table.letter]
        of = f" of Paytable {chosen}" if wager.progressive.envy_paytables else ""
        raise Refused(f"The {wager.progressive.envy_label}{of} is scheduled for {' and '.join(known)} "
                      f"{wager.label}s only, not {dollars(amount)}", wager.progressive.envy_section)
    return found


def check_linkable(game: Game, slug: str, rules: Mapping[str, Any]) -> None:
    """Refuse a linked progressive (§ 605a.8) on a paytable the chapter keeps to single tables."""
    wager = next((w for w in game.wagers if w.slug == slug and w.progressive), None)
    if wager is None or not wager.progressive.linked_paytables:
        return
    letter = rules.get(wager.paytable_option, "") if wager.paytable else ""
    if letter not in wager.progressive.linked_paytables:
        only = " or ".join(f"Paytable {found}" for found in wager.progressive.linked_paytables)
        raise Refused(f"Only {only} of the {wager.label} may be linked across tables, not Paytable {letter}",
                      wager.progressive.linked_section)


def unavailable(game: Game, rules: Mapping[str, Any], slug: str) -> str:
    """Why a progressive wager the table offers cannot be placed in this round: its link is down
    (§ 605a.8(c)).  "" when it can, or when it is not offered at all."""
    wager = next((w for w in game.wagers if w.slug == slug and w.progressive), None)
    if wager is None:
        return ""
    found = attachment(rules, slug)
    if found is None:
        return ""  # not offered at all: no meter feeds it (the table has no progressive table game system)
    if found.down:
        return f"{wager.label}s are not accepted: {found.down}"
    return ""


def check_wager(rnd: RoundState, seat_no: int, slug: str, amount: Cents) -> None:
    """A progressive wager is exactly the amount its meter requires (§ 605a.7(e)(3))."""
    found = attachment(rnd.rules, slug)
    if found is not None and amount != found.amount:
        raise Refused(f"Seat {seat_no}'s {rnd.game.wager_label(slug)} must be {dollars(found.amount)}, the amount "
                      f"every wager on this progressive requires, not {dollars(amount)}", SAME_WAGER_SECTION)


def contribution(wager_amount: Cents, rate: Decimal) -> Cents:
    """What one wager adds to a meter fed at ``rate`` percent.  A meter's configuration is refused
    unless this is a whole number of cents (``games.progressives.services``), so nothing is ever rounded."""
    exact = Decimal(wager_amount) * rate / 100
    if exact != exact.to_integral_value():
        raise Refused(f"{rate.normalize():f}% of {dollars(wager_amount)} is {exact.normalize():f}¢, not a whole "
                      "number of cents: choose a rate that is", "§ 605a.7(b)(3)")
    return int(exact)


def share_of_meter(meter: Cents, percent: Decimal) -> Cents:
    """A "% of meter" payout, to the cent below: the meter never pays more than it shows."""
    return int((Decimal(meter) * percent / 100).to_integral_value(rounding=ROUND_DOWN))


def claim_percent(share: str) -> Decimal:
    """The percent of a claim's share as the paytable prints it ("10%", "100% mega jackpot")."""
    try:
        return Decimal(share.split("%")[0])
    except InvalidOperation:
        raise Refused(f"{share!r} is not a share of a meter") from None


def settle(rnd: RoundState, seat: Seat, wager: WagerDef, table: Paytable, slugs: tuple[str, ...], shown: str, *,
           losing_section: str, turn_section: str, payer: str = TABLE_INVENTORY,
           validate: Callable[[Any], bool] = lambda odds: True,
           shared_by: tuple[int, ...] = (), divisor: int = 1) -> SettlementLine | None:
    """A progressive wager settled at the player's turn: lost, won at odds (paid by ``payer``; the
    wager went in at "no more bets"), or owed a share of a meter, which is a claim the service
    answers (then the line is the claim's).  A win at odds waits for a floorperson's validation,
    whatever the table's threshold, when ``validate`` says so (every one, unless the chapter names
    some: § 647a.11(j)(2))."""
    stake = seat.wagers[wager.slug]
    row = table.pay_row(slugs)
    if row is None:
        return SettlementLine(seat.number, wager.slug, stake, LOSE, stake, losing_section, stake_collected=True,
                              hand=f"{shown}: no paying hand on {table.title}", payer=payer)
    # The row is named unless the hand's own name says it ("Royal flush (Ah Kh + ...)").
    described = f"{shown} ({table.title})" if shown.lower().startswith(row.label.lower()) else \
        f"{shown}: {row.label} ({table.title})"
    if isinstance(row.payout, MeterShare):
        name = attachment(rnd.rules, wager.slug).meter_name(row.payout.meter)
        rnd.claim(seat.number, wager.slug, name, str(row.payout), turn_section, described, tier=row.payout.meter,
                  shared_by=shared_by, divisor=divisor)
        return None
    return SettlementLine(seat.number, wager.slug, stake, WIN, row.payout.winnings(stake), table.section,
                          odds=str(row.payout), hand=described, stake_collected=True, payer=payer,
                          must_validate=validate(row.payout))


def claim_line(rnd: RoundState, claim: Any, amount: Cents, meter_amount: Cents | None, *,
               seat: int | None = None) -> SettlementLine:
    """The line of a resolved claim, for ``seat``'s part of it: the cage pays it (§ 647a.11(i)(4): not
    from the table inventory), a floorperson validates it, and the cards stay on the layout until it
    is documented."""
    number = claim.seat if seat is None else seat
    stake = rnd.seats[number].hands[claim.hand_no - 1].wagers.get(claim.wager, 0)
    reading = f": {dollars(meter_amount)} on the meter at seat {claim.seat}'s turn" if meter_amount else ""
    divided = ""
    if claim.divisor > 1:
        whole = share_of_meter(meter_amount, claim_percent(claim.share)) if meter_amount else amount * claim.divisor
        divided = (f", {dollars(whole)} divided equally among the {claim.divisor} players who wagered on it: "
                   f"{dollars(amount)} each")
    note = (f"{claim.share} ({claim.meter}){reading}{divided}. An attendant brings it from the cage: the "
            "cards stay on the layout until the documentation is complete")
    return SettlementLine(number, claim.wager, stake, WIN, amount, claim.section, hand_no=claim.hand_no,
                          hand=claim.reason, note=note, payer=CAGE, must_validate=True, stake_collected=True)


def hand_bonus(rnd: RoundState, seat: Seat, wager: WagerDef, slugs: tuple[str, ...], shown: str, five: list[Any], *,
               position: int | str, turn_section: str, losing_section: str,
               shared_by: tuple[int, ...] = (), divisor: int = 1, settled: bool = False) -> list[SettlementLine]:
    """A Five Card Hand Bonus Wager (§ 647a.12(e), § 643a.12(f)) on the five cards ``five`` of the hand
    at ``position`` (a seat, or "dealer"), whatever the dealer holds: paid on its paytable, a win at
    500 for 1 or of the meter verified by a floorperson (§ 647a.11(j)(2), § 643a.11(g)(5)(ii)); then
    the Magic Card Bonus when the card the table game system drew is among the five, and the Lucky
    Bonus when it drew this position (§ 647a.12(e)(3), § 643a.12(f)).  The electronic wagering system
    took the wager and credits the wins to the player's game account; a share of the meter may not
    be credited there: the cage pays it.  ``settled``: the hand's own line is already written (a
    divided jackpot paid at another wagerer's turn), only the Magic Card and Lucky Bonuses remain."""
    stake = seat.wagers[wager.slug]
    lines = []
    if not settled:
        table = wager_paytable(rnd.game, rnd.rules, wager)
        line = settle(rnd, seat, wager, table, slugs, shown, losing_section=losing_section,
                      turn_section=turn_section, payer=ACCOUNT, validate=lambda odds: odds.numerator >= 500,
                      shared_by=shared_by, divisor=divisor)
        lines += [line] if line is not None else []
    drawn = rnd.step_results.get("magic_draw") or {}
    extras = paytable(rnd.game.slug, "five_card_hand_bonus_extras")
    suffix = "_dealer" if position == "dealer" else ""
    on = f"On the {dollars(stake)} {wager.label}"
    codes = [card.code for card in five]
    if drawn.get("magic_card") in codes:
        row = extras.row("magic_card")
        lines.append(SettlementLine(seat.number, f"magic_card_bonus{suffix}", 0, WIN, row.payout.numerator * stake,
                                    extras.section, odds=str(row.payout), payer=ACCOUNT,
                                    hand=f"Magic Card {drawn['magic_card']} among {' '.join(codes)}", note=on))
    if drawn.get("lucky") == position:
        row = extras.row("lucky_bonus")
        drawn_position = "the dealer's position" if position == "dealer" else f"seat {position}"
        lines.append(SettlementLine(seat.number, f"lucky_bonus{suffix}", 0, WIN, row.payout.numerator * stake,
                                    extras.section, odds=str(row.payout), payer=ACCOUNT,
                                    hand=f"The Lucky position drawn is {drawn_position}", note=on))
    return lines


def envy_lines(rnd: RoundState, wager: WagerDef, qualifying: Mapping[int, tuple[str, str]],
               order: list[int]) -> list[SettlementLine]:
    """Envy Bonuses: each seat with the progressive wager is paid, for every seat of *another* player
    holding a qualifying hand, the fixed sum its wager's schedule gives that hand; never for its
    player's own hand or the dealer's.  A player wagering on adjacent boxes (``Seat.player``) holds
    the hands of all of them, so a box gets nothing for its player's other box (§ 641a.11(c)(5)(v)).
    ``qualifying`` maps a seat to (its hand's slug, how it is shown).  One line per receiving seat,
    in ``order``, listing each hand it is paid for."""
    lines = []
    for number in order:
        seat = rnd.seats[number]
        if wager.slug not in seat.wagers:
            continue
        schedule = envy_schedule(rnd.game, wager, seat.wagers[wager.slug], rnd.rules)
        paid = []
        for other, (slug, shown) in sorted(qualifying.items()):
            row = schedule.row(slug) if rnd.seats[other].player_seat != seat.player_seat else None
            if row is not None and isinstance(row.payout, FixedAmount):
                paid.append((other, row, shown))
        if not paid:
            continue
        amount = sum(row.payout.amount for _, row, _ in paid)
        hands = "; ".join(f"seat {other}: {shown}, {row.label} {row.payout}" for other, row, shown in paid)
        lines.append(SettlementLine(number, wager.progressive.envy, 0, WIN, amount, wager.progressive.envy_section,
                                    odds=f"{schedule.letter} schedule", hand=hands,
                                    note=f"{len(paid)} Envy Bonus{'es' if len(paid) > 1 else ''} on a "
                                         f"{dollars(seat.wagers[wager.slug])} {wager.label}"))
    return lines


@dataclass(frozen=True)
class MeterParameters:
    """A meter's Rules Submission parameters (§ 605a.7(b)), in cents and percents."""

    tier: str
    seed: Cents  # the initial amount
    reset: Cents  # the amount after a jackpot of the whole meter
    rate: Decimal  # percent of each wager added to the meter
    reserve_rate: Decimal  # percent of each wager added to the reserve pool that funds the next reset
    wager_amount: Cents  # the one amount every wager on it is


def check_meter(game: Game, slug: str, rules: Mapping[str, Any], params: MeterParameters) -> None:
    """Refuse parameters the chapter does not allow for a meter of this wager and tier: the least
    reset amount, or the seed, reseed and rates it fixes "N for 1" of the wager (§ 643a.12(d)(3));
    a rate that grows the meter (§ 605a.7(a)(1)) by whole cents per wager; an Envy schedule for
    the wager amount where the chapter pays one."""
    wager = next((w for w in game.wagers if w.slug == slug and w.progressive), None)
    if wager is None:
        offered = ", ".join(w.slug for w in game.wagers if w.progressive) or "none"
        raise Refused(f"{slug!r} is not a progressive wager of {game.name} (its progressive wagers: {offered})")
    table = wager_paytable(game, rules, wager)
    tiers = meter_tiers(table)
    if params.tier not in tiers:
        named = ", ".join(repr(t) for t in tiers)
        raise Refused(f"The {wager.label}'s {table.title} has meters for {named}, not {params.tier!r}", table.section)
    spec = next((m for m in table.meters if m.name == params.tier), None)
    section = (spec.section if spec and spec.section else table.section)
    if params.wager_amount <= 0:
        raise Refused(f"The {wager.label}'s amount must be more than $0.00", SAME_WAGER_SECTION)
    if envy_offered(wager, rules):
        envy_schedule(game, wager, params.wager_amount, rules)
    if params.rate <= 0:
        raise Refused("The rate of progression must be more than 0%: the meter grows with every wager",
                      "§ 605a.7(a)(1)")
    if params.reserve_rate < 0 or params.rate + params.reserve_rate > 100:
        raise Refused("The rates must be at least 0% and add up to at most 100% of the wager", "§ 605a.7(b)(4)")
    contribution(params.wager_amount, params.rate)
    contribution(params.wager_amount, params.reserve_rate)
    if spec is None:
        return
    units = params.wager_amount // 100 if params.wager_amount % 100 == 0 else None
    for label, given, least, for_1 in (("initial", params.seed, spec.least_reset, spec.seed_for_1),
                                       ("reset", params.reset, spec.least_reset, spec.reseed_for_1)):
        if least is not None and given < least:
            raise Refused(f"The {label} amount of {dollars(given)} is below the {dollars(least)} the chapter "
                          "requires", section)
        if for_1 is not None:
            if units is None or given != for_1 * 100 * units:
                required = f"{dollars(for_1 * 100 * units)} on a {dollars(params.wager_amount)} wager" if units \
                    else "a whole number of dollars times it"
                raise Refused(f"The {label} amount must be ${for_1:,} for 1 of the wager, {required}; "
                              f"not {dollars(given)}", section)
    for label, given, fixed in (("rate of progression", params.rate, spec.primary_rate),
                                ("reserve rate", params.reserve_rate, spec.reserve_rate)):
        if spec.primary_rate is not None and given != (fixed or 0):
            raise Refused(f"The {label} must be {(fixed or Decimal(0)).normalize():f}%, as the chapter fixes it, "
                          f"not {given.normalize():f}%", section)
