"""Every SQL statement the store runs, as named constants."""

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, thread_id, lobby_message_id, board_message_id, host_id, "
    "options, seed, status, version, move_count, state, created_at, updated_at, remind_after, deadline_at, recent"
)
SEAT_COLUMNS = "seat, user_id, bot, name, resigned, dm_closed, prompt_version, notified_version"

INSERT_GAME = """
INSERT INTO games (kind, guild_id, channel_id, host_id, options, seed, status, version,
                   created_at, updated_at, remind_after)
VALUES (?, ?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?)
"""
SELECT_GAME = f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
SELECT_SEATS = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat"
SELECT_SEATS_MANY = f"SELECT game_id, {SEAT_COLUMNS} FROM seats WHERE game_id IN ({{marks}}) ORDER BY game_id, seat"

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
SET_DEADLINE = "UPDATE games SET deadline_at = ? WHERE id = ?"
SET_DM_CLOSED = "UPDATE seats SET dm_closed = ? WHERE game_id = ? AND seat = ?"
SET_NOTIFIED = "UPDATE seats SET notified_version = ? WHERE game_id = ? AND seat = ?"
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
