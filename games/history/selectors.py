"""The history's reads: rounds a page at a time by keyset, newest first, and its CSV, streamed in
constant memory with each round's chain verified.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import islice
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.utils import timezone

from games.common import spreadsheet
from games.common.handle import ACTED, KEPT
from games.engine.money import plain_dollars
from games.engine.registry import GAMES
from games.history import chain
from games.models import (
    ReliefDealer,
    Round,
    SettlementLine,
)

HISTORY_PAGE_SIZE = 50


# The history says "1,000+ rounds" rather than count a million rows for every page.
HISTORY_COUNT_CAP = 1000


# What the list shows of a round: the record written at close stays behind.
HISTORY_COLUMNS = ("id", "number", "game", "status", "started_at", "closed_at", "total_paid", "total_collected",
                   "shoe_order", "table__name", "dealer__username")  # a training round has its virtual shoe


@dataclass(frozen=True)
class Cursor:
    """A place in the history's order (-started_at, -id), written into the newer/older links.

    >>> from datetime import datetime, timezone
    >>> token = Cursor(datetime(2026, 11, 23, 19, 5, 1, 250, tzinfo=timezone.utc), 42).token()
    >>> token, Cursor.parse(token).id
    ('1795460701000250-42', 42)
    """

    started_at: datetime
    id: int

    def token(self) -> str:
        delta = self.started_at - EPOCH
        return f"{(delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds}-{self.id}"

    @classmethod
    def parse(cls, token: str) -> Cursor:
        """Raises ValueError for anything ``token`` did not write."""
        micros, _, pk = token.partition("-")
        try:
            return cls(EPOCH + timedelta(microseconds=int(micros)), int(pk))
        except OverflowError:
            raise ValueError(f"{token!r} is beyond any date") from None

    @classmethod
    def of(cls, rnd: Round) -> Cursor:
        return cls(rnd.started_at, rnd.id)


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass
class HistoryPage:
    rounds: list[Round]
    newer: Cursor | None  # the link to the rounds just newer than this page, if any
    older: Cursor | None
    count: int  # the number of matching rounds, up to HISTORY_COUNT_CAP + 1
    count_capped: bool


def rounds_dealt_by(rounds: QuerySet[Round], dealers: Iterable[Any]) -> QuerySet[Round]:
    """The rounds any of ``dealers`` (users or their ids) dealt: started, or tapped in as a dealer (a
    relief dealer who took over the table mid-round), each event naming who took it."""
    ids = [getattr(dealer, "pk", dealer) for dealer in dealers]
    # The few rounds relieved, as a list: with the dealer's own index the database then reads the
    # matching rounds alone (an OR with a subquery would scan every round to count them).
    relieved = list(ReliefDealer.objects.filter(dealer_id__in=ids).values_list("round_id", flat=True))
    return rounds.filter(Q(dealer_id__in=ids) | Q(pk__in=relieved)) if relieved else rounds.filter(dealer_id__in=ids)


def history_rounds() -> QuerySet[Round]:
    """Every round as the history lists it, newest first, narrow: its filters
    (``games.history.filters``) each read an index whose order is the history's (games/models/rounds.py)."""
    return Round.objects.select_related("table", "dealer").only(*HISTORY_COLUMNS).order_by("-started_at", "-id")


def _beyond(rounds: QuerySet[Round], cursor: Cursor, *, older: bool) -> QuerySet[Round]:
    """The rounds strictly older (or newer) than the cursor, in the history's order.  The bound on
    started_at alone is what the index scan starts from; the id breaks ties within one instant."""
    if older:
        return rounds.filter(Q(started_at__lt=cursor.started_at) | Q(started_at=cursor.started_at, id__lt=cursor.id),
                             started_at__lte=cursor.started_at)
    return rounds.filter(Q(started_at__gt=cursor.started_at) | Q(started_at=cursor.started_at, id__gt=cursor.id),
                         started_at__gte=cursor.started_at)


def history_page(rounds: QuerySet[Round], *, older: Cursor | None = None, newer: Cursor | None = None,
                 size: int | None = None) -> HistoryPage:
    """One page of ``rounds`` by keyset: the first page, or the page just older than ``older``, or
    just newer than ``newer`` (the first page when fewer than a page are newer).  A round inserted
    meanwhile never shifts a page, so paging older lists every round once."""
    size = size or HISTORY_PAGE_SIZE
    if newer is not None:
        rows = list(_beyond(rounds, newer, older=False).order_by("started_at", "id")[:size + 1])
        if len(rows) <= size:  # the newest rounds: that is the first page
            return history_page(rounds, size=size)
        rows = rows[:size][::-1]
        has_newer, has_older = True, True
    else:
        page = _beyond(rounds, older, older=True) if older is not None else rounds
        rows = list(page[:size + 1])
        has_older, has_newer = len(rows) > size, older is not None
        rows = rows[:size]
    count = rounds.order_by().values("id")[:HISTORY_COUNT_CAP + 1].count()
    return HistoryPage(rows, Cursor.of(rows[0]) if has_newer and rows else None,
                       Cursor.of(rows[-1]) if has_older and rows else None,
                       min(count, HISTORY_COUNT_CAP), count > HISTORY_COUNT_CAP)


def page_checks(rounds: list[Round]) -> dict[int, list[chain.Break]]:
    """The breaks of each of a page's rounds that fails its check (its log, seal and sealed rows; not
    its record, which the list does not show): what the search finds is flagged where it is listed."""
    if not rounds:
        return {}
    full = Round.objects.filter(id__in=[rnd.id for rnd in rounds]).select_related("table").defer("record")
    return {rnd.id: breaks for rnd, breaks in chain.verify_rounds(full, batch=len(rounds), record=False) if breaks}


CSV_HEADER = ("table", "round", "game", "dealer", "started", "closed", "status", "training", "seats", "wagers",
              "handle", "paid", "collected", "kept", "win", "void", "approvals", "approval_statuses", "decided_by",
              "log")


CSV_CHUNK = 64 * 1024  # bytes handed to the server at a time


CSV_BATCH = 500  # rounds read, verified and written at a time


def history_csv(rounds: QuerySet[Round], *, on_broken: Callable[[Round, list[chain.Break]], None] | None = None
                ) -> Iterator[bytes]:
    """The history's CSV of ``rounds``, in chunks, in constant memory: the rounds are read from a
    cursor, and a batch at a time their wagers and approvals are read and their logs and seals
    verified (``games.history.chain``); the last column says whether each round's log and row are intact,
    or where they first break (``on_broken`` is also told).  Names, not slugs; times in the
    casino's time zone with their offset, to the microsecond, as the screens show them; dollars
    as 12.50."""
    yield (",".join(CSV_HEADER) + "\n").encode()
    # Every column the seal covers; not the record, which the CSV does not show but for the void's
    # reason, read out of it by the database (its digest is sealed).
    rounds = rounds.defer(None).defer("record").annotate(void_label=KT("record__page__void__label"),
                                                         void_section=KT("record__page__void__section"))
    yield from _written(_with_holdings(rounds.iterator(chunk_size=CSV_BATCH)), on_broken)


@dataclass
class Holdings:
    """What the CSV shows of a round besides its own row: its wagers and approvals, in order."""

    wagers: list[tuple[int, int, str, int]] = field(default_factory=list)  # (seat, hand, wager, cents)
    approvals: list[tuple[str, str]] = field(default_factory=list)  # (status, decided by's username or "")
    handle: int = 0  # cents: the stakes settled with action, as the reports count them (games.common.handle)
    kept: int = 0  # cents: stakes kept on the jackpots the cage paid, part of the win


def _with_holdings(rounds: Iterator[Round]) -> Iterator[tuple[Round, list[chain.Break], Holdings]]:
    """Each round with its breaks and holdings, CSV_BATCH rounds at a time: their events and the
    rows their seals cover (wagers, lines, approvals, ledger entries) read, checked and shown, and
    their handle and kept stakes summed from their lines as the reports sum them."""
    while batch := list(islice(rounds, CSV_BATCH)):
        yield from _batch_with_holdings(batch)


def _batch_with_holdings(batch: list[Round]) -> Iterator[tuple[Round, list[chain.Break], Holdings]]:
    # The wagers and approvals shown are the rows the seal was checked against.
    checked = list(chain.verify_held(batch, batch=len(batch), record=False))
    deciders = {row.decided_by_id for _, _, held in checked for row in held.approvals if row.decided_by_id}
    names = dict(get_user_model().objects.filter(pk__in=deciders).values_list("pk", "username")) if deciders else {}
    # The handle and the kept stakes from the lines, as the reports sum them: a void round's wagers
    # and a pulled bet are no handle.
    sums = {round_id: (staked, kept) for round_id, staked, kept in (
        SettlementLine.objects.filter(round_id__in=[rnd.id for rnd in batch]).filter(ACTED | KEPT)
        .exclude(round__status=Round.Status.VOID).order_by().values("round_id")
        .annotate(staked=Sum("stake", filter=ACTED, default=0), kept=Sum("stake", filter=KEPT, default=0))
        .values_list("round_id", "staked", "kept"))}
    for rnd, breaks, held in checked:
        handle, kept = sums.get(rnd.id, (0, 0))
        yield rnd, breaks, Holdings(
            [(w.seat, w.hand_no, w.wager, w.amount) for w in held.wagers],
            [(a.status, names.get(a.decided_by_id, "")) for a in held.approvals], handle, kept)


def _local(moment) -> str:
    """"2026-11-24T09:15:02.123456-05:00": the casino's time, its offset written in."""
    return timezone.localtime(moment).isoformat(timespec="microseconds")


def log_check(breaks: list[chain.Break]) -> str:
    """What the CSV says of a round's chain: "verified", or its first break."""
    if not breaks:
        return "verified"
    more = f" (and {len(breaks) - 1} more)" if len(breaks) > 1 else ""
    return f"BROKEN: {breaks[0]}{more}"


def _csv_row(rnd: Round, breaks: list[chain.Break], held: Holdings) -> list:
    game = GAMES.get(rnd.game)
    label = game.wager_label if game is not None else str
    seats: dict[int, list[str]] = {}
    for seat, hand, wager, amount in held.wagers:
        which = f" (hand {hand})" if hand > 1 else ""
        seats.setdefault(seat, []).append(f"{label(wager)}{which} {plain_dollars(amount)}")
    void = rnd.void_label or ""
    if void and rnd.void_section:
        void += f" ({rnd.void_section})"
    deciders = list(dict.fromkeys(user for _, user in held.approvals if user))
    return [rnd.table.name, rnd.number, game.name if game is not None else rnd.game, rnd.dealer.username,
            _local(rnd.started_at), _local(rnd.closed_at) if rnd.closed_at else "", rnd.get_status_display(),
            "yes" if rnd.shoe_order is not None else "no",
            ", ".join(str(seat) for seat in seats),
            "; ".join(f"{seat}: {', '.join(wagers)}" for seat, wagers in seats.items()),
            plain_dollars(held.handle),
            plain_dollars(rnd.total_paid), plain_dollars(rnd.total_collected), plain_dollars(held.kept),
            plain_dollars(rnd.total_collected + held.kept - rnd.total_paid), void,
            len(held.approvals), "; ".join(status for status, _ in held.approvals), "; ".join(deciders),
            log_check(breaks)]


def _written(rows: Iterable[tuple[Round, list[chain.Break], Holdings]], on_broken) -> Iterator[bytes]:
    out = io.StringIO()
    writer = spreadsheet.Writer(out)
    for rnd, breaks, held in rows:
        if breaks and on_broken is not None:
            on_broken(rnd, breaks)
        writer.writerow(_csv_row(rnd, breaks, held))
        if out.tell() >= CSV_CHUNK:
            yield out.getvalue().encode()
            out.seek(0)
            out.truncate()
    yield out.getvalue().encode()


def _in_chunks(blocks: Iterable[bytes]) -> Iterator[bytes]:
    """Blocks (a COPY sends one per row) gathered into chunks of about CSV_CHUNK bytes."""
    chunk, size = [], 0
    for block in blocks:
        chunk.append(block)
        size += len(block)
        if size >= CSV_CHUNK:
            yield b"".join(chunk)
            chunk, size = [], 0
    if chunk:
        yield b"".join(chunk)
