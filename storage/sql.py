"""Every SQL statement the stores run, written once for both databases (``statements(dialect)``).

A statement is written with ``?`` for its parameters (PostgreSQL's ``$1, $2 ...`` are numbered
from them, in order) and ``{name}`` for a piece the dialects spell differently (``PIECES``).
``{in}`` is a list of values (``IN (?, ?, ...)`` in SQLite, formatted per call, ``= ANY($n)`` with
one array in PostgreSQL: ``core.SqlStore._listed``). Booleans are written TRUE/FALSE (SQLite
reads them as 1/0). The few statements one dialect writes its own way are in ``SQLITE`` and
``POSTGRESQL``, with their parameters in the same order as the shared one they stand for.
"""

from __future__ import annotations

from types import SimpleNamespace

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, lobby_message_id, board_message_id, host_id, "
    "options, seed, status, version, move_count, state, created_at, updated_at, remind_after, "
    "deadline_at, recent, practice"
)
SEAT_COLUMNS = (
    "seat, user_id, bot, name, resigned, dm_closed, prompt_version, notified_version, prompt_at"
)
RESULT_COLUMNS = "game_id, seat, guild_id, kind, user_id, bot, name, score, won, place, finished_at"
USER_SETTINGS_COLUMNS = (
    "user_id, notify, remind_hours, timezone, quiet_start, quiet_end, "
    "held_since, away_since, away_until, bot_sit, obvious"
)

VOTE_COLUMNS = (
    "id, game_id, kind, seat, opened_by, opened_at, expires_at, result, channel_id, message_id"
)

PIECES = {
    "sqlite": {
        # a game's columns as read: its seats are read next (``store.SqliteStore._seated``)
        "game": GAME_COLUMNS,
        "in": "IN ({marks})",
        "is": "IS",
        # the scratch columns of the triggers of migration 1, emptied by any other version bump
        "scratch": ", last_moves = '[]', last_prompts = '[]'",
    },
    "postgresql": {
        # a game and its seats come back in one row: the seats as an array of row values
        "game": f"{GAME_COLUMNS}, ARRAY(SELECT ROW({SEAT_COLUMNS}) FROM seats "
        "WHERE seats.game_id = games.id ORDER BY seat) AS seats",
        "in": "= ANY(?)",
        "is": "IS NOT DISTINCT FROM",
        "scratch": "",
    },
}

SHARED = {
    # --- games, seats and moves -----------------------------------------------------------------
    "INSERT_GAME": """
INSERT INTO games (kind, guild_id, channel_id, host_id, options, seed, status, version,
                   created_at, updated_at, remind_after, practice)
VALUES (?, ?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?, ?)
RETURNING id
""",
    "INSERT_SEAT": (
        f"INSERT INTO seats (game_id, {SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ),
    "DELETE_SEATS": "DELETE FROM seats WHERE game_id = ?",
    "SELECT_GAME": "SELECT {game} FROM games WHERE id = ?",
    "SELECT_MOVES": "SELECT n, seat, action, at FROM moves WHERE game_id = ? AND n > ? ORDER BY n",
    # The optimistic write: only the writer that read ``version`` may bump it.
    "BUMP_VERSION": """
UPDATE games SET version = version + 1, updated_at = ?{scratch}
WHERE id = ? AND version = ?
""",
    "UPDATE_STATUS": """
UPDATE games SET status = ?, deadline_at = ?, updated_at = ?, version = version + 1{scratch}
WHERE id = ? AND version = ?
""",
    "SET_MESSAGES": """
UPDATE games SET
    lobby_message_id = COALESCE(?, lobby_message_id),
    thread_id        = COALESCE(?, thread_id),
    board_message_id = COALESCE(?, board_message_id)
WHERE id = ?
""",
    # Markers outside the versioned state: each write is conditional, so a writer holding an old
    # record never moves one backwards (nor sets it twice), and of several processes doing the
    # same only one writes. The reminder pass re-arms a deadline only if the game and its
    # deadline are as it read them.
    "SET_DEADLINE": """
UPDATE games SET deadline_at = ? WHERE id = ? AND version = ? AND deadline_at {is} ?
""",
    "SET_DM_CLOSED": (
        "UPDATE seats SET dm_closed = TRUE WHERE game_id = ? AND seat = ? AND NOT dm_closed"
    ),
    "SET_NOTIFIED": """
UPDATE seats SET notified_version = ?
WHERE game_id = ? AND seat = ? AND notified_version < ? AND prompt_version <= ?
""",
    # A resign or a replacement changes one seat's player, nothing else of the seat list.
    "REPLACE_PLAYER": """
UPDATE seats SET user_id = ?, bot = ?, name = ?, resigned = ? WHERE game_id = ? AND seat = ?
""",
    "SELECT_UNNOTIFIED": """
SELECT {game} FROM games
WHERE status = 'running' AND id IN (
    SELECT game_id FROM seats WHERE user_id IS NOT NULL AND notified_version < prompt_version)
ORDER BY id
""",
    # Running games with a bot seat: their bots may owe moves (a restart cut their chain short).
    "SELECT_BOT_WAITING": """
SELECT {game} FROM games
WHERE status = 'running' AND id IN (SELECT game_id FROM seats WHERE bot IS NOT NULL)
ORDER BY id
""",
    # Running games with a player who lets the table take their obvious decisions (every player
    # who did not choose 'ask', migration 7): the table may owe such a move after a restart.
    "SELECT_AUTO_WAITING": """
SELECT {game} FROM games
WHERE status = 'running' AND id IN (
    SELECT game_id FROM seats WHERE user_id IS NOT NULL AND bot IS NULL AND user_id NOT IN (
        SELECT user_id FROM user_settings WHERE obvious = 'ask'))
ORDER BY id
""",
    "SELECT_GAMES_OF_USER": """
SELECT {game} FROM games
WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?) AND status {in}
ORDER BY updated_at DESC LIMIT ?
""",
    "SELECT_GAMES_IN_CHANNEL": """
SELECT {game} FROM games
WHERE (channel_id = ? OR thread_id = ?) AND status {in}
ORDER BY updated_at DESC
""",
    "SELECT_DUE": """
SELECT {game} FROM games
WHERE status = 'running' AND deadline_at IS NOT NULL AND deadline_at <= ?
ORDER BY deadline_at LIMIT ?
""",
    # --- DM panels (migration 4): not game state, no version ------------------------------------
    "SELECT_DM_PANELS": (
        "SELECT seat, channel_id, message_id, token FROM dm_panels WHERE game_id = ?"
    ),
    "SET_DM_PANEL": """
INSERT INTO dm_panels (game_id, seat, channel_id, message_id, token) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (game_id, seat) DO UPDATE SET
    channel_id = excluded.channel_id, message_id = excluded.message_id, token = excluded.token
""",
    "DELETE_DM_PANEL": "DELETE FROM dm_panels WHERE game_id = ? AND seat = ?",
    "DELETE_DM_PANELS": "DELETE FROM dm_panels WHERE game_id = ?",
    # --- languages (migration 6) ----------------------------------------------------------------
    "SET_TABLE_LANG": """
INSERT INTO table_langs (game_id, lang) VALUES (?, ?)
ON CONFLICT (game_id) DO UPDATE SET lang = excluded.lang
""",
    "SELECT_TABLE_LANG": "SELECT lang FROM table_langs WHERE game_id = ?",
    "SET_USER_LANG": """
INSERT INTO user_langs (user_id, lang) VALUES (?, ?)
ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang
""",
    "SELECT_USER_LANG": "SELECT lang FROM user_langs WHERE user_id = ?",
    # --- history (migration 3): seed commitments, results, ratings ------------------------------
    "INSERT_FAIRNESS": """
INSERT INTO fairness (game_id, salt, commitment) VALUES (?, ?, ?)
ON CONFLICT (game_id) DO NOTHING
""",
    "SELECT_FAIRNESS": "SELECT salt, commitment FROM fairness WHERE game_id = ?",
    "INSERT_RESULT": (
        f"INSERT INTO results ({RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ),
    "COUNT_RESULTS_OF_GAME": "SELECT count(*) FROM results WHERE game_id = ?",
    # A practice table's results are kept (its game did finish) but count nowhere: not in the
    # statistics, the streaks or the ratings rebuilt from them (the practice column: issue 26).
    "SELECT_RESULTS_IN_GUILD": f"""
SELECT {RESULT_COLUMNS} FROM results
WHERE guild_id = ? AND game_id NOT IN (SELECT id FROM games WHERE practice)
ORDER BY finished_at, game_id, seat
""",
    "SELECT_FINISHED_WITHOUT_RESULTS": """
SELECT id FROM games
WHERE status = 'finished' AND id NOT IN (SELECT game_id FROM results) ORDER BY updated_at, id
""",
    "SELECT_FINISHED_IN_GUILD": """
SELECT id FROM games WHERE status = 'finished' AND guild_id = ? AND NOT practice
ORDER BY updated_at, id
""",
    "UPSERT_RATING": """
INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, kind, user_id) DO UPDATE
SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games
""",
    "DELETE_RATINGS_OF_KIND": "DELETE FROM ratings WHERE guild_id = ? AND kind = ?",
    "SELECT_RATINGS_IN_GUILD": """
SELECT kind, user_id, mu, sigma, games FROM ratings WHERE guild_id = ? ORDER BY kind, user_id
""",
    # --- player settings and being away (migrations 5 and 7, issues 15 and 22) ------------------
    "SELECT_USER_SETTINGS": (
        f"SELECT {USER_SETTINGS_COLUMNS} FROM user_settings WHERE user_id {{in}}"
    ),
    "UPSERT_USER_SETTINGS": f"""
INSERT INTO user_settings ({USER_SETTINGS_COLUMNS})
VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL, FALSE, ?)
ON CONFLICT (user_id) DO UPDATE SET
    notify = excluded.notify, remind_hours = excluded.remind_hours,
    timezone = excluded.timezone, quiet_start = excluded.quiet_start,
    quiet_end = excluded.quiet_end, obvious = excluded.obvious
""",
    "UPSERT_AWAY": """
INSERT INTO user_settings (user_id, away_since, away_until, bot_sit) VALUES (?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET
    away_since = excluded.away_since, away_until = excluded.away_until, bot_sit = excluded.bot_sit
""",
    # Conditional: only the pass that read the away as it is ends it (another process may have).
    "END_AWAY": """
UPDATE user_settings SET away_since = NULL, away_until = NULL, bot_sit = FALSE
WHERE user_id = ? AND away_until {is} ?
""",
    "SELECT_BOT_SITTING": """
SELECT user_id FROM user_settings
WHERE away_until IS NOT NULL AND away_until > ? AND bot_sit ORDER BY user_id
""",
    "SELECT_AWAY_ENDED": """
SELECT user_id, away_until FROM user_settings
WHERE away_until IS NOT NULL AND away_until <= ? ORDER BY away_until
""",
    "SET_HELD": """
INSERT INTO user_settings (user_id, held_since) VALUES (?, ?)
ON CONFLICT (user_id) DO UPDATE SET held_since = COALESCE(user_settings.held_since,
                                                          excluded.held_since)
""",
    "INSERT_HELD_NEWS": "INSERT INTO held_news (user_id, game_id, at, text) VALUES (?, ?, ?, ?)",
    "SELECT_HELD_USERS": """
SELECT user_id FROM user_settings WHERE held_since IS NOT NULL ORDER BY held_since
""",
    "SELECT_HELD_NEWS": "SELECT game_id, text FROM held_news WHERE user_id = ? ORDER BY id",
    "DELETE_HELD_NEWS": "DELETE FROM held_news WHERE user_id = ?",
    # Conditional on the held mark read: only one pass sends the held-back message.
    "CLEAR_HELD": "UPDATE user_settings SET held_since = NULL WHERE user_id = ? AND held_since = ?",
    "SET_AWAY_LIMIT": "UPDATE games SET away_limit = ? WHERE id = ?",
    "SELECT_AWAY_LIMIT": "SELECT away_limit FROM games WHERE id = ?",
    # --- clocks and votes (migration 9, issue 26) -----------------------------------------------
    "SELECT_TABLE_CLOCK": """
SELECT game_id, base, increment, on_timeout, paused, next_at FROM table_clocks WHERE game_id = ?
""",
    "UPSERT_TABLE_CLOCK": """
INSERT INTO table_clocks (game_id, base, increment, on_timeout) VALUES (?, ?, ?, ?)
ON CONFLICT (game_id) DO UPDATE SET
    base = excluded.base, increment = excluded.increment, on_timeout = excluded.on_timeout
""",
    "SET_PAUSED": """
INSERT INTO table_clocks (game_id, paused) VALUES (?, TRUE)
ON CONFLICT (game_id) DO UPDATE SET paused = TRUE WHERE NOT table_clocks.paused
""",
    "SET_RESUMED": "UPDATE table_clocks SET paused = FALSE WHERE game_id = ? AND paused",
    "SET_CLOCK_NEXT": "UPDATE table_clocks SET next_at = ? WHERE game_id = ? AND next_at {is} ?",
    "SET_CLOCK_NEXT_ANY": "UPDATE table_clocks SET next_at = ? WHERE game_id = ?",
    # the seats' clocks worked out at a game version: written only if none from a later one is
    "CLAIM_CLOCK_VERSION": """
INSERT INTO table_clocks (game_id, clock_version) VALUES (?, ?)
ON CONFLICT (game_id) DO UPDATE SET clock_version = excluded.clock_version
WHERE table_clocks.clock_version <= excluded.clock_version
""",
    "SELECT_CLOCKS_DUE": """
SELECT c.game_id, c.next_at FROM table_clocks c JOIN games g ON g.id = c.game_id
WHERE c.next_at IS NOT NULL AND c.next_at <= ? AND g.status = 'running'
ORDER BY c.next_at LIMIT ?
""",
    "SELECT_SEAT_CLOCKS": """
SELECT seat, time_left, running_since, decision_left, warned, sitting FROM seat_clocks
WHERE game_id = ? ORDER BY seat
""",
    "UPSERT_SEAT_CLOCK": """
INSERT INTO seat_clocks (game_id, seat, time_left, running_since, decision_left, warned, sitting)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (game_id, seat) DO UPDATE SET
    time_left = excluded.time_left, running_since = excluded.running_since,
    decision_left = excluded.decision_left, warned = excluded.warned, sitting = excluded.sitting
""",
    "SELECT_SITTING_GAMES": """
SELECT DISTINCT s.game_id FROM seat_clocks s JOIN games g ON g.id = s.game_id
WHERE s.sitting AND g.status = 'running' ORDER BY s.game_id
""",
    "SELECT_OPEN_VOTE_ID": "SELECT id FROM votes WHERE game_id = ? AND result IS NULL",
    "INSERT_VOTE": """
INSERT INTO votes (game_id, kind, seat, opened_by, opened_at, expires_at)
VALUES (?, ?, ?, ?, ?, ?)
RETURNING id
""",
    "SELECT_VOTE": f"SELECT {VOTE_COLUMNS} FROM votes WHERE id = ?",
    "SELECT_OPEN_VOTE": f"SELECT {VOTE_COLUMNS} FROM votes WHERE game_id = ? AND result IS NULL",
    "UPSERT_BALLOT": """
INSERT INTO ballots (vote_id, user_id, yes) VALUES (?, ?, ?)
ON CONFLICT (vote_id, user_id) DO UPDATE SET yes = excluded.yes
""",
    # Only while the vote is open: a ballot cast after it closed is not stored.
    "CAST_BALLOT": """
INSERT INTO ballots (vote_id, user_id, yes)
SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BOOLEAN)
WHERE EXISTS (SELECT 1 FROM votes WHERE id = ? AND result IS NULL)
ON CONFLICT (vote_id, user_id) DO UPDATE SET yes = excluded.yes
""",
    "SELECT_BALLOTS": "SELECT user_id, yes FROM ballots WHERE vote_id = ? ORDER BY user_id",
    "CLOSE_VOTE": "UPDATE votes SET result = ? WHERE id = ? AND result IS NULL",
    "SET_VOTE_MESSAGE": "UPDATE votes SET channel_id = ?, message_id = ? WHERE id = ?",
    "SELECT_VOTES_EXPIRED": f"""
SELECT {VOTE_COLUMNS} FROM votes WHERE result IS NULL AND expires_at <= ? ORDER BY expires_at
""",
    "INSERT_TABLE_EVENT": (
        "INSERT INTO table_events (game_id, at, word, params) VALUES (?, ?, ?, ?)"
    ),
    "SELECT_TABLE_EVENTS": (
        "SELECT at, word, params FROM table_events WHERE game_id = ? ORDER BY id"
    ),
    # --- rematches, watchers, a server's tables (migration 11, issue 26) -------------------------
    "SELECT_GAME_ROW": (
        "SELECT kind, guild_id, channel_id, options, remind_after, practice FROM games WHERE id = ?"
    ),
    # a rematch keeps its table's clock (not its seats' times: the new game starts afresh)
    "COPY_TABLE_CLOCK": """
INSERT INTO table_clocks (game_id, base, increment, on_timeout)
SELECT ?, base, increment, on_timeout FROM table_clocks WHERE game_id = ?
""",
    "SELECT_REMATCH": "SELECT rematch_id FROM rematches WHERE game_id = ?",
    "SELECT_SEATING": "SELECT seating FROM rematches WHERE rematch_id = ?",
    "INSERT_REMATCH": "INSERT INTO rematches (game_id, rematch_id, seating) VALUES (?, ?, ?)",
    "INSERT_WATCHER": """
INSERT INTO watchers (game_id, user_id, since) VALUES (?, ?, ?)
ON CONFLICT (game_id, user_id) DO NOTHING
""",
    "DELETE_WATCHER": "DELETE FROM watchers WHERE game_id = ? AND user_id = ?",
    "SELECT_WATCHERS": "SELECT user_id FROM watchers WHERE game_id = ? ORDER BY since, user_id",
    "SELECT_WATCHED": """
SELECT {game} FROM games
WHERE id IN (SELECT game_id FROM watchers WHERE user_id = ?) AND status {in}
ORDER BY updated_at DESC LIMIT ?
""",
    "SELECT_GAMES_IN_GUILD": """
SELECT {game} FROM games WHERE guild_id = ? AND status {in} ORDER BY updated_at LIMIT ?
""",
}

# A stored move, in one statement, with the parameters (state, status, deadline_at, recent, now,
# moves as JSON [[seat, action], ...], prompted seats as JSON [seat, ...], the number of moves,
# game id, version read, log length read). The game is updated only if still at the version
# (and log length) read; the log rows and the prompt versions are written only if it was: a
# stale write changes nothing. ``LOCK_GAME`` and ``LOCK_RATINGS`` (None: not needed) make the
# writers of one game's results, and of one server's ratings for a game, queue.
SQLITE = {
    # The triggers of migration 1 append the log and set the prompts, inside this UPDATE.
    "SAVE_STATE": """
UPDATE games SET state = ?, status = ?, deadline_at = ?, recent = ?, updated_at = ?,
                 last_moves = ?, last_prompts = ?, move_count = move_count + ?,
                 version = version + 1
WHERE id = ? AND version = ? AND move_count = ?
""",
    "SELECT_SEATS": f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat",
    "SELECT_SEATS_MANY": (
        f"SELECT game_id, {SEAT_COLUMNS} FROM seats WHERE game_id IN ({{marks}}) "
        "ORDER BY game_id, seat"
    ),
    "SCHEMA_VERSION": "PRAGMA user_version",
    # One writer at a time already (BEGIN IMMEDIATE behind the store's lock).
    "LOCK_GAME": None,
    "LOCK_RATINGS": None,
}
POSTGRESQL = {
    # Data-modifying WITH queries (no triggers): concurrent writers queue on the game's row, and
    # the later one finds the version changed: no row, so ``SELECT 0``.
    "SAVE_STATE": """
WITH g AS (
    UPDATE games SET state = $1, status = $2, deadline_at = $3, recent = $4, updated_at = $5,
                     move_count = move_count + $8, version = version + 1
    WHERE id = $9 AND version = $10 AND move_count = $11
    RETURNING id, version
), m AS (
    INSERT INTO moves (game_id, n, seat, action, at)
    SELECT g.id, $11 + t.ord, (t.move ->> 0)::int, t.move ->> 1, $5
    FROM g, json_array_elements($6::json) WITH ORDINALITY AS t(move, ord)
), p AS (
    UPDATE seats SET prompt_version = g.version, prompt_at = $5 FROM g
    WHERE seats.game_id = g.id
      AND seats.seat IN (SELECT json_array_elements_text($7::json)::int)
)
SELECT id FROM g
""",
    "SCHEMA_VERSION": "SELECT version FROM tavern_schema",
    "LOCK_GAME": "SELECT id FROM games WHERE id = $1 FOR UPDATE",
    # transaction-scoped advisory lock, released at commit
    "LOCK_RATINGS": (
        "SELECT pg_advisory_xact_lock("
        "hashtext(current_schema() || ':ratings:' || $1::bigint || ':' || $2::text))"
    ),
    # Work that one process at a time may do (the start-up catch-up): a transaction advisory
    # lock, released when its transaction ends (the work is done, or the process died).
    "TRY_LOCK": "SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || ':' || $1))",
    # Take $2 tokens from the bucket $1 (migration 8), refilled at $3 a second up to $4 since it
    # was last taken from, on the server's clock (every process reads the same one); returns
    # the level before taking. One statement: concurrent takers queue on the bucket's row. The
    # clock read before that wait may be older than the row's: ``at`` never moves back, and
    # no refill is counted twice.
    "TAKE_BUDGET": """
INSERT INTO rate_budget AS b (name, tokens, at)
VALUES ($1, $4::float8 - $2::float8, extract(epoch FROM clock_timestamp())::float8)
ON CONFLICT (name) DO UPDATE SET
    tokens = LEAST($4::float8, b.tokens + $3::float8 * GREATEST(0, excluded.at - b.at))
             - $2::float8,
    at = GREATEST(b.at, excluded.at)
RETURNING tokens + $2::float8
""",
}


def numbered(statement: str) -> str:
    """PostgreSQL's parameters: each ``?`` becomes ``$1``, ``$2`` ... in order."""
    parts = statement.split("?")
    return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))


def statements(dialect: str) -> SimpleNamespace:
    """Every statement in ``dialect`` ("sqlite" or "postgresql"), as attributes."""
    pieces = PIECES[dialect]
    shared = {name: text.format(**pieces) for name, text in SHARED.items()}
    if dialect == "postgresql":
        return SimpleNamespace(**{n: numbered(t) for n, t in shared.items()}, **POSTGRESQL)
    return SimpleNamespace(**shared, **SQLITE)
