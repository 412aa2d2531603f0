"""The restore drill (scripts/restore-drill, docs/operations.md): the database is dumped with
pg_dump, restored into a throwaway cluster, and the record checks run on the copy; a copy whose
history fails its check fails the drill, naming the break."""

import os
import subprocess
from pathlib import Path

import pytest
from django.db import connection

from games.table import services
from tests.conftest import OPENING, play
from tests.history.test_tamper_evidence import sql
from tests.test_pages import ROUND_END

ROOT = Path(__file__).resolve().parents[2]
SERVER = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not SERVER and not os.environ.get("PG_BIN"),
                                 reason="needs PostgreSQL's server binaries (initdb) for the throwaway cluster")]


def drill() -> subprocess.CompletedProcess:
    database = connection.settings_dict
    url = (f"postgres://{database['USER']}@{database['HOST'] or '127.0.0.1'}:{database['PORT'] or 5432}/"
           f"{database['NAME']}")
    env = {**os.environ, "DATABASE_URL": url, "PGPASSWORD": database.get("PASSWORD") or ""}
    return subprocess.run([str(ROOT / "scripts" / "restore-drill")], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_restored_copy_is_checked_and_a_broken_one_fails_the_drill(cast, table):
    rnd = play(services.round_start(table_id=table.id, user=cast["dealer"]), cast["dealer"], *OPENING, *ROUND_END)
    result = drill()
    assert result.returncode == 0, result.stderr
    assert "1 rounds checked: every log and closing hash is intact" in result.stdout
    assert "games_round: 1 rows restored (the database held 1 when the drill began)" in result.stderr
    assert "the restored copy checks out" in result.stderr

    # The $50.00 Bonus win made $5,000.00 before the backup: the copy carries the break, and says so.
    sql("UPDATE games_settlementline SET amount = 500000 WHERE round_id = %s AND seat = 1 AND wager = 'bonus'",
        rnd.id)
    result = drill()
    assert result.returncode == 1
    assert (f"round {rnd.id} (TH-9 #1) the round: the settlement line of seat 1: Texas Hold 'Em Bonus Wager "
            "(settle), now win $5,000.00 on $5.00 was changed after the round was sealed") in result.stdout
    assert "FAILED: the restored copy does not check out" in result.stderr
