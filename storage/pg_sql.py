"""Every SQL statement the PostgreSQL store runs, as named constants (see ``sql.py`` for SQLite).

A game and its seats come back in one row: the seats as an array of row values.
"""

from .sql import GAME_COLUMNS, RESULT_COLUMNS, SEAT_COLUMNS, USER_SETTINGS_COLUMNS

SEATS_OF_GAME = (
    f"ARRAY(SELECT ROW({SEAT_COLUMNS}) FROM seats "
    "WHERE seats.game_id = games.id ORDER BY seat) AS seats"
)
# The type of each seat column (a new column in sql.SEAT_COLUMNS needs its type here): seats are
# written as one array per column, $1..$n in the order of SEAT_COLUMNS.
SEAT_TYPES = {
    "seat": "int",
    "user_id": "bigint",
    "bot": "text",
    "name": "text",
    "resigned": "bool",
    "dm_closed": "bool",
    "prompt_version": "int",
    "notified_version": "int",
}
SEAT_FIELDS = [c.strip() for c in SEAT_COLUMNS.split(",")]
if not set(SEAT_FIELDS) <= set(SEAT_TYPES):
    raise RuntimeError(f"pg_sql.SEAT_TYPES lacks {sorted(set(SEAT_FIELDS) - set(SEAT_TYPES))}")
SEAT_ARRAYS = (
    "unnest(" + ", ".join(f"${i}::{SEAT_TYPES[c]}[]" for i, c in enumerate(SEAT_FIELDS, 1)) + ")"
)
_N = len(SEAT_FIELDS)  # the parameters after the seat arrays start at $(_N + 1)

INSERT_GAME = f"""
WITH g AS (
    INSERT INTO games (kind, guild_id, channel_id, host_id, options, seed, status, version,
                       created_at, updated_at, remind_after)
    VALUES (${_N + 1}, ${_N + 2}, ${_N + 3}, ${_N + 4}, ${_N + 5}, ${_N + 6}, 'lobby', 0,
            ${_N + 7}, ${_N + 7}, ${_N + 8})
    RETURNING id
), s AS (
    INSERT INTO seats (game_id, {SEAT_COLUMNS})
    SELECT g.id, t.* FROM g, {SEAT_ARRAYS} AS t
)
SELECT id FROM g
"""
INSERT_SEATS = (
    f"INSERT INTO seats (game_id, {SEAT_COLUMNS}) SELECT ${_N + 1}, t.* FROM {SEAT_ARRAYS} AS t"
)
DELETE_SEATS = "DELETE FROM seats WHERE game_id = $1"

SELECT_GAME = f"SELECT {GAME_COLUMNS}, {SEATS_OF_GAME} FROM games WHERE id = $1"
SELECT_MOVES = "SELECT n, seat, action, at FROM moves WHERE game_id = $1 ORDER BY n"

# The optimistic write: only the writer that read ``version`` may bump it.
BUMP_VERSION = (
    "UPDATE games SET version = version + 1, updated_at = $1 WHERE id = $2 AND version = $3"
)
# A stored move, in one statement: the game is updated only if still at the version (and log
# length) read; the log rows and the prompt versions are written only if it was. Concurrent
# writers queue on the game's row, and the later one finds the version changed: no row.
SAVE_STATE = """
WITH g AS (
    UPDATE games SET state = $1, status = $2, deadline_at = $3, recent = $4, updated_at = $5,
                     move_count = move_count + cardinality($6::int[]), version = version + 1
    WHERE id = $8 AND version = $9 AND move_count = $10
    RETURNING id, version
), m AS (
    INSERT INTO moves (game_id, n, seat, action, at)
    SELECT g.id, $10 + t.ord, t.seat, t.action, $5
    FROM g, unnest($6::int[], $7::text[]) WITH ORDINALITY AS t(seat, action, ord)
), p AS (
    UPDATE seats SET prompt_version = g.version FROM g
    WHERE seats.game_id = g.id AND seats.seat = ANY($11::int[])
)
SELECT count(*) FROM g
"""
UPDATE_STATUS = """
UPDATE games SET status = $1, deadline_at = $2, updated_at = $3, version = version + 1
WHERE id = $4 AND version = $5
"""

SET_MESSAGES = """
UPDATE games SET
    lobby_message_id = COALESCE($1, lobby_message_id),
    thread_id        = COALESCE($2, thread_id),
    board_message_id = COALESCE($3, board_message_id)
WHERE id = $4
"""
# Markers outside the versioned state: each write is conditional (see sql.py), so of several
# processes doing the same only one writes, and none moves a marker backwards.
SET_DEADLINE = """
UPDATE games SET deadline_at = $1
WHERE id = $2 AND version = $3 AND deadline_at IS NOT DISTINCT FROM $4
"""
SET_DM_CLOSED = (
    "UPDATE seats SET dm_closed = TRUE WHERE game_id = $1 AND seat = $2 AND NOT dm_closed"
)
SET_NOTIFIED = """
UPDATE seats SET notified_version = $1
WHERE game_id = $2 AND seat = $3 AND notified_version < $1 AND prompt_version <= $1
"""
# A resign or a replacement changes one seat's player, nothing else of the seat list.
REPLACE_PLAYER = """
UPDATE seats SET user_id = $1, bot = $2, name = $3, resigned = $4 WHERE game_id = $5 AND seat = $6
"""

SELECT_UNNOTIFIED = f"""
SELECT {GAME_COLUMNS}, {SEATS_OF_GAME} FROM games
WHERE status = 'running' AND id IN (
    SELECT game_id FROM seats WHERE user_id IS NOT NULL AND notified_version < prompt_version)
ORDER BY id
"""
# Running games with a bot seat (for branch ``bots``: Store.bot_waiting_games, see sql.py there).
SELECT_BOT_WAITING = f"""
SELECT {GAME_COLUMNS}, {SEATS_OF_GAME} FROM games
WHERE status = 'running' AND id IN (SELECT game_id FROM seats WHERE bot IS NOT NULL)
ORDER BY id
"""
# Running games with a player who lets the table take their obvious decisions (see sql.py).
SELECT_AUTO_WAITING = f"""
SELECT {GAME_COLUMNS}, {SEATS_OF_GAME} FROM games
WHERE status = 'running' AND id IN (
    SELECT game_id FROM seats WHERE user_id IS NOT NULL AND bot IS NULL AND user_id NOT IN (
        SELECT user_id FROM user_settings WHERE obvious = 'ask'))
ORDER BY id
"""
SELECT_GAMES_OF_USER = f"""
SELECT {GAME_COLUMNS}, {SEATS_OF_GAME} FROM games
WHERE id IN (SELECT game_id FROM seats WHERE user_id = $1) AND status = ANY($2::text[])
ORDER BY updated_at DESC LIMIT $3
"""
SELECT_GAMES_IN_CHANNEL = f"""
SELECT {GAME_COLUMNS}, {SEATS_OF_GAME} FROM games
WHERE (channel_id = $1 OR thread_id = $1) AND status = ANY($2::text[])
ORDER BY updated_at DESC
"""
SELECT_DUE = f"""
SELECT {GAME_COLUMNS}, {SEATS_OF_GAME} FROM games
WHERE status = 'running' AND deadline_at IS NOT NULL AND deadline_at <= $1
ORDER BY deadline_at LIMIT $2
"""

# Work that one process at a time may do (the start-up catch-up): a session advisory lock,
# released when its connection closes (the work is done, or the process died).
TRY_LOCK = "SELECT pg_try_advisory_lock(hashtext(current_schema() || ':' || $1))"
SCHEMA_VERSION = "SELECT version FROM tavern_schema"

# --- DM panels (migration 4): not game state, no version -------------------------------------
SELECT_DM_PANELS = "SELECT seat, channel_id, message_id, token FROM dm_panels WHERE game_id = $1"
SET_DM_PANEL = """
INSERT INTO dm_panels (game_id, seat, channel_id, message_id, token) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (game_id, seat) DO UPDATE SET
    channel_id = excluded.channel_id, message_id = excluded.message_id, token = excluded.token
"""
DELETE_DM_PANEL = "DELETE FROM dm_panels WHERE game_id = $1 AND seat = $2"
DELETE_DM_PANELS = "DELETE FROM dm_panels WHERE game_id = $1"

# --- languages (migration 6) ------------------------------------------------------------------
SET_TABLE_LANG = """
INSERT INTO table_langs (game_id, lang) VALUES ($1, $2)
ON CONFLICT (game_id) DO UPDATE SET lang = excluded.lang
"""
SELECT_TABLE_LANG = "SELECT lang FROM table_langs WHERE game_id = $1"
SET_USER_LANG = """
INSERT INTO user_langs (user_id, lang) VALUES ($1, $2)
ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang
"""
SELECT_USER_LANG = "SELECT lang FROM user_langs WHERE user_id = $1"

# --- history (migration 3): seed commitments, results, ratings --------------------------------
INSERT_FAIRNESS = """
INSERT INTO fairness (game_id, salt, commitment) VALUES ($1, $2, $3)
ON CONFLICT (game_id) DO NOTHING
"""
SELECT_FAIRNESS = "SELECT salt, commitment FROM fairness WHERE game_id = $1"
INSERT_RESULT = (
    f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
)
# Results are stored once per game, whichever process finishes it: the writers queue on the
# game's row (FOR UPDATE), and the later one counts the rows the first one committed.
LOCK_GAME = "SELECT id FROM games WHERE id = $1 FOR UPDATE"
COUNT_RESULTS_OF_GAME = "SELECT count(*) FROM results WHERE game_id = $1"
# Rating updates of one server and game run one at a time (each reads the ratings it replaces):
# a transaction-scoped advisory lock, released at commit.
LOCK_RATINGS = (
    "SELECT pg_advisory_xact_lock("
    "hashtext(current_schema() || ':ratings:' || $1::bigint || ':' || $2::text))"
)
SELECT_RESULTS_IN_GUILD = f"""
SELECT {RESULT_COLUMNS} FROM results WHERE guild_id = $1 ORDER BY finished_at, game_id, seat
"""
SELECT_FINISHED_WITHOUT_RESULTS = """
SELECT id FROM games
WHERE status = 'finished' AND id NOT IN (SELECT game_id FROM results) ORDER BY updated_at, id
"""
SELECT_FINISHED_IN_GUILD = """
SELECT id FROM games WHERE status = 'finished' AND guild_id = $1 ORDER BY updated_at, id
"""
UPSERT_RATING = """
INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (guild_id, kind, user_id) DO UPDATE
SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games
"""
DELETE_RATINGS_OF_KIND = "DELETE FROM ratings WHERE guild_id = $1 AND kind = $2"
SELECT_RATINGS_IN_GUILD = """
SELECT kind, user_id, mu, sigma, games FROM ratings WHERE guild_id = $1 ORDER BY kind, user_id
"""

# --- player settings and being away (migrations 5 and 7, issues 15 and 22) ------------------------
SELECT_USER_SETTINGS = (
    f"SELECT {USER_SETTINGS_COLUMNS} FROM user_settings WHERE user_id = ANY($1::bigint[])"
)
UPSERT_USER_SETTINGS = f"""
INSERT INTO user_settings ({USER_SETTINGS_COLUMNS})
VALUES ($1, $2, $3, $4, $5, $6, NULL, NULL, NULL, FALSE, $7)
ON CONFLICT (user_id) DO UPDATE SET
    notify = EXCLUDED.notify, remind_hours = EXCLUDED.remind_hours,
    timezone = EXCLUDED.timezone, quiet_start = EXCLUDED.quiet_start,
    quiet_end = EXCLUDED.quiet_end, obvious = EXCLUDED.obvious
"""
UPSERT_AWAY = """
INSERT INTO user_settings (user_id, away_since, away_until, bot_sit) VALUES ($1, $2, $3, $4)
ON CONFLICT (user_id) DO UPDATE SET
    away_since = EXCLUDED.away_since, away_until = EXCLUDED.away_until, bot_sit = EXCLUDED.bot_sit
"""
END_AWAY = """
UPDATE user_settings SET away_since = NULL, away_until = NULL, bot_sit = FALSE
WHERE user_id = $1 AND away_until IS NOT DISTINCT FROM $2::double precision
"""
SELECT_BOT_SITTING = """
SELECT user_id FROM user_settings
WHERE away_until IS NOT NULL AND away_until > $1 AND bot_sit ORDER BY user_id
"""
SELECT_AWAY_ENDED = """
SELECT user_id, away_until FROM user_settings
WHERE away_until IS NOT NULL AND away_until <= $1 ORDER BY away_until
"""
SET_HELD = """
INSERT INTO user_settings (user_id, held_since) VALUES ($1, $2)
ON CONFLICT (user_id) DO UPDATE SET held_since = COALESCE(user_settings.held_since,
                                                          EXCLUDED.held_since)
"""
INSERT_HELD_NEWS = "INSERT INTO held_news (user_id, game_id, at, text) VALUES ($1, $2, $3, $4)"
SELECT_HELD_USERS = """
SELECT user_id FROM user_settings WHERE held_since IS NOT NULL ORDER BY held_since
"""
SELECT_HELD_NEWS = "SELECT game_id, text FROM held_news WHERE user_id = $1 ORDER BY id"
DELETE_HELD_NEWS = "DELETE FROM held_news WHERE user_id = $1"
CLEAR_HELD = "UPDATE user_settings SET held_since = NULL WHERE user_id = $1 AND held_since = $2"
SET_AWAY_LIMIT = "UPDATE games SET away_limit = $1 WHERE id = $2"
SELECT_AWAY_LIMIT = "SELECT away_limit FROM games WHERE id = $1"
