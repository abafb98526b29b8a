"""Both backends' schemas after every migration: compared with each other column by column, and
with the snapshot of the last migration (``schema_v11.json``); a database made by release 7
(``schema_v7.json``, the schema the code before the shared storage core made) is upgraded by
the migrations after 7 alone, its data unchanged, to that same schema.

When a migration is appended, snapshot the schema it makes as ``schema_v<N>.json`` (keep
``schema_v7.json``): ``python -m tests.storage.test_schema URL`` (a PostgreSQL URL whose schema
is empty) prints it.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import sys
from pathlib import Path

from storage import MIGRATIONS, Store
from storage.migrations import scripts
from tests.storage.conftest import UNDO_ISSUE_26

SNAPSHOT = Path(__file__).with_name("schema_v11.json")  # the schema the last migration makes
RELEASE_7 = Path(__file__).with_name("schema_v7.json")
# SQLite's games keep two scratch columns for its triggers (PostgreSQL stores a move with one
# statement instead, see sql.SAVE_STATE).
SCRATCH = {("games", "last_moves"), ("games", "last_prompts")}


def _squeezed(text: str | None) -> str | None:
    return None if text is None else re.sub(r"\s+", " ", text).strip()


def sqlite_schema(path: str) -> dict:
    """Everything SQLite keeps of a schema: each table's, index's and trigger's SQL (blanks
    squeezed), each column's declared type, nullability and default, and ``user_version``."""
    with sqlite3.connect(path) as db:
        objects = sorted(
            [kind, name, _squeezed(text)]
            for kind, name, text in db.execute("SELECT type, name, sql FROM sqlite_master")
        )
        tables = [name for kind, name, _ in objects if kind == "table"]
        columns = sorted(
            [table, r[1], r[2], bool(r[3]), r[4], r[5]]
            for table in tables
            for r in db.execute(f"PRAGMA table_info({table})")
        )
        version = db.execute("PRAGMA user_version").fetchone()[0]
    return {"version": version, "objects": objects, "columns": columns}


async def pg_schema(url: str) -> dict:
    """Everything the tests compare of a PostgreSQL schema: columns (type, nullability,
    default, identity), constraints and indexes, and the version in ``tavern_schema``."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        columns = await conn.fetch(
            "SELECT table_name, column_name, data_type, is_nullable = 'YES', column_default, "
            "is_identity, identity_generation FROM information_schema.columns "
            "WHERE table_schema = current_schema() ORDER BY 1, 2"
        )
        constraints = await conn.fetch(
            "SELECT c.conrelid::regclass::text, c.contype::text, pg_get_constraintdef(c.oid) "
            "FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace "
            "WHERE n.nspname = current_schema() ORDER BY 1, 2, 3"
        )
        indexes = await conn.fetch(
            "SELECT tablename, indexname, regexp_replace(indexdef, ' ON \\S+\\.', ' ON ') "
            "FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2"
        )
        version = await conn.fetchval("SELECT version FROM tavern_schema")
    finally:
        await conn.close()
    return {
        "version": version,
        "columns": [list(r) for r in columns],
        "constraints": [list(r) for r in constraints],
        "indexes": [list(r) for r in indexes],
    }


def _family(declared: str) -> str:
    """The type family of a column, either backend's name for it: SQLite keeps booleans as 0/1
    INTEGER columns, so a PostgreSQL BOOLEAN is of the integer family too."""
    name = declared.lower()
    if "int" in name or name == "boolean":
        return "integer"
    if name in ("real", "double precision"):
        return "float"
    return name


def _default(value: str | None) -> str | None:
    """A column default as both backends spell it: ``'dm'::text`` is ``'dm'``, ``'-1'::integer``
    is ``-1``, FALSE is 0."""
    if value is None:
        return None
    value = re.sub(r"::[a-z ]+$", "", value)
    value = re.sub(r"^'(-?[0-9.]+)'$", r"\1", value)
    return {"false": "0", "true": "1"}.get(value.lower(), value)


def sqlite_columns(path: str) -> dict:
    """(table, column) -> (type family, nullable, default), but the scratch columns."""
    return {
        (t, c): (_family(kind), not notnull and not pk, _default(default))
        for t, c, kind, notnull, default, pk in sqlite_schema(path)["columns"]
        if (t, c) not in SCRATCH
    }


async def pg_columns(url: str) -> dict:
    """(table, column) -> (type family, nullable, default), but ``tavern_schema``'s. An
    auto-numbered key has no default (an identity; SQLite's rowid)."""
    return {
        (t, c): (_family(kind), nullable, _default(default))
        for t, c, kind, nullable, default, _, _ in (await pg_schema(url))["columns"]
        if t != "tavern_schema"
    }


async def test_both_backends_have_the_same_columns(tmp_path, pg_url):
    """Column by column, after every migration: name, type family, nullability, default."""
    await (await Store.open(str(tmp_path / "t.db"))).close()
    await (await Store.open(pg_url)).close()
    lite, post = sqlite_columns(str(tmp_path / "t.db")), await pg_columns(pg_url)
    assert sorted(lite) == sorted(post)
    assert {k: (v, post[k]) for k, v in lite.items() if post[k] != v} == {}
    assert len(lite) == 122 and len({t for t, _ in lite}) == 19


async def test_the_schemas_are_those_of_the_snapshot(tmp_path, pg_url):
    snapshot = json.loads(SNAPSHOT.read_text())
    await (await Store.open(str(tmp_path / "t.db"))).close()
    await (await Store.open(pg_url)).close()
    assert sqlite_schema(str(tmp_path / "t.db")) == snapshot["sqlite"]
    assert await pg_schema(pg_url) == snapshot["postgresql"]
    assert len(MIGRATIONS) == snapshot["sqlite"]["version"] == snapshot["postgresql"]["version"]


def test_every_migration_has_both_dialects():
    assert len(scripts("sqlite")) == len(scripts("postgresql")) == len(MIGRATIONS)


async def test_a_file_made_by_release_7_is_upgraded_keeping_its_data(tmp_path):
    """A SQLite file made with the schema of release 7 (its SQL as stored in ``schema_v7.json``),
    with a running game in it: opening it runs the migrations after 7 only (8: ``rate_budget``),
    changes no byte of the data (but for the columns they add, which take their defaults), ends
    with the schema a new file has, and the game goes on."""
    from storage import SeatRecord

    path = str(tmp_path / "old.db")
    snapshot = json.loads(RELEASE_7.read_text())["sqlite"]
    order = {"table": 0, "index": 1, "trigger": 2}
    with sqlite3.connect(path) as db:
        for _kind, _, text in sorted(snapshot["objects"], key=lambda o: order[o[0]]):
            if text is not None:
                db.execute(text)
        db.execute("PRAGMA user_version = 7")
    store = await Store.open(path)
    game_id = await store.create_game(
        kind="toy",
        guild_id=1,
        channel_id=2,
        host_id=10,
        options={},
        seed=3,
        now=1.0,
        remind_after=60,
        seats=[SeatRecord(0, 10, None, "ann"), SeatRecord(1, None, "easy", "Botty")],
    )
    await store.set_status(game_id, 0, "running", 2.0)
    await store.save_state(
        game_id,
        1,
        0,
        state={"n": 1},
        status="running",
        moves=[(0, "a")],
        now=3.0,
        deadline_at=None,
        recent=[],
        prompts=[1],
    )
    await store.close()
    with sqlite3.connect(path) as db:  # back to release 7's schema: the game was stored then
        db.executescript(
            UNDO_ISSUE_26["sqlite"] + "DROP TABLE rate_budget; PRAGMA user_version = 7;"
        )
    assert sqlite_schema(path) == snapshot
    with sqlite3.connect(path) as db:  # release 7's columns, as they were
        names = {
            t: ", ".join(row[1] for row in db.execute(f"PRAGMA table_info({t})"))
            for t in ("games", "seats", "moves")
        }
        before = [db.execute(f"SELECT {c} FROM {t}").fetchall() for t, c in names.items()]
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS) > 8
    game = await store.get_game(game_id)
    assert (game.version, game.move_count, game.state) == (2, 1, {"n": 1})
    assert [s.prompt_version for s in game.seats] == [-1, 2]
    await store.close()
    assert sqlite_schema(path) == json.loads(SNAPSHOT.read_text())["sqlite"]
    with sqlite3.connect(path) as db:
        after = [db.execute(f"SELECT {c} FROM {t}").fetchall() for t, c in names.items()]
    assert after == before


async def _snapshot(url: str) -> dict:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "t.db")
        await (await Store.open(path)).close()
        await (await Store.open(url)).close()
        return {"sqlite": sqlite_schema(path), "postgresql": await pg_schema(url)}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_snapshot(sys.argv[1])), indent=1))
