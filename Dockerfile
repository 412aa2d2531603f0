# Dealer Assist, production shape: uvicorn serving HTTP and websockets, static files by WhiteNoise.
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
# uvicorn with the project's settings (dealer_assist/server.py), which builds what every close
# needs before it listens.
CMD ["python", "-m", "dealer_assist.server", "--host", "0.0.0.0", "--port", "8000"]
