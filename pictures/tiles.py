"""Tiles: a part of a board (a pasture cell, a player's panel) drawn once and, while what it
shows stays the same, pasted again on the next board instead of drawn: after a move most of a
board is what it was, so only what moved is drawn.

``tile(cv, key, box, draw)``: ``draw(cv)`` draws the part, only inside ``box``; ``key`` names
everything it shows (its part of the view, the names it writes, its size and place). The tile
kept is the box's pixels, the colours the drawing added to the palette (added again, in order,
when the tile is pasted: the palette, and with it the PNG, is the same either way) and what
``draw`` returned. It is kept under ``key``, the box, the canvas's colours so far
(``Canvas.palette_id``) and the language (``words.lang``), so a tile is only ever pasted where
the same drawing would give the same pixels, provided that:

- ``draw`` draws nothing outside ``box``, and reads nothing that ``key`` does not name;
- what lies inside ``box`` before it is drawn is the same whenever ``key`` is (the canvas's
  background or a layer's ground named by ``key``; never a part drawn before it that may
  change). Whatever the board draws after the tile lies over it either way.

``checking()`` (tests) draws every tile afresh and fails when a kept one differs or when the
drawing reached outside its box (up to ``SPILL`` pixels around it): a game's tests play whole
games through it. While texts are recorded (``draw.recording``) tiles are drawn afresh, so that
every text of a board is recorded.

``strip(cv, key, top, draw)``: rows of the whole width (Ziegen's race table) kept as what the
PNG holds of them, its deflated bands (``png.Rows``): while ``key`` comes again they are
neither drawn nor encoded, their bands put in the PNG as they are. ``checking`` draws them
afresh, fails when the drawing reached outside its rows, and compares the bands the finished
board gives for them (so a part drawn over them later is caught too).

Memory: tiles and strips are kept up to ``KEPT_BYTES`` (a tile's pixels, one byte a pixel; a
strip's deflated bytes), the least recently used one going first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from PIL import Image

from .draw import _CLEARS, _RECORD, Canvas
from .png import Rows
from .words import _LANG

KEPT_BYTES = 24 * 1024 * 1024  # about a thousand boards' worth of cells and panels


@dataclass(frozen=True, slots=True)
class Tile:
    img: Image.Image  # "P": the box's pixels (palette indices)
    core: object  # ``img.im``, ready to paste
    inks: tuple  # the colours the drawing added to the palette, in order
    data: object  # what ``draw`` returned

    @property
    def size(self) -> int:  # bytes held: a byte a pixel
        return self.img.width * self.img.height


@dataclass(frozen=True, slots=True)
class Strip:
    bands: tuple  # the rows' bands in the PNG (``png.Rows``)
    inks: tuple  # the colours the drawing added to the palette, in order
    bottom: int  # what ``draw`` returned: the last row it drew on

    @property
    def size(self) -> int:  # bytes held: the deflated bands
        return sum(len(band[0]) for band in self.bands)


_KEPT: OrderedDict[Hashable, Tile | Strip] = OrderedDict()
_KEPT_SIZE = 0
_LOCK = threading.Lock()
_CHECKING: ContextVar[bool] = ContextVar("checking_tiles", default=False)


def clear() -> None:
    global _KEPT_SIZE
    with _LOCK:
        _KEPT.clear()
        _KEPT_SIZE = 0


_CLEARS.append(clear)  # draw.clear_caches() forgets the tiles too


@contextmanager
def checking() -> Iterator[None]:
    """Inside the block every tile is drawn afresh and compared with the one kept: an
    ``AssertionError`` names the first whose pixels, colours or result differ, or that drew
    outside its box."""
    token = _CHECKING.set(True)
    try:
        yield
    finally:
        _CHECKING.reset(token)


def tile(cv: Canvas, key: Hashable, box, draw: Callable[[Canvas], object]):
    """``draw(cv)`` inside ``box`` (x0, y0, x1, y1: x1 and y1 not included), or the tile kept
    for ``key`` there pasted; returns what ``draw`` returned (then or now)."""
    if _RECORD.get() is not None:
        return draw(cv)
    x0, y0, x1, y1 = box
    x0, y0, x1, y1 = int(x0), int(y0), int(x1), int(y1)
    box = (x0 if x0 > 0 else 0, y0 if y0 > 0 else 0, min(cv.width, x1), min(cv.height, y1))
    if box[0] >= box[2] or box[1] >= box[3]:
        return draw(cv)
    palette = cv._palette_id
    full = (key, box, cv.palette_id() if palette is None else palette, _LANG.get())
    with _LOCK:
        found = _KEPT.get(full)
        if found is not None:
            _KEPT.move_to_end(full)
    if _CHECKING.get():
        return _checked(cv, full, box, draw, found)
    if found is not None:
        for colour in found.inks:
            cv.ink(colour)
        cv.img.im.paste(found.core, box)  # the core call: Image.paste checks and loads first
        return found.data
    made = _draw(cv, box, draw)
    _keep(full, made)
    return made.data


def _keep(full, made: Tile | Strip) -> None:
    """``made`` kept under ``full`` (unless another thread kept it first), the least recently
    used tiles and strips let go while what they hold exceeds ``KEPT_BYTES``."""
    global _KEPT_SIZE
    with _LOCK:
        if full not in _KEPT:
            _KEPT[full] = made
            _KEPT_SIZE += made.size
            while _KEPT_SIZE > KEPT_BYTES and _KEPT:
                _KEPT_SIZE -= _KEPT.popitem(last=False)[1].size


def strip(cv: Canvas, key: Hashable, top: int, draw: Callable[[Canvas], int]) -> int:
    """Rows of the whole width from ``top`` down to the one ``draw(cv)`` returns (the last it
    drew on), kept as the PNG's deflated bands: while ``key`` (naming everything they show) and
    ``top`` come again, they are neither drawn nor encoded again but put in the PNG as they
    are. Nothing else may draw on these rows, before or after (``checking`` makes sure); what
    lies under them is the background. Returns that last row."""
    if _RECORD.get() is not None:
        return draw(cv)
    top = int(top)
    full = (key, ("rows", top, cv.width), cv.palette_id(), _LANG.get())
    with _LOCK:
        found = _KEPT.get(full)
        if found is not None:
            _KEPT.move_to_end(full)
    checking = _CHECKING.get()
    if found is not None and not checking:
        for colour in found.inks:
            cv.ink(colour)
        cv.given.append(Rows(top, found.bottom + 1, found.bands))
        return found.bottom
    before = len(cv._inks)
    if checking:
        was = cv.img.copy()
    bottom = int(draw(cv))
    if not 0 <= top <= bottom < cv.height:
        return bottom  # not within the canvas: drawn, not kept
    inks = tuple(list(cv._inks)[before:])
    rows = Rows(top, bottom + 1)
    if checking:  # the rows around them (``SPILL`` of them) as they were
        for box in (
            (0, max(0, top - SPILL), cv.width, top),
            (0, bottom + 1, cv.width, bottom + 1 + SPILL),
        ):
            spilt = was.crop(box).tobytes() != cv.img.crop(box).tobytes()
            assert not spilt, f"strip {key!r} drew outside its rows {top}-{bottom}"

    def made() -> None:  # once the PNG is made: its bands are known (from the final pixels)
        strip = Strip(rows.bands, inks, bottom)
        if found is None:
            _keep(full, strip)
            return
        same = strip == found
        assert same, f"strip {key!r} at rows {top}-{bottom} differs from the kept one"

    cv.given.append(rows)
    cv.encoded.append(made)
    return bottom


def _draw(cv: Canvas, box: tuple[int, int, int, int], draw) -> Tile:
    before = len(cv._inks)
    data = draw(cv)
    inks = tuple(list(cv._inks)[before:])
    img = cv.img.crop(box)
    return Tile(img, img.im, inks, data)


SPILL = 64  # checking: how far around its box a tile's drawing is looked for (pixels)


def _checked(cv: Canvas, full, box, draw, found: Tile | None):
    """``checking``: the tile drawn afresh; the canvas around ``box`` (``SPILL`` pixels of it)
    must not change, and a kept tile must be the same pixels, colours and result."""
    x0, y0, x1, y1 = box
    around = (
        max(0, x0 - SPILL),
        max(0, y0 - SPILL),
        min(cv.width, x1 + SPILL),
        min(cv.height, y1 + SPILL),
    )
    inside = (x0 - around[0], y0 - around[1], x1 - around[0], y1 - around[1])
    before = cv.img.crop(around)
    made = _draw(cv, box, draw)
    after = cv.img.crop(around)
    before.paste(0, inside)
    after.paste(0, inside)
    spilt = before.tobytes() != after.tobytes()
    assert not spilt, f"tile {full[0]!r} drew outside its box {box}"
    if found is None:
        _keep(full, made)
        return made.data
    same = made.img.tobytes() == found.img.tobytes()
    assert same and made.inks == found.inks, f"tile {full[0]!r} at {box} differs from the kept one"
    assert made.data == found.data, f"tile {full[0]!r}: {made.data!r} != {found.data!r}"
    return made.data
