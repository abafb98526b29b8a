"""A throwaway PostgreSQL server for the tests and the benchmark (Debian's ``postgresql``).

``python -m tests.pgserver start DIR`` makes a new cluster in the empty folder DIR, starts it on
a free loopback port and prints its URL; ``python -m tests.pgserver stop DIR`` stops it.
Run as root (CI is), the server runs as the ``postgres`` user, as PostgreSQL requires.
``scripts/test.sh`` starts one around the test suite; without it, ``tests/conftest.py`` starts
one for the session when the server programs are installed.

``python -m tests.pgserver bouncer DIR URL`` starts a PgBouncer (Debian's ``pgbouncer``) in
transaction pooling mode in front of the server at URL, on a free loopback port, with its
configuration, log and pid file in the empty folder DIR, and prints its URL (the same user and
database); ``python -m tests.pgserver unbounce DIR`` stops it. As root it runs as ``postgres``
too (PgBouncer refuses root). Every database of the server is reachable through it under its
own name; authentication is ``trust``, for the user of URL (named in DIR's ``userlist.txt``).
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

USER = "postgres"
# A throwaway server: durability settings off for speed (the tests kill clients, not it).
FAST = (
    "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
    "-c max_connections=200 -c shared_buffers=64MB"
)


def bin_dir() -> Path | None:
    """Where initdb and pg_ctl are: on PATH, else Debian's /usr/lib/postgresql/<ver>/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: int(Path(p).parent.parent.name.split(".")[0]),
    )
    return Path(versions[-1]).parent if versions else None


def _as_server_user(args: list[str]) -> list[str]:
    if os.geteuid() == 0:  # initdb and postgres refuse to run as root
        return ["runuser", "-u", USER, "--", *args]
    return args


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(folder: str, *, fast: bool = True) -> str:
    """Create and start a cluster in ``folder``; return its ``postgresql://`` URL."""
    where = bin_dir()
    if where is None:
        raise RuntimeError(
            "PostgreSQL's server programs (initdb, pg_ctl) are not installed; "
            "on Debian: apt-get install -y postgresql"
        )
    data = Path(folder).resolve() / "data"
    data.mkdir(parents=True)
    if os.geteuid() == 0:
        shutil.chown(folder, USER)
        shutil.chown(data, USER)
    subprocess.run(
        _as_server_user(
            [
                str(where / "initdb"),
                "-D",
                str(data),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    port = _free_port()
    options = f"-p {port} -c listen_addresses=127.0.0.1 -k {data} " + (FAST if fast else "")
    subprocess.run(
        _as_server_user(
            [
                str(where / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(data / "server.log"),
                "-w",
                "-t",
                "60",
                "start",
            ]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


def stop(folder: str) -> None:
    data = Path(folder).resolve() / "data"
    where = bin_dir()
    if where is None or not (data / "postmaster.pid").exists():
        return
    subprocess.run(
        _as_server_user([str(where / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def bouncer_bin() -> Path | None:
    """Where the ``pgbouncer`` program is: on PATH, else Debian's /usr/sbin."""
    found = shutil.which("pgbouncer") or shutil.which("pgbouncer", path="/usr/sbin")
    return Path(found) if found else None


def start_bouncer(folder: str, server: str) -> str:
    """Start a PgBouncer in transaction pooling mode in front of ``server`` (a ``postgresql://``
    URL of a server that trusts loopback connections, as ``start`` makes); return its URL."""
    program = bouncer_bin()
    if program is None:
        raise RuntimeError("PgBouncer is not installed; on Debian: apt-get install -y pgbouncer")
    parts = urlsplit(server)
    user = parts.username or USER
    where = Path(folder).resolve()
    where.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    # trust: no password asked of clients; the one given here logs in to the server
    (where / "userlist.txt").write_text(f'"{user}" "{parts.password or ""}"\n')
    (where / "userlist.txt").chmod(0o600)
    (where / "pgbouncer.ini").write_text(
        "[databases]\n"
        f"* = host={parts.hostname or '127.0.0.1'} port={parts.port or 5432}\n"
        "[pgbouncer]\n"
        "pool_mode = transaction\n"
        "listen_addr = 127.0.0.1\n"
        f"listen_port = {port}\n"
        "unix_socket_dir =\n"
        "auth_type = trust\n"
        f"auth_file = {where / 'userlist.txt'}\n"
        f"logfile = {where / 'pgbouncer.log'}\n"
        f"pidfile = {where / 'pgbouncer.pid'}\n"
        "max_client_conn = 500\n"
        "default_pool_size = 40\n"
        "max_db_connections = 150\n"
    )
    if os.geteuid() == 0:
        shutil.chown(where, USER)
        for name in ("userlist.txt", "pgbouncer.ini"):
            shutil.chown(where / name, USER)
    subprocess.run(
        _as_server_user([str(program), "-d", "-q", str(where / "pgbouncer.ini")]),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30  # -d returns once it forked: wait until it listens
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"PgBouncer did not start: see {where / 'pgbouncer.log'}"
                ) from None
            time.sleep(0.05)
    return urlunsplit(parts._replace(netloc=f"{user}@127.0.0.1:{port}"))


def stop_bouncer(folder: str) -> None:
    pidfile = Path(folder).resolve() / "pgbouncer.pid"
    try:
        pid = int(pidfile.read_text())
    except (OSError, ValueError):
        return
    try:
        os.kill(pid, signal.SIGINT)  # PgBouncer's immediate shutdown
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)


def main(argv: list[str]) -> int:
    commands = {"start": 2, "stop": 2, "start-durable": 2, "bouncer": 3, "unbounce": 2}
    if not argv or commands.get(argv[0]) != len(argv):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] == "stop":
        stop(argv[1])
    elif argv[0] == "unbounce":
        stop_bouncer(argv[1])
    elif argv[0] == "bouncer":
        print(start_bouncer(argv[1], argv[2]))
    else:
        print(start(argv[1], fast=argv[0] == "start"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
