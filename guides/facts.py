"""The numbers of every component, derived from the engines' data tables (never retyped).

``FACTS[game]()`` maps each component key of that game to a one-line summary (kind, value,
copies ...). Its keys are the complete list of components: the card reference must have an
entry for each (``tests/test_guides.py``).
"""
from __future__ import annotations

from collections.abc import Callable


def _copies(n: int) -> str:
    return "1 copy" if n == 1 else f"{n} copies"


def wichtel() -> dict[str, str]:
    from engines.wichtel import data as d

    out = {}
    for code, (count, value, _german, _english) in d.LEPRECHAUNS.items():
        out[code] = f"Leprechaun · value {value} · {_copies(count)} in the deck"
    for code, (count, _name) in d.EVENTS.items():
        what = "Event card"
        if code in d.BRIBE_RANK:
            what += f" · bribe, rank {d.BRIBE_RANK[code]} of {len(d.BRIBE_RANK)}"
        if code in d.BRIBE_NEED:
            what += f" · the enlister needs {d.BRIBE_NEED[code]}+ on the die"
        out[code] = f"{what} · {_copies(count)}"
    out["wahlleiter"] = "The Supervisor card · 1 copy · two sides: " + " / ".join(
        f"{text} ({side})" for side, text in d.WAHLLEITER_SIDE.items())
    return out


def henchmania() -> dict[str, str]:
    from engines.henchmania import data as d

    kinds = {d.ACTION: "Action", d.RESERVE: "Reserve", d.TRUMP: "Trump", d.ARMORY: "Armory"}
    out = {}
    for key, (_name, site, count, kind, reserve_max, attack, defence) in d.CARDS.items():
        parts = [d.SITE_NAMES[site], f"{kinds[kind]} card", _copies(count)]
        if kind == d.RESERVE:
            parts.append(f"at most {reserve_max} in a Reserve")
        if kind == d.ARMORY:
            parts.append(f"Attack {attack}+, Defence {defence}+")
        if key in d.ANIMALS:
            parts.append("Additional Card (option `animals`) · house rule")
        elif key in d.ALT_GLOVES:
            parts.append("Additional Card (option `alt_gloves`), replaces a basic Glove · "
                         "house rule")
        elif key in d.ALT_HENCHMEN:
            base = d.CARDS[d.ALT_HENCHMEN[key]][0]
            parts.append(f"Additional Card (option `alt_henchmen`), replaces one {base} · "
                         "house rule")
        out[key] = " · ".join(parts)
        when = getattr(d, "WHEN", {}).get(key)
        if when:
            out[key] += f"\nWhen: {when}"
    return out


def ziegen() -> dict[str, str]:
    from engines.ziegen import data as d

    def by_players(index: int, total: int) -> str:
        counts = {n: total - d.REMOVALS[n][index] for n in sorted(d.REMOVALS, reverse=True)}
        return ", ".join(f"{c} with {n} players" for n, c in counts.items())

    values = "-".join(map(str, (min(d.SET_VALUES), max(d.SET_VALUES))))
    out = {key: f"Goat set · {d.SET_SIZE} goats valued {values}, one of each · "
                f"{d.NUM_SETS} sets in the box"
           for key in d.SET_KEYS}
    out["dog"] = f"Dog card · moves nothing on the border · {by_players(1, d.NUM_DOGS)}"
    for value in sorted(set(d.MILK_VALUES)):
        total = d.MILK_VALUES.count(value)
        out[f"milk{value}"] = (f"Milk Shake card · value {value} · "
                               f"{by_players(1 + value, total)}")
    out["pen"] = "Goat Pen · one per player, on a border cell of the pasture"
    out["largegoat"] = "Large Goat token · one per player, walks around the pasture's edge"
    out["smallgoat"] = "Small Goat tokens · as many as needed, they mark your claimed goats"
    return out


def korrigans() -> dict[str, str]:
    from engines.korrigans import data as d

    out = {}
    for kind in d.TOKEN_KINDS:
        what = ("Companion (Clover token)" if kind in d.COMPANIONS
                else f"Gold coin (Clover token) · worth {d.GOLD_VALUE[kind]}")
        out[kind] = (f"{what} · {d.BASE_TOKENS[kind]} in the bag's mix, "
                     f"{d.EXTRA_TOKENS[kind]} more with {d.EXTRA_FROM_PLAYERS}-5 players")
    for kind, count in d.MENHIRS.items():
        what = "Menhir"
        if kind in d.MENHIR_GOLD:
            what += f" · worth {d.MENHIR_GOLD[kind]} gold, kept"
        if kind in d.CARRY_POINTS:
            what += (f" · its token is worth {d.CARRY_POINTS[kind]:+d} gold · "
                     f"{d.CARRY_TOKENS[kind]} tokens")
        out[kind] = f"{what} · {count} of the 16 Menhirs"
    sides = " or ".join(d.TOKEN_NAME[s] for s in d.BACKUP_SIDES)
    out["backup"] = f"Backup Companion · {d.BACKUP_TOKENS} tokens · a {sides}, once a game"
    out["rainbow"] = (f"Rainbow pawns · {d.PAWNS_PER_COLOUR} of each of "
                      f"{len(d.RAINBOW)} colours, drawn from the bag")
    bonus = ", ".join(f"{n} Korrigan{'s' if n > 1 else ''} +{v}"
                      for n, v in d.CAULDRON_BONUS.items() if n)
    out["cauldron"] = f"Cauldron of Gold · appears with the 7th colour · bonus: {bonus}"
    return out


FACTS: dict[str, Callable[[], dict[str, str]]] = {
    "wichtel": wichtel, "henchmania": henchmania, "ziegen": ziegen, "korrigans": korrigans,
}
