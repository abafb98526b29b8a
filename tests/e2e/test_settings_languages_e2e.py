"""Issue 13 for the words of issue 15 and of undo: /settings, /away, /undo, their errors, the
confirmation question with its Confirm/Cancel buttons and the Undo button answer a German and a
Spanish player in their Discord language; the board's Away field and the table's news about an
away player speak the table's language (here the German server's)."""

from __future__ import annotations

from tests.e2e.harness import Table, ask_every_decision, controls, running_bot, use_control
from tests.fakediscord import FakeDiscord, error_log_guard, run_bot


def _button(res, prefix: str) -> dict | None:
    found = [b for b in res.buttons if b.get("custom_id", "").startswith(prefix)]
    return found[0] if found else None


async def _german_table(fake, chan, anna, bruno, game: str):
    """A table of ``game`` opened by Anna on a German server, Bruno joined, started (both
    decide every decision themselves, a lone one too)."""
    await ask_every_decision(fake, chan, anna, bruno)
    res = await fake.slash(anna, chan, "play", options={"game": game})
    lobby = res.message
    res = await fake.click(bruno, lobby, fake.find_button(lobby, "Mitspielen"))
    assert res.response_type == 7
    res = await fake.click(anna, lobby, fake.find_button(lobby, "Starten"))
    assert res.response_type == 7 and "Begonnen" in res.embed_text
    await fake.settle()
    return fake.threads(chan)[-1]


async def test_settings_away_and_undo_answer_in_the_players_language(make_bot, clock):
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Stammtisch", preferred_locale="de")
            chan = fake.add_text_channel(guild, "spiele")
            anna = fake.add_user("anna", locale="de")
            bruno = fake.add_user("bruno", locale="es-ES")
            bot = make_bot(clock=clock)
            async with run_bot(bot, fake, commands=True):
                # /settings' notify choices are named in German and Spanish too
                command = next(c for c in fake.commands[None] if c["name"] == "settings")
                notify = next(o for o in command["options"] if o["name"] == "notify")
                named = {c["value"]: c.get("name_localizations") or {} for c in notify["choices"]}
                assert named["dm"]["de"] == "Eine Direktnachricht"
                assert named["mention"]["es-ES"] == "Una mención en el hilo de la partida"
                obvious = next(o for o in command["options"] if o["name"] == "obvious")
                named = {c["value"]: c.get("name_localizations") or {} for c in obvious["choices"]}
                assert (
                    named["auto"]["de"]
                    == "Das Offensichtliche im Tempo der Bots für mich entscheiden"
                )
                assert named["ask"]["es-ES"] == "Pregúntame siempre"
                assert obvious["description_localizations"]["de"].startswith("Entscheidung mit")
                # /settings: the answer and its errors in each asker's language
                res = await fake.slash(anna, chan, "settings")
                assert res.ephemeral and "**Deine Einstellungen**" in res.content
                assert "angekündigt durch: eine Direktnachricht" in res.content
                assert "Ruhezeit: keine" in res.content
                res = await fake.slash(bruno, chan, "settings", notify="both", remind_hours=12)
                assert "**Tus ajustes**" in res.content and "cada 12 h" in res.content
                assert "se anuncia con: ambos" in res.content
                res = await fake.slash(anna, chan, "settings", timezone="Mars/Base")
                assert res.ephemeral and "keine Zeitzone, die ich kenne" in res.content
                res = await fake.slash(bruno, chan, "settings", quiet_start=22)
                assert res.ephemeral and "los dos extremos" in res.content

                thread = await _german_table(fake, chan, anna, bruno, "ziegen")
                game = (await bot.tables.games_in_channel(chan.id))[0]
                table = Table(fake, bot, game.id, thread, {0: anna, 1: bruno})

                # /undo: the answer, the Undo button and the refusals in the asker's language
                res = await fake.slash(anna, thread, "ziegen move", action="mull:0")
                undo = _button(res, "tv:u:")
                assert undo and undo["label"] == "Letzte Entscheidung zurücknehmen"
                res = await fake.slash(anna, thread, "undo")
                assert res.ephemeral
                assert "Du hast deine letzte Entscheidung zurückgenommen." in res.content
                res = await fake.slash(anna, thread, "undo")
                assert res.ephemeral and res.content.startswith("Es gibt nichts, was du")
                await fake.slash(anna, thread, "ziegen move", action="mull:0")
                res = await fake.slash(bruno, thread, "undo")
                assert res.ephemeral and res.content.startswith("Alguien más ha decidido")
                await fake.settle()
                game = await table.game()
                assert any(
                    "hat die letzte Entscheidung zurückgenommen" in line for line in game.recent
                ), game.recent  # the table's language

                # /away: Bruno's answer in Spanish; the board and its news in German
                res = await fake.slash(bruno, chan, "away", days=5, bot_sit=True)
                assert res.ephemeral and res.content.startswith("Estás ausente hasta <t:")
                assert "un bot juega por ti" in res.content and "`/ausente days:0`" in res.content
                await fake.settle()
                fields = table.board().embeds[0]["fields"]
                away = [f for f in fields if f["name"] == "Abwesend"]
                assert len(away) == 1, fields
                (away,) = away
                assert f"<@{bruno.id}> bis <t:" in away["value"]
                assert "ein Bot spielt für" in away["value"]
                game = await table.game()
                assert any("ist abwesend bis" in line for line in game.recent), game.recent
                res = await fake.slash(anna, thread, "replace", player=bruno)
                assert res.ephemeral and "ist abwesend bis" in res.content
                assert "14 Tage abwesend sein" in res.content
                res = await fake.slash(bruno, chan, "away", days=0)
                assert res.ephemeral and res.content.startswith("¡Bienvenido de nuevo!")
                res = await fake.slash(bruno, chan, "away", days=0)
                assert res.ephemeral and res.content == "No estás ausente."
                await fake.settle()
                game = await table.game()
                assert any("ist zurück und spielt wieder selbst" in line for line in game.recent), (
                    game.recent
                )


async def test_the_confirmation_asks_in_the_players_language(tmp_path):
    db = str(tmp_path / "tavern.db")
    with error_log_guard():
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Stammtisch", preferred_locale="de")
            chan = fake.add_text_channel(guild, "spiele")
            anna = fake.add_user("anna", locale="de")
            bruno = fake.add_user("bruno", locale="es-ES")
            async with running_bot(fake, db) as bot:
                thread = await _german_table(fake, chan, anna, bruno, "henchmania")
                game = (await bot.tables.games_in_channel(chan.id))[0]
                table = Table(fake, bot, game.id, thread, {0: anna, 1: bruno})
                engine = bot.tables.engine("henchmania")
                english = "Pass for the rest of the day?"
                asked = set()
                for _ in range(400):
                    game = await table.game()
                    if game.status != "running" or asked == {"de", "es"}:
                        break
                    seat = bot.tables.to_act(game)[0]
                    user = table.users[seat]
                    lang = "de" if user is anna else "es"
                    if lang not in asked and "pass" in engine.legal_actions(
                        bot.tables.state(game), seat
                    ):
                        question = bot.tables.undo.confirmation(game, seat, "pass", lang)
                        assert question and english not in question
                        panel = await table.panel(user)
                        passing = [
                            (c, v)
                            for c, v in controls(panel)
                            if v == "pass" or (v is None and c.endswith(":pass"))
                        ]
                        res = await use_control(fake, user, panel, passing[0])
                        assert res.response_type == 7 and f"**{question}**" in res.content
                        confirm, cancel = _button(res, "tv:c:"), _button(res, "tv:x:")
                        word = {
                            "de": ("Bestätigen: ", "Abbrechen"),
                            "es": ("Confirmar: ", "Cancelar"),
                        }[lang]
                        assert confirm["label"].startswith(word[0]), confirm
                        assert cancel["label"] == word[1], cancel
                        res = await fake.click(user, res.original, cancel["custom_id"])
                        assert res.response_type == 7
                        # typed, the same question in the same language
                        res = await fake.slash(user, thread, "henchmania move", action="pass")
                        assert res.ephemeral and f"**{question}**" in res.content
                        asked.add(lang)
                    await table.play_one()
                assert asked == {"de", "es"}
