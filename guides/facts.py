"""The numbers of every component, derived from the engines' data tables (never retyped).

``FACTS[game](lang)`` maps each component key of that game to a one-line summary (kind, value,
copies ...) in a language (words in ``words.py``; English by default). Its keys are the
complete list of components: the card reference must have an entry for each
(``tests/platform/test_guides.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from .words import copies, name, w


def wichtel(lang: str = "en") -> dict[str, str]:
    from engines.wichtel import data as d

    out = {}
    for code, (count, value, _german, _english) in d.LEPRECHAUNS.items():
        out[code] = w(lang, "wi.lep", value=value, copies=copies(lang, count))
    for code, (count, _name) in d.EVENTS.items():
        what = w(lang, "wi.event")
        if code in d.BRIBE_RANK:
            what += w(lang, "wi.bribe", rank=d.BRIBE_RANK[code], of=len(d.BRIBE_RANK))
        if code in d.BRIBE_NEED:
            what += w(lang, "wi.need", n=d.BRIBE_NEED[code])
        out[code] = f"{what} · {copies(lang, count)}"
    out["wahlleiter"] = w(
        lang,
        "wi.supervisor",
        sides=" / ".join(f"{text} ({side})" for side, text in d.WAHLLEITER_SIDE.items()),
    )
    return out


def henchmania(lang: str = "en") -> dict[str, str]:
    from engines.henchmania import data as d

    kinds = {
        d.ACTION: "hm.action",
        d.RESERVE: "hm.reserve",
        d.TRUMP: "hm.trump",
        d.ARMORY: "hm.armory",
    }
    out = {}
    for key, (_name, site, count, kind, reserve_max, attack, defence) in d.CARDS.items():
        parts = [
            name(lang, "henchmania", "site", site, d.SITE_NAMES[site]),
            w(lang, kinds[kind]),
            copies(lang, count),
        ]
        if kind == d.RESERVE:
            parts.append(w(lang, "hm.reserve_max", n=reserve_max))
        if kind == d.ARMORY:
            parts.append(w(lang, "hm.attack", a=attack, d=defence))
        if key in d.ANIMALS:
            parts.append(w(lang, "hm.animals"))
        elif key in d.ALT_GLOVES:
            parts.append(w(lang, "hm.alt_gloves"))
        elif key in d.ALT_HENCHMEN:
            base = d.ALT_HENCHMEN[key]
            parts.append(
                w(
                    lang,
                    "hm.alt_henchmen",
                    base=name(lang, "henchmania", "card", base, d.CARDS[base][0]),
                )
            )
        out[key] = " · ".join(parts)
        when = getattr(d, "WHEN", {}).get(key)
        if when:
            out[key] += "\n" + w(lang, "hm.when", when=name(lang, "henchmania", "when", key, when))
    return out


def ziegen(lang: str = "en") -> dict[str, str]:
    from engines.ziegen import data as d

    def by_players(index: int, total: int) -> str:
        counts = {n: total - d.REMOVALS[n][index] for n in sorted(d.REMOVALS, reverse=True)}
        return ", ".join(w(lang, "zi.with", c=c, n=n) for n, c in counts.items())

    values = "-".join(map(str, (min(d.SET_VALUES), max(d.SET_VALUES))))
    out = {
        key: w(lang, "zi.set", size=d.SET_SIZE, values=values, sets=d.NUM_SETS)
        for key in d.SET_KEYS
    }
    out["dog"] = w(lang, "zi.dog", counts=by_players(1, d.NUM_DOGS))
    for value in sorted(set(d.MILK_VALUES)):
        total = d.MILK_VALUES.count(value)
        out[f"milk{value}"] = w(lang, "zi.milk", value=value, counts=by_players(1 + value, total))
    for key in ("pen", "largegoat", "smallgoat"):
        out[key] = w(lang, f"zi.{key}")
    return out


def korrigans(lang: str = "en") -> dict[str, str]:
    from engines.korrigans import data as d

    out = {}
    for kind in d.TOKEN_KINDS:
        what = (
            w(lang, "ko.companion")
            if kind in d.COMPANIONS
            else w(lang, "ko.gold", n=d.GOLD_VALUE[kind])
        )
        out[kind] = w(
            lang,
            "ko.token",
            what=what,
            base=d.BASE_TOKENS[kind],
            extra=d.EXTRA_TOKENS[kind],
            from_=d.EXTRA_FROM_PLAYERS,
        )
    for kind, count in d.MENHIRS.items():
        what = w(lang, "ko.menhir")
        if kind in d.MENHIR_GOLD:
            what += w(lang, "ko.menhir_gold", n=d.MENHIR_GOLD[kind])
        if kind in d.CARRY_POINTS:
            what += w(lang, "ko.carry", n=d.CARRY_POINTS[kind], tokens=d.CARRY_TOKENS[kind])
        out[kind] = w(lang, "ko.menhir_count", what=what, count=count)
    sides = w(lang, "ko.or").join(
        name(lang, "korrigans", "token", s, d.TOKEN_NAME[s]) for s in d.BACKUP_SIDES
    )
    out["backup"] = w(lang, "ko.backup", n=d.BACKUP_TOKENS, sides=sides)
    out["rainbow"] = w(lang, "ko.rainbow", n=d.PAWNS_PER_COLOUR, colours=len(d.RAINBOW))
    bonus = ", ".join(
        w(lang, "ko.korrigans.one" if n == 1 else "ko.korrigans.other", n=n, v=v)
        for n, v in d.CAULDRON_BONUS.items()
        if n
    )
    out["cauldron"] = w(lang, "ko.cauldron", bonus=bonus)
    return out


FACTS: dict[str, Callable[..., dict[str, str]]] = {
    "wichtel": wichtel,
    "henchmania": henchmania,
    "ziegen": ziegen,
    "korrigans": korrigans,
}
