"""The few words of the guides that are built in code, per language: the loader's own labels
(the options page, "continued"), the facts lines of ``facts.py`` and the engines' option help.

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
        # wichtel
        "wi.lep": "Leprechaun · value {value} · {copies} in the deck",
        "wi.event": "Event card",
        "wi.bribe": " · bribe, rank {rank} of {of}",
        "wi.need": " · the enlister needs {n}+ on the die",
        "wi.supervisor": "The Supervisor card · 1 copy · two sides: {sides}",
        # henchmania
        "hm.action": "Action card",
        "hm.reserve": "Reserve card",
        "hm.trump": "Trump card",
        "hm.armory": "Armory card",
        "hm.reserve_max": "at most {n} in a Reserve",
        "hm.attack": "Attack {a}+, Defence {d}+",
        "hm.animals": "Additional Card (option `animals`) · house rule",
        "hm.alt_gloves": "Additional Card (option `alt_gloves`), replaces a basic Glove · "
        "house rule",
        "hm.alt_henchmen": "Additional Card (option `alt_henchmen`), replaces one {base} · "
        "house rule",
        "hm.when": "When: {when}",
        # ziegen
        "zi.with": "{c} with {n} players",
        "zi.set": "Goat set · {size} goats valued {values}, one of each · {sets} sets in the box",
        "zi.dog": "Dog card · moves nothing on the border · {counts}",
        "zi.milk": "Milk Shake card · value {value} · {counts}",
        "zi.pen": "Goat Pen · one per player, on a border cell of the pasture",
        "zi.largegoat": "Large Goat token · one per player, walks around the pasture's edge",
        "zi.smallgoat": "Small Goat tokens · as many as needed, they mark your claimed goats",
        # korrigans
        "ko.companion": "Companion (Clover token)",
        "ko.gold": "Gold coin (Clover token) · worth {n}",
        "ko.token": "{what} · {base} in the bag's mix, {extra} more with {from_}-5 players",
        "ko.menhir": "Menhir",
        "ko.menhir_gold": " · worth {n} gold, kept",
        "ko.carry": " · its token is worth {n:+d} gold · {tokens} tokens",
        "ko.menhir_count": "{what} · {count} of the 16 Menhirs",
        "ko.or": " or ",
        "ko.backup": "Backup Companion · {n} tokens · a {sides}, once a game",
        "ko.rainbow": "Rainbow pawns · {n} of each of {colours} colours, drawn from the bag",
        "ko.korrigans.one": "{n} Korrigan +{v}",
        "ko.korrigans.other": "{n} Korrigans +{v}",
        "ko.cauldron": "Cauldron of Gold · appears with the 7th colour · bonus: {bonus}",
    },
    "de": {
        "options": "Optionen",
        "continued": "{title} (Fortsetzung)",
        "every_option": "**Alle Optionen dieses Spiels:**",
        "option": "- `{key}` (Standard `{value}`{shown}): {help}",
        "choices": "; Auswahl: {choices}",
        "copies.one": "1 Exemplar",
        "copies.other": "{n} Exemplare",
        "wi.lep": "Wichtel · Wert {value} · {copies} im Stapel",
        "wi.event": "Aktionskarte",
        "wi.bribe": " · Bestechung, Rang {rank} von {of}",
        "wi.need": " · der Anwerber braucht eine {n}+ auf dem Würfel",
        "wi.supervisor": "Die Wahlleiter-Karte · 1 Exemplar · zwei Seiten: {sides}",
        "hm.action": "Aktionskarte",
        "hm.reserve": "Reservekarte",
        "hm.trump": "Trumpfkarte",
        "hm.armory": "Waffenkammer-Karte",
        "hm.reserve_max": "höchstens {n} in einer Reserve",
        "hm.attack": "Angriff {a}+, Verteidigung {d}+",
        "hm.animals": "Zusatzkarte (Option `animals`) · Hausregel",
        "hm.alt_gloves": "Zusatzkarte (Option `alt_gloves`), ersetzt einen einfachen Handschuh · "
        "Hausregel",
        "hm.alt_henchmen": "Zusatzkarte (Option `alt_henchmen`), ersetzt eine Karte „{base}“ · "
        "Hausregel",
        "hm.when": "Wann: {when}",
        "zi.with": "{c} bei {n} Spielern",
        "zi.set": "Ziegen-Satz · {size} Ziegen mit Werten {values}, je eine · {sets} Sätze in "
        "der Schachtel",
        "zi.dog": "Hundekarte · bewegt nichts am Rand · {counts}",
        "zi.milk": "Milchshake-Karte · Wert {value} · {counts}",
        "zi.pen": "Ziegenpferch · einer pro Spieler, auf einem Randfeld der Weide",
        "zi.largegoat": "Große Ziege (Spielfigur) · eine pro Spieler, läuft um den Rand der Weide",
        "zi.smallgoat": "Kleine Ziegen (Marker) · so viele wie nötig, sie markieren deine "
        "beanspruchten Ziegen",
        "ko.companion": "Begleiter (Kleeblatt-Plättchen)",
        "ko.gold": "Goldmünze (Kleeblatt-Plättchen) · Wert {n}",
        "ko.token": "{what} · {base} in der Beutel-Mischung, {extra} mehr bei {from_}-5 Spielern",
        "ko.menhir": "Menhir",
        "ko.menhir_gold": " · {n} Gold wert, wird behalten",
        "ko.carry": " · sein Plättchen ist {n:+d} Gold wert · {tokens} Plättchen",
        "ko.menhir_count": "{what} · {count} der 16 Menhire",
        "ko.or": " oder ",
        "ko.backup": "Ersatzbegleiter · {n} Plättchen · ein {sides}, einmal pro Spiel",
        "ko.rainbow": "Regenbogen-Figuren · {n} von jeder der {colours} Farben, aus dem Beutel "
        "gezogen",
        "ko.korrigans.one": "{n} Korrigan +{v}",
        "ko.korrigans.other": "{n} Korrigans +{v}",
        "ko.cauldron": "Goldkessel · erscheint mit der 7. Farbe · Bonus: {bonus}",
    },
    "es": {
        "options": "Opciones",
        "continued": "{title} (continuación)",
        "every_option": "**Todas las opciones de este juego:**",
        "option": "- `{key}` (por defecto `{value}`{shown}): {help}",
        "choices": "; valores: {choices}",
        "copies.one": "1 copia",
        "copies.other": "{n} copias",
        "wi.lep": "Duende · valor {value} · {copies} en el mazo",
        "wi.event": "Carta de evento",
        "wi.bribe": " · soborno, rango {rank} de {of}",
        "wi.need": " · quien recluta necesita {n}+ en el dado",
        "wi.supervisor": "La carta del Wahlleiter · 1 copia · dos caras: {sides}",
        "hm.action": "Carta de acción",
        "hm.reserve": "Carta de reserva",
        "hm.trump": "Carta de triunfo",
        "hm.armory": "Carta de armería",
        "hm.reserve_max": "como máximo {n} en una reserva",
        "hm.attack": "Ataque {a}+, defensa {d}+",
        "hm.animals": "Carta adicional (opción `animals`) · regla de la casa",
        "hm.alt_gloves": "Carta adicional (opción `alt_gloves`), sustituye a un Guante básico · "
        "regla de la casa",
        "hm.alt_henchmen": "Carta adicional (opción `alt_henchmen`), sustituye a una carta "
        "«{base}» · regla de la casa",
        "hm.when": "Cuándo: {when}",
        "zi.with": "{c} con {n} jugadores",
        "zi.set": "Juego de cabras · {size} cabras de valores {values}, una de cada · {sets} "
        "juegos en la caja",
        "zi.dog": "Carta de Perro · no mueve nada en el borde · {counts}",
        "zi.milk": "Carta de Batido · valor {value} · {counts}",
        "zi.pen": "Corral · uno por jugador, en una casilla del borde del prado",
        "zi.largegoat": "Ficha de cabra grande · una por jugador, recorre el borde del prado",
        "zi.smallgoat": "Fichas de cabra pequeña · tantas como hagan falta, marcan tus cabras "
        "reclamadas",
        "ko.companion": "Compañero (ficha de Trébol)",
        "ko.gold": "Moneda de oro (ficha de Trébol) · vale {n}",
        "ko.token": "{what} · {base} en la mezcla de la bolsa, {extra} más con {from_}-5 jugadores",
        "ko.menhir": "Menhir",
        "ko.menhir_gold": " · vale {n} de oro, se guarda",
        "ko.carry": " · su ficha vale {n:+d} de oro · {tokens} fichas",
        "ko.menhir_count": "{what} · {count} de los 16 menhires",
        "ko.or": " o ",
        "ko.backup": "Compañero de respaldo · {n} fichas · un {sides}, una vez por partida",
        "ko.rainbow": "Peones del arcoíris · {n} de cada uno de los {colours} colores, sacados "
        "de la bolsa",
        "ko.korrigans.one": "{n} Korrigan +{v}",
        "ko.korrigans.other": "{n} Korrigans +{v}",
        "ko.cauldron": "Caldero de oro · aparece con el 7.º color · bonificación: {bonus}",
    },
}

# The engines' option help (``Engine.option_help``) in other languages; English is the engine's.
OPTION_HELP: dict[str, dict[str, dict[str, str]]] = {
    "de": {
        "wichtel": {
            "target": "Summe, die das Spiel nach der Wertung einer Runde beendet (Regel: 99).",
            "bribes": "turns: reihum ab dem linken Nachbarn des Anwerbers, jeder sieht, ob die "
            "vorigen eine Karte gelegt haben (Regel); together: alle entscheiden "
            "gleichzeitig, schneller beim Spielen mit Pausen.",
        },
        "henchmania": {
            "days": "Anzahl der Tage (3 für ein kurzes Spiel, 5 für ein langes).",
            "target": "Punktzahl, die das Spiel am Ende eines Tages beendet (30, oder 25 für ein "
            "kürzeres Spiel).",
            "animals": "Zusatzkarten, Hausregel (unsere Effekte, nicht die gedruckten Karten): "
            "eine Tierkarte in jedem Ort-Stapel (27 Karten pro Ort).",
            "alt_gloves": "Zusatzkarten, Hausregel (unsere Effekte, nicht die gedruckten "
            "Karten): alternative Handschuhe statt einfacher: none, all, random "
            "oder die gewählten, mit + verbunden "
            "(falconer+gauntlet+silk+velvet+hunting).",
            "alt_henchmen": "Zusatzkarten, Hausregel (unsere Effekte, nicht die gedruckten "
            "Karten): alternative Handlanger statt ihrer Grundkarten: none, all, "
            "random oder die gewählten, mit + verbunden "
            "(porter2+gossip2+traitor2+drunk2+helm+mace+rshield+mail2).",
        },
        "ziegen": {
            "doubling": "Welche beanspruchten Karten am Ende doppelt zählen: 'line' = eine "
            "ununterbrochene gerade Reihe von deinem Pferch entlang seiner Zeile/"
            "Spalte (Standard); 'chain' = jede waagrecht/senkrecht verbundene Kette "
            "deiner Karten, die an deinen Pferch grenzt.",
        },
        "korrigans": {
            "placement": "standard: jeder Korrigan beginnt auf einem Feld mit deiner "
            "Spielernummer; advanced: stelle deine Korrigans auf beliebige Felder "
            "(Spielplanseite ohne Symbole).",
            "map": "welche Kartendatei gespielt wird.",
        },
    },
    "es": {
        "wichtel": {
            "target": "Total que termina la partida tras el recuento de una ronda (reglas: 99).",
            "bribes": "turns: por turno desde la izquierda de quien recluta, cada uno ve si los "
            "anteriores pusieron una carta (reglas); together: todos deciden a la vez, "
            "más rápido para jugar con pausas.",
        },
        "henchmania": {
            "days": "Número de días (3 para una partida corta, 5 para una larga).",
            "target": "Puntuación que termina la partida al final de un día (30, o 25 para una "
            "partida más corta).",
            "animals": "Cartas adicionales, regla de la casa (nuestros efectos, no las cartas "
            "impresas): una carta de animal en cada mazo de lugar (27 cartas por "
            "lugar).",
            "alt_gloves": "Cartas adicionales, regla de la casa (nuestros efectos, no las cartas "
            "impresas): Guantes alternativos en lugar de los básicos: none, all, "
            "random o los que elijas unidos con + "
            "(falconer+gauntlet+silk+velvet+hunting).",
            "alt_henchmen": "Cartas adicionales, regla de la casa (nuestros efectos, no las "
            "cartas impresas): Secuaces alternativos en lugar de sus cartas "
            "base: none, all, random o los que elijas unidos con + "
            "(porter2+gossip2+traitor2+drunk2+helm+mace+rshield+mail2).",
        },
        "ziegen": {
            "doubling": "Qué cartas reclamadas cuentan doble al final: 'line' = una fila recta "
            "sin cortes desde tu corral a lo largo de su fila o columna (por "
            "defecto); 'chain' = cualquier cadena ortogonal de tus cartas unida a "
            "tu corral.",
        },
        "korrigans": {
            "placement": "standard: cada Korrigan empieza en un campo marcado con tu número "
            "de jugador; advanced: coloca tus Korrigans en cualquier campo (cara "
            "del tablero sin iconos).",
            "map": "qué archivo de mapa se juega.",
        },
    },
}


def w(lang: str, word: str, /, **params) -> str:
    """The guide word ``word`` in ``lang`` (English when missing), formatted."""
    template = WORDS.get(lang, {}).get(word) or WORDS["en"][word]
    return template.format(**params)


def copies(lang: str, n: int) -> str:
    return w(lang, "copies.one") if n == 1 else w(lang, "copies.other", n=n)


def name(lang: str, game: str, table: str, key: str, english: str) -> str:
    """An engine's name (e.g. a site) as that game's catalog shows it in ``lang``."""
    return translations.translate(game, name_context(game, table, key), english, lang)


def option_help(lang: str, game: str, key: str, english: str) -> str:
    return OPTION_HELP.get(lang, {}).get(game, {}).get(key) or english
