"""The toy game's board picture: the pile of stones, who picked a secret, the scores."""

from __future__ import annotations

from pictures.draw import WIDTH, Canvas, names_for
from pictures.palette import INK, MUTED
from pictures.words import labels

LABELS = {
    "pile": "Pile: {n} stones",
    "picked": "picked a secret",
    "waiting": "still picking",
}
tr = labels("toy", LABELS)


def picture(view: dict, names: list[str] | None) -> bytes:
    n = len(view["scores"])
    names = names_for(names, n)
    cv = Canvas(WIDTH, 140 + 44 * n)
    cv.text((24, 20), tr("pile", n=view["pile"]), 30, INK, bold=True)
    for x in range(min(view["pile"], 20)):
        cv.ellipse((24 + 40 * x, 66, 56 + 40 * x, 98), fill=MUTED)
    for seat in range(n):
        y = 116 + 44 * seat
        cv.token(40, y + 14, 14, seat)
        picked = tr("picked") if view["picked"][seat] else tr("waiting")
        cv.text((64, y), f"{names[seat]} · {view['scores'][seat]} · {picked}", 24, INK)
    return cv.png()
