"""Henchmania in the guides: the facts line of every component (``facts``), derived from
the engine's data tables (never retyped), and the words they are built from, per language.

Found by the game's name (``Engine.part("facts")``: ``guides/<game>.py``); its keys are the
complete list of the game's components, and ``henchmania_cards.md`` has an entry for each.
"""

from __future__ import annotations

from .words import copies, name, said

# language -> id -> template (English is the fallback of a missing language or id)
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "action": "Action card",
        "reserve": "Reserve card",
        "trump": "Trump card",
        "armory": "Armory card",
        "reserve_max": "at most {n} in a Reserve",
        "attack": "Attack {a}+, Defence {d}+",
        "animals": "Additional Card (option `animals`) · house rule",
        "alt_gloves": "Additional Card (option `alt_gloves`), replaces a basic Glove · house rule",
        "alt_henchmen": "Additional Card (option `alt_henchmen`), replaces one {base} · house rule",
        "when": "When: {when}",
    },
    "de": {
        "action": "Aktionskarte",
        "reserve": "Reservekarte",
        "trump": "Trumpfkarte",
        "armory": "Waffenkammer-Karte",
        "reserve_max": "höchstens {n} in einer Reserve",
        "attack": "Angriff {a}+, Verteidigung {d}+",
        "animals": "Zusatzkarte (Option `animals`) · Hausregel",
        "alt_gloves": "Zusatzkarte (Option `alt_gloves`), ersetzt einen einfachen Handschuh · "
        "Hausregel",
        "alt_henchmen": "Zusatzkarte (Option `alt_henchmen`), ersetzt eine Karte „{base}“ · "
        "Hausregel",
        "when": "Wann: {when}",
    },
    "es": {
        "action": "Carta de acción",
        "reserve": "Carta de reserva",
        "trump": "Carta de triunfo",
        "armory": "Carta de armería",
        "reserve_max": "como máximo {n} en una reserva",
        "attack": "Ataque {a}+, defensa {d}+",
        "animals": "Carta adicional (opción `animals`) · regla de la casa",
        "alt_gloves": "Carta adicional (opción `alt_gloves`), sustituye a un Guante básico · "
        "regla de la casa",
        "alt_henchmen": "Carta adicional (opción `alt_henchmen`), sustituye a una carta "
        "«{base}» · regla de la casa",
        "when": "Cuándo: {when}",
    },
}


def w(lang: str, word: str, /, **params) -> str:
    return said(WORDS, lang, word, **params)


def facts(lang: str = "en") -> dict[str, str]:
    from engines.henchmania import data as d

    kinds = {
        d.ACTION: "action",
        d.RESERVE: "reserve",
        d.TRUMP: "trump",
        d.ARMORY: "armory",
    }
    out = {}
    for key, (_name, site, count, kind, reserve_max, attack, defence) in d.CARDS.items():
        parts = [
            name(lang, "henchmania", "site", site, d.SITE_NAMES[site]),
            w(lang, kinds[kind]),
            copies(lang, count),
        ]
        if kind == d.RESERVE:
            parts.append(w(lang, "reserve_max", n=reserve_max))
        if kind == d.ARMORY:
            parts.append(w(lang, "attack", a=attack, d=defence))
        if key in d.ANIMALS:
            parts.append(w(lang, "animals"))
        elif key in d.ALT_GLOVES:
            parts.append(w(lang, "alt_gloves"))
        elif key in d.ALT_HENCHMEN:
            base = d.ALT_HENCHMEN[key]
            parts.append(
                w(
                    lang,
                    "alt_henchmen",
                    base=name(lang, "henchmania", "card", base, d.CARDS[base][0]),
                )
            )
        out[key] = " · ".join(parts)
        when = getattr(d, "WHEN", {}).get(key)
        if when:
            out[key] += "\n" + w(lang, "when", when=name(lang, "henchmania", "when", key, when))
    return out
