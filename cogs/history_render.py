"""Text, embeds and files for history: the seed commitment, the reveal, /history, replays and
/stats. Pure functions over what the table service returns (no requests sent from here)."""

from __future__ import annotations

import io

import discord

import engines
from fairplay.export import dumps
from storage import GameRecord
from tables.history import Fairness, ReplayStep
from tables.stats import PlayerStats, ServerStats
from tables.words import counted
from tables.words import t as say

from .render import COLOUR, FIELD_LIMIT, MESSAGE_LIMIT, clip, title

VERIFY_HINT = "python -m fairplay verify"
EMBED_TOTAL = 5800  # Discord allows 6000 characters over a message's embeds; keep a margin
BOARD_LIMIT = 4000  # the text board, whole (engines keep it within 4000)
MOVE_LIMIT = 400
NEWS_LIMIT = 800


def commitment_message(game: GameRecord, fair: Fairness, lang: str = "en") -> str:
    """Posted in the thread when the game starts (in the table's language)."""
    return say(lang, "fair.commitment", commitment=fair.commitment, verify=VERIFY_HINT, id=game.id)


def reveal_lines(fair: Fairness, lang: str = "en") -> list[str]:
    """The seed and salt, once the game has ended."""
    return [
        say(lang, "fair.seed", seed=fair.seed, salt=fair.salt),
        say(lang, "fair.check", commitment=fair.commitment, verify=VERIFY_HINT),
    ]


def results_message(results: str, fair: Fairness | None, lang: str = "en") -> str:
    if fair is None or fair.seed is None:
        return results
    reveal = "\n".join(reveal_lines(fair, lang))
    return clip(results, MESSAGE_LIMIT - len(reveal) - 2) + "\n\n" + reveal


def export_name(game_id: int, ext: str = "json") -> str:
    return f"tavern-table-{game_id}.{ext}"


def export_file(export: dict) -> discord.File:
    data = dumps(export).encode("utf-8")
    return discord.File(io.BytesIO(data), filename=export_name(export["table"]))


def log_file(
    game_id: int, hands: list[tuple[str, str]], moves: list[str], lang: str = "en"
) -> discord.File:
    parts = [say(lang, "history.log_head", id=game_id), ""]
    for name, text in hands:
        parts += [f"== {name} ==", text, ""]
    parts += [f"== {say(lang, 'history.moves')} ==", *moves, ""]
    return discord.File(
        io.BytesIO("\n".join(parts).encode("utf-8")), filename=export_name(game_id, "txt")
    )


def history_embed(
    service,
    game: GameRecord,
    results: str,
    fair: Fairness | None,
    hands: list[tuple[str, str]],
    lang: str = "en",
) -> discord.Embed:
    """An ended game: final scores, the reveal and every seat's hand at the end."""
    lines = [results]
    if fair is not None:
        lines += ["", *reveal_lines(fair, lang)]
    else:
        lines += ["", say(lang, "history.unverifiable")]
    embed = discord.Embed(
        title=clip(say(lang, "history.title", title=title(service, game, lang)), 250),
        colour=COLOUR,
        description=clip("\n".join(lines), 1500),
    )
    _hand_fields(embed, hands, lang)
    embed.set_footer(text=say(lang, "history.footer", file=export_name(game.id)))
    return embed


def _hand_fields(embed: discord.Embed, hands: list[tuple[str, str]], lang: str = "en") -> None:
    budget = EMBED_TOTAL - len(embed.description or "") - len(embed.title or "") - 200
    each = max(100, min(FIELD_LIMIT, budget // max(1, len(hands))))
    for name, text in hands[:20]:
        embed.add_field(
            name=clip(say(lang, "history.revealed", name=name), 250),
            value=clip(text or "—", each),
            inline=False,
        )


def hands_embed(
    service, game: GameRecord, n: int, hands: list[tuple[str, str]], lang: str = "en"
) -> discord.Embed:
    head = (
        say(lang, "history.hands_start", title=title(service, game, lang))
        if n <= 0
        else say(lang, "history.hands_after", n=n, title=title(service, game, lang))
    )
    embed = discord.Embed(
        title=clip(head, 250), colour=COLOUR, description=say(lang, "history.hands_note")
    )
    _hand_fields(embed, hands, lang)
    return embed


def replay_embed(
    service, step: ReplayStep, picture: str | None = None, lang: str = "en"
) -> discord.Embed:
    """The board after a step in words (and its picture, ``attachment://<picture>``)."""
    game = step.game
    embed = discord.Embed(
        title=clip(say(lang, "history.replay", title=title(service, game, lang)), 250),
        colour=COLOUR,
        description=clip(step.board, BOARD_LIMIT),
    )
    if step.n == 0:
        head = say(lang, "history.start", total=step.total)
        value = say(lang, "history.before_first")
    else:
        head = say(lang, "history.move_of", n=step.n, total=step.total)
        value = step.move + (f" · <t:{int(step.at)}:f>" if step.at else "")
    embed.add_field(name=head, value=clip(value, MOVE_LIMIT), inline=False)
    if step.news:
        embed.add_field(
            name=say(lang, "history.news"),
            value=clip("\n".join(step.news), NEWS_LIMIT),
            inline=False,
        )
    if picture:
        embed.set_image(url=f"attachment://{picture}")
    embed.set_footer(
        text=say(lang, "history.revealed_all") if step.revealed else say(lang, "history.spectator")
    )
    return embed


def player_embed(
    service,
    member_name: str,
    stats: PlayerStats,
    ratings: dict[str, tuple[float, int, int]],
    lang: str = "en",
) -> discord.Embed:
    """``ratings``: title -> (rating, place on the leaderboard, players on it)."""
    embed = discord.Embed(
        title=clip(say(lang, "stats.player_title", name=member_name), 250), colour=COLOUR
    )
    if not stats.titles:
        embed.description = say(lang, "stats.none")
        return embed
    lines = []
    for kind, t in sorted(stats.titles.items(), key=lambda kv: -kv[1].played):
        name = engines.REGISTRY[kind].title if kind in engines.REGISTRY else kind
        bots = say(lang, "stats.with_bots", n=t.with_bots) if t.with_bots else ""
        rated = ""
        if kind in ratings:
            value, place, of = ratings[kind]
            rated = say(lang, "stats.rating", rating=f"{value:.1f}", place=place, of=of)
        lines.append(
            say(
                lang,
                "stats.line",
                game=name,
                played=t.played,
                bots=bots,
                won=t.won,
                average=f"{t.average:.1f}",
                rating=rated,
            )
        )
    favourite = (
        engines.REGISTRY[stats.favourite].title
        if stats.favourite in engines.REGISTRY
        else stats.favourite
    )
    lines += [
        "",
        say(lang, "stats.streak", n=stats.longest_streak),
        say(lang, "stats.favourite", game=favourite),
    ]
    embed.description = clip("\n".join(lines), 4000)
    return embed


def server_embed(
    server: ServerStats, only: str | None = None, top: int = 10, lang: str = "en"
) -> discord.Embed:
    embed = discord.Embed(title=say(lang, "stats.server_title"), colour=COLOUR)
    kinds = [only] if only else list(server.games)
    if not any(server.games.get(k) for k in kinds):
        embed.description = say(lang, "stats.none_play")
        return embed
    lines = []
    for kind in kinds:
        name = engines.REGISTRY[kind].title if kind in engines.REGISTRY else kind
        bots = server.with_bots.get(kind, 0)
        n = server.games.get(kind, 0)
        lines.append(
            say(lang, counted("stats.games", n), game=name, n=n)
            + (say(lang, "stats.with_bots", n=bots) if bots else "")
        )
    embed.description = "\n".join(lines)
    for kind in kinds:
        board = server.leaderboards.get(kind, [])
        if not board:
            continue
        rows = [
            f"{i}. <@{s.user_id}> · {s.rating:.1f} "
            + say(lang, counted("stats.rated", s.games), games=s.games, won=s.won)
            for i, s in enumerate(board[:top], start=1)
        ]
        name = engines.REGISTRY[kind].title if kind in engines.REGISTRY else kind
        embed.add_field(
            name=clip(say(lang, "stats.leaderboard", game=name), 250),
            value=clip("\n".join(rows), FIELD_LIMIT),
            inline=False,
        )
    embed.set_footer(text=say(lang, "stats.footer"))
    return embed
