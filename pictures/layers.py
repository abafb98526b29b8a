"""Static layers: what a board shows whatever the moves (Korrigans' map and legend, the Ziegen
pasture's ground, its numbers and the panel's title) drawn once and kept, each board then
copied from it and only what moved drawn on top.

A layer is keyed by everything it shows (a game's static view: its map, its fields' colours;
the language; the size): a board drawn from a kept layer is byte for byte the board drawn with
the layer made just now, and the layer is made the same way either way (``Canvas`` first, then
``ground``, then ``over``), so its palette, and with it the PNG, is the same too.

Order is kept: ``ground`` is what lies under every moving part; ``over`` is what the board
draws over some moving part that lies under it (Korrigans: the borders over the Cauldron's
marks): the ground is kept with ``over`` drawn on it, and after the moving parts under it only
the pixels ``over`` drew inside their boxes are pasted again. Whatever a game draws after the
layer lies over both. Each game's module says which of its parts go where
and why nothing moving is drawn under ``ground``'s parts.

Memory: at most ``KEPT`` layers, each the rows its ground covers, one byte a pixel (0.85 MB
for Korrigans' map and legend, 0.78 MB for a Ziegen pasture) plus its ``over`` part cut to
where it drew, with its 1-bit mask (0.4 MB for Korrigans' borders and letters): under 16 MB in
all; about 6 MB for today's games (Korrigans' one map in three languages, Ziegen's pasture
sizes). While texts are recorded (tests) the layer is made afresh each time, so that every
text of a board is recorded.

A board's image is used again: once its PNG is made (``done``), the next board of that size in
the same thread is drawn on it (the ground pasted over it, the rest cleared), not on a new one:
making a new one (zeroed, then the ground copied over) cost a tenth of a Ziegen board. Each
drawing thread holds one image per board size it drew (1-2 MB each).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from PIL import Image

from .draw import _CLEARS, _RECORD, Canvas
from .palette import INKS

KEPT = 12  # layers kept (the least recently used one goes first)
_CLEAR = 255  # the palette index ``over`` starts from: never an ink (a board has < 255 colours)


@dataclass(frozen=True, slots=True)
class Layer:
    ground: Image.Image  # "P": the top rows ``ground`` drew on; the palette: every ink of both
    inks: dict  # colour -> palette index, as the Canvas found them
    over: Image.Image | None  # "P": ``over``'s pixels, cut to where it drew
    mask: Image.Image | None  # "1": which of them it drew
    at: tuple[int, int]  # where ``over`` goes
    data: object = None  # what ``ground`` returned (a layout's bottom, say)


_KEPT: OrderedDict[Hashable, Layer] = OrderedDict()
_LOCK = threading.Lock()
_SPARE = threading.local()  # each thread's images of boards done with (``done``), by size


def clear() -> None:
    with _LOCK:
        _KEPT.clear()
    _SPARE.images = {}  # (this thread's: a board drawn next starts from a new image)


_CLEARS.append(clear)  # draw.clear_caches() forgets the layers too


def _make(
    width: int,
    height: int,
    ground: Callable[[Canvas], object],
    over: Callable[[Canvas], None] | None,
    inks: tuple,
) -> Layer:
    cv = Canvas(width, height, inks=inks)
    data = ground(cv)
    under = cv.img.copy()
    over_img = mask = None
    at = (0, 0)
    if over is not None:
        cv.img.paste(_CLEAR, (0, 0, width, height))  # the same image, palette and inks
        over(cv)
        drawn = Image.frombytes("L", cv.img.size, cv.img.tobytes())
        drawn = drawn.point([0 if v == _CLEAR else 255 for v in range(256)])
        box = drawn.getbbox()
        if box is not None:
            over_img, mask, at = cv.img.crop(box), drawn.crop(box).convert("1"), box[:2]
    colours = len(cv.img.palette.tobytes()) // 3
    if colours >= _CLEAR:
        raise ValueError(f"a layer with {colours} colours: {_CLEAR} is not free")
    if over_img is not None:  # kept drawn over the ground: only where the board draws under
        under.paste(over_img, at, mask)  # it is it stamped again (``stamp_over``)
    rows = under.getbbox()  # the ground's rows: below them the board's background (index 0)
    under = under.crop((0, 0, width, rows[3] if rows else 1))
    under.palette = cv.img.palette.copy()  # with the inks ``over`` added
    return Layer(under, dict(cv._inks), over_img, mask, at, data)


def layer(
    key: Hashable,
    width: int,
    height: int,
    ground: Callable[[Canvas], object],
    over: Callable[[Canvas], None] | None = None,
    inks: tuple = INKS,
) -> Layer:
    """The layer ``key`` names: kept, else drawn (``ground``, then ``over``, on one
    ``Canvas(width, height, inks=inks)``) and kept. ``key`` must name everything the two draw
    (the language too); what ``ground`` returns is kept as ``data``."""
    if _RECORD.get() is not None:
        return _make(width, height, ground, over, inks)
    key = (key, inks)  # the palette it starts with is part of what it shows
    with _LOCK:
        found = _KEPT.get(key)
        if found is not None:
            _KEPT.move_to_end(key)
            return found
    made = _make(width, height, ground, over, inks)
    with _LOCK:
        _KEPT[key] = made
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return made


def canvas(found: Layer, width: int, height: int) -> Canvas:
    """A board's canvas: the layer's ground, its palette and inks, the rest background. Its
    image is one a board of that size was ``done`` with in this thread, if any."""
    img = _spares().pop((width, height), None)
    ground = found.ground
    if img is None:
        img = Image.new("P", (width, height), 0)
    elif ground.height < height:
        img.im.paste(0, (0, ground.height, width, height))
    img.im.paste(ground.im, (0, 0, width, ground.height))
    return Canvas(width, height, img=img, palette=(ground.palette, found.inks))


def done(cv: Canvas) -> None:
    """``cv``, a ``canvas``, no longer used (its PNG made): its image serves this thread's next
    board of its size, and ``cv`` has none any more."""
    _spares()[(cv.width, cv.height)] = cv.img
    cv.img = cv.draw = None


def _spares() -> dict[tuple[int, int], Image.Image]:
    """This thread's images of boards done with, by size."""
    images = getattr(_SPARE, "images", None)
    if images is None:
        images = _SPARE.images = {}
    return images


def stamp_over(cv: Canvas, found: Layer, boxes) -> None:
    """The layer's ``over`` pixels again inside ``boxes`` (each around a moving part drawn
    under them since ``canvas``; any box holding all of its ink will do): the ground kept has
    them drawn already, so only where something went under them need they be drawn again."""
    if found.over is None:
        return
    ox, oy = found.at
    ow, oh = found.over.size
    for box in boxes:
        x0, y0 = max(int(box[0]), ox), max(int(box[1]), oy)
        x1, y1 = min(int(box[2]), ox + ow), min(int(box[3]), oy + oh)
        if x0 < x1 and y0 < y1:
            cut = (x0 - ox, y0 - oy, x1 - ox, y1 - oy)
            cv.img.paste(found.over.crop(cut), (x0, y0), found.mask.crop(cut))
