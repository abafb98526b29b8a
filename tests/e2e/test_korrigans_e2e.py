"""Korrigans end to end: the real discord.py bot against the fake Discord, to the Cauldron.

A 3-seat game (alice with DMs open, bob with DMs closed, one bot) from /play to final scores.
Every human decision goes through Discord: the secret token picks ("Keep ...") are buttons or
select menus in alice's DMs and in bob's ephemeral "My hand" panels; Sun and Cloud placements
are typed with /korrigans move (autocomplete). The game passes the Cauldron's appearance
(placed by a human through a control) and the final turn (a human moves onto the Cauldron).

Hidden information is checked as a player could see it: no thread/channel message, no board
embed (after every move) and no other player's DM or panel contains a private event text (what
a player kept, what he left on a field, what he sacrificed), the hand text, or a token behind
a screen that is still up.

Seeds: the table seed is 8 (`make_bot(db, 8)`), the humans' random choices come from
random.Random(5); in the final turn a human takes a move onto the Cauldron if there is one,
else ends the turn. With these the game has 40 human decisions, two human Backup sacrifices
and a human Cauldron placement; the test asserts all of that from the move log.
"""

from __future__ import annotations

import json
import random

from engines.korrigans import ENGINE
from engines.korrigans.common import mapof
from tables.service import fill_names
from tests.e2e.harness import (
    Table,
    assert_every_board_update_has_its_picture,
    check_picture,
    confirm_if_asked,
    controls,
    open_table,
    public_texts,
    running_bot,
    use_control,
)
from tests.fakediscord import FakeDiscord, error_log_guard

SEED = 8
CHOICE_SEED = 5
CLOSED_NOTE = "can't send you direct messages"
# Text that belongs to a seat's private panel only: never in a public place.
PRIVATE_MARKERS = (
    "Behind your screen",
    "you see:",
    "Fields you have seen",
    "left there",
    "You keep",
    "You sacrificed",
    "Sacrificed:",
    "Your Korrigans",
)


def action_of(control: tuple[str, str | None]) -> str:
    custom_id, value = control
    return value if value is not None else custom_id.split(":", 4)[4]


def choose(state: dict, options: list[tuple[str, str | None]], rnd: random.Random):
    """Random among the controls, except in the final turn: onto the Cauldron, else done."""
    if state["phase"] == "final":
        goal = mapof(state).ids[state["cauldron"]]
        acts = [action_of(c) for c in options]
        reach = [c for c, a in zip(options, acts) if a.startswith("mv:") and a.endswith(":" + goal)]
        if reach:
            return reach[0]
        done = [c for c, a in zip(options, acts) if a == "done"]
        if done:
            return done[0]
    return rnd.choice(options)


def dm_texts(fake: FakeDiscord, user) -> list[str]:
    channel = fake.dm_channel(user)
    if channel is None:
        return []
    return [
        json.dumps(r.json, ensure_ascii=False)
        for r in fake.requests
        if r.path.startswith(f"/channels/{channel.id}/") and r.json is not None
    ]


def replay_log(game, moves) -> list[dict]:
    """Each stored move with the phase before it and the events it caused (names filled)."""
    names = [s.name for s in game.seats]
    state = ENGINE.new_game(len(game.seats), game.seed, game.options)
    out = []
    for move in moves:
        phase = state["phase"]
        state, events = ENGINE.apply(state, move.seat, move.action)
        out.append(
            {
                "seat": move.seat,
                "action": move.action,
                "phase": phase,
                "public": [fill_names(e.text, names) for e in events if e.audience is None],
                "private": [
                    (e.audience, fill_names(e.text, names))
                    for e in events
                    if e.audience is not None
                ],
            }
        )
    return out


async def check_board(table: Table, game, board) -> list[str]:
    """The board shows exactly the spectator view (counts behind screens, never the tokens)
    and public news; returns the lines of its "Latest" field.

    While the game runs the board message holds the picture and a summary, and the whole board
    in words is behind its "Text board" button; at the end the message keeps both."""
    state = table.service.state(game)
    names = [s.name for s in game.seats]
    spectator = ENGINE.view(state, None)
    assert "you" not in spectator
    assert all(isinstance(f["tokens"], int) for f in spectator["fields"])  # counts only
    for seat, player in enumerate(spectator["players"]):
        assert ("tokens" in player) == (not state["screen"][seat])
    (embed,) = board.embeds
    check_picture(board)
    words = (await table.text_board()) if game.status == "running" else embed
    assert words["description"] == fill_names(ENGINE.board_text(spectator), names)
    snapshot = board.embed_text + "\n" + words["description"]
    for marker in PRIVATE_MARKERS:
        assert marker not in snapshot, (marker, snapshot)
    for seat, name in enumerate(names):
        who = f"{name} (first player): " if seat == spectator["first_player"] else f"{name}: "
        line = next(line for line in words["description"].splitlines() if line.startswith(who))
        if state["screen"][seat]:
            assert line.startswith(f"{who}{len(state['hidden'][seat])} behind screen;"), line
            assert "tokens:" not in line, line
    latest = [f["value"] for f in embed.get("fields", []) if f["name"] == "Latest"]
    return "\n".join(latest).splitlines()


async def _pick_step_checks(table: Table, seat: int, panel, options) -> None:
    """Before a secret pick: the panel shows the tokens on the field, the buttons name them."""
    game = await table.game()
    you = table.service.view(game, seat)["you"]
    looking = you["looking_at"]
    text = panel.embed_text
    assert f"On {looking['field']} you see:" in text
    assert "Behind your screen:" in text
    assert sorted(action_of(c) for c in options) == sorted({"take:" + t for t in looking["tokens"]})


async def _play(table: Table, rnd: random.Random, max_moves: int = 400) -> dict:
    fake, svc = table.fake, table.service
    seen = {
        "picks": 0,
        "slash": 0,
        "clicks": 0,
        "boards": set(),
        "latest": set(),
        "news": {0: [], 1: []},
    }
    for _ in range(max_moves):
        game = await table.game()
        if game.status != "running":
            return seen
        (seat,) = svc.to_act(game)
        assert seat in table.users, "only humans are left to act after a bot's turn"
        user = table.users[seat]
        state = svc.state(game)
        step = state["stack"][-1]["k"]
        before = game.move_count
        if step in ("sun", "cloud"):
            # A public choice, typed as a command with autocomplete.
            choices = await fake.autocomplete(user, table.thread, "korrigans move", "action")
            assert [c["value"].split("@")[0] for c in choices] == ENGINE.legal_actions(state, seat)
            pick = rnd.choice(choices)
            res = await fake.slash(user, table.thread, "korrigans move", action=pick["value"])
            assert res.ephemeral
            res = await confirm_if_asked(fake, user, res)  # a move that cannot be undone asks
            seen["slash"] += 1
        else:
            panel = await table.panel(user)
            options = controls(panel)
            assert sorted(action_of(c) for c in options) == ENGINE.legal_actions(state, seat)
            if step == "pick":
                await _pick_step_checks(table, seat, panel, options)
                seen["picks"] += 1
            res = await use_control(fake, user, panel, choose(state, options, rnd))
            assert res.response_type == 7, (res.content, res.embed_text[:300])
            res = await confirm_if_asked(fake, user, res)
            seen["clicks"] += 1
        await fake.settle()
        game = await table.game()
        assert game.move_count > before, f"not applied: {res.content} {res.embed_text[:300]}"
        # The mover's panel now shows his own news (e.g. what he kept); nobody else's.
        news = [
            f["value"]
            for e in res.embeds
            for f in e.get("fields", [])
            if f.get("name") == "News for you"
        ]
        seen["news"][seat] += news
        board = table.board()
        seen["latest"].update(await check_board(table, game, board))
        seen["boards"].add(board.embed_text)
    raise AssertionError("the game did not end")


async def test_one_game_to_the_cauldron(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            alice, bob = fake.add_user("alice"), fake.add_user("bob", dms_open=False)
            async with running_bot(fake, db, SEED) as bot:
                lobby, thread = await open_table(fake, chan, alice, "korrigans", joiners=(bob,))
                game = (await bot.tables.games_of_user(alice.id))[0]
                assert game.kind == "korrigans" and game.seed == SEED
                table = Table(fake, bot, game.id, thread, {0: alice, 1: bob})
                board = table.board()
                assert "Korrigans" in board.embed_text and fake.find_button(board, "My hand")
                assert controls(fake.dm_messages(alice)[-1])  # alice places first

                seen = await _play(table, random.Random(CHOICE_SEED))

                game = await table.game()
                assert game.status == "finished"
                assert await bot.tables.history.replay(game.id) == game.state
                log = replay_log(game, await bot.tables.store.moves(game.id))

            # --- the game went where it should ------------------------------------------------
            human = [m for m in log if m["seat"] in (0, 1)]
            assert seen["clicks"] + seen["slash"] == len(human) == 40
            assert seen["slash"] > 0 and seen["picks"] >= 5
            assert sum(m["action"].startswith("take:") for m in human) == seen["picks"]
            assert (
                sum(
                    m["action"].startswith("sac:") or m["action"].startswith("backup:")
                    for m in human
                )
                >= 2
            )
            cauldron = [m for m in log if any("Cauldron of Gold appears" in t for t in m["public"])]
            assert len(cauldron) == 1
            placed = [m for m in log if m["action"].startswith("cauldron:")]
            assert len(placed) == 1 and placed[0]["seat"] in (0, 1)
            final = [m for m in log if m["phase"] == "final"]
            assert any(m["action"].startswith("mv:") and m["seat"] in (0, 1) for m in final)
            assert {m["seat"] for m in final} >= {0, 1}
            state = ENGINE.load(game.state)
            assert state["phase"] == "over" and state["cauldron"] is not None

            texts = [m.content for m in fake.channel_messages(thread)]
            results = [t for t in texts if "Final scores" in t]
            assert len(results) == 1
            scores = ENGINE.scores(state)
            for seat, record in enumerate(game.seats):
                assert f"{record.name}: {scores[seat]}" in results[0]
            final_board = table.board()
            assert "Game over" in str(final_board.embeds[0]["footer"])
            assert "Winner" in final_board.embed_text
            # no controls of the game any more: only the way to play again
            assert [b["custom_id"] for b in final_board.buttons] == [f"tv:r:{table.game_id}"]
            assert "Finished" in fake.message(lobby.id).embed_text
            assert assert_every_board_update_has_its_picture(fake, table) > len(human)
            # bob (DMs closed) was told once to use "My hand", then only mentioned.
            notes = [m for m in fake.channel_messages(thread) if CLOSED_NOTE in m.content]
            assert len(notes) == 1 and f"<@{bob.id}>" in notes[0].content

            # --- hidden information stayed hidden -------------------------------------------
            private = [(aud, text) for m in log for aud, text in m["private"]]
            assert sum("You keep" in t for _, t in private) >= seen["picks"]
            public = public_texts(fake, chan, thread)
            # (the public record does hold the board edits and the public side of each pick)
            assert sum("keeps one" in blob for blob in public) >= seen["picks"]
            assert len(seen["boards"]) >= len(human) // 2
            for _, text in private:
                for blob in public:
                    assert text not in blob, f"private news in public: {text!r}"
            # the boards' "Latest" lines were all public news
            assert seen["latest"] <= {t for m in log for t in m["public"]}
            assert not any("Leprechaun removes" in t for m in log for t in m["public"])
            for blob in public:
                for marker in PRIVATE_MARKERS:
                    assert marker not in blob, (marker, blob[:500])
                # every screen stayed up until the end: no token list before "Game over"
                if "Game over" not in blob:
                    assert "; tokens:" not in blob, blob[:500]
            # Each human's private news reached that human (panel or DM) and nobody else.
            alice_dms = dm_texts(fake, alice)
            bob_seen = list(seen["news"][1]) + [m.embed_text for m in fake.ephemeral_messages(bob)]
            assert not any("**Your Korrigans** (Bob)" in b for b in alice_dms)
            assert not any("**Your Korrigans** (Alice)" in b for b in bob_seen)
            for aud, text in private:
                if 0 in aud:
                    assert any(text in b for b in alice_dms + seen["news"][0]), text
                    assert not any(text in b for b in bob_seen), text
                if 1 in aud:
                    assert any(text in b for b in seen["news"][1]), text
                    assert not any(text in b for b in alice_dms), text
                if aud == (2,):
                    assert not any(text in b for b in alice_dms + bob_seen), text
            assert fake.unknown_calls == []
