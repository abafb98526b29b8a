"""What happens when a player clicks or types: shared by buttons and slash commands.

Every answer to the requester is one interaction response (ephemeral for anything private or
any error), in the requester's Discord language (``lang_of``); everything else goes through the
Messenger after that response.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging

import discord

from engines import GameError
from engines.translations import language
from engines.words import Msg
from storage import GameRecord, counting, store_failed, written
from tables import Outcome, StaleClick, TableError, TableService, error_text, plan
from tables.bots import DEFAULT_LEVEL
from tables.caches import LockTable
from tables.words import m, t

from . import drawn, render, respond, ui
from .panels import private_panel, undo_version

log = logging.getLogger("tavern.flow")
SORRY = m("err.sorry")
NOT_STORED = m("err.not_stored")
MOVE_NOT_STORED = m("err.move_not_stored")


def not_stored(exc: BaseException) -> bool:
    """The database failed (a full disk, a read-only or locked file, a lost connection) before
    anything of this request was stored (inside ``storage.counting``: ``guarded`` and every
    slash command, ``respond.WatchingTree``): it was not done, and may be tried again."""
    return store_failed(exc) and not written()


def failure_text(exc: BaseException) -> Msg:
    """The answer to a request that failed unexpectedly: that it was not done when the database
    failed before storing anything of it, else the friendly "something went wrong"."""
    return NOT_STORED if not_stored(exc) else SORRY


def guarded(handler):
    """An unexpected error still gets a friendly ephemeral answer, one that never says nothing
    was lost when the database could not store it (``failure_text``), and a full log entry; a
    slow answer is deferred in time (``respond.watching``)."""

    @functools.wraps(handler)
    async def wrapper(interaction: discord.Interaction, *args, **kwargs):
        async with respond.watching(interaction):
            with counting():
                try:
                    await handler(interaction, *args, **kwargs)
                except Exception as exc:
                    log.exception("%s failed", handler.__name__)
                    try:
                        await reply_error(interaction, failure_text(exc))
                    except discord.HTTPException:
                        pass

    return wrapper


def service(interaction: discord.Interaction) -> TableService:
    return interaction.client.tables  # type: ignore[attr-defined]


def messenger(interaction: discord.Interaction):
    return interaction.client.messenger  # type: ignore[attr-defined]


def lang_of(interaction: discord.Interaction) -> str:
    """The language of the one who used a command or a control (their Discord client's)."""
    return language(str(interaction.locale) if interaction.locale else None)


async def reply_error(
    interaction: discord.Interaction, message: BaseException | Msg | str, **extra
) -> None:
    """A friendly, ephemeral explanation, in the requester's language. Nothing was changed."""
    await respond.to(interaction).send(
        error_text(message, lang_of(interaction)), ephemeral=True, **extra
    )


# --- the lobby ------------------------------------------------------------------------------------
@ui.handles("lobby")
@guarded
async def lobby_click(interaction: discord.Interaction, op: str, table: int) -> None:
    svc = service(interaction)
    user = interaction.user
    where = interaction.guild_id
    if op == "start":
        await start_table(interaction, table)
        return
    try:
        if op.startswith("bot"):
            level = op.partition("-")[2] or DEFAULT_LEVEL
            game = await svc.lobby.add_bot(table, user.id, level, guild_id=where)
        else:
            game = await {
                "join": lambda: svc.lobby.join(table, user.id, user.display_name, guild_id=where),
                "leave": lambda: svc.lobby.leave(table, user.id, guild_id=where),
                "unbot": lambda: svc.lobby.remove_bot(table, user.id, guild_id=where),
                "cancel": lambda: svc.lobby.cancel(table, user.id, guild_id=where),
            }[op]()
    except GameError as exc:
        await reply_error(interaction, exc)
        return
    lang = await svc.table_lang(table)  # the lobby is public: the table's language
    await respond.to(interaction).edit(
        embed=render.lobby_embed(
            svc,
            game,
            lang,
            await svc.rematch.invited(game),
            await svc.clocks.lobby_line(game, lang),
        ),
        view=ui.lobby_view(game.id, game.status, lang),
    )


async def start_table(interaction: discord.Interaction, table: int) -> None:
    """Start: the game's thread is opened first, so a server at Discord's limit of active
    threads (160006) leaves the table open in its lobby, and the host is told what to do."""
    async with _starting(table):  # a double click opens one thread, not two
        await _start_table(interaction, table)


_starting = LockTable[int]()


async def _start_table(
    interaction: discord.Interaction, table: int, lobby: discord.Message | None = None
) -> bool:
    """Start ``table`` from its ``lobby`` message (None: the one whose Start was clicked, which
    this interaction's answer edits); True if it started."""
    svc, post = service(interaction), messenger(interaction)
    user, where = interaction.user, interaction.guild_id
    clicked = lobby is None
    lobby = interaction.message if clicked else lobby
    try:
        game = await svc.lobby.startable(table, user.id, guild_id=where)
    except GameError as exc:
        await reply_error(interaction, exc)
        return False
    try:
        thread_id = await post.open_thread(game, lobby)
    except discord.HTTPException:  # the server's maximum of active threads
        await reply_error(interaction, m("err.too_many_threads"))
        return False
    try:
        outcome = await svc.lobby.start(table, user.id, guild_id=where, bots=False)
    except GameError as exc:  # changed meanwhile (started by a second click, say)
        if thread_id is not None:
            await post.threads.drop_thread(thread_id)
        await reply_error(interaction, exc)
        return False
    game = outcome.game
    lang = await svc.table_lang(table)
    if clicked:
        await respond.to(interaction).edit(embed=render.lobby_embed(svc, game, lang), view=None)
    else:
        await post.update_lobby(game)
    try:
        game = await post.open_board(game, lobby, thread_id)
    except discord.HTTPException:
        await reply_error(interaction, m("err.no_board_permission"))
    await post.send_notices(game, outcome.notices, welcome=True)
    await play_bots(interaction.client, game.id)
    return True


# --- practice tables (issue 26) -------------------------------------------------------------------
@guarded
async def start_practice(
    interaction: discord.Interaction, kind: str, level: str, players: int | None, lang: str
) -> None:
    """``/<game> practice``: a practice table with the caller and bots, opened in this channel
    and started at once. Its lobby message is the public answer (with the lobby's buttons
    until the game has started, so a start that fails can be tried again from there); the
    caller is then told, privately, where the game is and what the Hint button does."""
    svc = service(interaction)
    user = interaction.user
    if interaction.guild_id is None:
        await reply_error(interaction, m("err.practice_in_server", kind=kind))
        return
    try:
        game = await svc.lobby.open_practice(
            kind,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=user.id,
            host_name=user.display_name,
            players=players,
            level=level,
            lang=lang,
        )
    except GameError as exc:
        await reply_error(interaction, exc)
        return
    message = await respond.to(interaction).send(
        embed=render.lobby_embed(svc, game, lang), view=ui.lobby_view(game.id, "lobby", lang)
    )
    if not isinstance(message, discord.Message):
        message = await interaction.original_response()
    await svc.notices.set_messages(game.id, lobby_message_id=message.id)
    async with _starting(game.id):
        if await _start_table(interaction, game.id, message):
            await respond.to(interaction).send(
                t(lang_of(interaction), "practice.started", id=game.id), ephemeral=True
            )


@ui.handles("hint")
@guarded
async def click_hint(interaction: discord.Interaction, table: int, token: int) -> None:
    """The Hint button of a practice table's panel: the hard bot's advice for the clicker's
    seat, thought out from that seat's view only (``tables/hints.py``), answered to them
    alone. Nothing is played or stored."""
    svc, lang = service(interaction), lang_of(interaction)
    try:
        hint = await svc.hints.hint(
            table, interaction.user.id, token, guild_id=interaction.guild_id, lang=lang
        )
    except StaleClick as exc:  # only raised for a seated player: show their current panel
        await _stale(interaction, table, exc)
        return
    except GameError as exc:
        await reply_error(interaction, exc)
        return
    lines = [t(lang, "hint.move", move=hint.label), hint.why, t(lang, "hint.note")]
    await respond.to(interaction).send("\n".join(filter(None, lines)), ephemeral=True)


# A long stretch of bot moves (no human to act) still shows progress (``tables.plan.Chain``);
# read at each chain (a test may change it).
CHAIN_FLUSH_SECONDS = plan.CHAIN_FLUSH_SECONDS


async def humans_acting(svc: TableService, game: GameRecord) -> set[int]:
    """The seats that must act and that the table does not play: no bot, not even one sitting
    in for an away player, and not an obvious decision the table takes for its player (see
    ``service.turns.table_plays``; public: the board shows who acts, and who is away with a
    bot sitting in; an obvious decision is played at the bots' pace)."""
    acting = svc.to_act(game)
    if not acting:
        return set()
    played = await svc.turns.table_plays(game)
    return {s for s in acting if s not in played}


async def play_bots(client, game_id: int, held: Outcome | None = None) -> None:
    """The bots answer once the human was answered: each bot decision is thought out in a
    worker thread (other tables are served meanwhile) and stored at once (at ``bot_pace``).

    Their moves are published together (``tables.plan.Chain``, merged by ``merge``: one board
    edit, at most one DM per human; this loop only drives it, on the event loop's clock), after
    ``held`` (a stored human move not published yet, see ``publish_then_bots``), when
    the chain ends (a human must act, the game is over), when a human joins those who must
    act while bots still move (a simultaneous decision), and every ``CHAIN_FLUSH_SECONDS`` of
    a long chain. Each of these is public, so when news comes out reveals nothing hidden."""
    svc, post = client.tables, client.messenger
    loop = asyncio.get_running_loop()
    chain = plan.Chain(loop.time(), every=CHAIN_FLUSH_SECONDS)  # when to show: tables/plan.py
    if held is not None:
        chain.waiting.append(held)

    async def publish(outcome: Outcome | None) -> None:
        if outcome is None:
            return
        try:
            await post.publish(outcome)
        except Exception:  # the moves are stored; the next publish shows the board again
            log.exception("publishing moves at table %s failed", game_id)

    with svc.turns.publishing_bots(game_id):
        try:
            game = held.game if held is not None else await svc.game(game_id)
            chain.acting = await humans_acting(svc, game)
            async for outcome in svc.turns.bot_turns(game_id):
                acting = await humans_acting(svc, outcome.game)
                await publish(chain.add(outcome, acting, loop.time()))
        except GameError as exc:
            log.warning("bots at table %s stopped: %s", game_id, exc)
        except Exception:  # what was stored is shown all the same (not when cancelled)
            await publish(chain.take(loop.time()))
            raise
        await publish(chain.take(loop.time()))


async def publish_then_bots(
    client,
    outcome: Outcome,
    *,
    shown_in: int | None = None,
    panel_at: tuple[int, int] | None = None,
) -> None:
    """Publish a stored human move, then let the bots answer it. The bots play even when
    publishing failed (the move is stored), else the table would wait for a restart.

    When only bots act next (no human must act; the game goes on), the move is published
    together with the bots' answer (one board edit, one DM per human, see ``play_bots``);
    only the mover's DM panel is settled at once (``shown_in``: the one the move was made
    from, already repainted by the click's answer; ``panel_at``: that DM panel's channel and
    message, when the move was made from a DM panel, for a turn that comes back soon)."""
    post = client.messenger
    game = outcome.game
    post.decided(game.id, outcome.mover_seat, panel_at)  # a turn back soon updates the panel
    try:
        hold = (
            game.status == "running"
            and client.tables.turns.bots_pending(game.id)
            and not await humans_acting(client.tables, game)
        )
    except Exception:  # not knowing, publish it now: the bots play on all the same
        log.exception("who acts at table %s after a move", game.id)
        hold = False
    if not hold:
        try:
            await post.publish(outcome, shown_in=shown_in)
        finally:
            await play_bots(client, game.id)
        return
    try:
        await post.refresh_panels(
            game, mover=outcome.mover_seat, news=outcome.mover_news, shown_in=shown_in
        )
    except Exception:  # the move is stored; its panel is repainted with the bots' moves
        log.exception("repainting the mover's DM panel at table %s failed", game.id)
    rest = dataclasses.replace(outcome, mover_seat=None, mover_private=[], mover_news=[])
    await play_bots(client, game.id, held=rest)


# --- private panels and moves ---------------------------------------------------------------------
@ui.handles("hand")
@guarded
async def show_hand(interaction: discord.Interaction, table: int) -> None:
    svc = service(interaction)
    try:
        game = await svc.table_at(
            table, user_id=interaction.user.id, guild_id=interaction.guild_id, latest=True
        )
        seat = svc.seat_for(game, interaction.user.id)
        if game.status == "lobby":
            raise TableError(m("err.not_started"))
    except GameError as exc:
        await reply_error(interaction, exc)
        return
    panel = await panel_of(svc, game, seat, lang=lang_of(interaction))
    panel = await drawn.with_picture(svc, game, _without_none(panel), lang_of(interaction))
    await respond.to(interaction).send(ephemeral=True, **panel)
    await _seen(svc, game, seat)


async def panel_of(
    svc: TableService, game: GameRecord, seat: int, news: list | None = None, lang: str = "en"
) -> dict:
    """The private panel answered to the player themselves (in their ``lang``): with Undo when
    they may undo."""
    return private_panel(svc, game, seat, news, undo=await undo_version(svc, game, seat), lang=lang)


async def asks_first(
    svc: TableService,
    table: int,
    user_id: int,
    token: int | None,
    action: str,
    guild_id,
    lang: str = "en",
) -> tuple[str, str] | None:
    """(question, label) when ``action`` must be confirmed before it is played (a decision
    that cannot be taken back: ``Engine.confirm``); None to play it at once. Anything wrong
    with the move (not seated, not their turn, a stale token) is left to the move itself."""
    try:
        game = await svc.table_at(table, user_id=user_id, guild_id=guild_id)
    except GameError:
        return None
    seat = game.seat_of(user_id)
    if seat is None or seat not in svc.to_act(game):
        return None
    if token is not None and token != game.seats[seat].prompt_version:
        return None
    question = svc.undo.confirmation(game, seat, action, lang)
    if question is None:
        return None
    label = dict(svc.choices(game, seat, lang)).get(action, action)
    return question, label


async def _seen(svc: TableService, game: GameRecord, seat: int) -> None:
    """The player has their current controls in front of them: no turn DM is owed."""
    if seat in svc.to_act(game):
        await svc.notices.mark_notified(game, seat)


def _without_none(panel: dict) -> dict:
    return {k: v for k, v in panel.items() if v is not None}


@ui.handles("move")
@guarded
async def click_move(
    interaction: discord.Interaction,
    table: int,
    token: int,
    action: str | None,
    confirmed: bool = False,
) -> None:
    """A button or select from a private panel: apply, then update that panel in place. An
    action that asks first shows "Confirm: ..." and Cancel in that panel instead (``confirmed``:
    this is that second click)."""
    if action is None:  # a select menu answered with no value
        await reply_error(interaction, m("err.pick_one"))
        return
    await play_move(interaction, table, action, token, confirmed, typed=False)


STALE_TYPED = m("err.stale_typed")


@guarded
async def command_move(
    interaction: discord.Interaction,
    game: GameRecord,
    action: str,
    token: int | None = None,
    confirmed: bool = False,
) -> None:
    """A move typed as a slash command: answer with the updated private panel, ephemerally.
    ``token``: the prompt version an autocompleted move was offered at (None if free-typed).
    An action that asks first is answered with the question and "Confirm: ..." / Cancel
    buttons, unless ``confirmed`` (the command's ``confirm`` option)."""
    await play_move(interaction, game.id, action, token, confirmed, typed=True)


async def play_move(
    interaction: discord.Interaction,
    table: int,
    action: str,
    token: int | None,
    confirmed: bool,
    *,
    typed: bool,
) -> None:
    """A move, clicked on a private panel (that panel answers: it is updated in place) or
    ``typed`` as a slash command (an ephemeral answer). An action that cannot be taken back
    asks first (unless ``confirmed``); then the move is applied, its private panel answered,
    and the move published, the bots answering it (``publish_then_bots``)."""
    svc, lang = service(interaction), lang_of(interaction)
    user_id, where = interaction.user.id, interaction.guild_id
    ask = None if confirmed else await asks_first(svc, table, user_id, token, action, where, lang)
    if ask is not None:
        question, label = ask
        if typed:  # its buttons carry the decision as it is now (a typed move may have no token)
            current = await svc.game(table)
            token = current.seats[current.seat_of(user_id)].prompt_version
            view = ui.confirm_view(table, token, action, label, lang)
            await respond.to(interaction).send(f"**{question}**", ephemeral=True, view=view)
        else:
            view = ui.confirm_view(table, token, action, label, lang)
            await respond.to(interaction).edit(content=f"**{question}**", view=view)
        return
    try:
        outcome = await svc.turns.move(table, user_id, action, token, guild_id=where, bots=False)
    except StaleClick as exc:  # only raised for a seated player: show their current panel
        await _stale(interaction, table, STALE_TYPED if typed else exc)
        return
    except GameError as exc:
        await reply_error(interaction, exc)
        return
    except Exception as exc:
        if not not_stored(exc):
            raise
        log.exception("storing a move at table %s failed", table)
        await reply_error(interaction, MOVE_NOT_STORED)  # its controls still stand: try again
        return
    panel = await panel_of(svc, outcome.game, outcome.mover_seat, outcome.mover_news, lang=lang)
    if typed:
        await respond.to(interaction).send(ephemeral=True, **_without_none(panel))
    else:
        await respond.to(interaction).edit(**panel)  # view None clears spent controls
    await _seen(svc, outcome.game, outcome.mover_seat)
    if typed:
        await publish_then_bots(interaction.client, outcome)
        return
    shown_in = interaction.message.id if interaction.message else None
    in_dm = where is None and shown_in is not None  # a DM panel: ours to edit
    await publish_then_bots(
        interaction.client,
        outcome,
        shown_in=shown_in,
        panel_at=(interaction.channel_id, shown_in) if in_dm else None,
    )


async def _stale(
    interaction: discord.Interaction, table: int, text: BaseException | Msg | str
) -> None:
    svc = service(interaction)
    game = await svc.game(table, latest=True)
    panel = await panel_of(svc, game, game.seat_of(interaction.user.id), lang=lang_of(interaction))
    panel.pop("content")
    await reply_error(interaction, text, **_without_none(panel))


# --- finding the table a command is about ---------------------------------------------------------
async def resolve_game(
    interaction: discord.Interaction,
    table: int | None,
    kind: str | None = None,
    statuses=("running",),
    host: bool = False,
) -> GameRecord:
    """The table named, else the one whose thread this is, else the caller's only one
    (with ``host``: the only one the caller hosts). Only tables of the server where the
    command is used count; in DMs only the caller's own (see ``TableService.check_place``)."""
    svc = service(interaction)
    where = interaction.guild_id
    if table is not None:
        return await svc.table_at(table, user_id=interaction.user.id, guild_id=where, latest=True)
    channel_id = interaction.channel_id
    if channel_id is not None:
        here = [
            g
            for g in await svc.games_in_channel(channel_id)
            if g.thread_id == channel_id
            and g.guild_id == where
            and (kind is None or g.kind == kind)
        ]
        if here:
            return here[0]
    mine = [
        g
        for g in await svc.games_of_user(interaction.user.id, statuses)
        if (kind is None or g.kind == kind)
        and (not host or g.host_id == interaction.user.id)
        and (where is None or g.guild_id == where)
    ]
    if not mine:
        raise TableError(
            m("err.no_running_of", game=svc.engine(kind).title) if kind else m("err.no_running")
        )
    if len(mine) > 1:
        listed = ", ".join(f"#{g.id}" for g in mine[:10])
        raise TableError(m("err.several_tables", tables=listed))
    return mine[0]
