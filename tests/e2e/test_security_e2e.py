"""Tried as another server's admin and as a careless player would (issue 8): a table belongs to
its server, typed text is never echoed in full, odd ids are "no such table"."""

from __future__ import annotations

from engines import GameError
from tests.e2e.harness import board_of, confirm_if_asked, controls, open_table
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot


async def test_a_table_belongs_to_its_server(make_bot):
    with error_log_guard():
        async with FakeDiscord() as fake:
            one, two = fake.add_guild("One"), fake.add_guild("Two")
            chan_one = fake.add_text_channel(one, "games")
            chan_two = fake.add_text_channel(two, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")  # members of both servers
            # Admin of server Two only; also a plain member of server One.
            mod = fake.add_user("mod", admin_of=[two])
            bot = make_bot(3)
            async with run_bot(bot, fake, commands=True):
                lobby = (await fake.slash(ann, chan_one, "play", game="ziegen")).message
                await fake.click(ben, lobby, fake.find_button(lobby, "Join"))
                await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                await fake.settle()
                game = (await bot.tables.games_of_user(ann.id))[0]
                assert game.guild_id == one.id
                tid = game.id

                async def untouched():
                    now = await bot.tables.game(tid)
                    assert now.status == "running" and not any(s.is_bot for s in now.seats)

                # Server Two's admin can't abandon, replace in or look at server One's game.
                for command, opts in (
                    ("abandon", {}),
                    ("replace", {"player": ben}),
                    ("board", {}),
                    ("hand", {}),
                    ("resign", {}),
                ):
                    res = await fake.slash(mod, chan_two, command, table=tid, **opts)
                    assert res.ephemeral and f"no table #{tid} here" in res.content, command
                    assert not res.embeds
                await untouched()
                # Nor can players of that game reach it from another server.
                res = await fake.slash(ben, chan_two, "board", table=tid)
                assert res.ephemeral and "no table" in res.content and not res.embeds
                res = await fake.slash(ann, chan_two, "abandon", table=tid)
                assert res.ephemeral and "no table" in res.content
                # A board button of server One's table posted (or forged) in server Two.
                stray = fake._new_message(
                    chan_two,
                    fake.bot_user,
                    {
                        "content": "old",
                        "components": [
                            {
                                "type": 1,
                                "components": [
                                    {"type": 2, "style": 2, "label": label, "custom_id": cid}
                                    for label, cid in (("t", f"tv:t:{tid}"), ("h", f"tv:h:{tid}"))
                                ],
                            }
                        ],
                    },
                    [],
                )
                for cid in (f"tv:t:{tid}", f"tv:h:{tid}"):
                    res = await fake.click(mod, stray, cid)
                    assert res.ephemeral and "no table" in res.content and not res.embeds, cid
                # Without a table number, server Two finds no game of theirs there.
                res = await fake.slash(ann, chan_two, "abandon")
                assert res.ephemeral and "no running" in res.content
                res = await fake.slash(ben, chan_two, "ziegen move", action="x")
                assert res.ephemeral and "no running" in res.content
                assert (
                    await fake.autocomplete(ben, chan_two, "ziegen move", "action", table=tid) == []
                )
                await untouched()

                # Admin powers hold only in the table's own server: in server One mod is a
                # plain member, and in DMs nobody is an admin.
                res = await fake.slash(mod, chan_one, "abandon", table=tid)
                assert res.ephemeral and "Only the host" in res.content
                res = await fake.slash(mod, chan_one, "replace", table=tid, player=ben)
                assert res.ephemeral and "Only the host" in res.content
                res = await fake.slash(mod, None, "board", table=tid)  # DM: not seated there
                assert res.ephemeral and "no table" in res.content and not res.embeds
                res = await fake.slash(mod, None, "abandon", table=tid)
                assert res.ephemeral and "no table" in res.content
                await untouched()

                # In DMs a player reaches their own tables; in server One everyone sees the board.
                res = await fake.slash(ben, None, "board", table=tid)
                assert res.ephemeral and res.embeds
                res = await fake.slash(mod, chan_one, "board", table=tid)
                assert res.ephemeral and res.embeds
                # And server One's own admin may still close it.
                boss = fake.add_user("boss", admin_of=[one])
                await fake.settle()
                res = await fake.slash(boss, chan_one, "abandon", table=tid)
                assert res.ephemeral and "abandoned" in res.content
                assert (await bot.tables.game(tid)).status == "abandoned"


async def _ziegen(fake, bot, chan, host, guest):
    _, thread = await open_table(fake, chan, host, "ziegen", joiners=(guest,), bots=0)
    return (await bot.tables.games_of_user(host.id))[0], thread


async def test_typed_text_is_never_echoed_in_full_and_nothing_sent_is_over_a_limit(make_bot):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("One")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(3)
            async with run_bot(bot, fake, commands=True):
                game, thread = await _ziegen(fake, bot, chan, ann, ben)
                seat = bot.tables.to_act(game)[0]
                user = (ann, ben)[seat]
                typed = "x" * 3000
                res = await fake.slash(user, thread, "ziegen move", action=typed)
                assert res.ephemeral and "not a legal move" in res.content
                assert len(res.content) < 300 and "x" * 41 not in res.content
                res = await fake.slash(
                    ann, chan, "play", options={"game": "ziegen", "options": "y" * 5000}
                )
                assert res.ephemeral and "key=value" in res.content and len(res.content) < 300
                assert (await bot.tables.game(game.id)).move_count == game.move_count

                # Whatever builds an answer, what reaches Discord fits its limits: an error
                # text of 2,500 characters, labels and embeds far too long are clipped in one
                # place, not refused by Discord (400 / 50035) and logged as an ERROR.
                real_move, real_texts = bot.tables.turns.move, bot.tables.seat_texts

                async def wordy(*args, **kwargs):
                    raise GameError("so " * 900)

                bot.tables.turns.move = wordy
                res = await fake.slash(user, thread, "ziegen move", action="any")
                assert res.ephemeral and len(res.content) == 2000 and res.content.endswith("…")
                bot.tables.turns.move = real_move
                bot.tables.seat_texts = lambda g, s, *_: ("h" * 9000, "")
                real_choices = bot.tables.choices
                bot.tables.choices = lambda g, s, *_: [(f"a{i}", "label " * 40) for i in range(3)]
                res = await fake.click(user, board_of(fake, thread, game.id), "tv:h:%d" % game.id)
                assert res.ephemeral and len(res.embeds[0]["description"]) <= 4096
                assert res.buttons and all(len(b["label"]) <= 80 for b in res.buttons)
                bot.tables.choices = lambda g, s, *_: [
                    (f"a{i}" * 40, "label " * 40) for i in range(40)
                ]
                choices = await fake.autocomplete(user, thread, "ziegen move", "action")
                assert len(choices) == 25 and all(
                    len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices
                )
                bot.tables.choices, bot.tables.seat_texts = real_choices, real_texts
            assert not [r for r in fake.requests if r.status == 400]


def test_the_limits_guard_clips_every_field():
    from cogs import limits

    payload = {
        "content": "c" * 2500,
        "embeds": [
            {
                "title": "t" * 300,
                "description": "d" * 5000,
                "footer": {"text": "f" * 3000},
                "author": {"name": "a" * 300},
                "fields": [{"name": "n" * 300, "value": "v" * 2000}] * 3,
            }
        ],
        "components": [
            {
                "type": 1,
                "components": [
                    {"type": 2, "label": "b" * 90, "custom_id": "x"},
                    {
                        "type": 3,
                        "custom_id": "s",
                        "placeholder": "p" * 200,
                        "options": [
                            {"label": "l" * 120, "value": "v" * 120, "description": "e" * 120}
                        ],
                    },
                ],
            }
        ],
    }
    limits.fit(payload)
    e = payload["embeds"][0]
    assert len(payload["content"]) == 2000 and len(e["title"]) == 256
    assert len(e["footer"]["text"]) <= 2048 and len(e["author"]["name"]) == 256
    assert all(len(f["name"]) <= 256 and len(f["value"]) <= 1024 for f in e["fields"])
    assert limits._embed_size(e) <= 6000
    button, select = payload["components"][0]["components"]
    assert len(button["label"]) == 80 and len(select["placeholder"]) == 150
    assert all(len(v) == 100 for v in select["options"][0].values())
    # A message with a file travels as multipart: its JSON part is clipped too.
    import io
    import json

    import discord
    from discord.http import handle_message_parameters

    params = handle_message_parameters(
        content="x" * 3000, file=discord.File(io.BytesIO(b"png"), "board.png")
    )
    limits._fit_form(params.multipart)
    assert len(json.loads(params.multipart[0]["value"])["content"]) == 2000
    answer = {"type": 8, "data": {"choices": [{"name": "n" * 200, "value": "v" * 200}] * 30}}
    limits.fit(answer)
    assert len(answer["data"]["choices"]) == 25
    assert all(len(c["name"]) == 100 and len(c["value"]) == 100 for c in answer["data"]["choices"])


async def test_ids_out_of_range_are_no_such_table_without_an_error_log(make_bot):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("One")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(3)
            async with run_bot(bot, fake, commands=True):
                game, thread = await _ziegen(fake, bot, chan, ann, ben)
                for table in (-1, 0, 2**53):
                    res = await fake.slash(ann, chan, "board", table=table)
                    assert res.ephemeral and "no table" in res.content, table
                # Buttons from a message of long ago (or forged) carrying huge numbers.
                huge = 2**63
                ids = [
                    f"tv:h:{huge}",
                    f"tv:l:join:{huge}",
                    f"tv:a:{huge}:1:take",
                    f"tv:a:{game.id}:{huge * 4}:take",
                    f"tv:l:start:{10**30}",
                ]
                old = fake._new_message(
                    fake._channel(thread),
                    fake.bot_user,
                    {
                        "content": "old",
                        "components": [
                            {
                                "type": 1,
                                "components": [
                                    {"type": 2, "style": 2, "label": str(i), "custom_id": cid}
                                    for i, cid in enumerate(ids)
                                ],
                            }
                        ],
                    },
                    [],
                )
                for cid in ids:
                    res = await fake.click(ann, old, cid)
                    assert res.ephemeral and (
                        "no table" in res.content or "older board" in res.content
                    ), cid
                assert (await bot.tables.game(game.id)).move_count == game.move_count


async def test_identical_typed_moves_sent_at_once_apply_once(make_bot):
    """Five identical `/henchmania move` commands at once (a player pressing Enter again and
    again): placing a Henchman stays legal after the bot's answer, yet only the first applies;
    the others are refused like stale buttons. A free-typed id without version still works."""
    import asyncio

    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("One")
            chan = fake.add_text_channel(guild, "games")
            ann = fake.add_user("ann")
            bot = make_bot(3)
            async with run_bot(bot, fake, commands=True):
                lobby = (await fake.slash(ann, chan, "play", game="henchmania")).message
                await fake.click(ann, lobby, fake.find_button(lobby, "Add bot: easy"))
                await fake.click(ann, lobby, fake.find_button(lobby, "Start"))
                await fake.settle()
                thread = fake.threads(chan)[-1]
                game = (await bot.tables.games_of_user(ann.id))[0]
                checked = 0
                for _ in range(12):
                    game = await bot.tables.game(game.id)
                    if game.status != "running" or 0 not in bot.tables.to_act(game):
                        break
                    choices = await fake.autocomplete(ann, thread, "henchmania move", "action")
                    picks = [c for c in choices if c["value"].startswith("place:")]
                    if not picks:
                        break
                    value = picks[0]["value"]
                    assert value.endswith(f"@{game.seats[0].prompt_version}")
                    before = len([m for m in await bot.tables.store.moves(game.id) if m.seat == 0])
                    results = await asyncio.gather(
                        *[
                            fake.slash(ann, thread, "henchmania move", action=value)
                            for _ in range(5)
                        ]
                    )
                    await fake.settle()
                    after = len([m for m in await bot.tables.store.moves(game.id) if m.seat == 0])
                    assert after == before + 1, value
                    refused = [
                        r
                        for r in results
                        if "earlier decision" in r.content or "not your turn" in r.content
                    ]
                    assert len(refused) == 4 and all(r.ephemeral for r in refused)
                    checked += 1
                assert checked >= 2
                # A plain id typed by hand (no version) is still accepted.
                game = await bot.tables.game(game.id)
                if game.status == "running" and 0 in bot.tables.to_act(game):
                    action = bot.tables.choices(game, 0)[0][0]
                    res = await fake.slash(ann, thread, "henchmania move", action=action)
                    assert res.ephemeral and "not a legal" not in res.content
                    res = await confirm_if_asked(fake, ann, res)  # "pass" asks first
                    assert (await bot.tables.game(game.id)).version > game.version


async def test_after_a_crash_past_the_deadline_a_waiting_player_gets_one_dm(make_bot, clock):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("One")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = make_bot(3, clock=clock, remind_after=3600.0)
            async with run_bot(bot, fake, commands=True):
                game, thread = await _ziegen(fake, bot, chan, ann, ben)
                # Moves stored, then a "crash" before anyone is told what comes next.
                for seat, user in enumerate((ann, ben)):
                    game = await bot.tables.game(game.id)
                    if seat in bot.tables.to_act(game):
                        await bot.tables.turns.move(
                            game.id, user.id, bot.tables.choices(game, seat)[0][0]
                        )
                game = await bot.tables.game(game.id)
                waiting = bot.tables.to_act(game)
                before = {u.id: len(fake.dm_messages(u)) for u in (ann, ben)}
            clock.now += 5 * 3600  # down for five hours, past the one-hour reminder
            bot = make_bot(clock=clock, remind_after=3600.0)
            async with run_bot(bot, fake, commands=True):
                for _ in range(100):
                    await fake.settle()
                    if not await bot.tables.notices.missed_notices():
                        break
                await bot.get_cog("Tables").run_reminders()
                await fake.settle()
                for seat in waiting:
                    user = (ann, ben)[seat]
                    new = fake.dm_messages(user)[before[user.id] :]
                    assert len(new) == 1, [m.embeds[0]["title"] for m in new]
                    assert "Reminder" in new[0].embeds[0]["title"] and controls(new[0])
