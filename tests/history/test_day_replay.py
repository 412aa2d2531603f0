"""Every closed round's sheet replays to its stored lines.

A day of play on every game (each game's example rounds, tests/engine/test_conformance.py, played
through the services on tables of their own, with their floorpersons' decisions, and rounds whose
irregularities a floorperson refused, the stub count's included), then each closed round's recorded
sheet settled again by the engine (``settle_round``'s ``settle_sheet``) and compared with the
settlement lines stored for it: every one, none refused."""

import io
import json
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine.registry import GAMES
from games.engine.round_sheet import settle_sheet
from games.floor import services as floor_services
from games.models import Round, SettlementLine, Table
from games.people.roles import FLOOR_ACTIONS
from games.table import services
from tests.conftest import deal_at, tablet_action

pytestmark = pytest.mark.django_db

# The conformance examples import their games' helpers as top-level modules (tests/engine is not a package).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
import lir_play  # noqa: E402  (after the path above)
import thb_play  # noqa: E402
from test_conformance import CASES  # noqa: E402

# Rounds that need meters configured (a progressive's meters are the ledger's, not the example's).
PLAYED = [(slug, name, rules, actions) for slug, name, rules, actions in CASES if "progressives" not in rules]


def act(rnd: Round, cast, action: dict) -> None:
    """One tap: the dealer's, or the floorperson's where it decides an approval."""
    rnd.refresh_from_db()
    if action["type"] in FLOOR_ACTIONS:  # decided on the pit page, naming its approval
        approval = rnd.approvals.get(number=action["approval"])
        floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=action["type"] == "approve")
        return
    sent = tablet_action(rnd, action)
    if "step" not in sent and sent["type"] != "close":  # a report or a count names the prompt it was made at
        sent["step"] = services.engine_round(rnd).prompt.step
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[sent], expected_seq=rnd.seq)


def play_round(table: Table, cast, actions: list[dict]) -> Round:
    """The actions, the approvals still pending approved, the round closed."""
    rnd = services.round_start(table_id=table.id, user=cast["dealer"])
    for action in actions:
        act(rnd, cast, action)
    for approval in rnd.approvals.filter(status="pending").order_by("number"):
        floor_services.approval_decide(approval_id=approval.id, user=cast["floor"], approve=True)
    rnd.refresh_from_db()
    if rnd.status == Round.Status.OPEN:
        act(rnd, cast, {"type": "close"})
    rnd.refresh_from_db()
    return rnd


def stored_lines(rnd: Round) -> list[tuple]:
    return sorted(SettlementLine.objects.filter(round=rnd).values_list("seat", "hand_no", "wager", "outcome", "amount",
                                                                        "stake", "section"))


def sheet_lines(lines: list[dict]) -> list[tuple]:
    return sorted((line["seat"], line.get("hand_no", 1), line["wager"], line["outcome"], line["amount_cents"],
                   _cents(line["stake"]), line["section"]) for line in lines)


def _cents(dollars: str) -> int:
    """"$1,250.50" as 125050."""
    whole, _, cents = dollars.lstrip("$").replace(",", "").partition(".")
    return int(whole) * 100 + int((cents + "00")[:2])


@pytest.fixture
def played_day(cast):
    """The day: every example round on a table of its own, and on Texas Hold 'Em Bonus and Let It
    Ride tables a round whose stub count was wrong and whose void the floorperson refused, and a
    round whose wrong card count's void was refused."""
    for number, (slug, _, rules, actions) in enumerate(PLAYED, start=1):
        table = Table.objects.create(name=f"DAY-{number}", game=slug, rules=dict(rules))
        deal_at(table, cast["dealer"])
        play_round(table, cast, actions)
    for helper, at in ((thb_play, "flop"), (lir_play, "deal")):
        table = Table.objects.create(name=f"STUB-{helper.GAME.slug}", game=helper.GAME.slug,
                                     rules=dict(helper.at("wagers").rules), rounds_since_stub_count=4)
        deal_at(table, cast["dealer"])
        actions = [a for _, a in helper.round_actions(*helper.ROUND, stub_count="misdealt")]
        counted = actions.index({"type": "stub_count", "result": "misdealt"}) + 1
        actions[counted:counted] = [{"type": "refuse", "approval": 1}]
        play_round(table, cast, actions)  # the stub count is due: the fifth round since the last
        # The next round: a wrong card count reported, its void refused.
        actions = []
        for phase, action in helper.round_actions(*helper.ROUND):
            if phase == at and not actions[-1]["type"] == "refuse":
                actions += [{"type": "irregularity", "kind": "wrong_card_count"}, {"type": "refuse", "approval": 1}]
            actions.append(action)
        play_round(table, cast, actions)
    return Round.objects.exclude(status=Round.Status.OPEN).order_by("id")


def test_every_closed_round_of_a_played_day_replays_to_its_stored_lines(played_day):
    rounds = list(played_day)
    assert {rnd.game for rnd in rounds} == set(GAMES)
    assert all(rnd.status == Round.Status.CLOSED for rnd in rounds), [(r.table.name, r.status) for r in rounds]
    refused_stub = [rnd for rnd in rounds if rnd.record["sheet"].get("stub_count_void") == "refused"]
    assert len(refused_stub) == 2
    refused_void = [rnd for rnd in rounds if any(entry.get("approved") is False
                                                 for entry in rnd.record["sheet"].get("irregularities", []))]
    assert len(refused_void) == 2
    for rnd in rounds:
        sheet = rnd.record["sheet"]
        assert sheet is not None, f"{rnd.table.name}: {rnd.record['sheet_error']}"
        replayed = settle_sheet(sheet)
        assert sheet_lines(replayed["lines"]) == stored_lines(rnd), rnd.table.name
        assert replayed["void"] is None


def test_the_settle_round_command_takes_every_recorded_sheet(played_day, tmp_path):
    # The command a supervisor runs on an exported sheet: none is refused.
    for rnd in played_day:
        path = tmp_path / f"{rnd.id}.json"
        path.write_text(json.dumps(rnd.record["sheet"]))
        out = io.StringIO()
        call_command("settle_round", str(path), stdout=out)
        assert sheet_lines(json.loads(out.getvalue())["lines"]) == stored_lines(rnd), rnd.table.name
