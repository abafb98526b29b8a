"""Herr der Ziegen in the guides: the facts line of every component (``facts``), derived from
the engine's data tables (never retyped), and the words they are built from, per language.

Found by the game's name (``Engine.part("facts")``: ``guides/<game>.py``); its keys are the
complete list of the game's components, and ``ziegen_cards.md`` has an entry for each.
"""

from __future__ import annotations

from .words import said

# language -> id -> template (English is the fallback of a missing language or id)
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "with": "{c} with {n} players",
        "set": "Goat set · {size} goats valued {values}, one of each · {sets} sets in the box",
        "dog": "Dog card · moves nothing on the border · {counts}",
        "milk": "Milk Shake card · value {value} · {counts}",
        "pen": "Goat Pen · one per player, on a border cell of the pasture",
        "largegoat": "Large Goat token · one per player, walks around the pasture's edge",
        "smallgoat": "Small Goat tokens · as many as needed, they mark your claimed goats",
    },
    "de": {
        "with": "{c} bei {n} Spielern",
        "set": "Ziegen-Satz · {size} Ziegen mit Werten {values}, je eine · {sets} Sätze in der "
        "Schachtel",
        "dog": "Hundekarte · bewegt nichts am Rand · {counts}",
        "milk": "Milchshake-Karte · Wert {value} · {counts}",
        "pen": "Ziegenpferch · einer pro Spieler, auf einem Randfeld der Weide",
        "largegoat": "Große Ziege (Spielfigur) · eine pro Spieler, läuft um den Rand der Weide",
        "smallgoat": "Kleine Ziegen (Marker) · so viele wie nötig, sie markieren deine "
        "beanspruchten Ziegen",
    },
    "es": {
        "with": "{c} con {n} jugadores",
        "set": "Juego de cabras · {size} cabras de valores {values}, una de cada · {sets} "
        "juegos en la caja",
        "dog": "Carta de Perro · no mueve nada en el borde · {counts}",
        "milk": "Carta de Batido · valor {value} · {counts}",
        "pen": "Corral · uno por jugador, en una casilla del borde del prado",
        "largegoat": "Ficha de cabra grande · una por jugador, recorre el borde del prado",
        "smallgoat": "Fichas de cabra pequeña · tantas como hagan falta, marcan tus cabras "
        "reclamadas",
    },
}


def w(lang: str, word: str, /, **params) -> str:
    return said(WORDS, lang, word, **params)


def facts(lang: str = "en") -> dict[str, str]:
    from engines.ziegen import data as d

    def by_players(index: int, total: int) -> str:
        counts = {n: total - d.REMOVALS[n][index] for n in sorted(d.REMOVALS, reverse=True)}
        return ", ".join(w(lang, "with", c=c, n=n) for n, c in counts.items())

    values = "-".join(map(str, (min(d.SET_VALUES), max(d.SET_VALUES))))
    out = {
        key: w(lang, "set", size=d.SET_SIZE, values=values, sets=d.NUM_SETS) for key in d.SET_KEYS
    }
    out["dog"] = w(lang, "dog", counts=by_players(1, d.NUM_DOGS))
    for value in sorted(set(d.MILK_VALUES)):
        total = d.MILK_VALUES.count(value)
        out[f"milk{value}"] = w(lang, "milk", value=value, counts=by_players(1 + value, total))
    for key in ("pen", "largegoat", "smallgoat"):
        out[key] = w(lang, f"{key}")
    return out
