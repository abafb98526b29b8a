"""The few words of the guides that are built in code, per language: the loader's own labels
(the options page, "continued", copies). A game's own words (its facts lines) live in its
``guides/<game>.py``, beside its guides; an option's help is the game's catalog's
(``Engine.option_text``), the same the lobby shows.

The guides' text itself is Markdown (``guides/<lang>/``); these are only the pieces assembled
around it. A language missing here, or an id missing in a language, falls back to English.
Names from the engines' tables (sites, tokens, menhirs, "when" reminders) come from the games'
own catalogs (``engines.translations``), so a name reads the same in the guide as on the board.
"""

from __future__ import annotations

from engines import translations
from engines.words import name_context

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "options": "Options",
        "continued": "{title} (continued)",
        "every_option": "**Every option of this game:**",
        "option": "- `{key}` (default `{value}`{shown}): {help}",
        "choices": "; choices: {choices}",
        "copies.one": "1 copy",
        "copies.other": "{n} copies",
        "every_table": "**Every table** (`{play}` options, all games): `clock:` a turn clock: "
        "`none`, a time per move like `2d`, or a bank plus time per move like `7d+1d`. The "
        "board shows each player's time; warnings come at half of it, a day and an hour "
        "before it runs out (after your quiet hours). `on_timeout:` what happens then: a bot "
        "plays the seat until its player clicks **I'm back**, the seat passes (where the rules "
        "let it; else a bot plays), or the table votes. `{vote}` asks the seated players: end "
        "now (scores as they stand, or no result), pause, resume, or hand an absent player's "
        "seat to a bot; a majority decides, a tie is no, a vote expires after 48 hours.",
    },
    "de": {
        "options": "Optionen",
        "continued": "{title} (Fortsetzung)",
        "every_option": "**Alle Optionen dieses Spiels:**",
        "option": "- `{key}` (Standard `{value}`{shown}): {help}",
        "choices": "; Auswahl: {choices}",
        "copies.one": "1 Exemplar",
        "copies.other": "{n} Exemplare",
        "every_table": "**Jeder Tisch** (Optionen von `{play}`, alle Spiele): `clock:` eine "
        "Zuguhr: `none`, eine Zeit pro Zug wie `2d`, oder ein Zeitkonto plus Zeit pro Zug wie "
        "`7d+1d`. Das Brett zeigt die Zeit jeder Person; Warnungen kommen bei der Hälfte, einen "
        "Tag und eine Stunde vor Ablauf (nach deiner Ruhezeit). `on_timeout:` was dann "
        "passiert: ein Bot spielt den Platz, bis seine Person **Bin zurück** klickt, der Platz "
        "passt (wo die Regeln es erlauben; sonst spielt ein Bot), oder der Tisch stimmt ab. "
        "`{vote}` fragt die Sitzenden: jetzt beenden (mit dem Punktestand oder ohne "
        "Ergebnis), pausieren, fortsetzen, oder den Platz einer abwesenden Person an einen Bot "
        "geben; die Mehrheit entscheidet, Gleichstand heißt nein, nach 48 Stunden verfällt "
        "die Abstimmung.",
    },
    "es": {
        "options": "Opciones",
        "continued": "{title} (continuación)",
        "every_option": "**Todas las opciones de este juego:**",
        "option": "- `{key}` (por defecto `{value}`{shown}): {help}",
        "choices": "; valores: {choices}",
        "copies.one": "1 copia",
        "copies.other": "{n} copias",
        "every_table": "**Cada mesa** (opciones de `{play}`, todos los juegos): `clock:` un "
        "reloj: `none`, un tiempo por jugada como `2d`, o una reserva más tiempo por jugada "
        "como `7d+1d`. El tablero muestra el tiempo de cada jugador; los avisos llegan a la "
        "mitad, un día y una hora antes de que se acabe (tras tus horas de silencio). "
        "`on_timeout:` qué pasa entonces: un bot juega el asiento hasta que su jugador pulse "
        "**He vuelto**, el asiento pasa (donde las reglas lo permiten; si no, juega un bot), o "
        "la mesa vota. `{vote}` pregunta a quienes están sentados: terminar ya (con la "
        "puntuación actual o sin resultado), pausar, reanudar, o dar el asiento de alguien "
        "ausente a un bot; decide la mayoría, un empate es no, una votación caduca a las 48 "
        "horas.",
    },
}


def said(words: dict[str, dict[str, str]], lang: str, word: str, /, **params) -> str:
    """The word ``word`` of a table ``words`` (language -> id -> template) in ``lang`` (English
    when missing), formatted."""
    template = words.get(lang, {}).get(word) or words["en"][word]
    return template.format(**params)


def w(lang: str, word: str, /, **params) -> str:
    """The guide word ``word`` in ``lang`` (English when missing), formatted."""
    return said(WORDS, lang, word, **params)


def copies(lang: str, n: int) -> str:
    return w(lang, "copies.one") if n == 1 else w(lang, "copies.other", n=n)


def name(lang: str, game: str, table: str, key: str, english: str) -> str:
    """An engine's name (e.g. a site) as that game's catalog shows it in ``lang``."""
    return translations.translate(game, name_context(game, table, key), english, lang)


def option_help(lang: str, game: str, key: str) -> str:
    """An option's help in ``lang``: the game's catalog (``Engine.option_text``), the same
    message the lobby shows."""
    from engines import REGISTRY

    return REGISTRY[game].option_text(key, lang)
