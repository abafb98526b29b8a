"""Driving Tavern through the fake Discord like players would: buttons, selects, commands.

The test peeks at the table service only to know whose turn it is; every move goes through
Discord components or slash commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import weakref
from dataclasses import dataclass, field

import bot as tavern
import pictures
from engines import REGISTRY
from engines.undo import Replay
from fairplay import verify
from tables import fill_names
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser, run_bot


def make_bot(db_path: str, seed: int | None = 1234, **kwargs):
    """The real bot on ``db_path``, quick to get ready on the fake Discord. ``seed`` fixes every
    table's seed (None: random seeds, as in production); ``kwargs`` go to ``create_bot``
    (``clock``, ``remind_after``...)."""
    if seed is not None:
        kwargs["seed_source"] = lambda: seed
    bot = tavern.create_bot(db_path, **kwargs)
    bot._connection.guild_ready_timeout = 0.05
    return bot


def controls(message: FakeMessage) -> list[tuple[str, str | None]]:
    """(custom_id, select value or None) for every action control on a message."""
    found = [
        (b["custom_id"], None)
        for b in message.buttons
        if b.get("custom_id", "").startswith("tv:a:")
    ]
    for select in message.selects:
        if select["custom_id"].startswith("tv:s:"):
            found += [(select["custom_id"], o["value"]) for o in select["options"]]
    return found


async def use_control(
    fake: FakeDiscord, user: FakeUser, message: FakeMessage, control: tuple[str, str | None]
):
    custom_id, value = control
    if value is None:
        return await fake.click(user, message, custom_id)
    return await fake.select(user, message, custom_id, [value])


@dataclass
class Table:
    """One running table seen from the test: the fake, the bot and who sits where."""

    fake: FakeDiscord
    bot: object
    game_id: int
    thread: object
    users: dict[int, FakeUser]  # seat -> human
    rnd: random.Random = field(default_factory=lambda: random.Random(5))
    moves_by_slash: int = 0
    moves_by_click: int = 0

    @property
    def service(self):
        return self.bot.tables

    async def game(self):
        return await self.service.game(self.game_id)

    def board(self) -> FakeMessage:
        """The newest board message in the game's thread (a refused edit posts a new one)."""
        return board_of(self.fake, self.thread, self.game_id)

    async def text_board(self, user: FakeUser | None = None) -> dict:
        """The board in words, as its "Text board" button shows it (ephemeral): the embed."""
        board = self.board()
        user = user or next(iter(self.users.values()))
        res = await self.fake.click(user, board, self.fake.find_button(board, "Text board"))
        assert res.ephemeral and res.response_type == 4, res.content
        (embed,) = res.message.embeds
        return embed

    async def panel(self, user: FakeUser) -> FakeMessage:
        """The message holding the user's current controls: a DM whose controls carry the
        seat's current token, else an ephemeral "My hand" answer from the board (closed DMs, or
        a DM left behind by a move made with a command)."""
        game = await self.game()
        token = game.seats[game.seat_of(user.id)].prompt_version
        if user.dms_open:
            current = [
                m
                for m in self.fake.dm_messages(user)
                if controls(m) and controls(m)[0][0].split(":")[3] == str(token)
            ]
            if current:
                return current[-1]
        res = await self.fake.click(
            user, self.board(), self.fake.find_button(self.board(), "My hand")
        )
        assert res.ephemeral
        return res.message

    async def bots_done(self, timeout: float = 20.0) -> None:
        """Bots answer after the human's move was answered: wait until they have played."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        game = await self.game()
        await self.fake.settle()  # waits for the bots' work, unless a bot waits out a long pace
        while self.service.turns.bots_pending(game.id):
            assert loop.time() < deadline, "the bots did not finish their moves"
            await asyncio.sleep(0.01)
            await self.fake.settle()

    async def human_to_act(self) -> tuple[int, FakeUser] | None:
        """A human who must decide now, once the bots have played: never one whose obvious
        decision the table is about to take for them (their setting ``obvious``)."""
        await self.bots_done()
        game = await self.game()
        obvious = await self.service.turns.obvious_seats(game)
        acting = [s for s in self.service.to_act(game) if s in self.users and s not in obvious]
        if not acting:
            return None
        seat = self.rnd.choice(acting)
        return seat, self.users[seat]

    async def play_one(self, *, slash_every: int = 0):
        """One human move, by a control (or every n-th move by /<game> move)."""
        turn = await self.human_to_act()
        assert turn is not None, "no human has to act"
        seat, user = turn
        game = await self.game()
        before = game.move_count
        if slash_every and (before % slash_every == 0):
            group = game.kind
            choices = await self.fake.autocomplete(user, self.thread, f"{group} move", "action")
            assert choices, "autocomplete offered no move"
            pick = self.rnd.choice(choices)
            res = await self.fake.slash(user, self.thread, f"{group} move", action=pick["value"])
            self.moves_by_slash += 1
        else:
            message = await self.panel(user)
            options = controls(message)
            assert options, f"no controls for {user.name}: {message.content} {message.embeds}"
            res = await use_control(self.fake, user, message, self.rnd.choice(options))
            self.moves_by_click += 1
        res = await confirm_if_asked(self.fake, user, res)
        await self.fake.settle()
        after = (await self.game()).move_count
        assert after > before, f"the move was not applied: {res.content} {res.embed_text[:300]}"
        return res

    async def play_to_end(
        self, max_moves: int = 2000, *, slash_every: int = 0, stop_after: int | None = None
    ) -> int:
        played = 0
        while (await self.game()).status == "running":
            if stop_after is not None and played >= stop_after:
                break
            await self.play_one(slash_every=slash_every)
            played += 1
            assert played < max_moves, "the game did not end"
        if (await self.game()).status == "finished":
            await assert_verifiable(self.fake, self.thread, self.game_id)
        return played


def thread_text(fake: FakeDiscord, channel) -> str:
    """Everything the thread says now, oldest first: each message's text and embeds (the
    story: the news lines ride above each board)."""
    return "\n".join(
        (m.content or "") + "\n" + m.embed_text for m in fake.channel_messages(channel)
    )


def board_of(fake: FakeDiscord, channel, game_id: int) -> FakeMessage:
    """The newest message in ``channel`` showing table ``game_id``'s board (its buttons, or,
    once the game is over and they are gone, its title, "... #<id>", and its picture)."""
    boards = [
        m
        for m in fake.channel_messages(channel)
        if f"tv:t:{game_id}" in m.custom_ids
        or any(e.get("title", "").endswith(f" #{game_id}") and e.get("image") for e in m.embeds)
    ]
    assert boards, "no board in the thread"
    return boards[-1]


async def confirm_if_asked(fake: FakeDiscord, user: FakeUser, res):
    """A move that cannot be taken back asks first ("Confirm: ..." and Cancel on the same
    message): confirm it, as a player who meant it would."""
    confirm = [b for b in res.buttons if b.get("custom_id", "").startswith("tv:c:")]
    if not confirm:
        return res
    assert any(b.get("label") == "Cancel" for b in res.buttons)
    return await fake.click(user, res.original, confirm[0]["custom_id"])


async def assert_verifiable(fake: FakeDiscord, thread, game_id: int) -> dict:
    """The export attached to the final scores message passes the verifier (issue 16)."""
    name = f"tavern-table-{game_id}.json"
    final = [m for m in fake.channel_messages(thread) if name in m.attachment_names]
    assert len(final) == 1, "no export attached to the final scores"
    export = json.loads(final[0].file_bytes(name))
    assert "final scores confirmed" in verify(export).lines[-2]
    return export


async def open_table(
    fake: FakeDiscord,
    channel,
    host: FakeUser,
    game: str,
    *,
    joiners: tuple[FakeUser, ...] = (),
    bots: int = 1,
    options: str | None = None,
    obvious: str | None = "ask",
    **play_options,
):
    """/play, Join for each joiner, Add bot, Start, through the lobby's real buttons, checking
    each answer; returns (lobby message, game thread). ``play_options`` are more options of
    /play (``remind_hours=2``). ``obvious``: first each player's ``/settings obvious:``; "ask"
    unless a test says otherwise, so that the tests written before it (issue 22) still decide
    every decision themselves, a lone one too (None: the player's setting as it is, by default
    "auto": the table takes their lone decisions, see test_obvious_e2e.py)."""
    if obvious is not None:
        for user in (host, *joiners):
            res = await fake.slash(user, channel, "settings", obvious=obvious)
            assert res.ephemeral, res.content
    play = {"game": game, **({"options": options} if options else {}), **play_options}
    res = await fake.slash(host, channel, "play", options=play)
    assert not res.ephemeral and REGISTRY[game].title in res.embed_text
    for key_value in (options or "").split():
        key, value = key_value.split("=")
        assert f"`{key}` = `{value}`" in res.embed_text
    lobby = res.message
    for user in joiners:
        res = await fake.click(user, lobby, fake.find_button(lobby, "Join"))
        assert res.response_type == 7 and f"<@{user.id}>" in res.embed_text
    for _ in range(bots):
        res = await fake.click(host, lobby, fake.find_button(lobby, "Add bot: easy"))
        assert res.response_type == 7 and "(bot)" in res.embed_text
    res = await fake.click(host, lobby, fake.find_button(lobby, "Start"))
    assert res.response_type == 7 and not res.buttons
    await fake.settle()
    thread = fake.threads(channel)[-1]
    return lobby, thread


async def two_player_table(fake: FakeDiscord, chan, host: FakeUser, guest: FakeUser, bot) -> Table:
    """A Herr der Ziegen table of ``host`` and ``guest`` (no bots), started in ``chan``."""
    _, thread = await open_table(fake, chan, host, "ziegen", joiners=(guest,), bots=0)
    game_id = max(g.id for g in await bot.tables.games_in_channel(chan.id))
    return Table(fake, bot, game_id, thread, {0: host, 1: guest})


async def ask_every_decision(fake: FakeDiscord, channel, *users: FakeUser) -> None:
    """``/settings obvious:ask`` for each: they decide every decision themselves, a lone one too
    (what the tests written before issue 22 expect; ``open_table`` does it by default)."""
    for user in users:
        res = await fake.slash(user, channel, "settings", obvious="ask")
        assert res.ephemeral, res.content


def check_picture(board: FakeMessage) -> bytes:
    """The board message shows its picture: one PNG attachment, board.png, within 300 KB, which
    the embed displays."""
    assert board.attachment_names == [pictures.FILENAME], board.attachments
    data = board.file_bytes(pictures.FILENAME)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) <= pictures.MAX_BYTES
    (embed,) = board.embeds
    assert embed["image"]["url"] == board.attachments[0]["url"]
    return data


def board_updates(fake: FakeDiscord, thread, game_id: int) -> list:
    """Every request that created or edited the board message."""
    created = [
        r
        for r in fake.requests
        if r.method == "POST"
        and r.path == f"/channels/{thread.id}/messages"
        and r.status == 200
        and r.json
        and (r.json.get("embeds") or [{}])[0].get("title", "").endswith(f"table #{game_id}")
    ]
    edited = [
        r
        for r in fake.requests
        if r.method == "PATCH"
        and re.fullmatch(rf"/channels/{thread.id}/messages/\d+", r.path)
        and r.json
        and "embeds" in r.json
    ]
    return created + edited


def assert_every_board_update_has_its_picture(fake: FakeDiscord, table: Table) -> int:
    """Each board post and edit uploaded the picture in the same request (no extra call), and
    the embed showed it; returns how many there were."""
    updates = board_updates(fake, table.thread, table.game_id)
    assert updates, "the board was never posted"
    for r in updates:
        assert r.status == 200, r
        assert r.files == [pictures.FILENAME], (r.method, r.path, r.files)
        assert r.json["embeds"][0]["image"]["url"] == f"attachment://{pictures.FILENAME}"
        assert [a.get("filename") for a in r.json.get("attachments", [])] == [pictures.FILENAME]
    return len(updates)


def public_texts(fake: FakeDiscord, *channels) -> list[str]:
    """Everything the bot ever sent to or edited in these channels (every request body, so
    older versions of an edited board count too), plus the messages as they are now."""
    ids = {c.id for c in channels}
    out = []
    for r in fake.requests:
        m = re.match(r"/channels/(\d+)/", r.path)
        if m and int(m.group(1)) in ids and r.json is not None:
            out.append(json.dumps(r.json, ensure_ascii=False))
    for c in channels:
        for msg in fake.channel_messages(c):
            out.append((msg.content or "") + "\n" + msg.embed_text)
    return out


@dataclass
class _Replayed:
    """How far ``all_news`` replayed a game's log: the game it is (kind, seed, options, seat
    names), the log entries played, the replay, and the news so far."""

    game: tuple
    played: list[tuple[int, str]]
    replay: Replay
    news: list[tuple[tuple[int, ...] | None, str]]


_replayed: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # bot -> {game id: _Replayed}


async def all_news(bot, game_id: int) -> list[tuple[tuple[int, ...] | None, str]]:
    """Every event of a game so far (audience, None for everyone; text with names), by
    replaying its log with its engine. Called again for the same bot and game, it plays on
    from where it stopped if the log still begins with what it played (else from the start):
    a test that asks after every move replays each move once, not the game once a move."""
    game = await bot.tables.game(game_id)
    engine = REGISTRY[game.kind]
    names = [s.name for s in game.seats]
    which = (game.kind, game.seed, json.dumps(game.options, sort_keys=True), tuple(names))
    log = [(move.seat, move.action) for move in await bot.tables.store.moves(game_id)]
    games = _replayed.setdefault(bot, {})
    done = games.get(game_id)
    if done is None or done.game != which or log[: len(done.played)] != done.played:
        replay = Replay(engine, engine.new_game(len(game.seats), game.seed, game.options))
        done = games[game_id] = _Replayed(which, [], replay, [])
    for seat, action in log[len(done.played) :]:
        events = done.replay.play(seat, action)
        done.news += [(e.audience, fill_names(e.text, names)) for e in events]
        done.played.append((seat, action))
    return list(done.news)


async def private_news(bot, game_id: int) -> list[tuple[tuple[int, ...], str]]:
    """Every private event of a game so far: what must never show in a public place."""
    news = await all_news(bot, game_id)
    return [(audience, text) for audience, text in news if audience is not None]


async def assert_private_news_stayed_private(
    fake: FakeDiscord, bot, game_id: int, *channels
) -> int:
    """No private event text in any public message or board version; returns how many were
    checked (so a test can insist the check was not empty)."""
    blob = "\n".join(public_texts(fake, *channels))
    news = await private_news(bot, game_id)
    for _audience, text in news:
        assert json.dumps(text, ensure_ascii=False)[1:-1] not in blob and text not in blob, (
            f"private news in public: {text!r}"
        )
    return len(news)


@contextlib.asynccontextmanager
async def alone_with_bots(make_bot, clock, kind: str = "ziegen", bots: int = 2, seed: int = 11):
    """ann alone with ``bots`` bots at a table of ``kind`` (a bot made by the ``make_bot``
    fixture, on ``clock``), the bots' opening moves made: yields the ``Table`` (ann in seat 0)."""
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Tavern")
        chan = fake.add_text_channel(guild, "games")
        ann = fake.add_user("ann")
        bot = make_bot(seed=seed, clock=clock)
        async with run_bot(bot, fake, commands=True):
            _, thread = await open_table(fake, chan, ann, kind, bots=bots)
            game_id = (await bot.tables.games_in_channel(chan.id))[0].id
            table = Table(fake, bot, game_id, thread, {0: ann})
            await table.bots_done()
            yield table


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, db_path: str, seed: int = 1234):
    bot = make_bot(db_path, seed)
    async with run_bot(bot, fake, commands=True):
        yield bot
