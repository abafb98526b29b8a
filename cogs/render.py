"""Embeds for lobbies, boards and hands. Text comes from the table service (names filled in).

Every function takes the reader's language ``lang``: the table's for public messages, the
player's for DMs and ephemeral answers (see ``tables.langs``)."""

from __future__ import annotations

import discord

from engines.words import render
from storage import GameRecord
from tables import TableService
from tables.words import counted, option_help, seat_name, t

COLOUR = discord.Colour(0x8B5A2B)
DESCRIPTION_LIMIT = 4000
FIELD_LIMIT = 1000
MESSAGE_LIMIT = 2000


def clip(text: str, limit: int) -> str:
    """Keep the start of ``text`` within ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 2] + " …"


def story(public: list[str], results: list[str], limit: int) -> tuple[list[str], str]:
    """The thread messages of one update (issue 22): every public line, in order, in as few
    messages as fit; a result (a round's, a day's scoring: ``results``, a subsequence of
    ``public``) in a message of its own. Returns (the messages before the board, the text the
    board message itself carries: the lines after the last result)."""
    before: list[str] = []
    compact: list[str] = []
    pending = list(results)
    for line in public:
        if pending and line == pending[0]:
            pending.pop(0)
            before += pack_lines(compact, limit)
            before += pack_lines([line], limit)
            compact = []
        else:
            compact.append(line)
    tail = pack_lines(compact, limit)
    return before + tail[:-1], (tail[-1] if tail else "")


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


def title(service: TableService, game: GameRecord, lang: str = "en") -> str:
    return t(lang, "ui.title", game=service.engine(game.kind).title, id=game.id)


def seat_line(game: GameRecord, seat: int, lang: str = "en") -> str:
    record = game.seats[seat]
    if record.is_bot:
        return f"{seat_name(record.name, lang)} · {bot_level(record.bot, lang)}"
    return f"<@{record.user_id}>"


def bot_level(level: str | None, lang: str = "en") -> str:
    """A bot seat's level as players read it (games from before levels have ``random``)."""
    return t(lang, f"bots.level.{level if level in ('easy', 'normal', 'hard') else 'random'}")


def bots_line(game: GameRecord, lang: str = "en") -> str:
    """Every bot seat with its level, for the board."""
    return " · ".join(
        f"{seat_name(s.name, lang)}: {bot_level(s.bot, lang)}" for s in game.seats if s.is_bot
    )


def lobby_embed(
    service: TableService,
    game: GameRecord,
    lang: str = "en",
    invited: list[int] | None = None,
    clock: str | None = None,
) -> discord.Embed:
    """A lobby; ``invited``: the players a rematch invited who have not joined yet; ``clock``:
    the table's clock in words (``service.clocks.lobby_line``)."""
    engine = service.engine(game.kind)
    embed = discord.Embed(title=title(service, game, lang), colour=COLOUR)
    seats = "\n".join(f"{i + 1}. {seat_line(game, i, lang)}" for i in range(len(game.seats)))
    embed.add_field(
        name=t(
            lang, "lobby.seats", n=len(game.seats), max=engine.max_players, min=engine.min_players
        ),
        value=seats or t(lang, "lobby.nobody"),
        inline=False,
    )
    if invited and game.status == "lobby":
        embed.add_field(
            name=t(lang, "lobby.invited"),
            value=clip(" ".join(f"<@{u}>" for u in invited), FIELD_LIMIT),
            inline=False,
        )
    if game.options:
        opts = "\n".join(
            f"`{k}` = `{v}`"
            + (f" · {option_help(game.kind, k, lang)}" if k in engine.option_help else "")
            for k, v in game.options.items()
        )
        embed.add_field(name=t(lang, "lobby.options"), value=clip(opts, FIELD_LIMIT), inline=False)
    hours = f"{game.remind_after / 3600:g}"
    if game.status == "lobby":
        embed.description = t(lang, "lobby.status.lobby", host=f"<@{game.host_id}>", hours=hours)
    else:
        embed.description = t(lang, f"lobby.status.{game.status}")
    if clock:
        embed.description += "\n⏱️ " + clock
    if game.practice:
        embed.description += "\n" + practice_line(lang)
    return embed


def practice_line(lang: str = "en") -> str:
    """What every board, panel and result of a practice table says (issue 26)."""
    return "🎓 " + t(lang, "practice.not_rated")


def board_embed(service: TableService, game: GameRecord, lang: str = "en") -> discord.Embed:
    embed = discord.Embed(
        title=title(service, game, lang),
        colour=COLOUR,
        description=clip(service.board_text(game, lang), DESCRIPTION_LIMIT),
    )
    if game.recent:
        embed.add_field(
            name=t(lang, "board.latest"),
            value=clip_lines_tail(game.recent, FIELD_LIMIT),
            inline=False,
        )
    bots = bots_line(game, lang)
    if bots:
        embed.add_field(name=t(lang, "board.bots"), value=clip(bots, FIELD_LIMIT), inline=False)
    embed.set_footer(text=footer(service, game, lang))
    return embed


SEAT_MARKS = ["🟥 R", "🟨 Y", "🟦 B", "🟩 G", "🟪 P"]  # the seats' colours and letters in pictures


def board_summary_embed(
    service: TableService, game: GameRecord, view: dict, picture: str, lang: str = "en"
) -> discord.Embed:
    """The board beside its picture (``attachment://<picture>``).

    While the game runs: a short summary (what is being decided, each seat's colour, letter and
    score, the latest news); the full board in words is one click away ("Text board"). Once the
    game is over the board stays as it ends, so the embed keeps the whole text board there.
    """
    if game.status != "running":
        embed = board_embed(service, game, lang)
        embed.set_image(url=f"attachment://{picture}")
        return embed
    lines = []
    prompt = service.fill(game, render(view.get("prompt") or "", lang), lang)  # text, Msg or JSON
    if prompt:
        lines.append(t(lang, "board.now", prompt=prompt))
    if game.practice:
        lines.append(practice_line(lang))
    scores = view.get("scores")
    for seat, record in enumerate(game.seats):  # who is to act: the footer
        mark = SEAT_MARKS[seat % len(SEAT_MARKS)]
        score = f" · {scores[seat]}" if isinstance(scores, list) and seat < len(scores) else ""
        lines.append(f"{mark} **{seat_name(record.name, lang)}**{score}")
    lines.append(t(lang, "board.in_words"))
    embed = discord.Embed(
        title=title(service, game, lang),
        colour=COLOUR,
        description=clip("\n".join(lines), DESCRIPTION_LIMIT),
    )
    # the latest news is not repeated here: each board message carries the news that led to
    # it as its own text, above the embed (``story``), and older boards keep theirs
    bots = bots_line(game, lang)
    if bots:
        embed.add_field(name=t(lang, "board.bots"), value=clip(bots, FIELD_LIMIT), inline=False)
    embed.set_image(url=f"attachment://{picture}")
    embed.set_footer(text=footer(service, game, lang))
    embed.timestamp = discord.utils.utcnow()  # an older board says when it was the board
    return embed


def add_away(embed: discord.Embed, away: list[str] | None, lang: str = "en") -> discord.Embed:
    """The players who are away (issue 15), as a field of the board (the table's language)."""
    if away:
        embed.add_field(
            name=t(lang, "board.away"), value=clip("\n".join(away), FIELD_LIMIT), inline=False
        )
    return embed


def add_clock(embed: discord.Embed, lines: list[str] | None, lang: str = "en") -> discord.Embed:
    """The table's clock, each seat's time and a pause (issue 26), as a field of the board."""
    if lines:
        embed.add_field(
            name=t(lang, "board.clock"), value=clip("\n".join(lines), FIELD_LIMIT), inline=False
        )
    return embed


def digest_text(service: TableService, items, *, reminder: bool, lang: str = "en") -> str:
    """ONE message for several tables (``tables.reminders.DigestItem``s): a reminder that
    several tables wait, or what quiet hours held back; a link to each table's thread. In the
    player's language (``lang``)."""
    waiting = sum(1 for i in items if i.your_turn)
    if reminder:
        head = t(lang, "digest.reminder", n=waiting)
    else:
        head = t(lang, "digest.quiet")
    lines = [head]
    for item in items:
        game = item.game
        url = thread_url(game)
        where = url or (f"<#{game.channel_id}>" if game.channel_id else "")
        what = t(lang, "digest.your_turn" if item.your_turn else "digest.news")
        lines.append(f"• {title(service, game, lang)}: {what}" + (f" · {where}" if where else ""))
        lines += [f"  > {clip(text, 300)}" for text in item.news]
    return clip("\n".join(lines), MESSAGE_LIMIT)


def picture_alt_text(service: TableService, game: GameRecord, lang: str = "en") -> str:
    """The picture's description (alt text): what it shows and where the words are."""
    return clip(t(lang, "board.alt", game=service.engine(game.kind).title, n=game.move_count), 1000)


def footer(service: TableService, game: GameRecord, lang: str = "en") -> str:
    """Who is waited for, or how the game ended; at a practice table, that it is not rated."""
    text = _footer(service, game, lang)
    return f"{t(lang, 'practice.not_rated')} · {text}" if game.practice else text


def _footer(service: TableService, game: GameRecord, lang: str = "en") -> str:
    if game.status == "finished":
        engine = service.engine(game.kind)
        state = service.state(game)
        winners = ", ".join(seat_name(game.seats[s].name, lang) for s in engine.winners(state))
        return t(lang, "board.over", winners=winners)
    if game.status == "abandoned":
        return t(lang, "board.abandoned")
    waiting = ", ".join(seat_name(game.seats[s].name, lang) for s in service.to_act(game))
    return t(lang, "board.waiting", waiting=waiting, n=game.move_count)


def hand_embed(
    service: TableService,
    game: GameRecord,
    seat: int,
    news: list[str] | None = None,
    heading: str | None = None,
    lang: str = "en",
    since: list[str] | None = None,
) -> discord.Embed:
    """A seat's private panel: what is being decided now, their hidden cards, their news
    (texts, or messages shown in ``lang``), and ``since``: the public news since their last
    move (texts in ``lang``), below."""
    text, prompt = service.seat_texts(game, seat, lang)
    if prompt and prompt.strip("*_ ") not in text:
        text = t(lang, "board.now", prompt=prompt) + f"\n\n{text}"
    embed = discord.Embed(
        title=title(service, game, lang), colour=COLOUR, description=clip(text, DESCRIPTION_LIMIT)
    )
    if heading:
        embed.title = clip(f"{heading} · {embed.title}", 250)
    if news:
        lines = [service.fill(game, render(line, lang), lang) for line in news]
        embed.add_field(
            name=t(lang, "hand.news"), value=clip("\n".join(lines), FIELD_LIMIT), inline=False
        )
    if since:
        embed.add_field(
            name=t(lang, "hand.since"),
            value=clip_lines_tail(since, FIELD_LIMIT),
            inline=False,
        )
    url = thread_url(game)
    if url:
        embed.url = url
    embed.set_footer(text=footer(service, game, lang))
    return embed


def final_dm(service: TableService, game: GameRecord, seat: int, lang: str = "en") -> str:
    """What a player of a finished game is told by DM: the final scores, their own, and where
    to replay the game."""
    engine = service.engine(game.kind)
    state = service.state(game)
    scores = engine.scores(state)
    winners = set(engine.winners(state))
    order = sorted(range(len(scores)), key=lambda s: (s not in winners, -scores[s]))
    url = thread_url(game)
    lines = [
        t(lang, "hand.table", id=game.id) + (f": {url}" if url else ""),  # as every DM begins
        t(lang, "dm.final", title=engine.title, id=game.id),
        t(lang, "results.title"),
    ]
    lines += [
        f"{'🏆 ' if s in winners else ''}{seat_name(game.seats[s].name, lang)}: {scores[s]}"
        for s in order
    ]
    lines.append(t(lang, "hand.your_score", score=scores[seat]))
    lines.append(t(lang, "dm.final_history", id=game.id))
    return "\n".join(lines)


def lobby_link(game: GameRecord) -> str | None:
    """A link to a table's lobby message."""
    if game.guild_id and game.channel_id and game.lobby_message_id:
        return (
            f"https://discord.com/channels/{game.guild_id}/{game.channel_id}/"
            f"{game.lobby_message_id}"
        )
    return None


def waiting(seconds: float, lang: str = "en") -> str:
    """ "waiting 2 days": how long a table has waited, in whole minutes, hours or days."""
    for unit, size in (("days", 86400), ("hours", 3600)):
        if seconds >= size:
            n = int(seconds // size)
            return t(lang, counted(f"games.waiting.{unit}", n), n=n)
    n = max(1, int(seconds // 60))
    return t(lang, counted("games.waiting.minutes", n), n=n)


def watch_dm(service: TableService, game: GameRecord, news: list, lang: str = "en") -> str:
    """A watcher's DM: the table, its public news (messages put in ``lang``), and, once the
    game is over, the final scores; a link to its thread."""
    head = t(lang, "watch.dm_head", title=title(service, game, lang))
    url = thread_url(game)
    lines = [head + (f" {url}" if url else "")]
    lines += [f"> {clip(service.fill(game, render(line, lang), lang), 400)}" for line in news]
    if game.status == "finished":
        lines.append(t(lang, "results.title"))
        lines += score_lines(service, game, lang)
    return clip("\n".join(lines), MESSAGE_LIMIT)


def score_lines(service: TableService, game: GameRecord, lang: str = "en") -> list[str]:
    """The final scores, the winners first."""
    engine = service.engine(game.kind)
    state = service.state(game)
    scores = engine.scores(state)
    winners = set(engine.winners(state))
    order = sorted(range(len(scores)), key=lambda s: (s not in winners, -scores[s]))
    return [
        f"{'🏆 ' if s in winners else ''}{seat_name(game.seats[s].name, lang)}: {scores[s]}"
        for s in order
    ]


def results_text(service: TableService, game: GameRecord, lang: str = "en") -> str:
    engine = service.engine(game.kind)
    state = service.state(game)
    scores = engine.scores(state)
    winners = set(engine.winners(state))
    order = sorted(range(len(scores)), key=lambda s: (s not in winners, -scores[s]))
    lines = [
        f"{'🏆 ' if s in winners else ''}{seat_name(game.seats[s].name, lang)}: {scores[s]}"
        for s in order
    ]
    note = engine.result_note(state, lang)
    if note:
        lines.append(service.fill(game, note, lang))
    if game.practice:
        lines.append(practice_line(lang))
    humans = " ".join(f"<@{s.user_id}>" for s in game.seats if not s.is_bot)
    thanks = "\n" + t(lang, "results.thanks", players=humans) if humans else ""
    return t(lang, "results.title") + "\n" + "\n".join(lines) + thanks
