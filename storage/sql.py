"""Every SQL statement the store runs, as named constants."""

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, lobby_message_id, board_message_id, host_id, "
    "options, seed, status, version, move_count, state, created_at, updated_at, remind_after, "
    "deadline_at, recent"
)
SEAT_COLUMNS = "seat, user_id, bot, name, resigned, dm_closed, prompt_version, notified_version"

INSERT_GAME = """
INSERT INTO games (kind, guild_id, channel_id, host_id, options, seed, status, version,
                   created_at, updated_at, remind_after)
VALUES (?, ?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?)
"""
SELECT_GAME = f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
SELECT_SEATS = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat"
SELECT_SEATS_MANY = (
    f"SELECT game_id, {SEAT_COLUMNS} FROM seats WHERE game_id IN ({{marks}}) ORDER BY game_id, seat"
)

# The optimistic write: only the writer that read ``version`` may bump it.
BUMP_VERSION = """
UPDATE games SET version = version + 1, updated_at = ?, last_moves = '[]', last_prompts = '[]'
WHERE id = ? AND version = ?
"""
# One statement per stored move: the triggers in migration 1 append the log and set prompts.
UPDATE_STATE = """
UPDATE games SET state = ?, status = ?, deadline_at = ?, recent = ?, updated_at = ?,
                 last_moves = ?, last_prompts = ?, move_count = move_count + ?,
                 version = version + 1
WHERE id = ? AND version = ? AND move_count = ?
"""
UPDATE_STATUS = """
UPDATE games SET status = ?, deadline_at = ?, updated_at = ?, version = version + 1,
                 last_moves = '[]', last_prompts = '[]'
WHERE id = ? AND version = ?
"""
DELETE_SEATS = "DELETE FROM seats WHERE game_id = ?"
INSERT_SEAT = f"INSERT INTO seats (game_id, {SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
SELECT_MOVES = "SELECT n, seat, action, at FROM moves WHERE game_id = ? ORDER BY n"

SET_MESSAGES = """
UPDATE games SET
    lobby_message_id = COALESCE(?, lobby_message_id),
    thread_id        = COALESCE(?, thread_id),
    board_message_id = COALESCE(?, board_message_id)
WHERE id = ?
"""
# Markers outside the versioned state: each write is conditional, so a writer holding an old
# record can never move one backwards (nor set it twice).
# The reminder pass re-arms a deadline only if the game and its deadline are as it read them.
SET_DEADLINE = """
UPDATE games SET deadline_at = ? WHERE id = ? AND version = ? AND deadline_at IS ?
"""
SET_DM_CLOSED = "UPDATE seats SET dm_closed = 1 WHERE game_id = ? AND seat = ? AND dm_closed = 0"
SET_NOTIFIED = """
UPDATE seats SET notified_version = ?
WHERE game_id = ? AND seat = ? AND notified_version < ? AND prompt_version <= ?
"""
# A resign or a replacement changes one seat's player, nothing else of the seat list.
REPLACE_PLAYER = """
UPDATE seats SET user_id = ?, bot = ?, name = ?, resigned = ? WHERE game_id = ? AND seat = ?
"""
SELECT_DM_PANELS = "SELECT seat, channel_id, message_id, token FROM dm_panels WHERE game_id = ?"
SET_DM_PANEL = """
INSERT INTO dm_panels (game_id, seat, channel_id, message_id, token) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (game_id, seat) DO UPDATE SET
    channel_id = excluded.channel_id, message_id = excluded.message_id, token = excluded.token
"""
DELETE_DM_PANEL = "DELETE FROM dm_panels WHERE game_id = ? AND seat = ?"
DELETE_DM_PANELS = "DELETE FROM dm_panels WHERE game_id = ?"

# --- languages (migration 6) ------------------------------------------------------------------
SET_TABLE_LANG = """
INSERT INTO table_langs (game_id, lang) VALUES (?, ?)
ON CONFLICT (game_id) DO UPDATE SET lang = excluded.lang
"""
SELECT_TABLE_LANG = "SELECT lang FROM table_langs WHERE game_id = ?"
SET_USER_LANG = """
INSERT INTO user_langs (user_id, lang) VALUES (?, ?)
ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang
"""
SELECT_USER_LANG = "SELECT lang FROM user_langs WHERE user_id = ?"
SELECT_UNNOTIFIED = f"""
SELECT {GAME_COLUMNS} FROM games
WHERE status = 'running' AND id IN (
    SELECT game_id FROM seats WHERE user_id IS NOT NULL AND notified_version < prompt_version)
ORDER BY id
"""
# Running games with a bot seat: their bots may owe moves (a restart cut their chain short).
SELECT_BOT_WAITING = f"""
SELECT {GAME_COLUMNS} FROM games
WHERE status = 'running' AND id IN (
    SELECT game_id FROM seats WHERE bot IS NOT NULL)
ORDER BY id
"""
# Running games with a player who lets the table take their obvious decisions (every player
# who did not choose 'ask', migration 7): the table may owe such a move after a restart.
SELECT_AUTO_WAITING = f"""
SELECT {GAME_COLUMNS} FROM games
WHERE status = 'running' AND id IN (
    SELECT game_id FROM seats WHERE user_id IS NOT NULL AND bot IS NULL AND user_id NOT IN (
        SELECT user_id FROM user_settings WHERE obvious = 'ask'))
ORDER BY id
"""

SELECT_GAMES_OF_USER = f"""
SELECT {GAME_COLUMNS} FROM games
WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?) AND status IN ({{marks}})
ORDER BY updated_at DESC LIMIT ?
"""
SELECT_GAMES_IN_CHANNEL = f"""
SELECT {GAME_COLUMNS} FROM games
WHERE (channel_id = ? OR thread_id = ?) AND status IN ({{marks}})
ORDER BY updated_at DESC
"""
SELECT_DUE = f"""
SELECT {GAME_COLUMNS} FROM games
WHERE status = 'running' AND deadline_at IS NOT NULL AND deadline_at <= ?
ORDER BY deadline_at LIMIT ?
"""

# --- history (migration 3): seed commitments, results, ratings -----------------------------------
INSERT_FAIRNESS = """
INSERT INTO fairness (game_id, salt, commitment) VALUES (?, ?, ?)
ON CONFLICT (game_id) DO NOTHING
"""
SELECT_FAIRNESS = "SELECT salt, commitment FROM fairness WHERE game_id = ?"
RESULT_COLUMNS = "game_id, seat, guild_id, kind, user_id, bot, name, score, won, place, finished_at"
INSERT_RESULT = f"INSERT INTO results ({RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
COUNT_RESULTS_OF_GAME = "SELECT COUNT(*) FROM results WHERE game_id = ?"
SELECT_RESULTS_IN_GUILD = f"""
SELECT {RESULT_COLUMNS} FROM results WHERE guild_id = ? ORDER BY finished_at, game_id, seat
"""
SELECT_FINISHED_WITHOUT_RESULTS = """
SELECT id FROM games
WHERE status = 'finished' AND id NOT IN (SELECT game_id FROM results) ORDER BY updated_at, id
"""
SELECT_FINISHED_IN_GUILD = """
SELECT id FROM games WHERE status = 'finished' AND guild_id = ? ORDER BY updated_at, id
"""
UPSERT_RATING = """
INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, kind, user_id) DO UPDATE
SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games
"""
DELETE_RATINGS_OF_KIND = "DELETE FROM ratings WHERE guild_id = ? AND kind = ?"
SELECT_RATINGS_IN_GUILD = """
SELECT kind, user_id, mu, sigma, games FROM ratings WHERE guild_id = ? ORDER BY kind, user_id
"""

# --- player settings and being away (migrations 5 and 7, issues 15 and 22) -----------------------
USER_SETTINGS_COLUMNS = (
    "user_id, notify, remind_hours, timezone, quiet_start, quiet_end, "
    "held_since, away_since, away_until, bot_sit, obvious"
)
SELECT_USER_SETTINGS = (
    f"SELECT {USER_SETTINGS_COLUMNS} FROM user_settings WHERE user_id IN ({{marks}})"
)
UPSERT_USER_SETTINGS = f"""
INSERT INTO user_settings ({USER_SETTINGS_COLUMNS})
VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, NULL, 0, ?)
ON CONFLICT (user_id) DO UPDATE SET
    notify = excluded.notify, remind_hours = excluded.remind_hours,
    timezone = excluded.timezone, quiet_start = excluded.quiet_start,
    quiet_end = excluded.quiet_end, obvious = excluded.obvious
"""
UPSERT_AWAY = """
INSERT INTO user_settings (user_id, away_since, away_until, bot_sit) VALUES (?, ?, ?, ?)
ON CONFLICT (user_id) DO UPDATE SET
    away_since = excluded.away_since, away_until = excluded.away_until, bot_sit = excluded.bot_sit
"""
# Conditional: only the pass that read the away as it is ends it (another process may have).
END_AWAY = """
UPDATE user_settings SET away_since = NULL, away_until = NULL, bot_sit = 0
WHERE user_id = ? AND away_until IS ?
"""
SELECT_BOT_SITTING = """
SELECT user_id FROM user_settings
WHERE away_until IS NOT NULL AND away_until > ? AND bot_sit <> 0 ORDER BY user_id
"""
SELECT_AWAY_ENDED = """
SELECT user_id, away_until FROM user_settings
WHERE away_until IS NOT NULL AND away_until <= ? ORDER BY away_until
"""
SET_HELD = """
INSERT INTO user_settings (user_id, held_since) VALUES (?, ?)
ON CONFLICT (user_id) DO UPDATE SET held_since = COALESCE(user_settings.held_since,
                                                          excluded.held_since)
"""
INSERT_HELD_NEWS = "INSERT INTO held_news (user_id, game_id, at, text) VALUES (?, ?, ?, ?)"
SELECT_HELD_USERS = """
SELECT user_id FROM user_settings WHERE held_since IS NOT NULL ORDER BY held_since
"""
SELECT_HELD_NEWS = "SELECT game_id, text FROM held_news WHERE user_id = ? ORDER BY id"
DELETE_HELD_NEWS = "DELETE FROM held_news WHERE user_id = ?"
# Conditional on the held mark read: only one pass sends the held-back message.
CLEAR_HELD = "UPDATE user_settings SET held_since = NULL WHERE user_id = ? AND held_since = ?"
SET_AWAY_LIMIT = "UPDATE games SET away_limit = ? WHERE id = ?"
SELECT_AWAY_LIMIT = "SELECT away_limit FROM games WHERE id = ?"
