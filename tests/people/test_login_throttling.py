"""Logins are throttled per username and per address; a supervisor lifts a lock; all of it is logged."""

import json

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

LIMIT = settings.AXES_FAILURE_LIMIT


def log_in(username: str, password: str, address: str = "10.0.0.1", path: str = "") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.post(path or reverse("login"), {"username": username, "password": password})
    return client


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def events(caplog, name: str) -> list[dict]:
    records = [json.loads(r.getMessage()) for r in caplog.records if r.name == "dealer_assist.security"]
    return [record for record in records if record["event"] == name]


def test_the_right_password_is_refused_after_too_many_wrong_ones(cast, caplog):
    assert logged_in(log_in("dealer", "pw"))  # the account works
    for _ in range(LIMIT):
        assert not logged_in(log_in("dealer", "wrong"))
    client = Client(REMOTE_ADDR="10.9.9.9")  # another address: the lock is on the username
    response = client.post(reverse("login"), {"username": "dealer", "password": "pw"})
    assert response.status_code == 429 and "Login locked" in response.content.decode()
    assert not logged_in(client)
    assert len(events(caplog, "login_failed")) >= LIMIT
    assert events(caplog, "login_locked_out")[0]["user"] == "dealer"


def test_one_address_trying_many_usernames_is_locked(cast):
    for number in range(LIMIT):
        log_in(f"guess{number}", "wrong", address="10.6.6.6")
    assert not logged_in(log_in("dealer", "pw", address="10.6.6.6"))
    assert logged_in(log_in("dealer", "pw", address="10.0.0.2"))


def test_fewer_failures_than_the_limit_lock_nothing(cast):
    for _ in range(LIMIT - 1):
        log_in("dealer", "wrong")
    assert logged_in(log_in("dealer", "pw"))


def test_a_valid_login_does_not_clear_the_failures_for_other_usernames(cast):
    for _ in range(LIMIT - 1):
        log_in("dealer", "wrong", address="10.6.6.6")
    assert logged_in(log_in("floor", "pw", address="10.6.6.6"))  # the guesser's own account
    log_in("dealer", "wrong", address="10.6.6.6")
    assert not logged_in(log_in("dealer", "pw", address="10.0.0.3"))


def test_the_admin_login_is_throttled_too(cast):
    admin = User.objects.create_superuser("boss", password="pw")  # noqa: S106
    admin_login = reverse("admin:login")
    for _ in range(LIMIT):
        log_in("boss", "wrong", path=admin_login)
    assert not logged_in(log_in(admin.username, "pw", path=admin_login))


def test_a_supervisor_resets_a_locked_login(client, cast, caplog):
    for _ in range(LIMIT):
        log_in("dealer", "wrong")
    client.force_login(cast["super"])
    page = client.get(reverse("locked-logins")).content.decode()
    assert 'data-kind="username" data-value="dealer"' in page
    response = client.post(reverse("locked-logins"), {"kind": "username", "value": "dealer"})
    assert "Unlocked dealer" in response.content.decode()
    assert 'data-value="dealer"' not in response.content.decode()
    assert logged_in(log_in("dealer", "pw"))
    (unlocked,) = events(caplog, "login_unlocked")
    assert (unlocked["user"], unlocked["unlocked_username"]) == ("super", "dealer")


def test_only_a_supervisor_resets_a_lock(client, cast):
    for _ in range(LIMIT):
        log_in("dealer", "wrong")
    client.force_login(cast["floor"])
    assert client.post(reverse("locked-logins"), {"kind": "username", "value": "dealer"}).status_code == 403
    assert not logged_in(log_in("dealer", "pw"))


def test_the_command_resets_an_address(cast, capsys):
    for number in range(LIMIT):
        log_in(f"guess{number}", "wrong", address="10.6.6.6")
    call_command("login_unlock", "--address", "10.6.6.6")
    assert "Unlocked 10.6.6.6" in capsys.readouterr().out
    assert logged_in(log_in("dealer", "pw", address="10.6.6.6"))
