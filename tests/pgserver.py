"""A throwaway PostgreSQL server for the tests and the benchmark (Debian's ``postgresql``).

``python -m tests.pgserver start DIR`` makes a new cluster in the empty folder DIR, starts it on
a free loopback port and prints its URL; ``python -m tests.pgserver stop DIR`` stops it.
Run as root (CI is), the server runs as the ``postgres`` user, as PostgreSQL requires.
``scripts/test.sh`` starts one around the test suite; without it, ``tests/conftest.py`` starts
one for the session when the server programs are installed.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

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


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop", "start-durable"):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] == "stop":
        stop(argv[1])
    else:
        print(start(argv[1], fast=argv[0] == "start"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
