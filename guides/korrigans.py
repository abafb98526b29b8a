"""Korrigans in the guides: the facts line of every component (``facts``), derived from
the engine's data tables (never retyped), and the words they are built from, per language.

Found by the game's name (``Engine.part("facts")``: ``guides/<game>.py``); its keys are the
complete list of the game's components, and ``korrigans_cards.md`` has an entry for each.
"""

from __future__ import annotations

from .words import name, said

# language -> id -> template (English is the fallback of a missing language or id)
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "companion": "Companion (Clover token)",
        "gold": "Gold coin (Clover token) · worth {n}",
        "token": "{what} · {base} in the bag's mix, {extra} more with {from_}-5 players",
        "menhir": "Menhir",
        "menhir_gold": " · worth {n} gold, kept",
        "carry": " · its token is worth {n:+d} gold · {tokens} tokens",
        "menhir_count": "{what} · {count} of the 16 Menhirs",
        "or": " or ",
        "backup": "Backup Companion · {n} tokens · a {sides}, once a game",
        "rainbow": "Rainbow pawns · {n} of each of {colours} colours, drawn from the bag",
        "korrigans.one": "{n} Korrigan +{v}",
        "korrigans.other": "{n} Korrigans +{v}",
        "cauldron": "Cauldron of Gold · appears with the 7th colour · bonus: {bonus}",
    },
    "de": {
        "companion": "Begleiter (Kleeblatt-Plättchen)",
        "gold": "Goldmünze (Kleeblatt-Plättchen) · Wert {n}",
        "token": "{what} · {base} in der Beutel-Mischung, {extra} mehr bei {from_}-5 Spielern",
        "menhir": "Menhir",
        "menhir_gold": " · {n} Gold wert, wird behalten",
        "carry": " · sein Plättchen ist {n:+d} Gold wert · {tokens} Plättchen",
        "menhir_count": "{what} · {count} der 16 Menhire",
        "or": " oder ",
        "backup": "Ersatzbegleiter · {n} Plättchen · ein {sides}, einmal pro Spiel",
        "rainbow": "Regenbogen-Figuren · {n} von jeder der {colours} Farben, aus dem Beutel "
        "gezogen",
        "korrigans.one": "{n} Korrigan +{v}",
        "korrigans.other": "{n} Korrigans +{v}",
        "cauldron": "Goldkessel · erscheint mit der 7. Farbe · Bonus: {bonus}",
    },
    "es": {
        "companion": "Compañero (ficha de Trébol)",
        "gold": "Moneda de oro (ficha de Trébol) · vale {n}",
        "token": "{what} · {base} en la mezcla de la bolsa, {extra} más con {from_}-5 jugadores",
        "menhir": "Menhir",
        "menhir_gold": " · vale {n} de oro, se guarda",
        "carry": " · su ficha vale {n:+d} de oro · {tokens} fichas",
        "menhir_count": "{what} · {count} de los 16 menhires",
        "or": " o ",
        "backup": "Compañero de respaldo · {n} fichas · un {sides}, una vez por partida",
        "rainbow": "Peones del arcoíris · {n} de cada uno de los {colours} colores, sacados de "
        "la bolsa",
        "korrigans.one": "{n} Korrigan +{v}",
        "korrigans.other": "{n} Korrigans +{v}",
        "cauldron": "Caldero de oro · aparece con el 7.º color · bonificación: {bonus}",
    },
}


def w(lang: str, word: str, /, **params) -> str:
    return said(WORDS, lang, word, **params)


def facts(lang: str = "en") -> dict[str, str]:
    from engines.korrigans import data as d

    out = {}
    for kind in d.TOKEN_KINDS:
        what = (
            w(lang, "companion") if kind in d.COMPANIONS else w(lang, "gold", n=d.GOLD_VALUE[kind])
        )
        out[kind] = w(
            lang,
            "token",
            what=what,
            base=d.BASE_TOKENS[kind],
            extra=d.EXTRA_TOKENS[kind],
            from_=d.EXTRA_FROM_PLAYERS,
        )
    for kind, count in d.MENHIRS.items():
        what = w(lang, "menhir")
        if kind in d.MENHIR_GOLD:
            what += w(lang, "menhir_gold", n=d.MENHIR_GOLD[kind])
        if kind in d.CARRY_POINTS:
            what += w(lang, "carry", n=d.CARRY_POINTS[kind], tokens=d.CARRY_TOKENS[kind])
        out[kind] = w(lang, "menhir_count", what=what, count=count)
    sides = w(lang, "or").join(
        name(lang, "korrigans", "token", s, d.TOKEN_NAME[s]) for s in d.BACKUP_SIDES
    )
    out["backup"] = w(lang, "backup", n=d.BACKUP_TOKENS, sides=sides)
    out["rainbow"] = w(lang, "rainbow", n=d.PAWNS_PER_COLOUR, colours=len(d.RAINBOW))
    bonus = ", ".join(
        w(lang, "korrigans.one" if n == 1 else "korrigans.other", n=n, v=v)
        for n, v in d.CAULDRON_BONUS.items()
        if n
    )
    out["cauldron"] = w(lang, "cauldron", bonus=bonus)
    return out
