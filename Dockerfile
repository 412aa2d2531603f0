# Dealer Assist, production shape: daphne serving HTTP and websockets, static files by WhiteNoise.
# Configuration comes from the environment at run time (see .env.example and docker-compose.yml).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# WeasyPrint (a report as PDF) lays text out with Pango and HarfBuzz, in the fonts installed here.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 \
        fonts-liberation \
    && rm -rf /var/lib/apt/lists/*

# Dependencies first, so a code change does not reinstall them. psycopg[binary] and the other
# pinned packages ship wheels, so no compiler is needed.
COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .

# collectstatic reads the settings, which refuse to load without SECRET_KEY when DEBUG is off;
# this dummy key exists only for this build step and is not kept in the image's environment.
RUN DEBUG=0 SECRET_KEY=collectstatic-build-only python manage.py collectstatic --noinput

# The server runs unprivileged and needs no write access to /app (all state is in PostgreSQL).
RUN useradd --system --no-create-home --uid 10001 dealer
USER dealer

EXPOSE 8000
# A websocket handshake may wait 30 s (daphne's default is 5): when every tablet of the floor
# reconnects at once (a restart), the handshakes queue behind each other's session look-ups, and
# with 5 s all of them failed at 600 sockets and retried together.  Started through
# dealer_assist.server, which builds what every close needs before daphne listens.
CMD ["python", "-m", "dealer_assist.server", "-b", "0.0.0.0", "-p", "8000", "--websocket_connect_timeout", "30", \
     "dealer_assist.asgi:application"]
