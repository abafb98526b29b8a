"""Numbered schema migrations. The database's ``PRAGMA user_version`` is the last one applied.

Append a new entry to ``MIGRATIONS`` to change the schema; never edit one that has shipped.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: games, their seats and the append-only move log.
    """
    CREATE TABLE games (
        id               INTEGER PRIMARY KEY,
        kind             TEXT    NOT NULL,
        guild_id         INTEGER,
        channel_id       INTEGER,
        thread_id        INTEGER,
        lobby_message_id INTEGER,
        board_message_id INTEGER,
        host_id          INTEGER NOT NULL,
        options          TEXT    NOT NULL DEFAULT '{}',
        seed             INTEGER NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'lobby'
                         CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        version          INTEGER NOT NULL DEFAULT 0,
        move_count       INTEGER NOT NULL DEFAULT 0,
        state            TEXT,
        created_at       REAL    NOT NULL,
        updated_at       REAL    NOT NULL,
        remind_after     REAL    NOT NULL DEFAULT 86400,
        deadline_at      REAL,
        recent           TEXT    NOT NULL DEFAULT '[]',
        last_moves       TEXT    NOT NULL DEFAULT '[]',
        last_prompts     TEXT    NOT NULL DEFAULT '[]'
    );
    CREATE INDEX games_by_status ON games (status, deadline_at);
    CREATE INDEX games_by_channel ON games (channel_id);

    CREATE TABLE seats (
        game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat             INTEGER NOT NULL,
        user_id          INTEGER,
        bot              TEXT,
        name             TEXT    NOT NULL,
        resigned         INTEGER NOT NULL DEFAULT 0,
        dm_closed        INTEGER NOT NULL DEFAULT 0,
        prompt_version   INTEGER NOT NULL DEFAULT -1,
        PRIMARY KEY (game_id, seat),
        CHECK ((user_id IS NULL) <> (bot IS NULL))
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE moves (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        n        INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        action   TEXT    NOT NULL,
        at       REAL    NOT NULL,
        PRIMARY KEY (game_id, n)
    ) WITHOUT ROWID;

    -- A move is stored by ONE conditional UPDATE of its game (WHERE version = the version read).
    -- These triggers run inside that statement: they append the batch in last_moves
    -- ([[seat, action], ...]) to the log and give the seats in last_prompts the new version.
    -- A stale version updates no row, so nothing at all is written.
    CREATE TRIGGER games_append_moves AFTER UPDATE OF version ON games
    WHEN NEW.move_count > OLD.move_count
    BEGIN
        INSERT INTO moves (game_id, n, seat, action, at)
        SELECT NEW.id, OLD.move_count + 1 + CAST(key AS INTEGER),
               json_extract(value, '$[0]'), json_extract(value, '$[1]'), NEW.updated_at
        FROM json_each(NEW.last_moves);
    END;

    CREATE TRIGGER games_set_prompts AFTER UPDATE OF version ON games
    WHEN NEW.last_prompts <> '[]'
    BEGIN
        UPDATE seats SET prompt_version = NEW.version
        WHERE game_id = NEW.id AND seat IN (SELECT value FROM json_each(NEW.last_prompts));
    END;
    """,
    # 2: which decision each seat was last told about, so a turn notice that a crash or a
    # Discord failure swallowed is sent again on the next start.
    """
    ALTER TABLE seats ADD COLUMN notified_version INTEGER NOT NULL DEFAULT -1;
    """,
    # 3: history you can trust (issue 16). ``fairness``: the salt of each game's seed commitment
    # (see fairplay.commitment). ``results``: one row per seat of each finished game, written
    # when it ends. ``ratings``: each human's rating per server and game (a cache of results).
    # Floats are DOUBLE PRECISION and Discord ids BIGINT (SQLite: REAL and INTEGER affinity), so
    # that PostgreSQL keeps them exact.
    """
    CREATE TABLE fairness (
        game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        salt        TEXT    NOT NULL,
        commitment  TEXT    NOT NULL
    );

    CREATE TABLE results (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        guild_id    BIGINT  NOT NULL,
        kind        TEXT    NOT NULL,
        user_id     BIGINT,
        bot         INTEGER NOT NULL,
        name        TEXT    NOT NULL,
        score       INTEGER NOT NULL,
        won         INTEGER NOT NULL,
        place       INTEGER NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_by_guild ON results (guild_id, kind);
    CREATE INDEX results_by_user ON results (user_id);

    CREATE TABLE ratings (
        guild_id    BIGINT  NOT NULL,
        kind        TEXT    NOT NULL,
        user_id     BIGINT  NOT NULL,
        mu          DOUBLE PRECISION NOT NULL,
        sigma       DOUBLE PRECISION NOT NULL,
        games       INTEGER NOT NULL,
        PRIMARY KEY (guild_id, kind, user_id)
    );
    """,
    # 4: the one DM per seat that shows live controls (its "DM panel"), so that a restarted bot
    # can still take out-of-date buttons off it. Not game state: no version is bumped.
    """
    CREATE TABLE dm_panels (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        token      INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;
    """,
    # 5: what each player wants (issue 15): how they are told it is their turn, their reminder
    # interval, timezone and quiet hours, and whether they are away (until when, since when,
    # with a bot sitting in). ``held_since``: something was held back during their quiet
    # hours (sent as one message when they end); ``held_news`` the private news held back.
    # ``games.away_limit``: seconds a player may be away before the host may replace them
    # (NULL: the default).
    """
    CREATE TABLE user_settings (
        user_id      BIGINT  PRIMARY KEY,
        notify       TEXT    NOT NULL DEFAULT 'dm' CHECK (notify IN ('dm', 'mention', 'both')),
        remind_hours INTEGER,
        timezone     TEXT    NOT NULL DEFAULT 'UTC',
        quiet_start  INTEGER,
        quiet_end    INTEGER,
        held_since   DOUBLE PRECISION,
        away_since   DOUBLE PRECISION,
        away_until   DOUBLE PRECISION,
        bot_sit      INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX user_settings_held ON user_settings (held_since);
    CREATE INDEX user_settings_away ON user_settings (away_until);

    CREATE TABLE held_news (
        id       INTEGER PRIMARY KEY,
        user_id  BIGINT  NOT NULL,
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        at       DOUBLE PRECISION NOT NULL,
        text     TEXT    NOT NULL
    );
    CREATE INDEX held_news_by_user ON held_news (user_id);

    ALTER TABLE games ADD COLUMN away_limit DOUBLE PRECISION;
    """,
    # 6: languages (issue 13). A table's language is the one its public board is shown in,
    # chosen when it opens; a user's is their Discord client's, remembered from their latest
    # command or click so that DMs sent later (turns, reminders) speak it too.
    """
    CREATE TABLE table_langs (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        lang    TEXT    NOT NULL
    );
    CREATE TABLE user_langs (
        user_id INTEGER PRIMARY KEY,
        lang    TEXT    NOT NULL
    );
    """,
    # 7: what a player wants done with a decision that has one legal action (issue 22): 'auto'
    # (the table plays it for them at the bots' pace, without a ping) or 'ask'. Every player
    # stored before gets the default; running games are not touched.
    """
    ALTER TABLE user_settings ADD COLUMN obvious TEXT NOT NULL DEFAULT 'auto'
        CHECK (obvious IN ('auto', 'ask'));
    """,
]


async def migrate(db) -> int:
    """Apply every migration the database has not seen yet; return the schema version."""
    async with db.execute("PRAGMA user_version") as cur:
        (current,) = await cur.fetchone()
    for number, script in enumerate(MIGRATIONS, start=1):
        if number <= current:
            continue
        await db.executescript(
            f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
        )
        current = number
    return current
