"""A server process (``python -m dealer_assist.server``) builds each game's closing statements
before daphne serves, so that no close of a running floor builds them while other taps wait."""

import pytest
from daphne.cli import CommandLineInterface
from django.db import OperationalError

from dealer_assist import server
from games import report_figures, services
from games.engine.registry import GAMES
from games.models import Round
from tests.conftest import OPENING, REST_OF_ROUND, play

DAPHNE_ARGS = ["-b", "127.0.0.1", "-p", "8123", "--websocket_connect_timeout", "30", "dealer_assist.asgi:application"]


@pytest.fixture
def daphne_runs(monkeypatch):
    """daphne's command line, recorded instead of run, with what had been built when it was called."""
    runs = []
    monkeypatch.setattr(CommandLineInterface, "run", lambda self, args: runs.append(
        (args, report_figures._round_statements.cache_info().currsize)))
    report_figures._round_statements.cache_clear()
    return runs


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)  # the start closes its connections, as a test's transaction cannot be
def test_the_statements_of_every_game_are_built_before_daphne_serves_and_a_close_reuses_them(daphne_runs, cast,
                                                                                            table):
    server.main(DAPHNE_ARGS)
    assert daphne_runs == [(DAPHNE_ARGS, len(GAMES))]  # daphne's own options, passed as given
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *REST_OF_ROUND)
    services.approval_decide(approval_id=rnd.approvals.get().id, user=cast["floor"], approve=True)
    rnd.refresh_from_db()
    built = report_figures._round_statements.cache_info().misses
    services.round_act(round_id=rnd.id, user=cast["dealer"], actions=[{"type": "close", "step": "close"}],
                       expected_seq=rnd.seq)
    assert Round.objects.get(pk=rnd.pk).status == "closed"
    assert report_figures._round_statements.cache_info().misses == built  # the close built nothing


@pytest.mark.django_db(transaction=True)
def test_a_database_out_of_reach_at_start_leaves_the_statements_to_the_first_close(daphne_runs, monkeypatch,
                                                                                   capsys):
    def unreachable():
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')

    monkeypatch.setattr(report_figures, "build_closing_statements", unreachable)
    server.main(DAPHNE_ARGS)  # sets up Django's logging: to the console
    assert daphne_runs == [(DAPHNE_ARGS, 0)]  # daphne still serves
    said = capsys.readouterr().err
    assert "WARNING dealer_assist.server" in said and "could not be reached at start" in said
    assert "Connection refused" in said


@pytest.mark.django_db(transaction=True)
def test_where_no_figures_are_stored_nothing_is_built(daphne_runs, monkeypatch):
    monkeypatch.setattr(report_figures, "enabled", lambda: False)  # SQLite's reports sum the lines
    server.main(DAPHNE_ARGS)
    assert daphne_runs == [(DAPHNE_ARGS, 0)]
