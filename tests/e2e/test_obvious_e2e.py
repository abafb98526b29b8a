"""Issue 22 in the fake Discord: "decide the obvious for me at the bots' pace". In one Wichtel
game Ann keeps the default (``obvious`` "auto") and Ben chose ``/settings obvious:ask``: the
table takes Ann's lone decisions (one legal action, and everybody knows it) for her, at the
bots' pace; Ben is asked his, as before."""

from __future__ import annotations

import time

from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import error_log_guard

from .harness import Table, open_table, running_bot

PACE = 0.05


def action_controls(payload) -> int:
    """How many move controls (buttons, select options) a message body carries."""
    count = 0
    for row in (payload or {}).get("components") or []:
        for item in row.get("components", []):
            custom_id = item.get("custom_id", "")
            if custom_id.startswith("tv:a:"):
                count += 1
            elif custom_id.startswith("tv:s:"):
                count += len(item.get("options", []))
    return count


def dm_controls(fake: FakeDiscord, user) -> list[int]:
    """The number of move controls of every DM sent to ``user`` or repainted, in order."""
    channel = fake.dm_channel(user)
    if channel is None:
        return []
    return [
        action_controls(r.json)
        for r in fake.requests
        if r.method in ("POST", "PATCH")
        and r.path.startswith(f"/channels/{channel.id}/messages")
        and isinstance(r.json, dict)
        and "components" in r.json
    ]


async def test_the_table_takes_lone_decisions_without_a_dm_for_players_who_let_it(tmp_path):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            # seed 1: a game in which Ann meets lone decisions everybody can see are lone
            async with running_bot(fake, str(tmp_path / "t.db"), seed=1) as bot:
                res = await fake.slash(ann, chan, "settings")  # the default: shown, not changed
                assert "made for you at the bots' pace" in res.content
                res = await fake.slash(ben, chan, "settings", obvious="ask")
                assert "you are asked, like any other" in res.content
                bot.tables.turns.bot_pace = PACE
                _lobby, thread = await open_table(
                    fake, chan, ann, "wichtel", joiners=(ben,), obvious=None
                )
                game = (await bot.tables.games_of_user(ann.id))[0]
                table = Table(fake, bot, game.id, thread, {0: ann, 1: ben})

                taken: list[tuple[int, float]] = []  # (seat, seconds its turn took) per move
                bot_turn = bot.tables.turns.bot_turn

                async def timed_turn(game_id):
                    before = await bot.tables.game(game_id)
                    began = time.monotonic()
                    outcome = await bot_turn(game_id)
                    if outcome is not None:
                        (move,) = (await bot.tables.store.moves(game_id))[before.move_count :]
                        if not before.seats[move.seat].is_bot:
                            taken.append((move.seat, time.monotonic() - began))
                    return outcome

                bot.tables.turns.bot_turn = timed_turn
                for _ in range(400):
                    if (await table.game()).status != "running":
                        break
                    if await table.human_to_act() is None:
                        break
                    await table.play_one()  # a human's click
                    if any(s == 0 for s, _ in taken) and 1 in dm_controls(fake, ben):
                        break
                await table.bots_done()

                # Ann's lone decisions were taken for her, at the bots' pace, as her moves
                assert [s for s, _ in taken] and {s for s, _ in taken} == {0}
                assert all(seconds >= PACE - 0.01 for _, seconds in taken)
                moves = await bot.tables.store.moves(game.id)
                assert sum(m.seat == 0 for m in moves) >= len(taken)
                # (a decision lone only because of what she hides is asked, like Ben's: its
                # speed would give the secret away; tests/platform/test_obvious.py)
                # Ben, who asked to be asked, got his lone decisions as DMs with one control
                assert 1 in dm_controls(fake, ben)
            assert fake.unknown_calls == []
