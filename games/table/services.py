"""The only code that changes the database.

Each command runs in one transaction, locks the round (or table) row, rebuilds the round's
state (from the per-process cache when it holds the round's current seq, otherwise by replaying
its log), applies the action and appends it to the log.  Only what the action can have changed
is written: the round row's changed columns, and the wagers, settlement lines and approvals
whose engine records differ from before the tap, as stable rows keyed by their natural key
(updated in place, inserted when new, deleted only when the engine no longer has them).  The
change is rendered and pushed to the table's tablets (and to the pit when an approval changed)
only after the transaction commits (``games.table.push``).

Each tap's events are chained to the round's log as they are written (``games.history.chain``), and a
round that closes is sealed in the same transaction.  A dealer acts only at the table they are
assigned to (``games.floor.services``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import BooleanField, F, Value
from django.db.models.expressions import RawSQL
from django.utils import timezone

from games.common import metrics, prepared, rows, sql
from games.engine.cards import Shoe
from games.engine.core import Refused, RoundState, SystemDraw
from games.engine.core.contract import GameRound
from games.engine.core.progressive import OPTION as progressive_option
from games.engine.core.records import totals
from games.engine.money import dollars
from games.engine.registry import check_shape, game_for
from games.history import chain
from games.models import Approval, DealerAssignment, ReliefDealer, Round, RoundEvent, SettlementLine, Table, Wager
from games.people import audit, roles
from games.people.access import NotAllowed
from games.progressives import ledger
from games.progressives import services as progressives
from games.reports import cells as report_figures
from games.table import inputs, push, replay

logger = logging.getLogger(__name__)

STUB_COUNT_EVERY = 5  # rounds, § 647a.8(f)

# Kept here for the consumers, benchmarks and tests: the cache lives in games.table.replay,
# the groups in games.table.push.
engine_round = replay.engine_round
table_group = push.table_group
PIT_GROUP = push.PIT_GROUP


def _on_commit_push(table_id: int, *, pit: bool = False,
                    committed: tuple[Round, RoundState, dict[int, str]] | None = None, status: bool = False) -> None:
    """``status``: a round started or ended, so the table's status on the pit changed."""
    transaction.on_commit(lambda: push.table_changed(table_id, pit=pit, committed=committed, status=status))


@metrics.tap
@prepared.in_taps
@transaction.atomic
def round_start(*, table_id: int, user, first: Sequence[Mapping[str, Any]] = ()) -> Round:
    """Open the table's next round; ``first``: the round's first tap, applied in the same transaction
    (a Poker table's "Start the hand": one tap opens the round and starts its hand, or neither)."""
    if not roles.can_act(user, "deal"):
        raise NotAllowed("Only a dealer can start a round")
    table = (Table.objects.select_for_update()
             .annotate(dealing_here=_dealing_here(user, Table, "id"), fed=sql.meters_feed(Table, "id"))
             .get(pk=table_id))
    if not table.dealing_here:
        _refuse_elsewhere(user, table)
    # Only a table's latest round can be open, and a new one is numbered after it.
    previous = table.rounds.order_by("-number").first()
    if previous is not None and previous.status == Round.Status.OPEN:
        raise Refused(f"Table {table.name} already has a round in play")
    rules = dict(table.rules)
    rules["stub_count_due"] = table.rounds_since_stub_count >= STUB_COUNT_EVERY - 1
    feeds = ledger.round_option(table) if table.fed else {}
    if feeds:  # the meters this round's progressive wagers feed, and the link's state (§ 605a.8(c))
        rules[progressive_option] = feeds
    game = game_for(table.game)
    if previous is not None and game.carries_options:
        # What the last round leaves to this one (a Poker table's seats, stakes and button).
        rules.update(game.carried_options(engine_round(previous)))
    merged = game.validate_rules(rules)  # refuses a table whose configuration the chapter does not allow
    shoe_order = Shoe(game.deck_for(merged).cards()).order() if table.training else None
    rnd = Round.objects.create(table=table, number=previous.number + 1 if previous else 1, game=table.game,
                               rules=rules, shoe_order=shoe_order, dealer=user)
    if first:
        return round_act(round_id=rnd.id, user=user, actions=first, expected_seq=0, opened=True)
    # A new round's state is its rules' (an empty log): the render after the commit starts from it.
    state = engine_round(rnd, events=())
    transaction.on_commit(lambda: replay.remember_state(rnd.id, rnd.seq, state))
    _on_commit_push(table.id, status=True, committed=(rnd, state, {}))
    return rnd


@metrics.tap
@prepared.in_taps
@transaction.atomic
def round_act(*, round_id: int, user, actions: Sequence[Mapping[str, Any]], expected_seq: int | None,
              opened: bool = False, seat_seen: tuple[int, str] | None = None) -> Round:
    """Apply one tap's actions (all or none).  ``expected_seq`` is the number of events the
    tablet had seen: a double tap or a stale tablet carries an old number and is refused.
    A floorperson's decision names its approval instead (``None``): deciding it twice is refused
    by the engine, and the dealer may act in the meantime.  A seat's wager form names the seat's
    wagers as it was drawn with them instead (``seat_seen``: the seat and ``inputs.seat_seen``):
    it is refused if they changed since, and not for a change at another seat meanwhile.
    ``opened``: the same tap opened the round (``round_start``), so the table's status on the pit
    changed."""
    if not actions:
        raise Refused("Nothing to do")
    for action in actions:
        # Its keys and values are checked against its type's schema before anything is read or
        # written: an unknown key or an oversized value never reaches the log.
        check_shape(action)
        if not roles.can_act(user, action["type"]):
            who = "a floorperson" if action["type"] in roles.FLOOR_ACTIONS else "a dealer"
            raise NotAllowed(f"Only {who} can do this ({action['type'].replace('_', ' ')})")
    unnumbered = expected_seq is None and seat_seen is None
    if unnumbered and any(action["type"] not in roles.FLOOR_ACTIONS for action in actions):
        raise Refused("This action carries no sequence number: the screen it was decided on is unknown, "
                      "so a repeated tap could not be told apart; the screen now shows the current state")
    rnd = rows.locked_round(round_id, user)
    if any(action["type"] in roles.FLOOR_ACTIONS for action in actions):
        _check_segregation(rnd, user)
    if not rnd.dealing_here and any(action["type"] in roles.DEALER_ACTIONS for action in actions):
        _refuse_elsewhere(user, rnd.table)
    if expected_seq is not None and expected_seq != rnd.seq:
        raise Refused("This round has moved on since your screen was drawn (another tablet acted, or the tap "
                      "was sent twice); the screen now shows the current state")
    before = engine_round(rnd)
    if seat_seen is not None:
        _check_seat_seen(before, *seat_seen)
    state = before
    applied = []  # each action with the round before and after it, for the audit trail
    for action in actions:
        prior, state = state, _apply(state, action)
        applied.append((action, prior, state))
    state, drawn = _system_draws(state)
    # The meters: contributions at "no more bets", claims answered from the meter under its lock.
    state, answers, meters = ledger.round_tap(rnd, before, state, user)
    logged = [(action, roles.acting_role(user, action["type"])) for action in actions]
    logged += [(answer, roles.SYSTEM) for answer in drawn + answers]
    now = timezone.now()
    events = [RoundEvent(round=rnd, seq=rnd.seq + offset + 1, action=chain.storable(action), actor=user, role=role,
                         created_at=now)
              for offset, (action, role) in enumerate(logged)]
    rnd.log_hash = chain.link(events, rnd.id, rnd.log_hash)
    try:
        rows.insert(events)
    except IntegrityError:  # pragma: no cover - the row lock makes this unreachable; the constraint is the backstop
        raise Refused("Another tablet recorded this step first") from None
    if rnd.dealer_id != user.pk and any(role == roles.DEALER for _, role in logged):
        # A relief dealer: found by the history's dealer filter (once per round and dealer).
        ReliefDealer.objects.bulk_create([ReliefDealer(round=rnd, dealer=user)], ignore_conflicts=True)
    changed = ["seq", "log_hash"]
    rnd.seq += len(logged)
    if state.closed:
        cancelled = getattr(state, "cancelled", False)
        rnd.status = (Round.Status.CANCELLED if cancelled else Round.Status.VOID if state.void is not None
                      else Round.Status.CLOSED)
        rnd.closed_at = now
        changed += ["status", "closed_at"]
        if not cancelled:  # nothing was dealt: the stub was not dealt from
            _count_round_for_stub(rnd, state)
        from games.history import record as history  # here: history reads through selectors, which import this module

        history.record_round(rnd, state)
    _write_wagers(rnd, before, state)
    if _write_lines(rnd, before, state):
        changed += ["total_paid", "total_collected"]
    approvals_changed = _write_approvals(rnd, before, state, user, now)
    meters.write()  # after the lines: a payout entry points at its line
    if state.closed:
        # Sealed last, over the columns as this save writes them and the rows as written.
        changed += chain.seal_round(rnd)
        if report_figures.enabled():
            rnd.figures_stored = True
            changed.append("figures_stored")
    rows.update(rnd, changed)
    audit.round_changes(rnd, user, before, applied, state)  # a correction or the void, in this transaction
    if rnd.figures_stored and state.closed:
        # The report's figures, added in this transaction from the rows just written.
        report_figures.store_round(rnd.pk, rnd.game)
    round_id, seq = rnd.id, rnd.seq
    transaction.on_commit(lambda: replay.remember_state(round_id, seq, state))
    # The round just written is the table's current one (only the latest round can be open), so
    # the render after the commit starts from it and its state instead of reading them back.
    # The tap's events by seq, with their roles: what the dealer's Undo takes back, without reading them.
    written = {event.seq: event.role for event in events}
    _on_commit_push(rnd.table_id, pit=approvals_changed, committed=(rnd, state, written),
                    status=state.closed or opened)
    return rnd


def _apply(state: GameRound, action: Mapping[str, Any]) -> GameRound:
    """The engine's answer to one action.  Actions come from tablets, so a value of the wrong
    shape (a list where a card code belongs) must be refused like any other bad input, not
    become a server error or a closed socket; it is logged with its traceback, because it also
    means that the engine's own checks missed it."""
    try:
        return state.apply(dict(action))
    except Refused:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        logger.warning("The engine failed on a malformed action %r", action, exc_info=True)
        raise Refused(f"The {str(action['type'])[:40]!r} action has values of the wrong form "
                      "(a list, number or text where another was expected); nothing was changed") from None


# The table game system's random source: the operating system's (secrets), never a seeded generator.
_SYSTEM_RANDOM = secrets.SystemRandom()


def _system_draws(state: RoundState) -> tuple[RoundState, list[dict]]:
    """What the table game system draws itself once it is due (the Magic Card and the Lucky
    position, before the deal): drawn here, in the transaction of the tap that made it due, and
    logged with it, so that a retried tap, a refresh or a restart finds it drawn and never draws
    again."""
    drawn = []
    while isinstance(step := state.current_step(), SystemDraw):
        action = step.draw(state, _SYSTEM_RANDOM)
        state = state.apply(action)
        drawn.append(action)
    return state, drawn


def _check_seat_seen(state: GameRound, number: int, seen: str) -> None:
    """Refuse wagers set from a form drawn with other wagers at that seat than it has now (another
    tablet, or another of this tablet's taps, set them since): what was typed would silently
    replace what the dealer has not seen."""
    seat = getattr(state, "seats", {}).get(number)
    wagers = dict(seat.wagers) if seat else {}
    if inputs.seat_seen(wagers, seat.player if seat else 0) == seen:
        return
    now = ", ".join(f"{state.game.wager_label(wager)} {dollars(amount)}" for wager, amount in wagers.items())
    raise Refused(f"Seat {number}'s wagers changed since this tablet drew them (set from another tablet): they are "
                  f"now {now or 'none'}. Nothing was set; what you typed is kept. Check it against these, then "
                  f"tap again to put yours in their place")


def _check_segregation(rnd: Round, user) -> None:
    """Segregation of duties: whoever dealt in a round never decides its payouts or its void,
    whatever other role they hold."""
    if rnd.dealer_id == user.pk or rnd.events.filter(actor=user, role=roles.DEALER).exists():
        raise NotAllowed(f"You took a dealer's action in round {rnd.number} of table {rnd.table.name}: "
                         "another floorperson must decide its approvals")


def _dealing_here(user, model, field: str) -> RawSQL:
    """Whether ``user`` is assigned to the table of the row (its ``field``, of ``model``, the query's
    main table): read with the row that is locked anyway, so a dealer's tap costs no query of its
    own for it.  Plain SQL: the ORM's EXISTS cost more CPU to build than a query."""
    return RawSQL(sql.assigned_sql(model, field), (user.pk,), output_field=BooleanField())  # noqa: S611 - the models' names, the user's id a parameter


def _refuse_elsewhere(user, table: Table) -> None:
    """A dealer acts only at the table they are assigned to (by a supervisor, or by signing in
    there): the refusal of one who is not, naming where they are."""
    current = DealerAssignment.objects.filter(dealer=user, ended_at__isnull=True).select_related("table").first()
    if current is None:
        raise NotAllowed(f"You are not assigned to a table: tap \"I'm dealing this table\" on table {table.name}'s "
                         "page, or ask a supervisor to assign you")
    if current.table_id != table.id:
        raise NotAllowed(f"You are assigned to table {current.table.name}, not {table.name}: tap \"I'm dealing this "
                         f"table\" on table {table.name}'s page to move, or ask a supervisor")


def _count_round_for_stub(rnd: Round, state: GameRound) -> None:
    """One more round dealt since the stub was last counted, or none if this round counted it (its
    log, every event of the round, has a stub count): one UPDATE, which also locks the table's row
    until the close commits."""
    counted = any(action.get("type") == "stub_count" for action in state.log)
    Table.objects.filter(pk=rnd.table_id).update(
        rounds_since_stub_count=Value(0) if counted else F("rounds_since_stub_count") + 1)


# -- stable rows ---------------------------------------------------------------------------------
# The rows mirror the engine's records.  Diffing the state before the tap with the state after
# it says which rows can have changed without reading them: most taps change none.

def _write_wagers(rnd: Round, before: GameRound, after: GameRound) -> None:
    old, new = before.wagers(), after.wagers()
    if old == new:
        return
    gone = [key for key in old if key not in new]
    for seat, hand_no, wager in gone:
        Wager.objects.filter(round=rnd, seat=seat, hand_no=hand_no, wager=wager).delete()
    for key, amount in new.items():
        if key in old and old[key] != amount:
            seat, hand_no, wager = key
            Wager.objects.filter(round=rnd, seat=seat, hand_no=hand_no, wager=wager).update(amount=amount)
    rows.insert([Wager(round=rnd, seat=seat, hand_no=hand_no, wager=wager, amount=amount)
                               for (seat, hand_no, wager), amount in new.items() if (seat, hand_no, wager) not in old])


LINE_FIELDS = ("position", "stake", "outcome", "amount", "odds", "section", "hand", "note", "stake_collected",
               "payer")


def _lines_of(state: GameRound) -> dict[tuple[int, int, str, str], dict[str, Any]]:
    return {
        (line.seat, line.hand_no, line.wager, line.stage): {
            "position": position, "stake": line.stake, "outcome": line.outcome, "amount": line.amount,
            "odds": line.odds, "section": line.section, "hand": line.hand[:200], "note": line.note[:300],
            "stake_collected": line.stake_collected, "payer": line.payer,
        }
        for position, line in enumerate(state.lines)
    }


def _write_lines(rnd: Round, before: GameRound, after: GameRound) -> bool:
    """Upsert the settlement lines by (seat, hand, wager, stage); returns whether any changed.

    A line keeps its row (and id) for as long as the engine lists it, whatever its outcome
    becomes (a void turns a settled line into a returned one in place).  Only a line the engine
    no longer lists is deleted: a refused payout takes the seat's settled lines away until its
    cards are entered again, and the re-settled lines are new rows."""
    old, new = _lines_of(before), _lines_of(after)
    if old == new:
        return False
    gone = [key for key in old if key not in new]
    if gone:
        SettlementLine.objects.filter(pk__in=_line_ids(rnd, gone).values()).delete()
    inserted = [key for key in new if key not in old]
    changed = [key for key, values in new.items() if key in old and old[key] != values]
    if changed:
        ids = _line_ids(rnd, changed)
        # A row the previous state had but the table lacks (written before lines had a stage)
        # is inserted rather than lost.
        inserted += [key for key in changed if key not in ids]
        changed = [key for key in changed if key in ids]
        SettlementLine.objects.bulk_update(
            [SettlementLine(pk=ids[key], **new[key]) for key in changed],
            [name for name in LINE_FIELDS if any(old[key][name] != new[key][name] for key in changed)])
    rows.insert([  # their ids are not needed: a payout entry finds its line by key
        SettlementLine(round=rnd, seat=key[0], hand_no=key[1], wager=key[2], stage=key[3], **new[key])
        for key in inserted
    ])
    rnd.total_paid, rnd.total_collected = totals(after.lines)
    return True


def _line_ids(rnd: Round, keys: list[tuple[int, int, str, str]]) -> dict[tuple[int, int, str, str], int]:
    seats = {key[0] for key in keys}
    wanted = set(keys)
    found = SettlementLine.objects.filter(round=rnd, seat__in=seats).values_list("seat", "hand_no", "wager", "stage",
                                                                                   "pk")
    return {row[:4]: row[4] for row in found if row[:4] in wanted}


def _write_approvals(rnd: Round, before: GameRound, after: GameRound, user, now) -> bool:
    """Insert the approvals the tap requested and record the ones it decided; returns whether any did."""
    was = {approval.id: approval.status for approval in before.approvals}
    requested = [approval for approval in after.approvals if approval.id not in was]
    decided = [approval for approval in after.approvals
               if was.get(approval.id) == "pending" and approval.status != "pending"]
    if requested:  # most taps request none: no queryset built for nothing
        Approval.objects.bulk_create([
            Approval(round=rnd, number=approval.id, kind=approval.kind, seat=approval.seat, reason=approval.reason,
                     section=approval.section, note=approval.note, requested_at=now, requested_by=user)
            for approval in requested
        ])
    for approval in decided:
        Approval.objects.filter(round=rnd, number=approval.id).update(
            status=approval.status, note=approval.note, decided_by=user, decided_at=now)
    return bool(requested or decided)


@transaction.atomic
def table_configure(*, table_id: int, user, rules: Mapping[str, Any], training: bool) -> Table:
    if roles.SUPERVISOR not in roles.roles_of(user):
        raise NotAllowed("Only a supervisor can change a table's Rules Submission options")
    table = Table.objects.select_for_update().get(pk=table_id)
    if table.rounds.filter(status=Round.Status.OPEN).exists():
        raise Refused(f"Table {table.name} has a round in play: close it before changing the rules")
    game_for(table.game).validate_rules(rules)
    progressives.check_table_rules(table, rules)  # the meters feeding it must still fit its paytables
    was = {"rules": table.rules, "training": table.training}
    table.rules, table.training = dict(rules), training
    table.save(update_fields=["rules", "training"])
    _audit_configuration(table, user, was)
    _on_commit_push(table.id, pit=True)
    return table


def _audit_configuration(table: Table, user, was: Mapping[str, Any]) -> None:
    # The options as they take effect, an option left out standing at its default: a first save that
    # writes every default out changes nothing, and only the options that changed are recorded.
    game = game_for(table.game)
    old, new = {**game.default_rules, **was["rules"]}, {**game.default_rules, **table.rules}
    changed = sorted(key for key in {*old, *new} if old.get(key) != new.get(key))
    if changed:
        labels = {option.key: option.label for option in game.rule_options}
        words = "; ".join(f"{labels.get(key, key.replace('_', ' '))} {audit.in_words(old.get(key))} to "
                          f"{audit.in_words(new.get(key))}" for key in changed)
        audit.record(audit.Kind.TABLE_RULES, user, table, {"rules": {key: old.get(key) for key in changed}},
                     {"rules": {key: new.get(key) for key in changed}}, f"Table {table.name}'s rules changed: {words}")
    if was["training"] != table.training:
        audit.record(audit.Kind.TABLE_TRAINING, user, table, {"training": was["training"]},
                     {"training": table.training},
                     f"Table {table.name}'s training mode turned {'on' if table.training else 'off'}")


# -- dealers at tables ----------------------------------------------------------------------------


