"""Learning to play inside Discord, end to end against the fake Discord: the paged rules guide,
the card reference with autocomplete, the first DM's pointer to them, and DM panels that never
keep out-of-date buttons when a player moves through "My hand" or /<game> move."""

from __future__ import annotations

import re
import time

import guides
from engines import REGISTRY
from tests.e2e.harness import Table, controls, open_table, running_bot, use_control
from tests.fakediscord import FakeDiscord, error_log_guard

PAGE = re.compile(r"Page (\d+) of (\d+)")


def page_of(res) -> tuple[int, int]:
    footer = res.embeds[0]["footer"]["text"]
    n, total = PAGE.search(footer).groups()
    return int(n), int(total)


def button(res, label: str) -> dict:
    (found,) = [b for b in res.buttons if b["label"] == label]
    return found


async def test_every_guide_pages_forward_and_back_for_whoever_asked(tmp_path):
    """Back / Next through every page, then the section menu; each player pages their own."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            async with running_bot(fake, str(tmp_path / "t.db")):
                for kind, engine in REGISTRY.items():
                    pages = guides.guide(kind)
                    res = await fake.slash(ann, chan, f"{kind} rules")
                    assert res.ephemeral and engine.title in res.embeds[0]["title"]
                    assert page_of(res) == (1, len(pages))
                    assert button(res, "◀ Back").get("disabled")
                    message = res.message
                    seen = [res.embeds[0]["description"]]
                    # Next through every page: each one is accepted by the fake Discord, which
                    # rejects embeds over 4096 / 6000 characters, as Discord does.
                    for n in range(2, len(pages) + 1):
                        res = await fake.click(ann, message, button(res, "Next ▶")["custom_id"])
                        assert res.response_type == 7 and res.ephemeral
                        assert page_of(res) == (n, len(pages))
                        assert pages[n - 1].title in res.embeds[0]["title"]
                        seen.append(res.embeds[0]["description"])
                    assert seen == [p.body for p in pages]
                    assert button(res, "Next ▶").get("disabled")
                    res = await fake.click(ann, message, button(res, "◀ Back")["custom_id"])
                    assert page_of(res) == (len(pages) - 1, len(pages))
                    # The menu jumps straight to a section.
                    res = await fake.select(ann, message, f"tv:gs:{kind}", ["1"])
                    assert res.response_type == 7 and page_of(res) == (2, len(pages))
                    assert pages[1].title in res.embeds[0]["title"]
                # Another player's guide is their own; paging it leaves ann's alone.
                res = await fake.slash(ben, chan, "ziegen rules")
                first = await fake.click(ben, res.message, button(res, "Next ▶")["custom_id"])
                assert first.ephemeral and page_of(first)[0] == 2
                assert page_of(res)[0] == 2 and res.message.id != message.id
            assert fake.unknown_calls == []


async def test_card_reference_with_autocomplete(tmp_path):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann = fake.add_user("ann")
            async with running_bot(fake, str(tmp_path / "t.db")):
                choices = await fake.autocomplete(ann, chan, "wichtel card", "name", typed="nix")
                assert [c["value"] for c in choices] == ["nd"]
                assert choices[0]["name"] == "Nix da! (No way!)"
                res = await fake.slash(ann, chan, "wichtel card", name="nd")
                assert res.ephemeral and res.embeds[0]["title"] == "Nix da! (No way!)"
                assert "Facts" in res.embed_text and "enlister" in res.embed_text
                # Typed by hand instead of picked: a name or another name works too.
                res = await fake.slash(ann, chan, "wichtel card", name="Come here")
                assert res.embeds[0]["title"] == "Komm mal her! (Come here!)"
                res = await fake.slash(ann, chan, "henchmania card", name="Silk Glove")
                assert "house rule" in res.embed_text.lower()
                res = await fake.slash(ann, chan, "korrigans card", name="no such thing")
                assert res.ephemeral and not res.embeds and "no Korrigans card" in res.content
                for kind in REGISTRY:  # an empty search offers at most 25
                    choices = await fake.autocomplete(ann, chan, f"{kind} card", "name")
                    assert 1 <= len(choices) <= 25
            assert fake.unknown_calls == []


def dm_patches(fake, mark: int, user) -> int:
    channel = fake.dm_channel(user)
    return sum(
        1
        for r in fake.requests[mark:]
        if r.method == "PATCH"
        and channel is not None
        and r.path.startswith(f"/channels/{channel.id}/messages/")
    )


async def assert_no_stale_dm_controls(table: Table) -> None:
    """Every DM that still shows controls belongs to a seat deciding now, with its current token,
    and each player has at most one such DM."""
    game = await table.game()
    acting = set(table.service.to_act(game)) if game.status == "running" else set()
    for seat, user in table.users.items():
        token = str(game.seats[seat].prompt_version)
        live = [m for m in table.fake.dm_messages(user) if controls(m)]
        assert len(live) <= 1, f"{user.name} has {len(live)} DMs with controls"
        for message in live:
            for custom_id, _value in controls(message):
                assert seat in acting and custom_id.split(":")[3] == token, (
                    f"{user.name}'s DM {message.id} shows out-of-date controls"
                )


async def test_first_dm_points_to_the_guide_and_dm_panels_never_go_stale(tmp_path):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            cy = fake.add_user("cy", dms_open=False)
            async with running_bot(fake, str(tmp_path / "t.db"), seed=7) as bot:
                for user in (ann, ben, cy):  # every decision asked, a lone one too
                    res = await fake.slash(user, chan, "settings", obvious="ask")
                    assert "you are asked" in res.content
                _lobby, thread = await open_table(
                    fake, chan, ann, "ziegen", joiners=(ben, cy), bots=0
                )
                game = (await bot.tables.games_of_user(ann.id))[0]
                table = Table(fake, bot, game.id, thread, {0: ann, 1: ben, 2: cy})
                for user in (ann, ben):  # the first DM: where the guide is, how to move
                    (first,) = fake.dm_messages(user)
                    assert "/ziegen rules" in first.content and "/ziegen card" in first.content
                    assert "button" in first.content and "/ziegen move" in first.content
                    assert controls(first)  # everyone decides the opening dog swap at once
                # With closed DMs, the note in the thread points to the guide instead.
                (note,) = [m for m in fake.channel_messages(thread) if f"<@{cy.id}>" in m.content]
                assert "/ziegen rules" in note.content
                await assert_no_stale_dm_controls(table)

                routes = {"dm": 0, "hand": 0, "slash": 0}
                order = ("hand", "slash", "dm")
                for n in range(24):
                    game = await table.game()
                    if game.status != "running":
                        break
                    seat = sorted(table.service.to_act(game))[0]
                    user = table.users[seat]
                    route = order[n % 3]
                    dms = [m for m in fake.dm_messages(user) if controls(m)]
                    if route == "dm" and not dms:
                        route = "hand"
                    mark = len(fake.requests)
                    before = game.move_count
                    if route == "dm":
                        res = await use_control(fake, user, dms[-1], controls(dms[-1])[0])
                    elif route == "hand":
                        res = await fake.click(
                            user, table.board(), fake.find_button(table.board(), "My hand")
                        )
                        res = await use_control(fake, user, res.message, controls(res.message)[0])
                    else:
                        choices = await fake.autocomplete(user, thread, "ziegen move", "action")
                        res = await fake.slash(
                            user, thread, "ziegen move", action=choices[0]["value"]
                        )
                    await fake.settle()
                    assert (await table.game()).move_count > before, res.content
                    routes[route] += 1
                    if route == "dm":  # the click's own answer repainted it: no extra call
                        assert dm_patches(fake, mark, user) == 0
                    elif dms:  # moved elsewhere while a DM showed buttons: one repaint
                        assert dm_patches(fake, mark, user) == 1
                    await assert_no_stale_dm_controls(table)
                assert all(routes.values()), routes
                # Only the first DM of the game carries the pointer to the guide.
                later = fake.dm_messages(ann)[1:]
                assert later and not any("/ziegen rules" in m.content for m in later)

                # A reminder repeats the controls in a new DM: the older DM loses its buttons,
                # then a move from the reminder leaves no live buttons behind either.
                game = await table.game()
                waiting = [table.users[s] for s in table.service.to_act(game)]
                bot.tables.clock = lambda: time.time() + 30 * 86400
                assert await bot.get_cog("Tables").run_reminders() == 1
                await fake.settle()
                await assert_no_stale_dm_controls(table)
                for user in waiting:
                    reminder = fake.dm_messages(user)[-1]
                    assert "Reminder" in reminder.embeds[0]["title"] and controls(reminder)
                user = waiting[0]
                reminder = fake.dm_messages(user)[-1]
                await use_control(fake, user, reminder, controls(reminder)[0])
                await fake.settle()
                await assert_no_stale_dm_controls(table)

                # Abandoning the game takes the buttons off every DM.
                res = await fake.slash(ann, thread, "abandon")
                assert "abandoned" in res.content
                await fake.settle()
                await assert_no_stale_dm_controls(table)
            assert fake.unknown_calls == []


async def test_a_dm_panel_is_repainted_after_a_restart_too(tmp_path):
    db = str(tmp_path / "t.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Tavern")
            chan = fake.add_text_channel(guild, "games")
            ann, ben = fake.add_user("ann"), fake.add_user("ben")
            async with running_bot(fake, db, seed=7) as bot:
                _lobby, thread = await open_table(fake, chan, ann, "ziegen", joiners=(ben,), bots=0)
                game = (await bot.tables.games_of_user(ann.id))[0]
            (ann_dm,) = fake.dm_messages(ann)
            assert controls(ann_dm)
            # A new process: it knows the DM panels from the database, not from memory.
            async with running_bot(fake, db, seed=7) as bot:
                table = Table(fake, bot, game.id, thread, {0: ann, 1: ben})
                res = await fake.click(
                    ann, table.board(), fake.find_button(table.board(), "My hand")
                )
                mark = len(fake.requests)
                await use_control(fake, ann, res.message, controls(res.message)[0])
                await fake.settle()
                assert dm_patches(fake, mark, ann) == 1
                assert fake.message(ann_dm.id).edit_count >= 1
                await assert_no_stale_dm_controls(table)
            assert fake.unknown_calls == []


async def test_a_german_player_reads_the_german_guide_and_cards(tmp_path):
    """guides/de/ for a player whose Discord speaks German, paging included; English for the
    others at the same server; the card autocomplete offers German names for German typing."""
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Stammtisch", preferred_locale="de")
            chan = fake.add_text_channel(guild, "spiele")
            anna = fake.add_user("anna", locale="de")
            ben = fake.add_user("ben")
            async with running_bot(fake, str(tmp_path / "t.db")):
                pages = guides.guide("wichtel", "de")
                res = await fake.slash(anna, chan, "wichtel rules")
                assert res.ephemeral
                assert res.embeds[0]["title"] == "Der Herr der Wichtel: Überblick"
                assert res.embeds[0]["description"] == pages[0].body
                assert "Gefolge" in res.embeds[0]["description"]
                assert res.embeds[0]["footer"]["text"].startswith(f"Seite 1 von {len(pages)}")
                res = await fake.click(anna, res.message, button(res, "Weiter ▶")["custom_id"])
                assert res.embeds[0]["title"] == f"Der Herr der Wichtel: {pages[1].title}"
                assert res.embeds[0]["description"] == pages[1].body
                # Ben, English, at the same table of the same server, reads the English guide.
                res = await fake.slash(ben, chan, "wichtel rules")
                assert res.embeds[0]["title"] == "Der Herr der Wichtel: Overview"
                # Cards: German names, German or English typing, German facts.
                choices = await fake.autocomplete(
                    anna, chan, "henchmania card", "name", typed="klatsch"
                )
                assert [c["name"] for c in choices] == ["Klatsch", "Klatsch (alt)"]
                choices = await fake.autocomplete(
                    anna, chan, "wichtel card", "name", typed="family"
                )
                assert choices == [{"name": "Familie", "value": "fa"}]
                res = await fake.slash(anna, chan, "wichtel card", name="nd")
                assert res.embeds[0]["title"] == "Nix da!"
                assert "Fakten" in res.embed_text and "Anwerber" in res.embed_text
                assert "Aktionskarte · 1 Exemplar" in res.embed_text
            assert fake.unknown_calls == []
