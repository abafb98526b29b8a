"""Every storage test runs on both backends: a SQLite file and a PostgreSQL schema."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import pytest

from tests.conftest import pg_run

BIG = 2**62 + 99  # Discord ids need 64 bits


async def two_seat_game(store, status: str = "lobby") -> int:
    """A toy game stored as it is, hosted by ``BIG`` ("ann", seat 0) with user 20 ("bob", seat
    1), in the lobby or set to ``status``; its id."""
    from storage import SeatRecord

    game_id = await store.create_game(
        kind="toy",
        guild_id=1,
        channel_id=2,
        host_id=BIG,
        options={},
        seed=1,
        now=1.0,
        remind_after=60,
        seats=[SeatRecord(0, BIG, None, "ann"), SeatRecord(1, 20, None, "bob")],
    )
    if status != "lobby":
        await store.set_status(game_id, 0, status, 2.0)
    return game_id


@dataclass
class Backend:
    name: str  # "sqlite" or "postgresql"
    target: str  # what Store.open takes

    def raw(self, statement: str, *args, fetch: bool = False):
        """Run SQL behind the store's back (``?`` marks the parameters on both backends)."""
        if self.name == "sqlite":
            with sqlite3.connect(self.target) as db:
                rows = db.execute(statement, args).fetchall()
            return rows if fetch else None
        parts = statement.split("?")
        statement = parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))
        return pg_run(self.target, statement, *args, fetch=fetch)

    async def running_game(self, host: int = 10):
        """A two-player toy game (``host`` and user 20), started and stored, the store closed
        again: what the upgrade tests take back to an older schema."""
        from storage import Store
        from tables import TableService
        from tests.toy import TOY

        store = await Store.open(self.target)
        try:
            service = TableService(store, registry={"toy": TOY})
            game = await service.lobby.open_table(
                "toy", guild_id=1, channel_id=2, host_id=host, host_name="a"
            )
            await service.lobby.join(game.id, 20, "bob")
            return (await service.lobby.start(game.id, host)).game
        finally:
            await store.close()

    def back_to(self, version: int, undo: str = "") -> None:
        """Take the database back to schema ``version``: ``undo`` (SQL that removes what the
        later migrations made; for SQLite, ``UNDO_ISSUE_26``'s trigger too), then the number."""
        if self.name == "sqlite":
            self.raw_script(f"{undo} PRAGMA user_version = {version};")
        else:
            self.raw_script(f"{undo} UPDATE tavern_schema SET version = {version};")

    def undo_issue_26(self) -> str:
        """What migrations 9 to 11 made, as this backend removes it."""
        return UNDO_ISSUE_26[self.name]

    def raw_script(self, script: str) -> None:
        """Several statements, no parameters."""
        if self.name == "sqlite":
            with sqlite3.connect(self.target) as db:
                db.executescript(script)
        else:
            pg_run(self.target, script)

    @property
    def integrity_error(self) -> type[Exception]:
        if self.name == "sqlite":
            return sqlite3.IntegrityError
        import asyncpg

        return asyncpg.IntegrityConstraintViolationError


# What the migration of issue 26 (rematches, watchers, ``seats.prompt_at``) adds, taken away
# again: a test that takes a database back to an older schema takes this away first.
# What migrations 9 to 11 (issue 26) add, taken away again: the upgrade tests take a database
# back to an older schema, on which a game was stored, and open it with this code.
_ISSUE_26 = (
    "ALTER TABLE seats DROP COLUMN prompt_at; DROP TABLE rematches; DROP TABLE watchers; "
    "ALTER TABLE games DROP COLUMN practice; DROP TABLE table_events; DROP TABLE ballots; "
    "DROP TABLE votes; DROP TABLE seat_clocks; DROP TABLE table_clocks; "
)
BEFORE_ISSUE_26 = 8  # the schema version those tests go back to
UNDO_ISSUE_26 = {
    "sqlite": "DROP TRIGGER games_set_prompt_at; " + _ISSUE_26,
    "postgresql": _ISSUE_26,
}


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path) -> Backend:
    if request.param == "sqlite":
        return Backend("sqlite", str(tmp_path / "t.db"))
    return Backend("postgresql", request.getfixturevalue("pg_url"))


@pytest.fixture
async def store(backend):
    """A store on the backend (this folder's tests run on both), closed after the test."""
    from storage import Store

    opened = await Store.open(backend.target)
    yield opened
    await opened.close()
