"""Turn flow: a stack of pending decisions, the automatic steps between them, legal actions.

``st["stack"]`` holds pending steps, the top one last. Decision steps wait for one seat;
automatic steps ("turn", "gather") are run by ``advance`` as soon as they reach the top. When
the stack is empty, ``advance`` moves the game on: the next placement, the next mover, the next
Rainbow draw, the next final turn, or the end.
"""
from __future__ import annotations

from engines.base import Event

from . import gathering, rainbow
from .common import kid_id, kname, mapof, p, parse_kid, tname
from .data import BACKUP_SIDES, COMPANIONS, RAINBOW
from .moves import has_move_with, move_actions
from .scoring import score, winners

MAX_CHOICES = 25  # a step offering more is split in two (Discord select menus hold 25)

# --- legal actions ----------------------------------------------------------------------------
def backup_actions(st: dict, seat: int, need_move: bool) -> list[str]:
    if (st["phase"] in ("final", "over") or st["backup"][seat] is not None
            or st["bk_supply"] == 0 or not st["hid"][seat]):
        return []
    m = mapof(st)
    return ["backup:" + side for side in BACKUP_SIDES
            if not need_move or has_move_with(m, st, seat, side)]


def move_step_actions(st: dict, seat: int, extra: int) -> list[str]:
    acts = move_actions(mapof(st), st, seat)
    bk = backup_actions(st, seat, need_move=not acts)
    if not acts and not bk:
        return []
    out = acts + bk
    if extra:
        out.append("pass")
    return out


def placement_fields(st: dict, kid: int) -> list[int]:
    m = mapof(st)
    if st["adv"]:
        return list(range(len(m.letters)))
    seat = kid // 2
    mine = {st["pos"][seat * 2], st["pos"][seat * 2 + 1]}
    return [f for f in m.start[seat] if f not in mine]


def step_actions(st: dict, step: dict) -> list[str]:
    k = step["k"]
    seat = step["s"]
    m = mapof(st)
    if k == "move":
        acts = split_moves(step, move_step_actions(st, seat, step["x"]))
    elif k == "final":
        acts = split_moves(step, move_actions(m, st, seat) + ["done"])
    elif k == "pick":
        acts = ["take:" + t for t in st["tok"][step["f"]]]
    elif k == "place":
        acts = ["place:" + m.ids[f] for f in placement_fields(st, step["kid"])]
    elif k == "sun":
        acts = ["sun:%d" % (r + 1) for r, x in enumerate(st["suns"]) if x is None]
    elif k == "cloud":
        acts = ["cloud:%d" % (c + 1) for c, x in enumerate(st["clouds"]) if x is None]
    elif k == "cauldron":
        acts = ["cauldron:" + m.ids[f] for f in rainbow.cauldron_choices(st, seat)]
    elif k == "sac":
        acts = ["sac:" + t for t in st["hid"][seat]]
    elif k == "lep":
        acts = ["lep:p%d" % (s + 1) for s in step["to"]]
    elif k == "troll":
        if "f" in step:
            acts = ["troll:" + b for j, b in _troll_borders(m, step["f"])]
        else:
            acts = ["troll:" + m.ids[f] for f in range(len(m.letters)) if _troll_borders(m, f)]
    elif k == "goblin":
        acts = ["goblin:" + kid_id(o) for o in step["to"]]
    elif k == "elf":
        acts = ["elf:" + kid_id(o) for o in step["from"]]
    else:  # pragma: no cover - automatic steps never wait
        acts = []
    return sorted(set(acts))


def split_moves(step: dict, acts: list[str]) -> list[str]:
    """Past MAX_CHOICES, first choose the Korrigan ("kor:<k>"), then its moves ("kor:back")."""
    if "kor" in step:
        prefix = "mv:%d:" % (step["kor"] + 1)
        return [a for a in acts if a.startswith(prefix)] + ["kor:back"]
    if len(acts) <= MAX_CHOICES:
        return acts
    return sorted({"kor:" + a.split(":")[1] if a.startswith("mv:") else a for a in acts})


def _troll_borders(m, f: int) -> list[tuple[int, str]]:
    return sorted(((j, b) for kind in ("open", "gate", "bridge") for j, b in m.nb[f][kind]),
                  key=lambda x: x[1])


def to_act(st: dict) -> list[int]:
    if st["phase"] == "over" or not st["stack"]:
        return []
    return [st["stack"][-1]["s"]]


def legal_actions(st: dict, seat: int) -> list[str]:
    if st["phase"] == "over" or not st["stack"] or st["stack"][-1]["s"] != seat:
        return []
    return step_actions(st, st["stack"][-1])


# --- moving the game on -----------------------------------------------------------------------
def advance(st: dict, events: list[Event]) -> None:
    n = st["n"]
    stack = st["stack"]
    while True:
        if stack:
            top = stack[-1]
            k = top["k"]
            if k == "turn":
                stack.pop()
                step = {"k": "move", "s": top["s"], "x": top.get("x", 0)}
                if move_step_actions(st, step["s"], step["x"]):
                    stack.append(step)
                elif step["x"]:
                    events.append(Event("%s cannot use the Fairy's extra move." % p(step["s"])))
                else:
                    events.append(Event("%s has no Companion move and skips the move."
                                        % p(step["s"])))
                continue
            if k == "gather":
                stack.pop()
                gathering.gather(st, top["s"], top["kid"], top["f"], events)
                continue
            if (k == "move" and top.pop("chk", 0)
                    and not move_step_actions(st, top["s"], top["x"])):
                stack.pop()
                events.append(Event("%s has no Companion move left and skips the move."
                                    % p(top["s"])))
                continue
            if k == "final" and step_actions(st, top) == ["done"]:
                stack.pop()
                events.append(Event("%s has no move left: final turn over." % p(top["s"])))
                continue
            return
        phase = st["phase"]
        if phase == "place":
            if st["pi"] < 2 * n:
                seat, rnd = st["pi"] % n, st["pi"] // n
                st["pi"] += 1
                kid = seat * 2 + rnd
                fields = placement_fields(st, kid)
                if len(fields) == 1:
                    do_place(st, kid, fields[0], events)
                else:
                    stack.append({"k": "place", "s": seat, "kid": kid})
            else:
                st["phase"] = "play"
                st["mover"] = n
            continue
        if phase == "play":
            if st["mover"] < n:
                seat = st["mover"]
                st["mover"] += 1
                stack.append({"k": "turn", "s": seat})
            else:
                st["round"] += 1
                if not st["chain"]:
                    st["mover"] = 0
                rainbow.draw(st, events)
            continue
        if phase == "final":
            if st["fi"] < n:
                seat = st["fi"]
                st["fi"] += 1
                reveal_all(st, seat, events)
                stack.append({"k": "final", "s": seat})
            else:
                st["phase"] = "over"
                for s in range(n):
                    st["screen"][s] = False
                scores = ", ".join("%s %d" % (p(s), score(st, s)) for s in range(n))
                events.append(Event("Game over. Gold: %s. %s wins!" % (scores, p(winners(st)[0]))))
            continue
        return


def reveal_all(st: dict, seat: int, events: list[Event]) -> None:
    comps = [k for k in st["hid"][seat] if k in COMPANIONS]
    for k in comps:
        st["hid"][seat].remove(k)
    st["shown"][seat] = sorted(st["shown"][seat] + comps)
    have = ", ".join(tname(k) for k in st["shown"][seat]) or "none"
    if st["backup"][seat] in BACKUP_SIDES:
        have += ", Backup (%s)" % tname(st["backup"][seat])
    events.append(Event("%s's final turn. Companions: %s." % (p(seat), have)))


def do_place(st: dict, kid: int, field: int, events: list[Event]) -> None:
    st["pos"][kid] = field
    events.append(Event("%s arrives on %s." % (kname(kid), mapof(st).letters[field])))
    gathering.gather(st, kid // 2, kid, field, events)


def do_move(st: dict, seat: int, k: int, comp: str, dest: int, events: list[Event]) -> None:
    m = mapof(st)
    kid = seat * 2 + k
    final = st["phase"] == "final"
    if comp == "backup":
        used = "Backup Companion (%s)" % tname(st["backup"][seat])
        if final:
            st["backup"][seat] = "spent"
    else:
        used = tname(comp)
        if final:
            st["shown"][seat].remove(comp)
            st["disc"][seat].append(comp)
            st["disc"][seat].sort()
        elif comp not in st["shown"][seat]:
            st["hid"][seat].remove(comp)
            st["shown"][seat].append(comp)
            st["shown"][seat].sort()
            events.append(Event("%s reveals a %s." % (p(seat), used)))
    src = st["pos"][kid]
    st["pos"][kid] = dest
    events.append(Event("%s goes from %s to %s with the %s%s." % (
        kname(kid), m.letters[src], m.letters[dest], used, " (discarded)" if final else "")))
    if not final:
        st["stack"].append({"k": "gather", "s": seat, "kid": kid, "f": dest})
    gathering.arrive(st, kid, dest, events)


def apply_action(st: dict, seat: int, action: str, events: list[Event]) -> None:
    m = mapof(st)
    stack = st["stack"]
    step = stack[-1]
    k = step["k"]
    head, _, arg = action.partition(":")
    if head == "mv":
        kk, comp, fid = arg.split(":")
        if k == "move":
            stack.pop()
        step.pop("kor", None)
        do_move(st, seat, int(kk) - 1, comp, m.by_id[fid], events)
    elif head == "backup":
        sac = {"k": "sac", "s": seat, "side": arg}
        if len(st["hid"][seat]) == 1:
            sacrifice(st, seat, sac, st["hid"][seat][0], events)
        else:
            stack.append(sac)
    elif head == "sac":
        stack.pop()
        sacrifice(st, seat, step, arg, events)
    elif head == "kor":
        if arg == "back":
            del step["kor"]
        else:
            step["kor"] = int(arg) - 1
    elif head == "pass":
        stack.pop()
        events.append(Event("%s does not use the Fairy's extra move." % p(seat)))
    elif head == "done":
        stack.pop()
        events.append(Event("%s ends the final turn." % p(seat)))
    elif head == "take":
        stack.pop()
        gathering.take(st, seat, step["kid"], step["f"], arg, events)
    elif head == "place":
        stack.pop()
        do_place(st, step["kid"], m.by_id[arg], events)
    elif head == "sun":
        stack.pop()
        rainbow.place_sun(st, seat, int(arg) - 1, step["c"], events)
    elif head == "cloud":
        stack.pop()
        rainbow.place_cloud(st, seat, int(arg) - 1, step["c"], events)
    elif head == "cauldron":
        stack.pop()
        rainbow.place_cauldron(st, seat, m.by_id[arg], events)
    elif head == "lep":
        stack.pop()
        gathering.remove_screen(st, int(arg[1:]) - 1, events)
    elif head == "troll":
        if "f" in step:
            stack.pop()
            gathering.place_troll(st, seat, arg, events)
        else:
            step["f"] = m.by_id[arg]
    elif head == "goblin":
        stack.pop()
        gathering.give_goblin(st, step["kid"], parse_kid(arg), events)
    elif head == "elf":
        stack.pop()
        gathering.take_elf(st, step["kid"], parse_kid(arg), events)
    else:  # pragma: no cover - Engine.apply checked legality
        raise ValueError(action)
    advance(st, events)


def sacrifice(st: dict, seat: int, step: dict, kind: str, events: list[Event]) -> None:
    st["hid"][seat].remove(kind)
    st["sac"][seat].append(kind)
    st["sac"][seat].sort()
    st["backup"][seat] = step["side"]
    st["bk_supply"] -= 1
    st["stack"][-1]["chk"] = 1   # the move step below: does a move remain after the sacrifice?
    side = tname(step["side"])
    if st["screen"][seat]:
        events.append(Event("%s sacrifices a token unseen and takes a Backup Companion, %s side."
                            % (p(seat), side)))
        events.append(Event("You sacrificed your %s." % tname(kind), (seat,)))
    else:
        events.append(Event("%s sacrifices a %s and takes a Backup Companion, %s side."
                            % (p(seat), tname(kind), side)))


# --- prompts and labels -----------------------------------------------------------------------
def prompt(st: dict) -> str:
    if st["phase"] == "over":
        return "Game over: %s wins." % p(winners(st)[0])
    if not st["stack"]:
        return ""
    step = st["stack"][-1]
    s = p(step["s"])
    m = mapof(st)
    k = step["k"]
    if k == "place":
        return "%s places Korrigan %d." % (s, step["kid"] % 2 + 1)
    if k == "pick":
        return "%s looks at the Clover tokens on %s and keeps one." % (s, m.letters[step["f"]])
    if k == "sun":
        return "%s puts the %s pawn on a free Sun." % (s, RAINBOW[step["c"]])
    if k == "cloud":
        return "%s puts the %s pawn on a free Cloud." % (s, RAINBOW[step["c"]])
    if k == "cauldron":
        return "%s places the Cauldron of Gold." % s
    if k == "move":
        if step["x"]:
            return "%s may make the Fairy's extra move." % s
        return "%s moves a Korrigan with a Companion." % s
    if k == "sac":
        return "%s sacrifices a token for a Backup Companion (%s side)." % (
            s, tname(step["side"]))
    if k == "lep":
        return "%s chooses whose screen the Leprechaun removes." % s
    if k == "troll":
        if "f" in step:
            return "%s puts the Troll on a border of %s." % (s, m.letters[step["f"]])
        return "%s chooses where the Troll goes (first a field next to it)." % s
    if k == "goblin":
        return "%s chooses which Korrigan gets the Goblin." % s
    if k == "elf":
        return "%s chooses which Elf to take." % s
    if k == "final":
        return "%s plays the final turn: each Companion once, to reach the Cauldron." % s
    return ""


def describe(st: dict, seat: int, action: str) -> str:
    m = mapof(st)
    head, _, arg = action.partition(":")
    if head == "mv":
        kk, comp, fid = arg.split(":")
        if comp == "backup":
            name = "Backup %s" % tname(st["backup"][seat] or "hare")
        else:
            name = tname(comp)
        return "Korrigan %s: %s to %s" % (kk, name, m.letters[m.by_id[fid]])
    if head == "backup":
        return "Sacrifice a token: Backup %s" % tname(arg)
    if head == "sac":
        return "Sacrifice %s" % tname(arg)
    if head == "kor":
        if arg == "back":
            return "Back: choose another Korrigan"
        f = st["pos"][seat * 2 + int(arg) - 1]
        return "Move Korrigan %s (on %s)" % (arg, m.letters[f])
    if head == "pass":
        return "Skip the Fairy's extra move"
    if head == "done":
        return "End my final turn"
    if head == "take":
        return "Keep %s" % tname(arg)
    if head == "place":
        return "Place Korrigan on %s" % m.letters[m.by_id[arg]]
    if head == "sun":
        return "Pawn on Sun %s" % arg
    if head == "cloud":
        return "Pawn on Cloud %s" % arg
    if head == "cauldron":
        return "Cauldron on %s" % m.letters[m.by_id[arg]]
    if head == "lep":
        return "Remove %s's screen" % p(int(arg[1:]) - 1)
    if head == "troll":
        if "-" in arg:
            return "Troll on %s (%s)" % (m.border_label(arg), m.border_kind[arg])
        return "Troll next to %s" % m.letters[m.by_id[arg]]
    if head == "goblin":
        return "Goblin to %s" % kname(parse_kid(arg))
    if head == "elf":
        return "Take the Elf of %s" % kname(parse_kid(arg))
    return action
