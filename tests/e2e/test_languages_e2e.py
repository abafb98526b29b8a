"""Languages end to end (issue 13): a German and a Spanish player at one table of a German server.

Each player's DMs and private answers speak their Discord client's language (``locale``, sent
with every interaction and remembered for the DMs sent later); the lobby, the board, the
thread's notes and the final scores speak the table's language (the server's preferred locale
unless ``/play language:`` says otherwise); slash commands carry German and Spanish names and
descriptions, and a German user can type ``/spielen``. A language we have no catalog for falls
back to English.
"""

from __future__ import annotations

import pictures
from tests.e2e.harness import Table, ask_every_decision, check_picture, controls, running_bot
from tests.fakediscord import FakeDiscord, error_log_guard


def _described(items):
    """Every command, sub-command and option (each has a description)."""
    for item in items:
        yield item
        yield from _described(item.get("options") or [])


def _dm_text(message) -> str:
    return message.content + "\n" + message.embed_text


async def test_each_player_reads_their_language_and_the_board_the_tables(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Stammtisch", preferred_locale="de")
            chan = fake.add_text_channel(guild, "spiele")
            anna = fake.add_user("anna", locale="de")
            bruno = fake.add_user("bruno", locale="es-ES")
            chloe = fake.add_user("chloe", locale="fr")
            async with running_bot(fake, db) as bot:
                # Slash commands are registered with German and Spanish names and descriptions.
                play = next(c for c in fake.commands[None] if c["name"] == "play")
                assert play["name_localizations"]["de"] == "spielen"
                assert play["name_localizations"]["es-ES"] == "jugar"
                assert play["name_localizations"]["es-419"] == "jugar"
                assert "fr" not in play["name_localizations"]  # English for the others
                assert play["description_localizations"]["de"].startswith("Eröffne")
                group = next(c for c in fake.commands[None] if c["name"] == "ziegen")
                assert (
                    group["description_localizations"]["es-ES"]
                    == "Herr der Ziegen: jugadas, reglas y cartas"
                )
                move = next(o for o in group["options"] if o["name"] == "move")
                assert move["name_localizations"]["de"] == "zug"
                for item in _described(fake.commands[None]):  # no description left English
                    local = item.get("description_localizations") or {}
                    assert {"de", "es-ES", "es-419"} <= set(local), item["name"]

                await ask_every_decision(fake, chan, anna, bruno, chloe)
                # Anna opens a table by the German name; the server speaks German: so does it.
                res = await fake.slash(anna, chan, "spielen", options={"game": "ziegen"})
                assert not res.ephemeral and "Plätze" in res.embed_text
                lobby = res.message
                res = await fake.click(bruno, lobby, fake.find_button(lobby, "Mitspielen"))
                assert res.response_type == 7 and f"<@{bruno.id}>" in res.embed_text
                # Errors are answered in the asker's language, whatever the table's.
                res = await fake.click(bruno, lobby, fake.find_button(lobby, "Mitspielen"))
                assert res.ephemeral and res.content == "Ya estás sentado en esta mesa."
                res = await fake.click(chloe, lobby, fake.find_button(lobby, "Starten"))
                assert res.ephemeral and "Only the host" in res.content  # fr: English
                res = await fake.click(
                    anna, lobby, fake.find_button(lobby, "Bot hinzufügen: leicht")
                )
                assert " (Bot)" in res.embed_text and " (bot)" not in res.embed_text
                res = await fake.click(anna, lobby, fake.find_button(lobby, "Starten"))
                assert res.response_type == 7 and "Begonnen" in res.embed_text
                await fake.settle()
                (thread,) = fake.threads(chan)
                game = (await bot.tables.games_of_user(anna.id))[0]
                assert await bot.tables.table_lang(game) == "de"
                table = Table(fake, bot, game.id, thread, {0: anna, 1: bruno})

                def board():
                    return table.board()

                labels = {b.get("label") for b in board().buttons}
                assert {"Meine Hand", "Brett als Text"} <= labels
                assert "Wir warten auf" in board().embed_text
                # The first DMs: each in its reader's language, with the welcome.
                (first_anna,) = fake.dm_messages(anna)
                (first_bruno,) = fake.dm_messages(bruno)
                assert first_anna.content.startswith(f"Tisch #{game.id}")
                assert "Neu bei Herr der Ziegen?" in first_anna.content
                assert first_bruno.content.startswith(f"Mesa #{game.id}")
                assert "¿Nuevo en Herr der Ziegen?" in first_bruno.content
                # The game's own words too (the engine's catalogs): the hand's headings.
                assert "Hand (" in first_anna.embed_text and "Mano (" in first_bruno.embed_text
                assert first_anna.embeds[0]["title"].startswith("Deine Entscheidung")
                assert first_bruno.embeds[0]["title"].startswith("Tu decisión")

                # Bruno's "My hand" on the German board answers him in Spanish.
                res = await fake.click(bruno, board(), fake.find_button(board(), "Meine Hand"))
                assert res.ephemeral and res.content.startswith(f"Mesa #{game.id}")
                # The text board, asked by Bruno: in Spanish (the words of the engine too).
                res = await fake.click(bruno, board(), fake.find_button(board(), "Brett als Text"))
                assert res.ephemeral and "Esperando a" in res.embed_text

                await table.play_to_end()
                assert (await table.game()).status == "finished"
                # Every DM went out in its reader's language, from the first to the last.
                anna_dms = fake.dm_messages(anna)
                bruno_dms = fake.dm_messages(bruno)
                assert len(anna_dms) > 1 and len(bruno_dms) > 1
                assert all(m.content.startswith(f"Tisch #{game.id}") for m in anna_dms)
                assert all(m.content.startswith(f"Mesa #{game.id}") for m in bruno_dms)
                assert not any(
                    "Table #" in _dm_text(m) or "Your turn" in _dm_text(m)
                    for m in anna_dms + bruno_dms
                )
                # The public side stayed German: the board, the scores in the thread.
                assert "Spiel vorbei" in board().embed_text
                # ... and its picture: the board's words drawn in German
                final = await table.game()
                names, view = [s.name for s in final.seats], bot.tables.view(final, None)
                drawn = check_picture(board())
                assert drawn == pictures.picture(final.kind, view, names, "de")
                assert drawn != pictures.picture(final.kind, view, names)
                texts = [m.content for m in fake.channel_messages(thread)]
                assert any(text.startswith("**Endstand**") for text in texts)
                assert not any("Final scores" in text for text in texts)
                assert any(text.startswith("🔒 **Faires Mischen.**") for text in texts)
                assert any("Prüfen mit `python -m fairplay verify" in text for text in texts)
                assert not any(controls(m) for m in anna_dms + bruno_dms[-1:])

                # /history answers Bruno in Spanish, its replay (the engine's words too) likewise.
                res = await fake.slash(bruno, thread, "history", table=game.id)
                assert res.ephemeral and res.embed_text.startswith("Historial ·")
                replay = fake.find_button(res.message, "Repetición")
                res = await fake.click(bruno, res.message, replay)
                assert res.ephemeral and "Inicio (0 de" in res.embed_text
                assert {b.get("label") for b in res.message.buttons} >= {"Atrás", "Adelante"}
                res = await fake.slash(anna, chan, "stats")
                assert res.ephemeral and "Statistik · dieser Server" in res.embed_text

                # Remembered: the languages are stored, for DMs sent after a restart.
                assert await bot.store.user_lang(bruno.id) == "es"
                assert await bot.store.user_lang(anna.id) == "de"

                # /play language: overrides the server's language; an unknown locale is English.
                res = await fake.slash(
                    chloe, chan, "play", options={"game": "wichtel", "language": "es"}
                )
                assert "Asientos" in res.embed_text
                assert {b.get("label") for b in res.message.buttons} >= {"Unirme", "Empezar"}
                res = await fake.slash(chloe, chan, "games")
                assert res.ephemeral and "lobby" in res.content and "Wichtel" in res.content
