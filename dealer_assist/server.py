"""A server process: daphne, with what each process builds once built before it takes a request.

Run as ``python -m dealer_assist.server [daphne's options] dealer_assist.asgi:application``
(``scripts/run`` and ``docker-compose.yml`` do).  ``daphne dealer_assist.asgi:application`` serves
the same, but builds those things in the first requests that need them, which wait for it.

daphne has no start hook (no ASGI lifespan), and the application module cannot build them when it
is imported: the test suite imports it before its test database exists.
"""

import logging
import os
import sys

import django
from django.db import DatabaseError, connections

logger = logging.getLogger("dealer_assist.server")  # run as __main__


def get_ready() -> None:
    """Build what the first close of each game would: its report-figure statements, composed on a
    connection of this process.  A database that cannot be reached now leaves them to be built then."""
    from games import report_figures

    try:
        built = report_figures.build_closing_statements()
    except DatabaseError as error:
        logger.warning("The closing statements are left to each game's first close: the database "
                       "could not be reached at start (%s).", error)
    else:
        if built:  # none where the reports sum the lines (SQLite)
            logger.info("Closing statements built for %d games.", built)
    finally:
        connections.close_all()  # daphne's own thread serves no request: its connection would sit idle


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_assist.settings")
    django.setup()
    get_ready()
    from daphne.cli import CommandLineInterface

    CommandLineInterface().run(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
