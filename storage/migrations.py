"""Numbered schema migrations, one list for both databases: entry N is migration N.

An entry is written once, with ``{name}`` for what the dialects spell differently (``PIECES``:
column types, booleans, an auto-numbered key, and SQLite's triggers that store a move inside
one UPDATE, where PostgreSQL uses one statement with data-modifying WITH queries, see
``sql.SAVE_STATE``); ``scripts(dialect)`` gives them as each database runs them. The backends
apply them on open (``store.migrate``: ``PRAGMA user_version``; ``postgres.migrate``: the table
``tavern_schema``), each in its own transaction, and record the number of the last one.

Append a new entry to change the schema; never edit one that has shipped: the SQLite text of
each is the one its databases were made with (``tests/storage/schema_v7.json``).
"""

from __future__ import annotations

# The SQLite half of migration 1: the triggers that store a move inside its game's UPDATE.
MOVE_TRIGGERS = """

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
    END;"""

# The SQLite half of ``seats.prompt_at`` (migration 11): set with the prompt version, inside the
# game's UPDATE, as ``games_set_prompts`` sets that (PostgreSQL: ``sql.SAVE_STATE``).
PROMPT_AT_TRIGGER = """

    CREATE TRIGGER games_set_prompt_at AFTER UPDATE OF version ON games
    WHEN NEW.last_prompts <> '[]'
    BEGIN
        UPDATE seats SET prompt_at = NEW.updated_at
        WHERE game_id = NEW.id AND seat IN (SELECT value FROM json_each(NEW.last_prompts));
    END;"""

MIGRATIONS: list[str] = [
    # 1: games, their seats and the append-only move log.
    """
    CREATE TABLE games (
        id               {key},
        kind             TEXT    NOT NULL,
        guild_id         {id},
        channel_id       {id},
        thread_id        {id},
        lobby_message_id {id},
        board_message_id {id},
        host_id          {id} NOT NULL,
        options          TEXT    NOT NULL DEFAULT '{{}}',
        seed             {id} NOT NULL,
        status           TEXT    NOT NULL DEFAULT 'lobby'
                         CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        version          INTEGER NOT NULL DEFAULT 0,
        move_count       INTEGER NOT NULL DEFAULT 0,
        state            TEXT,
        created_at       {real}    NOT NULL,
        updated_at       {real}    NOT NULL,
        remind_after     {real}    NOT NULL DEFAULT 86400,
        deadline_at      {real},
        recent           TEXT    NOT NULL DEFAULT '[]'{scratch_columns}
    );
    CREATE INDEX games_by_status ON games (status, deadline_at);
    CREATE INDEX games_by_channel ON games (channel_id);

    CREATE TABLE seats (
        game_id          {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat             INTEGER NOT NULL,
        user_id          {id},
        bot              TEXT,
        name             TEXT    NOT NULL,
        resigned         {bool} NOT NULL DEFAULT {false},
        dm_closed        {bool} NOT NULL DEFAULT {false},
        prompt_version   INTEGER NOT NULL DEFAULT -1,
        PRIMARY KEY (game_id, seat),
        CHECK ((user_id IS NULL) <> (bot IS NULL))
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE moves (
        game_id  {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        n        INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        action   TEXT    NOT NULL,
        at       {real}    NOT NULL,
        PRIMARY KEY (game_id, n)
    ){without_rowid};{move_triggers}
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
        game_id     {id} PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        salt        TEXT    NOT NULL,
        commitment  TEXT    NOT NULL
    );

    CREATE TABLE results (
        game_id     {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
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
        game_id    {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        channel_id {id} NOT NULL,
        message_id {id} NOT NULL,
        token      INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    ){without_rowid};
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
        bot_sit      {bool} NOT NULL DEFAULT {false}
    );
    CREATE INDEX user_settings_held ON user_settings (held_since);
    CREATE INDEX user_settings_away ON user_settings (away_until);

    CREATE TABLE held_news (
        id       {key},
        user_id  BIGINT  NOT NULL,
        game_id  {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
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
        game_id {id} PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        lang    TEXT    NOT NULL
    );
    CREATE TABLE user_langs (
        user_id {id} PRIMARY KEY,
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
    # 8: the bot's share of Discord's global rate limit (issue 25), which every process of one
    # bot shares: a token bucket per name, ``tokens`` as of ``at`` (the database's clock, in
    # seconds; below zero, tokens already promised to requests waiting for them). PostgreSQL
    # keeps it here for all its processes; SQLite's one process keeps it in memory, the table
    # is there so that both schemas stay alike. Nothing else changes: running games go on.
    """
    CREATE TABLE rate_budget (
        name    TEXT    PRIMARY KEY,
        tokens  DOUBLE PRECISION NOT NULL,
        at      DOUBLE PRECISION NOT NULL
    ){without_rowid};
    """,
    # 9: clocks with consequences and votes (issue 26). ``table_clocks``: a table's clock
    # (``base`` seconds per move, or a bank of ``base`` plus ``increment`` per move; NULL base:
    # no clock), what happens when a seat's time runs out, whether a vote paused the table, and
    # when the clock pass must look at it next. ``seat_clocks``: each seat's time left (as of
    # ``running_since``, NULL while it does not run), the time it had when its decision began,
    # the warnings sent, and whether a bot plays it until its player is back (written with the
    # game's version they were worked out at, ``clock_version``: an older one never overwrites a
    # newer one, whichever process writes last). ``votes`` and
    # their ``ballots``: at most one open vote per table. ``table_events``: what the clock and
    # the votes did, as message ids with their parameters, for /history. Tables stored before
    # have no rows here: no clock, not paused, no vote; they play on as before.
    """
    CREATE TABLE table_clocks (
        game_id    {id} PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        base       DOUBLE PRECISION,
        increment  DOUBLE PRECISION,
        on_timeout TEXT    NOT NULL DEFAULT 'bot' CHECK (on_timeout IN ('bot', 'skip', 'vote')),
        paused     {bool} NOT NULL DEFAULT {false},
        next_at    DOUBLE PRECISION,
        clock_version INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX table_clocks_next ON table_clocks (next_at);

    CREATE TABLE seat_clocks (
        game_id       {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat          INTEGER NOT NULL,
        time_left     DOUBLE PRECISION,
        running_since DOUBLE PRECISION,
        decision_left DOUBLE PRECISION,
        warned        INTEGER NOT NULL DEFAULT 0,
        sitting       {bool} NOT NULL DEFAULT {false},
        PRIMARY KEY (game_id, seat)
    ){without_rowid};

    CREATE TABLE votes (
        id         {key},
        game_id    {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind       TEXT    NOT NULL CHECK (kind IN ('end', 'stop', 'pause', 'resume', 'bot')),
        seat       INTEGER,
        opened_by  BIGINT,
        opened_at  DOUBLE PRECISION NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL,
        result     TEXT CHECK (result IN ('passed', 'failed', 'expired')),
        channel_id {id},
        message_id {id}
    );
    CREATE UNIQUE INDEX votes_one_open ON votes (game_id) WHERE result IS NULL;
    CREATE INDEX votes_expiring ON votes (expires_at) WHERE result IS NULL;

    CREATE TABLE ballots (
        vote_id  {id} NOT NULL REFERENCES votes (id) ON DELETE CASCADE,
        user_id  BIGINT  NOT NULL,
        yes      {bool} NOT NULL,
        PRIMARY KEY (vote_id, user_id)
    ){without_rowid};

    CREATE TABLE table_events (
        id       {key},
        game_id  {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        at       DOUBLE PRECISION NOT NULL,
        word     TEXT    NOT NULL,
        params   TEXT    NOT NULL DEFAULT '{{}}'
    );
    CREATE INDEX table_events_by_game ON table_events (game_id, id);
    """,
    # 10: practice tables (issue 26): a table opened to learn, with hints from the hard bot on the
    # players' panels; its games are not rated and count in no statistics. Every table stored
    # before is a normal one (the default); running games play on as they were.
    """
    ALTER TABLE games ADD COLUMN practice {bool} NOT NULL DEFAULT {false};
    """,
    # 11: play again, watch, find my tables (issue 26). ``seats.prompt_at``: when each seat's
    # current decision began (set with ``prompt_version``, by the same write), for "waiting
    # 2 days"; NULL for a decision that began before (the game's last change stands in).
    # ``rematches``: the one rematch of a finished table (``rematch_id``, a new lobby) and its
    # planned seating (JSON: the seats rotated by one, humans invited, bots at their levels).
    # ``watchers``: who follows a table's public news. Running games go on as they were.
    """
    ALTER TABLE seats ADD COLUMN prompt_at DOUBLE PRECISION;

    CREATE TABLE rematches (
        game_id    {id} PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        rematch_id {id} NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
        seating    TEXT    NOT NULL DEFAULT '[]'
    );

    CREATE TABLE watchers (
        game_id  {id} NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id  BIGINT  NOT NULL,
        since    DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ){without_rowid};
    CREATE INDEX watchers_by_user ON watchers (user_id);{prompt_at_trigger}
    """,
]


PIECES = {
    "sqlite": {
        "id": "INTEGER",  # Discord and game ids: SQLite's INTEGER holds 64 bits
        "key": "INTEGER PRIMARY KEY",  # the rowid
        "real": "REAL",
        "bool": "INTEGER",
        "false": "0",
        "without_rowid": " WITHOUT ROWID",
        # scratch columns read by the triggers (see MOVE_TRIGGERS)
        "scratch_columns": ",\n        last_moves       TEXT    NOT NULL DEFAULT '[]',"
        "\n        last_prompts     TEXT    NOT NULL DEFAULT '[]'",
        "move_triggers": MOVE_TRIGGERS,
        "prompt_at_trigger": PROMPT_AT_TRIGGER,
    },
    "postgresql": {
        "id": "BIGINT",
        "key": "BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
        "real": "DOUBLE PRECISION",
        "bool": "BOOLEAN",
        "false": "FALSE",
        "without_rowid": "",
        "scratch_columns": "",
        "move_triggers": "",
        "prompt_at_trigger": "",  # sql.SAVE_STATE sets it with the prompt version
    },
}


def scripts(dialect: str) -> list[str]:
    """Every migration as ``dialect`` ("sqlite" or "postgresql") runs it, in order."""
    return [template.format(**PIECES[dialect]) for template in MIGRATIONS]


def tables(version: int = len(MIGRATIONS)) -> set[str]:
    """The tables of Tavern's schema once migrations 1 to ``version`` are applied (a database
    at that version lacking one of them was damaged or emptied; none is ever dropped)."""
    import re

    made = (re.findall(r"CREATE TABLE (\w+)", script) for script in MIGRATIONS[:version])
    return {name for names in made for name in names}
