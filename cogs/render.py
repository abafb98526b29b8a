"""Embeds for lobbies, boards and hands. Text comes from the table service (names filled in)."""
from __future__ import annotations

import discord

from engines.words import render
from storage import GameRecord
from tables import TableService

COLOUR = discord.Colour(0x8B5A2B)
DESCRIPTION_LIMIT = 4000
FIELD_LIMIT = 1000
MESSAGE_LIMIT = 2000


def clip(text: str, limit: int) -> str:
    """Keep the start of ``text`` within ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 2] + " …"


def pack_lines(lines: list[str], limit: int) -> list[str]:
    """As few messages as possible, each within ``limit`` characters, lines kept whole
    (a single overlong line is cut)."""
    messages: list[str] = []
    for line in lines:
        line = clip(line, limit)
        if messages and len(messages[-1]) + 1 + len(line) <= limit:
            messages[-1] += "\n" + line
        else:
            messages.append(line)
    return messages


def clip_lines_tail(lines: list[str], limit: int) -> str:
    """The newest lines that fit within ``limit`` characters (older ones are dropped)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if not kept:
            line = clip(line, limit)  # the newest line always shows, cut if it must be
        added = len(line) + (1 if kept else 0)
        if size + added > limit:
            break
        kept.append(line)
        size += added
    return "\n".join(reversed(kept))


def thread_url(game: GameRecord) -> str | None:
    if game.guild_id and game.thread_id:
        return f"https://discord.com/channels/{game.guild_id}/{game.thread_id}"
    return None


def title(service: TableService, game: GameRecord) -> str:
    return f"{service.engine(game.kind).title} · table #{game.id}"


def seat_line(game: GameRecord, seat: int) -> str:
    record = game.seats[seat]
    return f"{record.name} · {bot_level(record.bot)}" if record.is_bot else f"<@{record.user_id}>"


def bot_level(level: str | None) -> str:
    """A bot seat's level as players read it (games from before levels have ``random``)."""
    return "random (old bot)" if level == "random" else f"{level} bot"


def bots_line(game: GameRecord) -> str:
    """Every bot seat with its level, for the board."""
    return " · ".join(f"{s.name}: {bot_level(s.bot)}" for s in game.seats if s.is_bot)


def lobby_embed(service: TableService, game: GameRecord) -> discord.Embed:
    engine = service.engine(game.kind)
    embed = discord.Embed(title=title(service, game), colour=COLOUR)
    seats = "\n".join(f"{i + 1}. {seat_line(game, i)}" for i in range(len(game.seats)))
    embed.add_field(name=f"Seats ({len(game.seats)}/{engine.max_players}, "
                         f"needs {engine.min_players})", value=seats or "nobody", inline=False)
    if game.options:
        opts = "\n".join(f"`{k}` = `{v}`" + (f" · {engine.option_help[k]}"
                                              if k in engine.option_help else "")
                         for k, v in game.options.items())
        embed.add_field(name="Options", value=clip(opts, FIELD_LIMIT), inline=False)
    hours = game.remind_after / 3600
    status = {
        "lobby": f"Host: <@{game.host_id}>. Join, then the host starts. "
                 f"Reminders after {hours:g} h.",
        "running": "Started: the game is played in the thread below.",
        "finished": "Finished.",
        "abandoned": "This table was closed.",
    }[game.status]
    embed.description = status
    return embed


def board_embed(service: TableService, game: GameRecord) -> discord.Embed:
    embed = discord.Embed(title=title(service, game), colour=COLOUR,
                          description=clip(service.board_text(game), DESCRIPTION_LIMIT))
    if game.recent:
        embed.add_field(name="Latest", value=clip_lines_tail(game.recent, FIELD_LIMIT),
                        inline=False)
    bots = bots_line(game)
    if bots:
        embed.add_field(name="Bots", value=clip(bots, FIELD_LIMIT), inline=False)
    embed.set_footer(text=footer(service, game))
    return embed


SEAT_MARKS = ["🟥 R", "🟨 Y", "🟦 B", "🟩 G", "🟪 P"]   # the seats' colours and letters in pictures


def board_summary_embed(service: TableService, game: GameRecord, view: dict,
                        picture: str) -> discord.Embed:
    """The board beside its picture (``attachment://<picture>``).

    While the game runs: a short summary (what is being decided, each seat's colour, letter and
    score, the latest news); the full board in words is one click away ("Text board"). Once the
    game is over the board stays as it ends, so the embed keeps the whole text board there.
    """
    if game.status != "running":
        embed = board_embed(service, game)
        embed.set_image(url=f"attachment://{picture}")
        return embed
    lines = []
    prompt = service.fill(game, render(view.get("prompt") or ""))   # text, Msg or JSON form
    if prompt:
        lines.append(f"**Now:** {prompt}")
    scores = view.get("scores")
    for seat, record in enumerate(game.seats):  # who is to act: the footer
        mark = SEAT_MARKS[seat % len(SEAT_MARKS)]
        score = f" · {scores[seat]}" if isinstance(scores, list) and seat < len(scores) else ""
        lines.append(f"{mark} **{record.name}**{score}")
    lines.append("*The board in words: **Text board**.*")
    embed = discord.Embed(title=title(service, game), colour=COLOUR,
                          description=clip("\n".join(lines), DESCRIPTION_LIMIT))
    if game.recent:
        embed.add_field(name="Latest", value=clip_lines_tail(game.recent, FIELD_LIMIT),
                        inline=False)
    bots = bots_line(game)
    if bots:
        embed.add_field(name="Bots", value=clip(bots, FIELD_LIMIT), inline=False)
    embed.set_image(url=f"attachment://{picture}")
    embed.set_footer(text=footer(service, game))
    return embed


def add_away(embed: discord.Embed, away: list[str] | None) -> discord.Embed:
    """The players who are away (issue 15), as a field of the board."""
    if away:
        embed.add_field(name="Away", value=clip("\n".join(away), FIELD_LIMIT), inline=False)
    return embed


def digest_text(service: TableService, items, *, reminder: bool) -> str:
    """ONE message for several tables (``tables.settings.DigestItem``s): a reminder that
    several tables wait, or what quiet hours held back; a link to each table's thread."""
    waiting = sum(1 for i in items if i.your_turn)
    if reminder:
        head = f"**Reminder: {waiting} tables are waiting for you**"
    else:
        head = "**While your quiet hours ran**"
    lines = [head]
    for item in items:
        game = item.game
        url = thread_url(game)
        where = url or (f"<#{game.channel_id}>" if game.channel_id else "")
        what = "your turn" if item.your_turn else "news"
        lines.append(f"• {title(service, game)}: {what}" + (f" · {where}" if where else ""))
        lines += [f"  > {clip(text, 300)}" for text in item.news]
    return clip("\n".join(lines), MESSAGE_LIMIT)


def picture_alt_text(service: TableService, game: GameRecord) -> str:
    """The picture's description (alt text): what it shows and where the words are."""
    return clip(f"Picture of the {service.engine(game.kind).title} board at move "
                f"{game.move_count}. The same board in words: the Text board button or /board.",
                1000)


def footer(service: TableService, game: GameRecord) -> str:
    if game.status == "finished":
        engine = service.engine(game.kind)
        state = service.state(game)
        winners = ", ".join(game.seats[s].name for s in engine.winners(state))
        return f"Game over. Winner: {winners}."
    if game.status == "abandoned":
        return "This game was abandoned."
    waiting = ", ".join(game.seats[s].name for s in service.to_act(game))
    return f"Waiting for: {waiting} · move {game.move_count}"


def hand_embed(service: TableService, game: GameRecord, seat: int,
               news: list[str] | None = None, heading: str | None = None) -> discord.Embed:
    """A seat's private panel: what is being decided now, their hidden cards, their news."""
    text, prompt = service.seat_texts(game, seat)
    if prompt and prompt.strip("*_ ") not in text:
        text = f"**Now:** {prompt}\n\n{text}"
    embed = discord.Embed(title=title(service, game), colour=COLOUR,
                          description=clip(text, DESCRIPTION_LIMIT))
    if heading:
        embed.title = clip(f"{heading} · {embed.title}", 250)
    if news:
        embed.add_field(name="News for you", value=clip("\n".join(news), FIELD_LIMIT),
                        inline=False)
    url = thread_url(game)
    if url:
        embed.url = url
    embed.set_footer(text=footer(service, game))
    return embed


def results_text(service: TableService, game: GameRecord) -> str:
    engine = service.engine(game.kind)
    state = service.state(game)
    scores = engine.scores(state)
    winners = set(engine.winners(state))
    order = sorted(range(len(scores)), key=lambda s: (s not in winners, -scores[s]))
    lines = [f"{'🏆 ' if s in winners else ''}{game.seats[s].name}: {scores[s]}" for s in order]
    note = engine.result_note(state)
    if note:
        lines.append(service.fill(game, note))
    humans = " ".join(f"<@{s.user_id}>" for s in game.seats if not s.is_bot)
    thanks = f"\nThanks for playing, {humans}!" if humans else ""
    return "**Final scores**\n" + "\n".join(lines) + thanks
