"""History end to end: the seed commitment in the thread, nothing about the seed before the end
(every request the fake Discord received is scanned), the reveal and export file with the final
scores, /history and its replay buttons (Back / Forward / Jump), and /stats."""

from __future__ import annotations

import hashlib
import json

import bot as tavern
from engines import REGISTRY
from fairplay import verify
from tests.e2e.harness import Table, open_table
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot

SEED = 0x2F3A_91C4_5D6E_7B80  # 62 bits: its decimal and hex forms are long and unmistakable


def _rng_words(kind: str, num_players: int, options: dict, moves) -> set[int]:
    engine = REGISTRY[kind]
    state = engine.new_game(num_players, SEED, options)
    words = {state["rng"]}
    for move in moves:
        state, _ = engine.apply(state, move.seat, move.action)
        words.add(state["rng"])
    return words


def _button(message, label):
    return next(b for b in message.buttons if b.get("label") == label)


async def test_commitment_secrecy_reveal_history_replay_and_stats(tmp_path):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = tavern.create_bot(str(tmp_path / "h.db"), seed_source=lambda: SEED)
            bot._connection.guild_ready_timeout = 0.05
            async with run_bot(bot, fake, commands=True):
                lobby, thread = await open_table(fake, chan, ann, "ziegen", joiners=(ben,), bots=1)
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                table = Table(fake, bot, game_id, thread, {0: ann, 1: ben})
                salt, committed = await bot.tables.store.fairness(game_id)
                assert committed == hashlib.sha256(f"{SEED}:{salt}".encode()).hexdigest()
                posts = [m.content for m in fake.channel_messages(thread)]
                assert any("Fair shuffle" in p and committed in p for p in posts)

                # /history while the game runs: the spectator's replay, no seed, no files.
                for _ in range(6):
                    await table.play_one()
                game = await table.game()
                res = await fake.slash(ben, thread, "history")
                assert res.ephemeral and committed in res.content
                assert not [n for n in res.message.attachment_names if n.endswith(".json")]
                assert f"Move {game.move_count} of {game.move_count}" in res.embed_text
                replay = res.message
                board = bot.tables.board_text(game)
                assert replay.embeds[0]["description"] == board  # the live board, in words
                assert replay.attachment_names == ["board.png"]  # and its picture
                assert replay.embeds[0]["image"]["url"].endswith("/board.png")
                assert replay.file_bytes("board.png") == table.board().file_bytes("board.png")
                assert _button(replay, "Forward").get("disabled")
                res = await fake.click(ben, replay, _button(replay, "Back"))
                assert res.response_type == 7
                assert f"Move {game.move_count - 1} of {game.move_count}" in res.embed_text
                assert fake.message(replay.id).attachment_names == ["board.png"]  # replaced
                res = await fake.click(ben, replay, _button(replay, "Forward"))
                assert f"Move {game.move_count} of" in res.embed_text
                shown = await fake.click(ben, replay, _button(replay, "Jump"))
                assert shown.response_type == 9
                res = await fake.submit_modal(ben, shown, {"move": "zero"})
                assert res.ephemeral and "move number" in res.content
                for digits in ("²", "¹⁰", "④"):  # digits to str.isdigit(), not to int()
                    shown = await fake.click(ben, replay, _button(replay, "Jump"))
                    res = await fake.submit_modal(ben, shown, {"move": digits})
                    assert res.ephemeral and "move number" in res.content
                shown = await fake.click(ben, replay, _button(replay, "Jump"))
                res = await fake.submit_modal(ben, shown, {"move": "0"})
                assert res.response_type == 7 and "Start (0 of" in res.embed_text
                assert _button(fake.message(replay.id), "Back").get("disabled")
                assert "Hands" not in [b.get("label") for b in fake.message(replay.id).buttons]
                # Another server does not see this table.
                other = fake.add_text_channel(fake.add_guild("Elsewhere"), "x")
                res = await fake.slash(ben, other, "history", table=game_id)
                assert res.ephemeral and "no table" in res.content

                # Play to the end, remembering how many requests came before the last move.
                before_end = len(fake.requests)
                while (await table.game()).status == "running":
                    before_end = len(fake.requests)
                    await table.play_one()
                game = await table.game()
                assert game.status == "finished"
                secrets = {
                    str(SEED),
                    f"{SEED:x}",
                    f"{SEED:X}",
                    salt,
                    salt.upper(),
                    str(int(salt, 16)),
                }
                for word in _rng_words(
                    "ziegen", 3, game.options, await bot.tables.store.moves(game_id)
                ):
                    secrets |= {str(word), f"{word:x}"}
                early = [json.dumps(r.json) for r in fake.requests[:before_end] if r.json]
                assert len(early) > 50  # DMs, panels, boards, interaction answers, /history
                blob = "\n".join(early)
                for secret in secrets:
                    assert secret not in blob, f"seed material {secret} sent before the end"

                # The reveal: seed and salt with the final scores, and the export attached.
                final = [m for m in fake.channel_messages(thread) if "Final scores" in m.content]
                assert len(final) == 1 and str(SEED) in final[0].content
                assert salt in final[0].content
                name = f"tavern-table-{game_id}.json"
                assert final[0].attachment_names == [name]
                export = json.loads(final[0].file_bytes(name))
                assert "final scores confirmed" in verify(export).lines[-2]
                assert [m["action"] for m in export["moves"]] == [
                    m.action for m in await bot.tables.store.moves(game_id)
                ]

                # /history after the end: scores, every hand, the seed, both files, replay.
                res = await fake.slash(ann, chan, "history", table=game_id)
                message = res.message
                assert message.ephemeral and str(SEED) in message.embed_text
                for seat in game.seats:
                    assert f"Revealed: {seat.name}" in message.embed_text
                assert set(message.attachment_names) == {name, f"tavern-table-{game_id}.txt"}
                assert verify(json.loads(message.file_bytes(name)))
                words = message.file_bytes(f"tavern-table-{game_id}.txt").decode()
                assert f"{game.move_count}. " in words and "== Moves ==" in words
                res = await fake.slash(ben, thread, "history")  # in the thread: this game
                assert str(SEED) in res.message.embed_text
                assert f"table #{game_id}" in res.message.embed_text
                res = await fake.click(ann, message, _button(message, "Replay"))
                assert res.ephemeral and "Start (0 of" in res.embed_text
                step = res.message
                res = await fake.click(ann, step, _button(step, "Forward"))
                assert "Move 1 of" in res.embed_text and "every move revealed" in res.embed_text
                first = export["moves"][0]
                label = bot.tables.engine("ziegen").describe(
                    REGISTRY["ziegen"].new_game(3, SEED, game.options),
                    first["seat"],
                    first["action"],
                )
                assert bot.tables.fill(game, label) in res.embed_text  # what the move was
                res = await fake.click(ann, step, _button(step, "Hands"))
                assert res.ephemeral and "Hands after move 1" in res.embed_text
                for seat in game.seats:
                    assert f"Revealed: {seat.name}" in res.embed_text

                # /stats: the server's leaderboard (humans only) and a player's numbers.
                res = await fake.slash(ann, chan, "stats")
                assert res.ephemeral and "Leaderboard · Herr der Ziegen" in res.embed_text
                assert f"<@{ann.id}>" in res.embed_text and f"<@{ben.id}>" in res.embed_text
                assert "(bot)" not in res.embed_text and "1 with bots" in res.embed_text
                res = await fake.slash(ben, chan, "stats", player=ann)
                assert "1 played (1 with bots)" in res.embed_text
                assert "Favourite game: Herr der Ziegen" in res.embed_text
                rows, ratings = await bot.tables.history.recompute_results(guild.id)
                assert rows == await bot.tables.store.results_in_guild(guild.id)


async def test_an_abandoned_game_reveals_its_seed_with_the_export(tmp_path):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            bot = tavern.create_bot(str(tmp_path / "a.db"), seed_source=lambda: SEED)
            bot._connection.guild_ready_timeout = 0.05
            async with run_bot(bot, fake, commands=True):
                _lobby, thread = await open_table(
                    fake, chan, ann, "korrigans", joiners=(ben,), bots=0
                )
                game_id = (await bot.tables.games_in_channel(chan.id))[0].id
                table = Table(fake, bot, game_id, thread, {0: ann, 1: ben})
                for _ in range(3):
                    await table.play_one()
                assert not any(str(SEED) in m.content for m in fake.channel_messages(thread))
                res = await fake.slash(ann, thread, "abandon")
                assert res.ephemeral and "abandoned" in res.content
                await fake.settle()
                name = f"tavern-table-{game_id}.json"
                ended = [m for m in fake.channel_messages(thread) if name in m.attachment_names]
                assert len(ended) == 1 and "The host abandoned" in ended[0].content
                assert str(SEED) in ended[0].content
                export = json.loads(ended[0].file_bytes(name))
                assert export["status"] == "abandoned" and len(export["moves"]) >= 3
                assert "abandoned" in verify(export).lines[-1]
