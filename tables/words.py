"""The words of the table service and the Discord layer (lobby, errors, reminders, DMs, the board
summary, buttons, results, the guides' chrome, slash command descriptions), as message ids.

They are one more catalog of ``engines.words`` (domain ``tavern``): the English template of each
id is here, the translations in ``locale/<lang>/LC_MESSAGES/tavern.po`` (``python -m i18n``
extracts, updates and checks them with the games' catalogs). ``m("err.full", n=5)`` is the
message, ``t(lang, "err.full", n=5)`` its text in a language. No discord import: the cogs and
the table service both use these words.

Slash commands: ``cmd.<command path>`` is a command's name shown in a language (no spaces,
lower case, at most 32 characters, as Discord requires); ``cmd.<path>.desc`` its description,
``cmd.<path>.<parameter>`` a parameter's description, ``choice.<value>`` a choice's name.
"""

from __future__ import annotations

from typing import Any

from engines.words import Msg, catalog, render

DOMAIN = "tavern"

WORDS = {
    # --- errors of the table service ----------------------------------------------------------
    "err.no_game": "There is no game called {kind} here.",
    "err.no_table": "There is no table #{id}.",
    "err.no_table_here": "There is no table #{id} here.",
    "err.not_started": "This table has not started yet.",
    "err.not_playing": "You are not playing at this table.",
    "err.remind_range": "Reminders can be set from 1 minute to 30 days.",
    "err.already_started": "This table has already started.",
    "err.closed": "This table is closed.",
    "err.host_only": "Only the host of this table can {what}.",
    "err.host_only.add_bots": "Only the host of this table can add bots.",
    "err.host_only.remove_bots": "Only the host of this table can remove bots.",
    "err.host_only.cancel": "Only the host of this table can cancel it.",
    "err.host_only.abandon": "Only the host of this table can abandon it.",
    "err.host_only.start": "Only the host of this table can start it.",
    "err.host_only.replace": "Only the host of this table can hand a player's seat to a bot.",
    "err.changed": "The table changed at that moment; please try again.",
    "err.seated": "You are already seated at this table.",
    "err.full": "This table is full ({n} seats).",
    "err.not_seated": "You are not seated at this table.",
    "err.host_leaves": "You are the host: use Cancel to close the table instead.",
    "err.no_bot": "There is no bot at this table.",
    "err.abandon_not_running": "Only a running game can be abandoned.",
    "err.too_few.one": "{title} needs at least {min} players; {n} is seated. Invite someone or "
    "add a bot.",
    "err.too_few.other": "{title} needs at least {min} players; {n} are seated. Invite someone "
    "or add a bot.",
    "err.not_running": "This game is not running.",
    "err.over": "This game is over.",
    "err.not_your_turn": "It is not your turn to decide; waiting for {waiting}.",
    "err.not_your_turn_nobody": "It is not your turn to decide.",
    "err.stale_button": "That button belongs to an older board; nothing was changed. Here are "
    "your current choices.",
    "err.illegal": "{action} is not a legal move for you right now; start typing to see your "
    "moves, or use the buttons.",
    "err.resign_not_running": "Only a running game can be resigned from.",
    "err.no_seat": "That player has no seat at this table.",
    "err.bots_stuck": "The bots could not finish their moves; the game was not changed.",
    "err.raced": "Someone else moved at that very moment; nothing was changed. Please look at "
    "the board and try again.",
    "err.no_history": "This table never started, so it has no history.",
    "err.no_games_history": "You have no started or finished game. Open one with {/play}.",
    "err.move_number": "Type a move number, like 12 (0 is the start).",
    "err.no_history_yet": "This table has not started yet, so it has no history.",
    "err.stats_bot": "Bots are kept out of the stats; pick a player.",
    "err.sorry": "Something went wrong on my side. Nothing you did was lost: look at the board, "
    "then try again.",
    # the database failed before anything of the request was stored (a full disk, a read-only
    # or locked file, a lost connection): said as it is, never "nothing was lost"
    "err.move_not_stored": "Your move was not made: my database could not store it just now, "
    "so nothing changed. Please try again in a moment (if this keeps happening, tell whoever "
    "runs this bot).",
    "err.not_stored": "That was not done: my database could not store it just now, so nothing "
    "changed. Please try again in a moment (if this keeps happening, tell whoever runs this "
    "bot).",
    "err.no_board_permission": "The game has started, but I could not post its board here: "
    "please give me the Send Messages, Create Public Threads and "
    "Embed Links permissions. Meanwhile everyone can play with {/hand} "
    "and see the board with {/board}.",
    "err.pick_one": "Pick one of the choices.",
    "err.undo_limit": "You have taken this decision back {n} times, the most one decision may "
    "be: the choice you made stands.",
    "err.bad_option": "I cannot take that value for {option}: pick it from the command's "
    "choices, within its range. Nothing was changed.",
    "err.stale_typed": "That move was offered for an earlier decision (it was already made, or "
    "the game moved on); nothing was changed. Here are your current choices.",
    "err.no_running": "You have no running game. Open one with {/play}.",
    "err.no_running_of": "You have no running {game} game. Open one with {/play}.",
    "err.several_tables": "You are at several tables ({tables}); pick one with the `table` "
    "option, or use the command in the game's thread.",
    "err.option_form": "Write options as key=value (got {got}).",
    "err.no_option": "{game} has no option {key}. Options: {known}.",
    "err.no_options": "{game} has no option {key}; it has no options.",
    "err.option_bool": "Option {key} is on or off.",
    "err.option_int": "Option {key} takes a whole number.",
    # --- news ---------------------------------------------------------------------------------
    "news.resigned": "{name} resigned; a bot plays their seat from now on.",
    "news.was_replaced": "{name} was replaced; a bot plays their seat from now on.",
    # --- lobby, board, hand -------------------------------------------------------------------
    "ui.title": "{game} · table #{id}",
    "lobby.seats": "Seats ({n}/{max}, needs {min})",
    "lobby.nobody": "nobody",
    "lobby.options": "Options",
    "lobby.status.lobby": "Host: {host}. Join, then the host starts. Reminders after {hours} h.",
    "lobby.status.running": "Started: the game is played in the thread below.",
    "lobby.status.finished": "Finished.",
    "lobby.status.abandoned": "This table was closed.",
    # --- rematch, watching, lists of tables (issue 26) ----------------------------------------
    "button.rematch": "Rematch",
    "lobby.invited": "Invited",
    "rematch.opened": "🔁 Rematch of table #{old}: {invited} you are invited; press **Join** to "
    "take your seat. The seats moved one place on.",
    "rematch.opened_alone": "🔁 Rematch of table #{old}. The seats moved one place on.",
    "rematch.done": "Your rematch is open: table #{id}, {link}.",
    "rematch.exists": "This table's rematch is already open: table #{id}, {link}.",
    "rematch.here": "in this channel",
    "err.rematch_not_over": "A rematch can be asked for once the game is over.",
    "err.rematch_players": "Only the players of this game can ask for its rematch.",
    "err.watch_over": "Table #{id} is over: there is nothing left to watch. {/history} replays it.",
    "err.watching_already": "You already watch table #{id}.",
    "err.not_watching": "You do not watch table #{id}.",
    "watch.started": "You now watch table #{id}: its public news reaches you as you chose in "
    "{/settings} (never anyone's hand). {/unwatch} stops it.",
    "watch.stopped": "You no longer watch table #{id}.",
    "watch.dm_head": "👀 {title}, which you watch:",
    "watch.mention": "👀 {mentions}: news at this table you watch.",
    "watch.over": "Table #{id} is over.",
    "watch.abandoned": "Table #{id} was abandoned.",
    "games.waiting.minutes.one": "waiting {n} minute",
    "games.waiting.minutes.other": "waiting {n} minutes",
    "games.waiting.hours.one": "waiting {n} hour",
    "games.waiting.hours.other": "waiting {n} hours",
    "games.waiting.days.one": "waiting {n} day",
    "games.waiting.days.other": "waiting {n} days",
    "games.page": "Page {page} of {pages}",
    "games.others": "**Your other tables**",
    "games.turns": "**Your turn**",
    "tables.none": "No table is running in this server.",
    "tables.head": "**Running tables in this server**",
    "tables.waits": "waits for {who}",
    "tables.nobody": "waits for nobody",
    "tables.admin_only": "Only members who may manage this server can list its tables.",
    "button.back": "Back",
    "button.next": "Next",
    "cmd.watch": "watch",
    "cmd.unwatch": "unwatch",
    "cmd.tables": "tables",
    "desc.watch": "Follow a table's public news, by your notification settings",
    "desc.watch.table": "The table's number",
    "desc.unwatch": "Stop following a table's news",
    "desc.tables": "Admins: every running table here, whom it waits for and since when",
    "button.join": "Join",
    "button.leave": "Leave",
    "button.bot": "Add bot",
    "button.bot-easy": "Add bot: easy",
    "button.bot-normal": "Add bot: normal",
    "button.bot-hard": "Add bot: hard",
    "bots.level.easy": "easy bot",
    "bots.level.normal": "normal bot",
    "bots.level.hard": "hard bot",
    "bots.level.random": "random (old bot)",
    "err.bot_level": "A bot plays at one of these levels: {levels}.",
    "button.unbot": "Remove bot",
    "button.start": "Start",
    "button.cancel": "Cancel",
    "button.hand": "My hand",
    "button.text_board": "Text board",
    "board.now": "**Now:** {prompt}",
    "board.latest": "Latest",
    "board.bots": "Bots",
    "board.in_words": "*The board in words: **Text board**.*",
    "board.alt": "Picture of the {game} board. The same board in words: the Text board button "
    "or {/board}.",
    "board.over": "Game over. Winner: {winners}.",
    "board.abandoned": "This game was abandoned.",
    "board.waiting": "Waiting for: {waiting}",
    "hand.your_turn": "Your turn",
    "hand.your_decision": "Your decision",
    "hand.reminder_turn": "Reminder: your turn",
    "hand.reminder_decision": "Reminder: your decision",
    "hand.news": "News for you",
    "hand.since": "Since your last move",
    "hand.your_score": "Your score: **{score}**",
    "dm.final": "**{title}** · table #{id} is over.",
    "dm.final_history": "Every move, replayed: `{/history} table:{id}`.",
    "hand.table": "Table #{id}",
    "controls.choose": "Choose your move…",
    "controls.too_many": "Only the first {n} of {total} choices fit here; type the move command "
    "to search all of them.",
    # --- results, DMs, thread notes, answers --------------------------------------------------
    "results.title": "**Final scores**",
    "results.thanks": "Thanks for playing, {players}!",
    "results.no_result": "This game ended without a result (table #{id}).",
    "results.abandoned": "The host abandoned this game (table #{id}).",
    "results.export_elsewhere": "(The export file: {/history} table:{id}.)",
    "fair.commitment": "🔒 **Fair shuffle.** The secret seed that deals this game is committed as "
    "SHA-256 `{commitment}`. When the game ends, the seed and a salt are "
    "revealed here, so anyone can check that nothing was arranged: `{verify}` "
    "on the export file (see {/history} table:{id}).",
    "fair.seed": "🔓 Seed `{seed}` · salt `{salt}`",
    "fair.check": 'SHA-256("seed:salt") = `{commitment}` (the commitment posted at the start). '
    "Verify with `{verify} tavern-table-<n>.json`.",
    # --- /history and /stats -----------------------------------------------------------------
    "err.not_yet": "The seed, the hidden cards and the move log are revealed when the game has "
    "ended; until then you can step through the public board.",
    "history.to": "(to {who}) {text}",
    "history.log_head": "Tavern table #{id}: every hand at the end and every move, in words.",
    "history.moves": "Moves",
    "history.unverifiable": "This game started before seed commitments existed: it cannot be "
    "verified.",
    "history.title": "History · {title}",
    "history.footer": "Attached: the export ({file}) and every hand and move in words. Replay "
    "steps through the board.",
    "history.revealed": "Revealed: {name}",
    "history.hands_start": "Hands at the start · {title}",
    "history.hands_after": "Hands after move {n} · {title}",
    "history.hands_note": "Every seat's private panel at that moment (the game is over).",
    "history.replay": "Replay · {title}",
    "history.start": "Start (0 of {total} moves)",
    "history.before_first": "The board before the first move.",
    "history.move_of": "Move {n} of {total}",
    "history.news": "News",
    "history.revealed_all": "Game over: every move revealed.",
    "history.spectator": "The spectator's view: hidden cards stay hidden while the game runs.",
    "history.button.replay": "Replay",
    "history.button.back": "Back",
    "history.button.forward": "Forward",
    "history.button.hands": "Hands",
    "history.button.jump": "Jump",
    "history.jump_title": "Jump to a move of table #{id}",
    "history.jump_label": "Move number (0 to {total})",
    "history.jump_hint": "0 is the start",
    "history.not_yet": "The seed, the hidden cards and the export are revealed when the game ends.",
    "history.commitment": "Seed commitment: `{commitment}`.",
    "history.abandoned": "**Abandoned** before the end: no final scores.",
    "stats.player_title": "Stats · {name} in this server",
    "stats.none": "No finished games here yet.",
    "stats.with_bots": " ({n} with bots)",
    "stats.rating": " · rating {rating} (#{place} of {of})",
    "stats.line": "**{game}**: {played} played{bots}, {won} won, average score {average}{rating}",
    "stats.streak": "Longest win streak: {n}",
    "stats.favourite": "Favourite game: {game}",
    "stats.server_title": "Stats · this server",
    "stats.none_play": "No finished games here yet. Open one with {/play}.",
    "stats.games.one": "**{game}**: {n} game",
    "stats.games.other": "**{game}**: {n} games",
    "stats.rated.one": "({games} rated game, {won} won)",
    "stats.rated.other": "({games} rated games, {won} won)",
    "stats.leaderboard": "Leaderboard · {game}",
    "stats.footer": "Ratings: OpenSkill (Plackett-Luce), mu - 3 sigma; humans only, games with "
    "fewer than two humans are not rated.",
    "dm.welcome": "New to {title}? `{kind:/rules}` is the whole guide, page by page, and "
    "`{kind:/card}` explains any card. To move, press a button below (or pick from "
    "its menu) when it is your turn; **My hand** on the board and `{kind:/move}` do "
    "the same.",
    "thread.dms_closed": "{mention}, I can't send you direct messages (they are closed). Use "
    "**My hand** on the board to see your cards and play; I'll mention you "
    "here when it's your turn. New to the game? `{kind:/rules}` explains it.",
    "thread.your_turn": "{mention}, it's your turn. Use **My hand** on the board to play.",
    "thread.your_turn_still": "{mention}, it's still your turn. Use **My hand** on the board to "
    "play.",
    "thread.deleted_moved": "The thread of table #{id} was deleted, so the game goes on in "
    "{where}. Nothing was lost: the board there is the latest.",
    "thread.locked_moved": "The thread of table #{id} was locked and I cannot reopen it, so the "
    "game goes on in {where}. Nothing was lost: the board there is the latest.",
    "thread.missing_permissions": "I cannot post the news and the board of table #{id} in "
    "{where}: I am missing the permission {permissions} there. A server admin can give it to "
    "me (Server Settings > Roles, or the channel's Permissions). The game goes on meanwhile: "
    "players still get their DMs, {/board} shows the board, and the next move shows it again.",
    "thread.missing_unknown": "I cannot post the news and the board of table #{id} in {where}: "
    "Discord says I lack a permission or access there. I need View Channel, Send Messages, "
    "Create Public Threads, Send Messages in Threads, Embed Links, Attach Files and Read "
    "Message History. The game goes on meanwhile: players still get their DMs.",
    "perm.view_channel": "View Channel",
    "perm.send_messages": "Send Messages",
    "perm.create_public_threads": "Create Public Threads",
    "perm.send_messages_in_threads": "Send Messages in Threads",
    "perm.embed_links": "Embed Links",
    "perm.attach_files": "Attach Files",
    "perm.read_message_history": "Read Message History",
    "err.too_many_threads": "I could not start the game: this server has reached Discord's "
    "limit of active threads, and every game plays in a thread of its own. Archive or delete "
    "some threads (or ask a server admin to), then press Start again. The table is still open.",
    "games.none": "You are not at any table. Open one with {/play}.",
    "games.thread": "thread",
    "games.your_turn": "**your turn**",
    "games.status.lobby": "lobby",
    "games.status.running": "running",
    "games.status.finished": "finished",
    "games.status.abandoned": "abandoned",
    "done.resigned": "You resigned from table #{id}.",
    "done.replaced": "A bot now plays for {player} at table #{id}.",
    "done.abandoned": "Table #{id} was abandoned.",
    # --- slash commands (see cogs/translator.py) -----------------------------------------------
    "cmd.play": "play",
    "cmd.games": "games",
    "cmd.hand": "hand",
    "cmd.board": "board",
    "cmd.resign": "resign",
    "cmd.replace": "replace",
    "cmd.abandon": "abandon",
    "cmd.move": "move",
    "cmd.rules": "rules",
    "cmd.card": "card",
    "cmd.history": "history",
    "cmd.stats": "stats",
    "desc.play": "Open a table for a game in this channel",
    "desc.play.game": "Which game",
    "desc.play.options": "Table options, e.g. doubling=chain",
    "desc.play.remind_hours": "Remind whoever must act after this many hours",
    "desc.play.language": "The language of the board and the table's messages (default: the "
    "server's)",
    "desc.games": "Your open and running games, with links",
    "desc.hand": "Your private hand and choices, only to you",
    "desc.table": "Table number, if you play at several",
    "desc.board": "The public board of a game, only to you",
    "desc.resign": "Leave a running game; a bot takes your seat",
    "desc.replace": "Host only: hand an absent player's seat to a bot",
    "desc.replace.player": "The player whose seat a bot takes over",
    "desc.table_hosted": "Table number, if you host several",
    "desc.abandon": "Host only: stop a running game for all",
    "desc.group": "{title}: moves, rules and cards",
    "desc.move": "Make a move (start typing to see your moves)",
    "desc.move.action": "Your move",
    "desc.rules": "The whole game explained, page by page",
    "desc.card": "What a card (or token) does, and when",
    "desc.card.name": "The card's name (start typing to see them)",
    "desc.history": "A game's history: replay, and after the end the hidden cards, the seed and "
    "the export file",
    "desc.history.table": "Table number (default: this thread's game, or your latest)",
    "desc.stats": "Games played and won, streaks and the leaderboards here",
    "desc.stats.player": "Whose numbers (default: the server's leaderboards)",
    "desc.stats.game": "Only this game's leaderboard",
    "cmd.undo": "undo",
    "cmd.settings": "settings",
    "cmd.away": "away",
    "desc.play.away_limit": "Days a player may be {/away} before the host may replace them "
    "(default 14)",
    "desc.undo": "Take back your last decision, if it showed nothing new",
    "desc.move.confirm": "Play it without asking, even if it cannot be taken back",
    "desc.settings": "How and when I tell you it's your turn (only you see it)",
    "desc.settings.notify": "How you are told it's your turn",
    "desc.settings.remind_hours": "Remind me every this many hours (1 to 72)",
    "desc.settings.timezone": "Your timezone, e.g. Europe/Berlin (for quiet hours)",
    "desc.settings.quiet_start": "Quiet hours start at this hour (0-23, your time)",
    "desc.settings.quiet_end": "Quiet hours end at this hour (0-23, your time)",
    "desc.settings.quiet_off": "Turn quiet hours off",
    "desc.settings.obvious": "A decision with only one possible move: made for you at the "
    "bots' pace, or asked",
    "desc.away": "Away for a while? Pause your reminders (a bot may sit in)",
    "desc.away.days": "How many days (1 to 90); 0: I'm back",
    "desc.away.bot_sit": "A bot plays your seats, cautiously, until you are back",
    "choice.notify.dm": "A direct message",
    "choice.notify.mention": "A mention in the game's thread",
    "choice.notify.both": "Both",
    "choice.obvious.auto": "Decide the obvious for me at the bots' pace",
    "choice.obvious.ask": "Ask me every time",
    # --- a seat's name: what the table service adds to it (stored in English) ------------------
    "seat.bot": "{name} (bot)",
    "seat.resigned": "{name} (resigned)",
    "seat.replaced": "{name} (was replaced)",
    # --- settings, away, undo (issue 15) -------------------------------------------------------
    "err.notify_mode": "Choose how to be told: {modes}.",
    "err.obvious_mode": "Choose what happens to a decision with only one possible move: {modes}.",
    "err.remind_every": "Reminders can come every {low} to {high} hours.",
    "err.timezone": "{tz} is not a timezone I know; start typing a city (e.g. Europe/Berlin) and "
    "pick one of the suggestions.",
    "err.quiet_hours": "Quiet hours are whole hours from 0 to 23.",
    "err.quiet_both": "Give both ends of your quiet hours (quiet_start and quiet_end), e.g. 22 "
    "and 7.",
    "err.away_days": "You can be away for 1 to {max} days (0: back now).",
    "err.not_away": "You are not away.",
    "err.away_limit": "The away limit is {low} to {high} days.",
    "err.away_keeps": "{name} is away until {until}. This table lets a player be away for {days} "
    "days: you can hand their seat to a bot from {start}.",
    "err.undo_not_running": "Only a running game's decisions can be taken back.",
    "err.undo_stale": "That Undo button belongs to an older board; nothing was taken back. Here "
    "are your current choices.",
    "err.undo_diverged": "This game cannot take back decisions: its stored state was written by "
    "another version of the rules.",
    "err.undo_nothing": "There is nothing you can take back: your last decision showed something "
    "new to somebody (a card, a die, a hidden choice), or the game has moved "
    "on.",
    "err.undo_someone": "Someone else has decided since your last decision; it cannot be taken "
    "back.",
    "news.away": "{name} is away until {until}.",
    "news.away_sit": "{name} is away until {until}; a bot plays their seat meanwhile.",
    "news.back": "{name} is back.",
    "news.back_sit": "{name} is back and plays their own seat again.",
    "news.undone_line": "~~{line:msg}~~",
    "news.undone": "{p:seat} took back their last decision.",
    "board.away": "Away",
    "board.away_line": "{player} until {until}",
    "board.away_line_sit": "{player} until {until} · a bot plays for them",
    "undo.done": "You took back your last decision.",
    "button.confirm": "Confirm: {label}",
    "button.cancel_move": "Cancel",
    "button.undo": "Undo my last decision",
    "settings.title": "**Your settings** (for all your tables)",
    "settings.notify": "Your turn is announced by: {how}",
    "settings.notify.dm": "a direct message",
    "settings.notify.mention": "a mention in the game's thread",
    "settings.notify.both": "both",
    "settings.obvious": "A decision with only one possible move: {how}",
    "settings.obvious.auto": "made for you at the bots' pace, without a ping",
    "settings.obvious.ask": "you are asked, like any other",
    "settings.reminders": "Reminders: {interval}",
    "settings.every": "every {n} h",
    "settings.table_interval": "each table's interval (usually {n} h)",
    "settings.timezone": "Timezone: {tz}",
    "settings.quiet": "Quiet hours: {quiet} (nothing is sent then; what waits comes as one "
    "message when they end)",
    "settings.quiet_none": "none",
    "settings.quiet_span": "{start}:00 to {end}:00 ({tz})",
    "settings.quiet_now": " · quiet now",
    "settings.away": "Away until {until}",
    "settings.away_sit": "Away until {until} · a bot plays for you",
    "away.back": "Welcome back! Your reminders run again (tables: {tables}).",
    "away.gone": "You are away until {until}: no reminders until then, and your tables show it "
    "(tables: {tables}).",
    "away.gone_sit": "You are away until {until}: no reminders until then, and your tables show "
    "it (tables: {tables}). A bot plays your seats meanwhile.",
    "away.earlier": "Back earlier? `{/away} days:0`.",
    "away.none_running": "none running",
    "digest.reminder": "**Reminder: {n} tables are waiting for you**",
    "digest.quiet": "**While your quiet hours ran**",
    "digest.your_turn": "your turn",
    "digest.news": "news",
    # --- clocks and votes (issue 26) -----------------------------------------------------------
    "err.clock_form": "{got} is not a clock I understand. Write `none`, a time per move like "
    "`2d` or `12h`, or a bank plus time per move like `7d+1d`.",
    "err.clock_range": "{got}: a clock gives 1 hour to 90 days (and at most 30 days per move on "
    "top of a bank).",
    "err.on_timeout": "When a seat's time runs out, choose one of: {modes}.",
    "err.not_sitting": "No bot is playing a seat of yours at this table.",
    "err.vote_kind": "Choose what to vote on: {kinds}.",
    "err.vote_not_running": "Votes are for running games only.",
    "err.vote_paused_already": "This table is paused already; vote to resume it instead.",
    "err.vote_not_paused": "This table is not paused.",
    "err.vote_not_seated": "Only the players seated at this table can ask it to vote.",
    "err.vote_whom": "Say whose seat a bot should play (the `player` option).",
    "err.vote_self": "You cannot ask for your own seat: {/resign} hands it to a bot, or "
    "{/away} lets a bot sit in.",
    "err.vote_sitting_already": "A bot already plays that seat until its player is back.",
    "err.vote_open": "This table is already voting; that vote must end first.",
    "err.vote_gone": "That vote no longer exists.",
    "err.vote_closed": "That vote is over; nothing was changed.",
    "err.vote_not_voter": "Only the players seated at this table vote on this.",
    "dur.days": "{n} d",
    "dur.hours": "{n} h",
    "dur.minutes": "{n} min",
    "clock.none": "No clock",
    "clock.per_move": "Clock: {time} per move",
    "clock.bank": "Clock: {time}, plus {inc} per move",
    "clock.warning": "Table #{id}: your time runs out {at}. If it does, the table's rule for "
    "running out applies.",
    "clock.sitting_dm": "Table #{id}: a bot now plays your seat. Click **I'm back** in the game's "
    "thread to play again.",
    "clock.back_note": "{player}: a bot plays your seat until you are back. Click below to play "
    "it again.",
    "clock.back_done": "{player} is back and plays their own seat again.",
    "board.clock": "Clock",
    "board.paused": "⏸ Paused by a vote: clocks and reminders stand still.",
    "board.clock_runs": "{player}: time runs out {at}",
    "board.clock_left": "{player}: {left} left",
    "board.clock_out": "{player}: time ran out",
    "board.clock_sitting": "{player}: a bot plays until they are back",
    "news.clock_out_bot": "{name}'s time ran out: a bot plays their seat until they are back.",
    "news.clock_out_skip": "{name}'s time ran out: their seat passes.",
    "news.clock_out_vote": "{name}'s time ran out: the table votes on handing their seat to a bot.",
    "news.clock_back": "{name} is back and plays their own seat again.",
    "news.vote_paused": "The table voted to pause: clocks and reminders stand still.",
    "news.vote_resumed": "The table plays on: clocks and reminders run again.",
    "news.vote_bot": "The table voted: a bot plays {name}'s seat until they are back.",
    "event.clock_out_bot": "{name}'s time ran out; a bot played their seat.",
    "event.clock_out_skip": "{name}'s time ran out; their seat passed.",
    "event.clock_out_vote": "{name}'s time ran out; the table was asked to vote.",
    "event.clock_back": "{name} came back to their seat.",
    "event.host_resumed": "The host resumed the table.",
    "event.vote_opened": "Vote opened: {what}",
    "event.vote_passed": "Vote passed: {what}",
    "event.vote_failed": "Vote failed: {what}",
    "event.vote_expired": "Vote expired: {what}",
    "vote.what.end": "end the game now, with the scores as they stand",
    "vote.what.stop": "end the game now, with no result",
    "vote.what.pause": "pause the game (clocks and reminders stop)",
    "vote.what.resume": "resume the game",
    "vote.what.bot": "a bot plays {name}'s seat until they are back",
    "vote.title": "**Vote at table #{id}:** {what}",
    "vote.the_clock": "The table's clock",
    "vote.open": "{who} asks. Yes: {yes} · No: {no} · {need} of {n} must say yes · open until "
    "{until}",
    "vote.passed": "**Passed** ({yes} yes, {no} no).",
    "vote.failed": "**Not passed** ({yes} yes, {no} no): nothing changes.",
    "vote.expired": "**Expired** after 48 hours without a majority ({yes} yes, {no} no): nothing "
    "changes.",
    "button.vote_yes": "Yes",
    "button.vote_no": "No",
    "button.im_back": "I'm back",
    "done.vote_opened": "Your vote at table #{id} is open in its thread; you voted yes.",
    "done.resumed": "Table #{id} plays on: clocks and reminders run again.",
    "results.vote_end": "Table #{id} was ended by a vote, with the scores as they stood (the game "
    "did not reach its end: nobody is named its winner).",
    "results.vote_stop": "Table #{id} was ended by a vote, with no result.",
    "history.events": "**Clock and votes**",
    "cmd.vote": "vote",
    "desc.vote": "Ask the players at your table: end, pause, resume, or a bot",
    "desc.vote.what": "What the table decides",
    "desc.vote.player": "Whose seat a bot plays (for handing a seat to a bot)",
    "desc.play.clock": "Turn clock: none, 2d (per move) or 7d+1d (a bank plus time per move)",
    "desc.play.on_timeout": "When a seat's time runs out: a bot plays, the seat passes, or a vote",
    "choice.vote.end": "End now, scores as they stand",
    "choice.vote.stop": "End now, no result",
    "choice.vote.pause": "Pause (clocks and reminders stop)",
    "choice.vote.resume": "Resume",
    "choice.vote.bot": "Hand an absent player's seat to a bot",
    "choice.timeout.bot": "A bot plays the seat until its player is back",
    "choice.timeout.skip": "The seat passes (where the rules allow)",
    "choice.timeout.vote": "The table votes",
    # --- the rules guide and the card reference (their chrome) ---------------------------------
    "guide.footer": "Page {n} of {total} · {kind:/card} explains any card",
    "guide.back": "◀ Back",
    "guide.next": "Next ▶",
    "guide.jump": "Jump to a section…",
    "guide.gone": "That guide is no longer here; open it again with its game's rules command.",
    "guide.facts": "Facts",
    "guide.card_footer": "{game} · {kind:/rules} is the whole guide",
    "guide.no_card": "I know no {game} card called {name}. Start typing in the `name` option to "
    "see the cards.",
    # --- practice and hints (issue 26) ---------------------------------------------------------
    "practice.not_rated": "Practice: not rated",
    "practice.started": "Your practice game (table #{id}) has begun in its thread. When you "
    "decide, the **Hint** button on your panel asks the hard bot what it would play in your "
    "seat; only you see its answer.",
    "button.hint": "Hint",
    "hint.move": "💡 The hard bot would play: **{move}**",
    "hint.why": "Why: in {n} games it imagined from here, dealing anew what you cannot see, this "
    "move did best: {score} of 100, the next best ({other}) {other_score}.",
    "hint.why_alone": "Why: in {n} games it imagined from here, dealing anew what you cannot "
    "see, this move did best ({score} of 100).",
    "hint.why_only": "Why: it is the only sensible move here.",
    "hint.note": "Only advice: nothing was played. It knows what you know, nothing more.",
    "err.hint_not_practice": "Hints are given at practice tables only. Open one with "
    "{kind:/practice}.",
    "err.hint_not_your_turn": "You have nothing to decide right now, so there is no hint to give.",
    "err.hint_busy": "I am still thinking about your hint; it comes in a moment.",
    "err.practice_in_server": "Practice tables are opened in a server's channel: use "
    "{kind:/practice} there.",
    "err.practice_players": "{title} is played by {min} to {max} players; choose a number in "
    "between.",
    "cmd.practice": "practice",
    "desc.practice": "A practice game against bots, started at once: hints, and not rated",
    "desc.practice.level": "How well the bots play (default: normal)",
    "desc.practice.players": "How many players, you included (default: 3)",
    "desc.play.practice": "A practice table: a Hint button on your panel, and not rated",
    "choice.level.easy": "Easy",
    "choice.level.normal": "Normal",
    "choice.level.hard": "Hard",
}


catalog(DOMAIN, WORDS)


def m(key: str, /, **params: Any) -> Msg:
    """The message ``key`` of this catalog (``key`` without the ``tavern.`` prefix)."""
    return Msg(f"{DOMAIN}.{key}", **params)


# What the table service adds to a seat's stored name -> the message showing it in a language.
SEAT_SUFFIXES = {
    " (bot)": "seat.bot",
    " (resigned)": "seat.resigned",
    " (was replaced)": "seat.replaced",
}


def seat_name(name: str, lang: str | None) -> str:
    """A seat's stored name for a reader of ``lang``: its "(bot)" or "(resigned)" translated."""
    if lang in (None, "en"):
        return name
    for suffix, key in SEAT_SUFFIXES.items():
        if name.endswith(suffix) and len(name) > len(suffix):
            return t(lang, key, name=name[: -len(suffix)])
    return name


def option_help(kind: str, key: str, lang: str | None) -> str:
    """The help of a game's option in ``lang``: the game's own message (``Engine.option_text``,
    its catalog's ``<game>.option.<key>``), the same the guide shows."""
    import engines

    return engines.REGISTRY[kind].option_text(key, lang)


def counted(key: str, n: int) -> str:
    """The id of a counted message: ``key.one`` when ``n`` is 1, else ``key.other``."""
    return f"{key}.{'one' if n == 1 else 'other'}"


def t(lang: str | None, key: str, /, **params: Any) -> str:
    """The text of the message ``key`` in ``lang`` (English for an unknown language)."""
    return render(m(key, **params), lang)


__all__ = ["DOMAIN", "SEAT_SUFFIXES", "WORDS", "counted", "m", "option_help", "seat_name", "t"]
