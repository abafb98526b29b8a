"""Duels, in the order ``../shared/rules/RULINGS.md`` gives:

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

Steps: ``duel`` (automatic: a Glove, or the tie duel, starts a duel; the step holds ``a``,
``d``, ``tie`` and ``glove``), ``guard``, ``weapon``, ``react``. A duel hands over to
``finish`` (the turn's card has resolved) or, in the tie duel, to ``tiedone`` (phase 3).
"""

from __future__ import annotations

from itertools import combinations

from .. import rng
from ..base import own, own_row
from ..words import plural
from .common import (
    add_score,
    discard,
    hand_over,
    hand_remove,
    res_discard,
    res_ready,
    say,
    say_n,
    step_seats,
    trump_modes,
    use_trump,
)
from .data import (
    ARMORY,
    ATTACK_DICE,
    BARE_HANDS,
    CARDS,
    GLOVE_RULES,
    HELM_ABSORB,
    LOSS_ATTACKER,
    LOSS_PER_HIT,
    MUTT_SAVE,
    OX_BARE_HANDS,
    WIN_ATTACKER,
    WIN_DEFENDER,
)
from .words import GAME, msg


def glove_rule(duel: dict, key: str, default=None):
    """A rule of the Glove that started the duel (an alternative Glove's modifier)."""
    return GLOVE_RULES[duel.get("g", "glove")].get(key, default)


def begin(state: dict, events: list) -> None:
    """The automatic step ``duel``: the duel the step names begins."""
    step = state["step"]
    start_duel(state, step["a"], step["d"], events, tie=step["tie"], glove=step["glove"])


def start_duel(
    state: dict, a: int, d: int, events: list, tie: bool = False, glove: str = "glove"
) -> None:
    state["duel"] = {
        "a": a,
        "d": d,
        "aw": None,
        "dw": None,
        "ad": [],
        "dd": [],
        "hits": 0,
        "ap": 0,
        "st": "guard",
        "tie": tie,
        "wp": [],
    }
    if glove != "glove":
        state["duel"]["g"] = glove
    if glove != "glove":
        say(events, "challenge_glove", a=a, d=d, glove=glove)
    else:
        say(events, "challenge", a=a, d=d)
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
        own(state, "limbo").append("guard")
        say(events, "guard", seat=seat)
        duel["st"] = "cancelled"
        hand_over(state, "finish")
        return
    say(events, "takes_up", seat=seat)
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
        say(events, "bare_ox", seat=seat, n=OX_BARE_HANDS)
        return
    say(events, "bare", seat=seat)


def weapon_legal(state: dict, seat: int) -> list[str]:
    return ["bare"] + ["weapon:" + c for c in set(state["hand"][seat]) if CARDS[c][3] == ARMORY]


def weapon_apply(state: dict, seat: int, action: str, events: list) -> None:
    duel = state["duel"]
    if action == "bare":
        _bare(state, seat, events)
    else:
        card = action[7:]
        hand_remove(state, seat, card)
        own(state, "limbo").append(card)
        duel["aw" if seat == duel["a"] else "dw"] = card
        say(events, "weapon", seat=seat, card=card, attack=CARDS[card][5], defence=CARDS[card][6])
    _after_weapon(state, seat, events)


def _after_weapon(state: dict, seat: int, events: list) -> None:
    duel = state["duel"]
    if seat == duel["a"]:
        _ask_weapon(state, duel["d"], events)
        return
    duel["ad"] = [rng.roll(state) for _ in range(glove_rule(duel, "dice", ATTACK_DICE))]
    duel["st"] = "w1"
    say(events, "attacks", seat=duel["a"], dice=list(duel["ad"]), n=attack_value(duel))
    _open_window(state, events)


def attack_value(duel: dict) -> int:
    value = CARDS[duel["aw"]][5] if duel["aw"] else duel.get("ab", BARE_HANDS)
    return max(1, value - glove_rule(duel, "attack_bonus", 0))


def defence_value(duel: dict) -> int:
    return CARDS[duel["dw"]][6] if duel["dw"] else duel.get("db", BARE_HANDS)


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
        if (
            duel["st"] == "w2"
            and seat == duel["d"]
            and "apoth" in state["res"][seat]
            and unparried(duel) > 0
        ):
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
        say(events, "prayer", seat=seat, n=dice[i])
    elif kind == "holy":
        i = int(arg)
        res_discard(state, seat, "holy")
        dice[i] += 1
        say(events, "holy", seat=seat, n=dice[i])
    elif kind in ("prov", "olprov"):
        use_trump(state, seat, "providence", kind == "olprov")
        for ch in arg:
            dice[int(ch)] = rng.roll(state)
        say_n(events, kind, len(arg), seat=seat, dice=list(dice))
    elif kind in ("conf", "olconf"):
        use_trump(state, seat, "confidence", kind == "olconf")
        for i in range(len(dice)):
            dice[i] += 1
        say(events, kind, seat=seat, dice=list(dice))
    elif kind == "court":
        i = int(arg)
        own_row(state, "rot", seat).append("courtesan")
        old = dice[i]
        dice[i] = rng.roll(state)
        say(events, "court", seat=seat, roller=roller(duel), old=old, n=dice[i])
    elif kind == "apoth":
        res_discard(state, seat, "apoth")
        duel["ap"] += 1
        say(events, "apoth", seat=seat)
    duel["wp"] = []
    _next_reactor(state, events)


def _close_window(state: dict, events: list) -> None:
    duel = state["duel"]
    if duel["st"] == "w1":
        duel["hits"] = sum(1 for v in duel["ad"] if v >= attack_value(duel))
        say_n(events, "hits", duel["hits"], seat=duel["a"])
        if duel["hits"] == 0:
            _result(state, events)
            return
        duel["dd"] = [rng.roll(state) for _ in range(duel["hits"])]
        duel["st"] = "w2"
        say(events, "defends", seat=duel["d"], dice=list(duel["dd"]), n=defence_value(duel))
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
        say_n(events, "tie_wounds", wounds, a=a, d=d)
        for card in state["limbo"]:
            discard(state, card)
        state["limbo"] = []
        hand_over(state, "tiedone", wounds=wounds)
        return
    no_loss = glove_rule(duel, "no_loss", False)
    if wounds:
        gain = WIN_ATTACKER + glove_rule(duel, "win_bonus", 0)
        add_score(state, a, gain)
        loss = 0 if no_loss else LOSS_PER_HIT * wounds
        if loss and "mutt" in state["res"][d]:
            loss = max(0, loss - MUTT_SAVE)
            say(events, "mutt", seat=d, n=MUTT_SAVE)
        lost = -add_score(state, d, -loss)
        say_n(events, "attacker_wins", wounds, highlight=True, a=a, d=d, gain=gain, lost=lost)
    else:
        add_score(state, d, WIN_DEFENDER)
        lost = -add_score(state, a, 0 if no_loss else -LOSS_ATTACKER)
        say(
            events,
            "defender_wins_silk" if no_loss else "defender_wins",
            highlight=True,
            a=a,
            d=d,
            gain=WIN_DEFENDER,
            lost=lost,
        )
    hand_over(state, "finish")


# --- what the buttons and the prompt say ------------------------------------------------
def guard_label(state: dict, seat: int, action: str):
    return msg("label.guard" if action == "guard" else "label.take_up")


def weapon_label(state: dict, seat: int, action: str):
    """A weapon button with the value it really gives this duellist in this duel: the Attacker's
    hit value (a Gauntlet makes it better), the Defender's parry value; bare hands count the
    Ox."""
    duel = state["duel"]
    weapon = None if action == "bare" else action[7:]
    ox = weapon is None and "ox" in state["res"][seat]
    bare = OX_BARE_HANDS if ox else BARE_HANDS
    if seat == duel["a"]:
        value = max(1, (CARDS[weapon][5] if weapon else bare) - glove_rule(duel, "attack_bonus", 0))
        what = "hits"
    else:
        value = CARDS[weapon][6] if weapon else bare
        what = "parries"
    if weapon is None:
        return msg(f"label.bare_{what}" + ("_ox" if ox else ""), n=value)
    return msg(f"label.weapon_{what}", card=weapon, n=value)


def react_label(state: dict, seat: int, action: str):
    head, _, rest = action.partition(":")
    if action == "pass":
        return msg("label.pass_react")
    if head in ("prayer", "holy", "court"):
        dice = current(state["duel"])[0]
        i = int(rest)
        return msg("label." + head, i=i + 1, value=dice[i] if i < len(dice) else "?")
    if head in ("prov", "olprov"):
        return plural(f"{GAME}.label.{head}", len(rest), dice=[int(c) + 1 for c in rest])
    return msg("label." + head)  # conf, olconf, apoth


def guard_prompt(state: dict, seat):
    return msg("prompt.guard", who=step_seats(state), a=state["duel"]["a"])


def weapon_prompt(state: dict, seat):
    return msg("prompt.weapon", who=step_seats(state))


def react_prompt(state: dict, seat):
    duel = state["duel"]
    roll = "attack" if duel["st"] == "w1" else "defence"
    return msg("prompt.react_" + roll, who=step_seats(state), a=duel["a"], d=duel["d"])
