"""``manage.py check --deploy`` with the production settings of docker-compose.yml finds nothing."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[1]


def compose_environment() -> dict[str, str]:
    """The environment docker-compose.yml gives the app (its x-app block), with every
    ``${VAR:-default}`` at its default, as a fresh ``.env`` from .env.example leaves them."""
    text = (BASE_DIR / "docker-compose.yml").read_text()
    block = re.search(r"^x-app:.*?^  environment:\n((?:    .*\n)+)", text, re.M | re.S)
    assert block, "docker-compose.yml has no x-app environment block"
    environment = {}
    for name, value in re.findall(r"^    (\w+): (.*)$", block[1], re.M):
        environment[name] = re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", value).strip().strip('"')
    return environment


def test_the_compose_environment_is_read_whole():
    environment = compose_environment()
    assert environment["DEBUG"] == "0" and environment["SECURE_SSL_REDIRECT"] == "1"
    assert environment["DATABASE_URL"].startswith("postgres://dealer_assist:")


def run_deploy_check(**overrides: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in compose_environment()}
    # The one value compose has no default for; .env.example says to generate it like this.
    env.update(compose_environment(), SECRET_KEY=secrets.token_urlsafe(50), **overrides)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120)


def test_the_production_shape_passes_the_deploy_check():
    result = run_deploy_check()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout + result.stderr


def test_the_deploy_check_notices_plain_http():
    # The check itself works: without the HTTPS settings it warns, as it did before them.
    result = run_deploy_check(SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="0")
    assert result.returncode != 0
    assert "security.W004" in result.stderr and "security.W008" in result.stderr
