"""``python -m storage.backup SOURCE DEST``: copy a Tavern SQLite database, also while the bot runs.

SQLite's online backup API (``sqlite3.Connection.backup``) copies the file as one read
transaction: every move committed when the copy starts, nothing half-written, and the bot keeps
playing meanwhile (in WAL mode a reader never blocks the writer). The copy is written beside
DEST and renamed into place once it is complete and passes ``PRAGMA integrity_check``.

DEST must not exist, nor a ``-wal`` or ``-shm`` file beside it: a backup never overwrites a
database (two names swapped by mistake would copy an old backup over the live games), and a
stale write-ahead log beside a restored file would be replayed into it. The same command
restores: with the bot stopped, move the broken file and its ``-wal`` and ``-shm`` aside, then
copy the backup to the database's name (docs/hosting.md, Backups). A PostgreSQL database is
backed up with ``pg_dump``.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path

URL_SCHEMES = ("postgresql://", "postgres://")  # as storage.base, without importing the package


class BackupError(Exception):
    """Why nothing was copied (the message says what to do)."""


def backup(source: str | Path, dest: str | Path) -> str:
    """Copy the database ``source`` to the new file ``dest``; return the line to print."""
    if str(source).startswith(URL_SCHEMES):
        raise BackupError(
            "a PostgreSQL database is backed up with pg_dump (docs/hosting.md, Backups)"
        )
    source, dest = Path(source), Path(dest)
    if not source.is_file():
        raise BackupError(f"{source} is not a file: nothing to copy")
    for path in (dest, Path(f"{dest}-wal"), Path(f"{dest}-shm")):
        if path.exists():
            raise BackupError(
                f"{path} exists: a backup never overwrites a file; give a new name, or move "
                "that file (with any -wal and -shm beside it) away first"
            )
    if source.resolve() == dest.resolve():
        raise BackupError("SOURCE and DEST are the same file")
    try:
        # mode=rw: a missing or misnamed file is an error, never a new empty database.
        src = sqlite3.connect(f"file:{source.resolve()}?mode=rw", uri=True)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot open {source}: {exc}") from None
    part = dest.with_name(dest.name + ".part")
    part.parent.mkdir(parents=True, exist_ok=True)
    part.unlink(missing_ok=True)
    try:
        try:
            tables = {row[0] for row in src.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{source} is not a SQLite database ({exc})") from None
        if "games" not in tables:
            raise BackupError(f"{source} is not a Tavern database (it has no games table)")
        copy = sqlite3.connect(part)
        try:
            src.backup(copy)  # every page, in one step: one consistent snapshot
            (check,) = copy.execute("PRAGMA integrity_check").fetchone()
            (games,) = copy.execute("SELECT count(*) FROM games").fetchone()
            (version,) = copy.execute("PRAGMA user_version").fetchone()
        finally:
            copy.close()
        if check != "ok":
            raise BackupError(f"the copy of {source} fails SQLite's integrity check: {check}")
        os.replace(part, dest)
    finally:
        src.close()
        part.unlink(missing_ok=True)
    return f"{source} -> {dest}: {games} games, schema version {version}, integrity ok"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m storage.backup",
        description="Copy a Tavern SQLite database, also while the bot runs.\n\n"
        + __doc__.split("\n\n", 1)[1].replace("``", ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("source", metavar="SOURCE", help="the database, e.g. tavern.db")
    parser.add_argument("dest", metavar="DEST", help="the new file, e.g. backups/tavern-1.db")
    args = parser.parse_args(argv)
    try:
        line = backup(args.source, args.dest)
    except BackupError as exc:
        print(f"tavern: backup: {exc}", file=sys.stderr)
        return 1
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
