"""A request reads its session from the cache and its user with the user's roles, in one query;
logging out still ends the session on the server, and a cache that fails falls back to the database."""

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.auth.models import Group
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.redis, pytest.mark.postgres]


def log_in(username: str = "dealer") -> Client:
    client = Client()
    assert client.post(reverse("login"), {"username": username, "password": "pw"}).status_code == 302
    return client


def test_a_request_reads_its_user_and_roles_in_one_query_and_its_session_in_none(cast, table,
                                                                                 django_assert_num_queries):
    client = log_in()
    assert client.session[BACKEND_SESSION_KEY] == "games.backends.RolesModelBackend"
    url = reverse("table-state", args=[table.id])
    with django_assert_num_queries(3):  # the user with their roles; the table; its position
        assert client.get(url, {"round": "", "seq": "0"}).status_code == 204


def test_a_role_taken_away_counts_at_the_next_request(cast, table):
    client = log_in()
    assert client.post(reverse("round-start", args=[table.id])).status_code == 200
    cast["dealer"].groups.remove(Group.objects.get(name="dealer"))
    assert client.post(reverse("round-start", args=[table.id])).status_code == 403


def test_a_session_signed_in_through_djangos_model_backend_stays_signed_in(cast, table):
    client = Client()
    client.force_login(cast["dealer"], backend="django.contrib.auth.backends.ModelBackend")
    assert client.get(reverse("table", args=[table.id])).status_code == 200


def test_a_wrong_password_is_checked_once_and_refused(cast, monkeypatch):
    from django.contrib.auth.models import User

    checked = []
    check_password = User.check_password
    monkeypatch.setattr(User, "check_password", lambda user, raw: checked.append(raw) or check_password(user, raw))
    client = Client()
    assert client.post(reverse("login"), {"username": "dealer", "password": "wrong"}).status_code == 200
    assert checked == ["wrong"] and "_auth_user_id" not in client.session


def test_logging_out_ends_the_session_on_the_server(cast, table):
    client = log_in()
    key = client.cookies["sessionid"].value
    client.post(reverse("logout"))
    stolen = Client()
    stolen.cookies["sessionid"] = key  # the cookie kept by someone else: no longer a session
    assert stolen.get(reverse("table", args=[table.id])).status_code == 302


def test_a_failing_cache_leaves_requests_to_the_database(cast, table, monkeypatch):
    client = log_in()
    cache_class = type(caches["default"])

    def down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(cache_class, "get", down)
    monkeypatch.setattr(cache_class, "set", down)
    assert client.get(reverse("table", args=[table.id])).status_code == 200


def test_sessions_work_on_the_embedded_in_memory_cache(cast, table, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    client = log_in()
    assert client.get(reverse("table", args=[table.id])).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("table", args=[table.id])).status_code == 302
