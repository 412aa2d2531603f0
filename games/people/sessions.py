"""The session engine: Django's cached_db (the session read from the cache, Redis when
``REDIS_URL`` is set, the database only when the cache does not have it), made to hold when the
cache does not answer.

Redis is only the messenger (games.table.push): with it down, a request reads its session from the
database as the plain database engine would, instead of failing.  A session ends in the cache
before the database, so that a cache that cannot forget it leaves the session whole in both (the
logout fails and can be repeated) rather than alive in the cache alone.
"""

from __future__ import annotations

import logging

from django.contrib.sessions.backends.cached_db import SessionStore as CachedDBStore
from django.contrib.sessions.backends.db import SessionStore as DBStore

logger = logging.getLogger(__name__)


class SessionStore(CachedDBStore):
    def load(self):
        try:
            return super().load()
        except Exception:  # the cache could not keep what the database gave
            logger.exception("The session cache failed; the session is read from the database")
            return DBStore.load(self)

    def delete(self, session_key=None):
        if session_key is None:
            if self.session_key is None:
                return
            session_key = self.session_key
        self._cache.delete(self.cache_key_prefix + session_key)
        DBStore.delete(self, session_key)
