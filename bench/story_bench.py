"""What following a game costs the players and Discord (issue 22): three humans, or one human
with two easy bots, play a whole game of every title in the fake Discord (every move a
control in the player's DM; the bots answer at once), and we count

* pings per player per game: new DMs to a player, plus mentions of them in the thread (each
  makes Discord notify them; an edited DM or message notifies nobody);
* thread messages per human move: new messages in the game's thread;
* Discord calls per human move: every REST request the bot made during the game, and the
  ones it made on its own (not answering an interaction), which Discord's global rate limit
  counts;
* DM chars: the median length of a new DM (its text and its embed's words).

``python -m bench.story_bench`` prints them; ``python -m bench`` too.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import io
import re
import statistics
import tempfile
from pathlib import Path

from engines import REGISTRY
from tests.e2e.harness import Table, open_table, running_bot
from tests.fakediscord import FakeDiscord

SEEDS = (1, 2)


async def _game(kind: str, folder: str, seed: int, humans: int, bots: int) -> dict:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench")
        chan = fake.add_text_channel(guild, "games")
        users = [fake.add_user(f"p{i}") for i in range(humans)]
        db = str(Path(folder) / f"{kind}-{seed}-{humans}.db")
        async with running_bot(fake, db, seed) as bot:
            bot.tables.turns.bot_pace = 0.0  # calls are counted here, not the bots' pace
            defaults = {"obvious": None} if "obvious" in OPEN_TABLE_OPTIONS else {}
            _, thread = await open_table(  # the players keep their default settings
                fake, chan, users[0], kind, joiners=tuple(users[1:]), bots=bots, **defaults
            )
            game = (await bot.tables.games_of_user(users[0].id))[0]
            table = Table(fake, bot, game.id, thread, dict(enumerate(users)))
            mark, requests = fake.mark(), len(fake.requests)
            moves = await table.play_to_end(max_moves=5000)
            calls = fake.calls_since(mark)
            posted = [r for r in fake.requests[requests:] if r.method == "POST" and r.status == 200]
            dms = {u.id: fake.dm_channel(u).id for u in users if fake.dm_channel(u)}
            pings = {u.id: 0 for u in users}
            thread_posts = 0
            dm_sizes = [
                _text_size(r.json)
                for r in posted
                if r.json and any(r.path == f"/channels/{dm}/messages" for dm in dms.values())
            ]
            for r in posted:
                m = re.fullmatch(r"/channels/(\d+)/messages", r.path)
                if not m:
                    continue
                channel = int(m.group(1))
                for uid, dm in dms.items():
                    if channel == dm:
                        pings[uid] += 1
                if channel == thread.id:
                    thread_posts += 1
                    for uid in pings:
                        if f"<@{uid}>" in ((r.json or {}).get("content") or ""):
                            pings[uid] += 1
            own = [c for c in calls if not c.route.startswith(("/interactions/", "/webhooks/"))]
            return {
                "moves": moves,
                "pings": statistics.mean(pings.values()),
                "thread": thread_posts / moves,
                "calls": len(calls) / moves,
                "own": len(own) / moves,
                "dm_chars": statistics.median(dm_sizes) if dm_sizes else 0,
            }


def _text_size(body: dict) -> int:
    """The characters a message shows: its text and its embeds' words."""
    size = len(body.get("content") or "")
    for e in body.get("embeds") or []:
        size += len(e.get("title") or "") + len(e.get("description") or "")
        size += len((e.get("footer") or {}).get("text") or "")
        size += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in e.get("fields", []))
    return size


TABLES = ((3, 0), (1, 2))  # (humans, bots): three friends; one player with two easy bots
OPEN_TABLE_OPTIONS = inspect.signature(open_table).parameters


def run() -> list[str]:
    lines = [
        f"{'game':<11} {'table':<16} {'moves':>6} {'pings/player':>13} {'thread msgs/move':>17} "
        f"{'calls/move':>11} {'own calls/move':>15} {'DM chars':>9}  (human moves; seeds {SEEDS})"
    ]
    with tempfile.TemporaryDirectory() as folder:
        for kind in sorted(REGISTRY):
            for humans, bots in TABLES:
                with contextlib.redirect_stdout(io.StringIO()):  # the bot's ready line
                    games = [asyncio.run(_game(kind, folder, seed, humans, bots)) for seed in SEEDS]
                mean = {k: statistics.mean(g[k] for g in games) for k in games[0]}
                table = f"{humans} human{'s' if humans > 1 else ''}, {bots} bots"
                lines.append(
                    f"{kind:<11} {table:<16} {mean['moves']:>6.0f} {mean['pings']:>13.1f} "
                    f"{mean['thread']:>17.2f} {mean['calls']:>11.2f} {mean['own']:>15.2f} "
                    f"{mean['dm_chars']:>9.0f}"
                )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
