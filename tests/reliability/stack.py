"""The services the harness runs and breaks: a throwaway PostgreSQL cluster, its own redis-server
and the server itself (uvicorn through ``dealer_assist.server``, as ``scripts/run`` starts it),
each a child process on a free loopback port, everything under one temporary directory that
``close`` removes.

PostgreSQL refuses to run as root: as root the cluster is created and run as the ``postgres``
user (``runuser``), in a directory that user owns.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]


def _postgres_bin() -> Path:
    """PG_BIN, or the newest server of Debian's postgresql packages."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return versions[-1].parent if versions else Path("/usr/lib/postgresql/15/bin")


PG_BIN = _postgres_bin()
PYTHON = sys.executable


class StackError(RuntimeError):
    """A service did not start or stop as it should: the run cannot measure anything."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, seconds: float, what: str, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise StackError(f"{what} exited with {process.returncode} before listening")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.05)
    raise StackError(f"{what} did not listen on port {port} within {seconds:.0f} s")


class Stack:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="dealer-assist-reliability-"))
        self.pg_port, self.redis_port, self.web_port = free_port(), free_port(), free_port()
        self.pg_dir = self.root / "pg"
        self.logs = self.root / "logs"
        self.logs.mkdir()
        self.redis: subprocess.Popen | None = None
        self.web: subprocess.Popen | None = None
        self.pg_user = "postgres" if os.geteuid() == 0 else None
        self.secret = secrets.token_urlsafe(50)
        self.pg_started = False
        self.web_log = self.logs / "web.log"

    # -- environment ------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.web_port}"

    def env(self) -> dict[str, str]:
        """The server's environment: production settings (DEBUG off) on plain HTTP over loopback."""
        keep = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL", "TZ")}
        return {
            **keep,
            "DJANGO_SETTINGS_MODULE": "dealer_assist.settings",
            "DEBUG": "0",
            "SECRET_KEY": self.secret,
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:{self.pg_port}/dealer_assist",
            "REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CSRF_TRUSTED_ORIGINS": self.base_url,
            "SECURE_COOKIES": "0",
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_HSTS_SECONDS": "0",
            "SECURE_PROXY_SSL_HEADER": "",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
        }

    def manage(self, *args: str, timeout: float = 120) -> str:
        result = subprocess.run(
            [PYTHON, "manage.py", *args], cwd=BASE_DIR, env=self.env(), capture_output=True, text=True, timeout=timeout
        )
        if result.returncode != 0:
            raise StackError(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")
        return result.stdout + result.stderr

    def restore_drill(self, timeout: float = 240) -> dict:
        """scripts/restore-drill on this stack's database: dumped, restored into a cluster of its
        own and checked (docs/operations.md).  Its exit status, time and what it said."""
        began = time.monotonic()
        result = subprocess.run([str(BASE_DIR / "scripts" / "restore-drill")], cwd=BASE_DIR, capture_output=True,
                                text=True, timeout=timeout, env={**self.env(), "PG_BIN": str(PG_BIN)})
        return {"status": result.returncode, "seconds": time.monotonic() - began,
                "said": (result.stdout + result.stderr).strip()}

    # -- PostgreSQL -------------------------------------------------------------------------------

    def _pg(self, *args: str, timeout: float = 60) -> None:
        command = [str(PG_BIN / args[0]), *args[1:]]
        if self.pg_user:
            command = ["runuser", "-u", self.pg_user, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=self.root)
        if result.returncode != 0:
            raise StackError(f"{args[0]} failed: {result.stdout}{result.stderr}")

    def pg_init(self) -> None:
        self.pg_dir.mkdir()
        if self.pg_user:
            user = pwd.getpwnam(self.pg_user)
            os.chmod(self.root, 0o711)  # noqa: S103 - the postgres user must reach its directory inside
            os.chown(self.pg_dir, user.pw_uid, user.pw_gid)
            os.chown(self.logs, user.pw_uid, user.pw_gid)
        self._pg("initdb", "-D", str(self.pg_dir), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
        self.pg_start()
        self._pg("createdb", "-h", "127.0.0.1", "-p", str(self.pg_port), "-U", "postgres", "dealer_assist")

    def pg_start(self) -> None:
        options = f"-p {self.pg_port} -c listen_addresses=127.0.0.1 -k {self.pg_dir} -c max_connections=60"
        self._pg(
            "pg_ctl",
            "-D",
            str(self.pg_dir),
            "-l",
            str(self.logs / "postgres.log"),
            "-o",
            options,
            "-w",
            "-t",
            "30",
            "start",
        )
        self.pg_started = True

    def pg_stop(self, mode: str = "immediate") -> None:
        self._pg("pg_ctl", "-D", str(self.pg_dir), "-m", mode, "-w", "-t", "30", "stop")
        self.pg_started = False

    # -- Redis ------------------------------------------------------------------------------------

    def redis_start(self) -> None:
        with open(self.logs / "redis.log", "ab") as log:
            self.redis = subprocess.Popen(
                [
                    "redis-server",
                    "--port",
                    str(self.redis_port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    str(self.root),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_for_port(self.redis_port, 10, "redis-server", self.redis)

    def redis_stop(self) -> None:
        if self.redis is not None and self.redis.poll() is None:
            self.redis.terminate()
            self.redis.wait(10)
        self.redis = None

    # -- the server -------------------------------------------------------------------------------

    def server_process(self, port: int, log_path: Path) -> subprocess.Popen:
        """A server process on ``port``, believing the forwarded headers of a proxy on loopback."""
        with open(log_path, "ab") as log:
            return subprocess.Popen(
                [
                    str(BASE_DIR / ".venv/bin/python"),
                    "-m",
                    "dealer_assist.server",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--proxy-headers",
                    "--forwarded-allow-ips",
                    "127.0.0.1",
                ],
                cwd=BASE_DIR,
                env=self.env(),
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def web_start(self) -> float:
        """Start the server and return the seconds until it answered HTTP."""
        started = time.monotonic()
        self.web = self.server_process(self.web_port, self.web_log)
        wait_for_port(self.web_port, 60, "the server", self.web)
        return time.monotonic() - started

    def web_stop(self) -> float:
        """SIGTERM, as an orchestrator stops it: the seconds until the process ended."""
        started = time.monotonic()
        if self.web is not None and self.web.poll() is None:
            self.web.send_signal(signal.SIGTERM)
            self.web.wait(60)
        self.web = None
        return time.monotonic() - started

    def web_kill(self) -> None:
        """kill -9: no shutdown, no flush, whatever was in flight is cut."""
        if self.web is not None and self.web.poll() is None:
            self.web.send_signal(signal.SIGKILL)
            self.web.wait(10)
        self.web = None

    def web_log_text(self) -> str:
        return self.web_log.read_text(errors="replace") if self.web_log.exists() else ""

    # -- the whole ---------------------------------------------------------------------------------

    def start(self) -> None:
        self.pg_init()
        self.redis_start()
        self.manage("migrate", "--noinput")
        self.manage("collectstatic", "--noinput", "--verbosity", "0")
        self.web_start()

    def close(self) -> None:
        """Stop every process and remove the temporary directory, whatever state the run left."""
        with contextlib.suppress(Exception):
            self.web_kill()
        with contextlib.suppress(Exception):
            self.redis_stop()
        if self.pg_started or (self.pg_dir / "postmaster.pid").exists():
            with contextlib.suppress(Exception):
                self.pg_stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


def nginx_process(directory: Path, listen_port: int, upstreams: list[int], terminator: str = "127.0.0.1",
                  log_path: Path | None = None) -> subprocess.Popen:
    """Debian's nginx with the shipped deploy/nginx.conf, its variables filled in as nginx's image
    does, in front of the server processes listening on ``upstreams`` (loopback), believing the
    forwarded headers of ``terminator`` alone; everything it writes goes under ``directory``."""
    from string import Template

    directory.mkdir(parents=True, exist_ok=True)
    temp = directory / "temp"
    temp.mkdir(mode=0o777, exist_ok=True)
    temp.chmod(0o777)  # noqa: S103 - nginx's workers (nobody, when started as root) write request bodies here
    # The template's one upstream server: more are more "server" lines in the same block, each with
    # the template's parameters.
    servers = " max_fails=0;\n    server ".join(f"127.0.0.1:{port}" for port in upstreams)
    site = Template((BASE_DIR / "deploy" / "nginx.conf").read_text()).safe_substitute(
        LISTEN_PORT=str(listen_port), UPSTREAM=servers, TLS_TERMINATOR=terminator)
    (directory / "site.conf").write_text(site)
    temp_paths = "".join(f"    {kind}_temp_path {temp}/{kind};\n"
                         for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    (directory / "nginx.conf").write_text(
        f"daemon off;\npid {directory}/nginx.pid;\nerror_log {directory}/error.log;\nevents {{}}\n"
        f"http {{\n{temp_paths}    include {directory}/site.conf;\n}}\n")
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    with open(log_path or os.devnull, "ab") as log:
        return subprocess.Popen([nginx, "-c", str(directory / "nginx.conf"), "-e", str(directory / "error.log")],
                                stdout=log, stderr=subprocess.STDOUT)
