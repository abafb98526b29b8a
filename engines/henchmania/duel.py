"""Duels, in the order RULINGS.md gives:

Glove -> the challenged may Guard (asked whenever they hold a Castle card, whose back is public)
-> attacker declares a weapon (an Armory card or bare hands = 6), then the defender -> attacker
rolls 3 dice -> reaction window -> defender rolls one die per hit -> reaction window -> result
-> cards to their sites' discard piles.

Reaction windows ask, one at a time, the roller, then the other duellist, then every other seat
holding a ready Courtesan (clockwise from the attacker); any reaction reopens the window to all,
and it closes when everyone able to react has passed. Reactions only ever help the one using
them: the roller rerolls / raises dice that miss (Prayer, Holy water, Providence, Confidence);
anyone else may force the roller to reroll a die that succeeds (Courtesan); the defender cancels
an unparried hit (Apothecary, second window only).

Additional Cards (project rulings): an alternative Glove is stored as ``g`` in the duel and
changes it through ``GLOVE_RULES``; a duellist with the Ox in Reserve fights bare-handed on 5+
(``ab`` / ``db``); a Helm worn by the Defender cancels one unparried hit; a Defender with the
Mutt loses 1 point less. A basic Glove's duel carries none of these keys.
"""
from __future__ import annotations

from itertools import combinations

from .. import rng
from .common import (
    P, a_an, add_score, hand_remove, pub, res_discard, res_ready, trump_modes, use_trump,
)
from .data import (
    ARMORY, ATTACK_DICE, BARE_HANDS, CARDS, GLOVE_RULES, HELM_ABSORB, LOSS_ATTACKER,
    LOSS_PER_HIT, MUTT_SAVE, OX_BARE_HANDS, WIN_ATTACKER, WIN_DEFENDER, name,
)


def glove_rule(duel: dict, key: str, default=None):
    """A rule of the Glove that started the duel (an alternative Glove's modifier)."""
    return GLOVE_RULES[duel.get("g", "glove")].get(key, default)


def start_duel(state: dict, a: int, d: int, events: list, tie: bool = False,
               glove: str = "glove") -> None:
    state["duel"] = {"a": a, "d": d, "aw": None, "dw": None, "ad": [], "dd": [], "hits": 0,
                     "ap": 0, "st": "guard", "tie": tie, "wp": []}
    if glove != "glove":
        state["duel"]["g"] = glove
    pub(events, f"{P(a)} challenges {P(d)} to a duel" + (f" with the {name(glove)}."
                                                         if glove != "glove" else "."))
    if glove_rule(state["duel"], "unguardable"):
        _ask_weapon(state, a, events)
        return
    if not tie and any(CARDS[c][1] == "castle" for c in state["hand"][d]):
        state["step"] = {"k": "guard", "s": [d]}
        return
    _ask_weapon(state, a, events)


def guard_legal(state: dict, seat: int) -> list[str]:
    return ["accept"] + (["guard"] if "guard" in state["hand"][seat] else [])


def guard_apply(state: dict, seat: int, action: str, events: list) -> None:
    duel = state["duel"]
    if action == "guard":
        hand_remove(state, seat, "guard")
        state["limbo"].append("guard")
        pub(events, f"{P(seat)} plays a Guard: the Glove is cancelled, no duel.")
        duel["st"] = "cancelled"
        from .cards import finish_turn
        finish_turn(state, events)
        return
    pub(events, f"{P(seat)} takes up the challenge.")
    _ask_weapon(state, duel["a"], events)


def _ask_weapon(state: dict, seat: int, events: list) -> None:
    duel = state["duel"]
    duel["st"] = "aw" if seat == duel["a"] else "dw"
    if any(CARDS[c][1] == "armory" for c in state["hand"][seat]):
        state["step"] = {"k": "weapon", "s": [seat]}
        return
    _bare(state, seat, events)
    _after_weapon(state, seat, events)


def _bare(state: dict, seat: int, events: list) -> None:
    duel = state["duel"]
    if "ox" in state["res"][seat]:
        duel["ab" if seat == duel["a"] else "db"] = OX_BARE_HANDS
        pub(events, f"{P(seat)} fights bare-handed, with the Ox's strength ({OX_BARE_HANDS}+).")
        return
    pub(events, f"{P(seat)} fights bare-handed.")


def weapon_legal(state: dict, seat: int) -> list[str]:
    return ["bare"] + ["weapon:" + c for c in set(state["hand"][seat]) if CARDS[c][3] == ARMORY]


def weapon_apply(state: dict, seat: int, action: str, events: list) -> None:
    duel = state["duel"]
    if action == "bare":
        _bare(state, seat, events)
    else:
        card = action[7:]
        hand_remove(state, seat, card)
        state["limbo"].append(card)
        duel["aw" if seat == duel["a"] else "dw"] = card
        pub(events, f"{P(seat)} takes up {name(card)} (attack {CARDS[card][5]}+, "
                    f"defence {CARDS[card][6]}+).")
    _after_weapon(state, seat, events)


def _after_weapon(state: dict, seat: int, events: list) -> None:
    duel = state["duel"]
    if seat == duel["a"]:
        _ask_weapon(state, duel["d"], events)
        return
    duel["ad"] = [rng.roll(state) for _ in range(glove_rule(duel, "dice", ATTACK_DICE))]
    duel["st"] = "w1"
    pub(events, f"{P(duel['a'])} attacks: {_dice(duel['ad'])} (hits on {attack_value(duel)}+).")
    _open_window(state, events)


def attack_value(duel: dict) -> int:
    value = CARDS[duel["aw"]][5] if duel["aw"] else duel.get("ab", BARE_HANDS)
    return max(1, value - glove_rule(duel, "attack_bonus", 0))


def defence_value(duel: dict) -> int:
    return CARDS[duel["dw"]][6] if duel["dw"] else duel.get("db", BARE_HANDS)


def _dice(dice: list[int]) -> str:
    return ", ".join(str(v) for v in dice)


def roller(duel: dict) -> int:
    return duel["a"] if duel["st"] == "w1" else duel["d"]


def current(duel: dict) -> tuple[list[int], int]:
    if duel["st"] == "w1":
        return duel["ad"], attack_value(duel)
    return duel["dd"], defence_value(duel)


def unparried(duel: dict) -> int:
    parried = sum(1 for v in duel["dd"] if v >= defence_value(duel))
    helm = HELM_ABSORB if duel["dw"] == "helm" else 0
    return max(0, duel["hits"] - parried - duel["ap"] - helm)


def window_order(state: dict) -> list[int]:
    duel = state["duel"]
    r = roller(duel)
    other = duel["d"] if r == duel["a"] else duel["a"]
    n = state["n"]
    rest = [(duel["a"] + i) % n for i in range(1, n)]
    return [r, other] + [s for s in rest if s not in (r, other)]


def react_options(state: dict, seat: int) -> list[str]:
    duel = state["duel"]
    dice, th = current(duel)
    low = [i for i, v in enumerate(dice) if v < th]
    high = [i for i, v in enumerate(dice) if v >= th]
    out = []
    if seat == roller(duel):
        if low:
            if "prayer" in state["res"][seat]:
                out += ["prayer:%d" % i for i in low]
            if "holy" in state["res"][seat]:
                out += ["holy:%d" % i for i in low]
            for mode in trump_modes(state, seat, "providence"):
                prefix = "prov:" if mode == "own" else "olprov:"
                for k in range(1, len(low) + 1):
                    for combo in combinations(low, k):
                        out.append(prefix + "".join(str(i) for i in combo))
            for mode in trump_modes(state, seat, "confidence"):
                out.append("conf" if mode == "own" else "olconf")
        if duel["st"] == "w2" and seat == duel["d"] and "apoth" in state["res"][seat] \
                and unparried(duel) > 0:
            out.append("apoth")
    elif high and res_ready(state, seat, "courtesan"):
        out += ["court:%d" % i for i in high]
    return out


def react_legal(state: dict, seat: int) -> list[str]:
    return ["pass"] + react_options(state, seat)


def _open_window(state: dict, events: list) -> None:
    state["duel"]["wp"] = []
    _next_reactor(state, events)


def _next_reactor(state: dict, events: list) -> None:
    duel = state["duel"]
    for seat in window_order(state):
        if seat not in duel["wp"] and react_options(state, seat):
            state["step"] = {"k": "react", "s": [seat]}
            return
    _close_window(state, events)


def react_apply(state: dict, seat: int, action: str, events: list) -> None:
    duel = state["duel"]
    if action == "pass":
        duel["wp"].append(seat)
        _next_reactor(state, events)
        return
    dice, _th = current(duel)
    kind, _, arg = action.partition(":")
    if kind == "prayer":
        i = int(arg)
        res_discard(state, seat, "prayer")
        dice[i] = rng.roll(state)
        pub(events, f"{P(seat)} discards a Prayer and rerolls a die: {dice[i]}.")
    elif kind == "holy":
        i = int(arg)
        res_discard(state, seat, "holy")
        dice[i] += 1
        pub(events, f"{P(seat)} discards Holy water: a die becomes {dice[i]}.")
    elif kind in ("prov", "olprov"):
        use_trump(state, seat, "providence", kind == "olprov")
        for ch in arg:
            dice[int(ch)] = rng.roll(state)
        pub(events, f"{P(seat)} uses Providence{' through the Old Lady' if kind == 'olprov' else ''}"
                    f" to reroll {len(arg)} {'die' if len(arg) == 1 else 'dice'}: {_dice(dice)}.")
    elif kind in ("conf", "olconf"):
        use_trump(state, seat, "confidence", kind == "olconf")
        for i in range(len(dice)):
            dice[i] += 1
        pub(events, f"{P(seat)} uses Confidence{' through the Old Lady' if kind == 'olconf' else ''}"
                    f": +1 to every die: {_dice(dice)}.")
    elif kind == "court":
        i = int(arg)
        state["rot"][seat].append("courtesan")
        old = dice[i]
        dice[i] = rng.roll(state)
        pub(events, f"{P(seat)} rotates the Courtesan: {P(roller(duel))} must reroll {a_an(old)}: "
                    f"{dice[i]}.")
    elif kind == "apoth":
        res_discard(state, seat, "apoth")
        duel["ap"] += 1
        pub(events, f"{P(seat)} discards the Apothecary and cancels a hit.")
    duel["wp"] = []
    _next_reactor(state, events)


def _close_window(state: dict, events: list) -> None:
    duel = state["duel"]
    if duel["st"] == "w1":
        duel["hits"] = sum(1 for v in duel["ad"] if v >= attack_value(duel))
        pub(events, f"{P(duel['a'])} scores {duel['hits']} hit{'s' if duel['hits'] != 1 else ''}.")
        if duel["hits"] == 0:
            _result(state, events)
            return
        duel["dd"] = [rng.roll(state) for _ in range(duel["hits"])]
        duel["st"] = "w2"
        pub(events, f"{P(duel['d'])} defends: {_dice(duel['dd'])} "
                    f"(parries on {defence_value(duel)}+).")
        _open_window(state, events)
        return
    _result(state, events)


def _result(state: dict, events: list) -> None:
    duel = state["duel"]
    a, d = duel["a"], duel["d"]
    wounds = unparried(duel) if duel["hits"] else 0
    duel["st"] = "done"
    duel["wounds"] = wounds
    if duel["tie"]:
        pub(events, f"{P(a)} inflicts {wounds} wound{'s' if wounds != 1 else ''} on {P(d)}.")
        for card in state["limbo"]:
            from .common import discard
            discard(state, card)
        state["limbo"] = []
        from .endday import tie_duel_done
        tie_duel_done(state, wounds, events)
        return
    no_loss = glove_rule(duel, "no_loss", False)
    if wounds:
        gain = WIN_ATTACKER + glove_rule(duel, "win_bonus", 0)
        add_score(state, a, gain)
        loss = 0 if no_loss else LOSS_PER_HIT * wounds
        if loss and "mutt" in state["res"][d]:
            loss = max(0, loss - MUTT_SAVE)
            pub(events, f"{P(d)}'s Mutt spares them {MUTT_SAVE} point.")
        lost = -add_score(state, d, -loss)
        pub(events, f"{P(a)} wins the duel with {wounds} unparried hit{'s' if wounds != 1 else ''}:"
                    f" +{gain} for {P(a)}, -{lost} for {P(d)}.", highlight=True)
    else:
        add_score(state, d, WIN_DEFENDER)
        lost = -add_score(state, a, 0 if no_loss else -LOSS_ATTACKER)
        pub(events, f"{P(d)} wins the duel: +{WIN_DEFENDER} for {P(d)}, -{lost} for {P(a)}"
                    + (" (Silk Glove: the loser loses nothing)." if no_loss else "."),
            highlight=True)
    from .cards import finish_turn
    finish_turn(state, events)
