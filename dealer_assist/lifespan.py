"""What a server process builds before it takes a request, run as the ASGI lifespan's startup.

The server (``python -m dealer_assist.server``, or uvicorn itself) sends the startup event before
it listens, in every process it runs.  Nothing is built when the application module is imported:
the test suite imports it before its test database exists.
"""

import logging

from asgiref.sync import sync_to_async
from django.db import DatabaseError, connections

logger = logging.getLogger("dealer_assist.server")


def get_ready() -> None:
    """Build what the first close of each game would: its report-figure statements, composed on a
    connection of this process.  Otherwise each game's first close builds them (140 ms, 1.1 s for
    all the games) while the taps behind it wait.  A database that cannot be reached now leaves
    them to be built then."""
    from games.reports import cells as report_figures

    try:
        built = report_figures.build_closing_statements()
    except DatabaseError as error:
        logger.warning("The closing statements are left to each game's first close: the database "
                       "could not be reached at start (%s).", error)
    else:
        if built:  # none where the reports sum the lines (SQLite)
            logger.info("Closing statements built for %d games.", built)
    finally:
        connections.close_all()  # this thread serves no request: its connection would sit idle


async def lifespan(scope, receive, send) -> None:
    """The ASGI lifespan protocol: get ready at startup; at shutdown, this process's live figures
    leave the metrics shared with the others (``dealer_assist.metrics``)."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            try:
                await sync_to_async(get_ready, thread_sensitive=False)()
            except Exception as error:  # the server reports it and exits instead of serving
                logger.exception("The server could not get ready.")
                await send({"type": "lifespan.startup.failed", "message": repr(error)})
                return
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            from dealer_assist import metrics

            metrics.process_ended()
            await send({"type": "lifespan.shutdown.complete"})
            return
