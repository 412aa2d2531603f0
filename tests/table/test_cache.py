"""The cache: one Redis client per process, and a write that never replaces a newer value."""

import threading

import pytest
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache

from games.table import cache as kept


@pytest.fixture
def redis_cache():
    backend = caches.create_connection("default")
    assert isinstance(backend, kept.KeptRedisCache), "CACHES is not the kept Redis cache"
    yield backend
    backend.delete_many(["t:x", "t:x:order"])


def clients_connected(backend) -> int:
    """The connections to this cache's database: the suite's other workers use databases of their
    own, and open and close theirs meanwhile."""
    client = backend._cache.get_client()
    database = str(client.connection_pool.connection_kwargs.get("db", 0))
    return sum(connection["db"] == database for connection in client.client_list())


@pytest.mark.redis
def test_every_backend_object_of_the_process_shares_one_client_and_its_connections(redis_cache):
    """Under ASGI each request gets a backend object of its own (as ``create_connection`` makes
    here): they all use one client, so a request reading its session opens no connection."""
    redis_cache.set("t:x", 1)
    before = clients_connected(redis_cache)
    for _ in range(50):  # fifty requests, one after the other
        assert caches.create_connection("default").get("t:x") == 1
    assert clients_connected(redis_cache) == before
    # From other threads too (a request's view runs on a worker thread): the same client.
    seen = []
    threads = [threading.Thread(target=lambda: seen.append(caches.create_connection("default")._cache.get_client()))
               for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert {id(client) for client in seen} == {id(redis_cache._cache.get_client())}


def check_keeps_the_newest(backend) -> None:
    assert kept.set_if_newer(backend, "t:x", {"v": "round 7, seq 3"}, (7, 3, 100), 60)
    assert not kept.set_if_newer(backend, "t:x", {"v": "round 7, seq 2"}, (7, 2, 999), 60)  # older seq
    assert not kept.set_if_newer(backend, "t:x", {"v": "round 6"}, (6, 40, 999), 60)  # older round
    assert backend.get("t:x") == {"v": "round 7, seq 3"}
    # 10 > 9 compares as numbers, not as text ("10" < "9").
    assert kept.set_if_newer(backend, "t:x", {"v": "round 10"}, (10, 0, 1), 60)
    assert kept.set_if_newer(backend, "t:x", {"v": "again"}, (10, 0, 1), 60)  # the same position: replaced
    assert backend.get("t:x") == {"v": "again"}


@pytest.mark.redis
def test_a_value_is_kept_only_if_it_is_not_older_on_redis(redis_cache):
    check_keeps_the_newest(redis_cache)


def test_a_value_is_kept_only_if_it_is_not_older_in_memory():
    check_keeps_the_newest(LocMemCache("kept-test", {}))
