"""Der Herr der Wichtel in the guides: the facts line of every component (``facts``), derived from
the engine's data tables (never retyped), and the words they are built from, per language.

Found by the game's name (``Engine.part("facts")``: ``guides/<game>.py``); its keys are the
complete list of the game's components, and ``wichtel_cards.md`` has an entry for each.
"""

from __future__ import annotations

from .words import copies, said

# language -> id -> template (English is the fallback of a missing language or id)
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "lep": "Leprechaun · value {value} · {copies} in the deck",
        "event": "Event card",
        "bribe": " · bribe, rank {rank} of {of}",
        "need": " · the enlister needs {n}+ on the die",
        "supervisor": "The Supervisor card · 1 copy · two sides: {sides}",
    },
    "de": {
        "lep": "Wichtel · Wert {value} · {copies} im Stapel",
        "event": "Aktionskarte",
        "bribe": " · Bestechung, Rang {rank} von {of}",
        "need": " · der Anwerber braucht eine {n}+ auf dem Würfel",
        "supervisor": "Die Wahlleiter-Karte · 1 Exemplar · zwei Seiten: {sides}",
    },
    "es": {
        "lep": "Duende · valor {value} · {copies} en el mazo",
        "event": "Carta de evento",
        "bribe": " · soborno, rango {rank} de {of}",
        "need": " · quien recluta necesita {n}+ en el dado",
        "supervisor": "La carta del Wahlleiter · 1 copia · dos caras: {sides}",
    },
}


def w(lang: str, word: str, /, **params) -> str:
    return said(WORDS, lang, word, **params)


def facts(lang: str = "en") -> dict[str, str]:
    from engines.wichtel import data as d

    out = {}
    for code, (count, value, _german, _english) in d.LEPRECHAUNS.items():
        out[code] = w(lang, "lep", value=value, copies=copies(lang, count))
    for code, (count, _name) in d.EVENTS.items():
        what = w(lang, "event")
        if code in d.BRIBE_RANK:
            what += w(lang, "bribe", rank=d.BRIBE_RANK[code], of=len(d.BRIBE_RANK))
        if code in d.BRIBE_NEED:
            what += w(lang, "need", n=d.BRIBE_NEED[code])
        out[code] = f"{what} · {copies(lang, count)}"
    out["wahlleiter"] = w(
        lang,
        "supervisor",
        sides=" / ".join(f"{text} ({side})" for side, text in d.WAHLLEITER_SIDE.items()),
    )
    return out
