"""The live server of the browser tests: uvicorn serving dealer_assist.asgi on the test database,
started as ``scripts/run`` starts it (``dealer_assist.server``).

    python tests/e2e/asgi_server.py PORT

``tests/e2e/conftest.py`` starts this in a child process once per test session.  The child
reads the project's settings from the environment like any server (so ``REDIS_URL`` selects the
Redis channel layer exactly as in production); the one thing it is told is which database to
use: ``DEALER_ASSIST_E2E_DATABASE`` holds, as JSON, the settings of the test database that
pytest-django created (``connection.settings_dict``), which replace ``DATABASES["default"]``
before Django is set up.  Nothing else is patched: HTTP, websockets, the Origin check, sessions
and the channel layer are the ones a tablet gets from ``scripts/run``.
"""

import json
import os
import sys


def main() -> None:
    port = sys.argv[1]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_assist.settings")

    from django.conf import settings

    settings.DATABASES["default"] = json.loads(os.environ["DEALER_ASSIST_E2E_DATABASE"])

    from dealer_assist import server

    # Django is set up with the database above when uvicorn imports the application; the lifespan's
    # startup then gets the process ready on it.
    server.main(["--host", "127.0.0.1", "--port", port])


if __name__ == "__main__":
    main()
