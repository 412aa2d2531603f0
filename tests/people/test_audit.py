"""The audit trail: every change of a table's rules, a meter, a user's roles, a dealer's table, a
correction and a void leaves one entry saying who, and what was there before and after; no entry
can be changed or deleted, through the model or the database."""

import pytest
from django.contrib.auth.models import Group, User
from django.db import DatabaseError, connection, transaction

from games.engine.core import Refused
from games.floor import services as floor_services
from games.models import AuditEntry, Table
from games.people import audit
from games.progressives import services as progressives
from games.table import services
from tests.conftest import OPENING, play
from tests.progressives.progressive_play import linked_tables

pytestmark = pytest.mark.django_db


def entries(kind):
    return list(AuditEntry.objects.filter(kind=kind).order_by("id"))


def test_a_change_of_the_tables_rules_is_audited_with_the_options_before_and_after(cast, table):
    old_rules = dict(table.rules)
    new_rules = {**old_rules, "bonus_paytable": "B"}
    services.table_configure(table_id=table.id, user=cast["super"], rules=new_rules, training=False)
    (entry,) = entries("table_rules")
    assert (entry.actor, entry.subject, entry.object_type, entry.object_id) == (cast["super"], "table TH-9", "table",
                                                                                table.id)
    # Only the option that changed, named as the configuration page names it.
    assert entry.before == {"rules": {"bonus_paytable": old_rules["bonus_paytable"]}}
    assert entry.after == {"rules": {"bonus_paytable": "B"}}
    assert entry.summary == f"Table TH-9's rules changed: {bonus_label()} {old_rules['bonus_paytable']} to B"
    assert entries("table_training") == []  # the training mode did not change


def bonus_label() -> str:
    from games.engine.registry import GAMES

    return next(o.label for o in GAMES["texas-holdem-bonus"].rule_options if o.key == "bonus_paytable")


def test_a_first_save_that_writes_out_the_defaults_changes_nothing(cast):
    # A table created with no options, then saved on the configuration page with every option at
    # its default: nothing changed, nothing is recorded as a change of the rules.
    from games.engine.registry import GAMES

    bare = Table.objects.create(name="TH-NEW", game="texas-holdem-bonus", rules={})
    defaults = dict(GAMES["texas-holdem-bonus"].default_rules)
    services.table_configure(table_id=bare.id, user=cast["super"], rules=defaults, training=False)
    assert entries("table_rules") == []
    services.table_configure(table_id=bare.id, user=cast["super"],
                             rules={**defaults, "approval_threshold": "250.00"}, training=False)
    (entry,) = entries("table_rules")
    assert entry.after == {"rules": {"approval_threshold": "250.00"}}


def test_turning_training_mode_on_is_audited_on_its_own(cast, table):
    services.table_configure(table_id=table.id, user=cast["super"], rules=dict(table.rules), training=True)
    (entry,) = entries("table_training")
    assert (entry.actor, entry.before, entry.after) == (cast["super"], {"training": False}, {"training": True})
    assert entries("table_rules") == []


def test_a_refused_configuration_leaves_no_entry(cast, table):
    with pytest.raises(Refused):
        services.table_configure(table_id=table.id, user=cast["super"], rules={"no_such_option": 1}, training=True)
    assert not AuditEntry.objects.filter(kind__startswith="table").exists()


def test_a_meters_parameters_are_audited_when_created_and_changed(cast):
    link, meter, _ = linked_tables(cast["super"], "TH-1")
    (created,) = entries("meter")
    assert created.before is None and created.after["reset_amount"] == 10_000_00 and created.actor == cast["super"]
    progressives.link_set_operating(link_id=link.id, user=cast["super"], operating=False, reason="new rate")
    progressives.meter_configure(meter_id=meter.id, user=cast["super"], reset="12000", rate="12")
    changed = entries("meter")[-1]
    assert (changed.actor, changed.subject) == (cast["super"], "meter TH-1-METER")
    assert (changed.before["reset_amount"], changed.before["rate"]) == (10_000_00, "10.00")
    assert (changed.after["reset_amount"], changed.after["rate"]) == (12_000_00, "12.00")
    assert "reset amount $10,000.00 to $12,000.00" in changed.summary
    # The link: created, its table joined, put in operation, taken down.
    assert [(e.before or {}).get("operating") for e in entries("link")][-1] is True
    assert entries("link")[-1].after == {"operating": False, "down_reason": "new rate"}


def test_a_meters_correction_and_transfer_are_audited_with_the_amounts(cast):
    _, meter, _ = linked_tables(cast["super"], "TH-1")
    _, other, _ = linked_tables(cast["super"], "TH-2")
    explanation = "Meter display reset by a power failure at 21:04; amount restored"
    progressives.meter_correct(meter_id=meter.id, amount="100", user=cast["super"], explanation=explanation)
    corrected = entries("meter")[-1]
    # $10,000.00 initial amount plus the $100.00 put back (§ 605a.7(d)(3)).
    assert corrected.before == {"amount": 10_000_00}
    assert corrected.after == {"amount": 10_100_00, "explanation": explanation}
    progressives.meter_transfer(from_id=meter.id, to_id=other.id, amount="50", user=cast["super"],
                                approval="Approval 2026-17 of the Bureau, filed")
    moved = entries("meter")[-1]
    assert moved.before == {"amounts": {"TH-1-METER": 10_100_00, "TH-2-METER": 10_000_00}}
    assert moved.after["amounts"] == {"TH-1-METER": 10_050_00, "TH-2-METER": 10_050_00}


def test_a_users_groups_and_flags_are_audited_wherever_they_change(cast):
    dealer = cast["dealer"]
    dealer.groups.add(Group.objects.get(name="floorperson"))
    entry = entries("user_roles")[-1]
    assert entry.subject == "user dealer" and entry.object_id == dealer.pk
    assert entry.before["groups"] == ["dealer"] and entry.after["groups"] == ["dealer", "floorperson"]
    assert entry.actor is None  # not through the app: no user to name
    dealer.is_active = False
    dealer.save()
    entry = entries("user_roles")[-1]
    assert (entry.before["is_active"], entry.after["is_active"]) == (True, False)
    assert "active off" in entry.summary


def test_removing_a_groups_member_from_the_group_is_audited_for_that_user(cast):
    Group.objects.get(name="supervisor").user_set.remove(cast["super"])
    entry = entries("user_roles")[-1]
    assert (entry.subject, entry.before["groups"], entry.after["groups"]) == ("user super", ["supervisor"], [])


def test_a_login_is_no_change_of_roles(cast, client):
    count = AuditEntry.objects.count()
    client.post("/accounts/login/", {"username": "floor", "password": "pw"})
    assert User.objects.get(username="floor").last_login is not None
    assert AuditEntry.objects.count() == count


def test_assigning_a_dealer_is_audited_with_the_table_before_and_after(cast, table):
    th10 = Table.objects.create(name="TH-10", game="texas-holdem-bonus", rules=dict(table.rules))
    floor_services.dealer_assign(dealer_id=cast["dealer"].id, table_id=th10.id, user=cast["super"])
    entry = entries("dealer_assignment")[-1]
    assert (entry.actor, entry.subject) == (cast["super"], "user dealer")
    assert entry.before == {"table": "TH-9"} and entry.after == {"table": "TH-10", "how": "assigned"}
    floor_services.dealer_assign(dealer_id=cast["dealer"].id, table_id=None, user=cast["super"])
    entry = entries("dealer_assignment")[-1]
    assert entry.before == {"table": "TH-10"} and entry.after == {"table": None, "how": "assigned"}


def test_a_dealers_undo_is_audited_with_what_it_took_back(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:6])
    play(rnd, cast["dealer"], {"type": "undo", "step": "flop_decision"})
    (entry,) = entries("correction")
    assert (entry.actor, entry.subject, entry.object_id) == (cast["dealer"], f"TH-9 round {rnd.number}", rnd.id)
    # OPENING[5]: seat 1's Flop Wager decision, taken back; seat 1 decides again at the same step.
    assert entry.before["last_entry"] == OPENING[5] and entry.before["step"] == "flop_decision"
    assert entry.after["last_entry"] == OPENING[4] and entry.after["action"]["type"] == "undo"
    assert entry.summary == f"undo in TH-9 round {rnd.number} at the flop decision step: the last entry (decide) was " \
                            "taken back"


def test_a_new_audited_round_action_type_is_one_line(cast, table, monkeypatch):
    monkeypatch.setattr(audit, "AUDITED_ROUND_ACTIONS", audit.AUDITED_ROUND_ACTIONS | {"no_more_bets"})
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:4])
    (entry,) = entries("correction")
    assert entry.after["action"]["type"] == "no_more_bets" and entry.object_id == rnd.id


def test_a_void_is_audited_by_the_floorperson_who_confirmed_it(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:5],
               {"type": "irregularity", "step": "flop_decision", "kind": "wrong_card_count"})
    assert entries("void") == []  # asked for, not yet confirmed
    floor_services.approval_decide(approval_id=rnd.approvals.get(kind="void").id, user=cast["floor"], approve=True)
    (entry,) = entries("void")
    assert (entry.actor, entry.object_type, entry.object_id) == (cast["floor"], "round", rnd.id)
    assert entry.before["status"] == "open" and entry.after["status"] == "void"
    assert entry.after["void"]["kind"] == "wrong_card_count"


def test_a_refused_void_is_audited_like_a_confirmed_one(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING[:5],
               {"type": "irregularity", "step": "flop_decision", "kind": "wrong_card_count"})
    floor_services.approval_decide(approval_id=rnd.approvals.get(kind="void").id, user=cast["floor"], approve=False)
    (entry,) = entries("void")
    assert (entry.actor, entry.object_id) == (cast["floor"], rnd.id)
    assert entry.before["status"] == entry.after["status"] == "open"  # no void: the round went on
    assert entry.after["void_refused"]["kind"] == "wrong_card_count"
    assert entry.summary.startswith(f"TH-9 round {rnd.number}: the void asked for (") and \
        entry.summary.endswith(") was refused; the round went on")


def test_an_entry_cannot_be_changed_or_deleted_through_the_model(cast, table):
    floor_services.dealer_assign(dealer_id=cast["dealer"].id, table_id=None, user=cast["super"])
    entry = entries("dealer_assignment")[-1]
    entry.summary = "nothing happened"
    with pytest.raises(ValueError, match="append-only"):
        entry.save()
    with pytest.raises(ValueError, match="append-only"):
        entry.delete()
    with pytest.raises(ValueError, match="append-only"):
        AuditEntry.objects.filter(pk=entry.pk).update(summary="nothing happened")
    with pytest.raises(ValueError, match="append-only"):
        AuditEntry.objects.filter(pk=entry.pk).delete()
    entry.refresh_from_db()
    assert entry.summary == "dealer's assignment at table TH-9 ended"


@pytest.mark.postgres
def test_the_database_refuses_to_change_or_delete_an_entry(cast, table):
    entry = entries("dealer_assignment")[-1]
    for sql in ("UPDATE games_auditentry SET summary = 'nothing happened' WHERE id = %s",
                "DELETE FROM games_auditentry WHERE id = %s"):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [entry.pk])
    entry.refresh_from_db()
    assert entry.summary == "dealer2 signed in at table TH-9"
