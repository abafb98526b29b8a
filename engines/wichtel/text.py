"""Markdown for Discord, built only from a view dict."""
from __future__ import annotations

from .data import (EV_NAME, LEP_EN, LEP_NAME, SPECIAL_RULES, VALUE, WAHLLEITER_SIDE,
                   ev_label_en, lep_label_en)


def _card(code: str | None) -> str:
    return f"{LEP_NAME[code]} ({VALUE[code]})" if code else "— gap —"


def _stack_line(stack: dict) -> str:
    return f"[{'Drawing' if stack['role'] == 'draw' else 'Discard'} stack: {stack['count']}]"


def board_text(v: dict) -> str:
    n = v["num_players"]
    lines = [f"**Der Herr der Wichtel** · round {v['round']} · dealer {{p{v['dealer']}}} · "
             f"play to {v['target']}"]
    arrow = "↓" if v["walk_direction"] == "right" else "↑"
    grid = [_stack_line(v["left_stack"])]
    for i, code in enumerate(v["square"]):
        marker = " ← die" if v["enlist"] and v["enlist"]["pos"] == i else ""
        grid.append(f" {arrow} {i + 1}. {_card(code)}{marker}")
    grid.append(_stack_line(v["right_stack"]))
    lines.append("Village Square (walk " + ("towards the bottom" if arrow == "↓" else
                                             "towards the top") + "):")
    lines.append("```\n" + "\n".join(grid) + "\n```")
    pending = []
    if v["pending_walk"]["reverse"]:
        pending.append("Komm mal zurück! (next walk reverses)")
    if v["pending_walk"]["stand_still"]:
        pending.append("Stehenbleiben! (next walk skipped)")
    if pending:
        lines.append("Pending: " + ", ".join(pending))
    lines.append(f"Wahlleiter: *{WAHLLEITER_SIDE[v['wahlleiter']]}* "
                 + ("(tied up)" if v["wahlleiter"] == "tied" else "(free: the round may end)"))
    rows = []
    for i in range(n):
        mark = "▶" if i == v["active"] else " "
        backs = "🂠" * v["retinue_sizes"][i]     # public: 5 while a gap is being filled
        rows.append(f"{mark} {{p{i}}}: {backs} · {v['event_counts'][i]} events · "
                    f"{v['totals'][i]} pts")
    lines += rows
    if v["events_used"]:
        lines.append("Events used: " + ", ".join(EV_NAME[c] for c in v["events_used"]))
    enl = v["enlist"]
    if enl:
        text = f"Enlisting: {{p{enl['enlister']}}} → {enl['card_name']} (place {enl['pos'] + 1})"
        if enl["bribes"] is not None:
            # turn order from the enlister's left, the order that decides ties
            order = [(enl["enlister"] + k) % n for k in range(1, n)]
            offered = [f"{{p{i}}} {EV_NAME[enl['bribes'][i]]}" for i in order
                       if enl["bribes"][i]]
            text += "; bribes: " + (", ".join(offered) if offered else "none")
            if enl["top"] is not None:
                text += f"; top: {{p{enl['top']}}}"
        elif enl.get("laid") is not None:
            # bribing in turns: the table sees who laid a card face down, never which card
            so_far = [f"{{p{i}}} " + ("laid a card" if i in enl["laid"] else "no card")
                      for i in enl["order"] if i in enl["decided"]]
            if so_far:
                text += "; face down so far: " + ", ".join(so_far)
        if enl["nixda"]:
            text += "; Nix da! played"
        if enl["rolls"]:
            text += f"; rolled {', '.join(map(str, enl['rolls']))} (needs {enl['need']}+)"
        lines.append(text)
    if v["exchange"]:
        lines.append(f"Exchange: {{p{v['exchange']['from']}}} ⇄ {{p{v['exchange']['to']}}}")
    last = v["last_round"]
    if last:
        lines.append(f"Last scoring (round {last['round']}):")
        for row in last["rows"]:
            title = f", {row['title']} {row['title_value']:+d}" if row["title"] else ""
            lines.append(f"- {{p{row['seat']}}}: {', '.join(LEP_NAME[c] for c in row['cards'])}"
                         f" → {row['score']}{title}, bonus {row['bonus']} → {row['total']}")
    lines.append(f"*{v['prompt']}*")
    return "\n".join(lines)[:4000]


def score_line(row: dict) -> str:
    """How a retinue would score now, with the title it earns: one line."""
    detail = []
    if row["removed"]:
        detail.append("removed " + ", ".join(LEP_NAME[c] for c in row["removed"]))
    detail.append(f"cards {row['card_points']}")
    if row["title"]:
        joker = f" (Hexendoktor as {LEP_NAME[row['joker']]})" if row["joker"] else ""
        detail.append(f"{row['title']} {row['title_value']:+d}{joker}")
    else:
        detail.append("no title")
    if row["witwe"] == "flip":
        detail.append(f"Witwe flips {row['subtotal']} to {row['score']}")
    elif row["witwe"] == "double":
        detail.append(f"Witwe doubles {row['subtotal']} to {row['score']}")
    return f"**If the round ended now:** {row['score']} points ({'; '.join(detail)})"


def hand_text(v: dict) -> str:
    if v.get("seat") is None:
        return ""
    lines = [f"**Your retinue** ({{p{v['seat']}}}):"]
    lines += [f"- {lep_label_en(c)}" for c in v["retinue"]]
    if v.get("retinue_score"):
        lines.append(score_line(v["retinue_score"]))
    elif v.get("retinue_score", 0) is None:
        lines.append("**If the round ended now:** first put one of your 5 leprechauns into the "
                     "gap.")
    lines.append("**Your events:** " + (", ".join(ev_label_en(c) for c in v["events"])
                                        or "none"))
    if v.get("my_bribe"):
        lines.append(f"Your face-down bribe: {ev_label_en(v['my_bribe'])}")
    elif v.get("my_bribe") == "" and v["phase"] == "bribe":
        if v["enlist"] and v["enlist"]["enlister"] == v["seat"]:
            waiting = ", ".join(f"{{p{i}}}" for i in v["to_act"])
            lines.append("The others are deciding on bribes for your enlistment"
                         + (f" (waiting for {waiting})." if waiting else "."))
        else:
            lines.append("You offer no bribe.")
    if v.get("my_pick"):
        lines.append(f"You hand over: {lep_label_en(v['my_pick'])}")
    if v.get("special_cards"):
        lines.append("**Special cards** (in your retinue or on the square):")
        lines += [f"- {LEP_NAME[c]}" + (f" ({LEP_EN[c]})" if LEP_EN[c] != LEP_NAME[c] else "")
                  + f": {SPECIAL_RULES[c]}" for c in v["special_cards"]]
    if v["seat"] in v["to_act"]:
        lines.append(f"*Your decision: {v['prompt']}*")
    return "\n".join(lines)[:4000]
