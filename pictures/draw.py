"""Drawing helpers shared by every game's picture: a palette-mode canvas, cached text, seat
tokens (colour + shape + letter), dice, and the PNG encoder.

Pictures are drawn straight into a palette ("P") image: the PNG (``png.py``) then encodes in
about a millisecond and stays small, and text is drawn without anti-aliasing from a hinted
font, which stays crisp when Discord scales the picture down. Text masks are cached (the same
labels come back on every board), so a board renders in a few milliseconds.

Fonts: DejaVu Sans Condensed (``fonts/``, Bitstream Vera licence, see ``fonts/LICENSE.txt``),
never a system font.
"""

from __future__ import annotations

import json
import math
import os
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from itertools import count

from PIL import Image, ImageDraw, ImageFont

from . import png as _png
from .glyphs import Typesetter
from .palette import (
    BACKGROUND,
    INK,
    INKS,
    LAST,
    RGB,
    SEAT_SHAPES,
    SEAT_TEXT,
    seat_colour,
    seat_letter,
)
from .png import Rows, encode
from .words import lang, show, tr

FONT_DIR = os.path.join(os.path.dirname(__file__), "fonts")
REGULAR = os.path.join(FONT_DIR, "DejaVuSansCondensed.ttf")
BOLD = os.path.join(FONT_DIR, "DejaVuSansCondensed-Bold.ttf")
MAX_NAME = 14  # characters of a player's name shown in a picture
WIDTH = 1040  # every picture's width: Discord shows it about 520 px wide (half)
SHOWN = 520  # the width a player sees it at in the chat
MIN_SHOWN = 11  # the smallest font size (px) a text may have when shown SHOWN wide
MIN_TEXT = MIN_SHOWN * WIDTH // SHOWN  # ... so at WIDTH: 22 px


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text drawn (see ``recording``): its font size, the bounding box of its ink and the
    box it must stay inside (its card, cell or panel; the whole picture if none given)."""

    text: str
    size: int
    bbox: tuple[int, int, int, int]
    box: tuple[int, int, int, int]
    width: int  # the picture's width


_RECORD: ContextVar[list[Drawn] | None] = ContextVar("picture_texts", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Inside the block every text a picture draws (in this thread or context) is appended to
    the yielded list, so a test can check each one's size and place."""
    texts: list[Drawn] = []
    token = _RECORD.set(texts)
    try:
        yield texts
    finally:
        _RECORD.reset(token)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(BOLD if bold else REGULAR, size)


# A FreeType face is not safe to use from two threads at once, and boards may be drawn in
# several worker threads: every use of a font goes through this lock (results are cached).
_FONT_LOCK = threading.Lock()


@lru_cache(maxsize=64)
def _typesetter(size: int, bold: bool) -> Typesetter:
    return Typesetter(font(size, bold))


@lru_cache(maxsize=2048)  # a few KB each: at most ~10 MB, most labels recur on every board
def _mask(text: str, size: int, bold: bool, anchor: str):
    """(mask, offset from the anchor point, width as ``text_width`` gives it) of a label: put
    together from its glyphs (``glyphs``), else rendered by FreeType; the same ink either way.
    (The width comes with it: a label new on this board is laid out once, not twice.)"""
    with _FONT_LOCK:
        made = _typesetter(size, bold).mask(text, anchor, with_length=True)
        if made is not None:
            mask, offset, length = made
            return mask, offset, -(-length // 64)
        mask, offset = font(size, bold).getmask2(text, "1", anchor=anchor)
        return mask, offset, _measured(text, size, bold)


def _box(text: str, size: int, bold: bool, anchor: str) -> tuple[int, int, int, int]:
    """The box of a label's mask as FreeType gives it (``recording``: the mask put together
    from glyphs may be a pixel wider, with the same ink)."""
    with _FONT_LOCK:
        return font(size, bold).getbbox(text, "1", anchor=anchor)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    with _FONT_LOCK:
        return _measured(text, size, bold)


def _measured(text: str, size: int, bold: bool) -> int:
    """A label's width in whole pixels, rounded up (callers hold the font lock)."""
    length = _typesetter(size, bold).length(text)  # 26.6, as getlength() * 64
    if length is not None:
        return -(-length // 64)
    return math.ceil(font(size, bold).getlength(text))


_PAD = 2
MAX_SHAPE = 40_000  # pixels: larger rounded boxes are drawn each time (their masks would be big)


_ONLY = {value: [255 if v == value else 0 for v in range(256)] for value in (1, 2)}


def _only(img: Image.Image, value: int) -> Image.Image:
    """The 1-bit mask of ``img``'s pixels equal to ``value`` (1 or 2): ``img.point(table,
    "1")`` through the core call (``Image.point`` rounds its 256 entries each time)."""
    return img._new(img.im.point(_ONLY[value], "1"))


def _masks(w: int, h: int, radius: int, width: int, fill: bool, edge: str | None):
    """The 1-bit masks (inside, rim; None where nothing is drawn) of a rounded box ``w`` x
    ``h`` at (``_PAD + width``, the same), as Pillow draws it, as images."""
    pad = _PAD + width  # a thick outline of a thin box overflows it: room for that too
    tmp = Image.new("L", (w + 1 + 2 * pad, h + 1 + 2 * pad), 0)
    outline = None if edge is None else 1 if edge == "same" else 2
    ImageDraw.Draw(tmp).rounded_rectangle(
        (pad, pad, pad + w, pad + h), radius, fill=1 if fill else None, outline=outline, width=width
    )
    masks = []
    for value in (1, 2):
        mask = _only(tmp, value)
        masks.append(mask if mask.getbbox() else None)
    return masks


@lru_cache(maxsize=256)  # at most ~20 MB of masks; a board uses a few dozen sizes
def _rounded(w: int, h: int, radius: int, width: int, fill: bool, edge: str | None):
    """(inside, rim) of a rounded box ``w`` x ``h`` at (``_PAD + width``, the same), as Pillow
    draws it: drawn once per size, then stamped where it goes (Pillow draws it the same
    anywhere: its corners and edges come from whole-pixel offsets; tests/pictures/
    test_caches.py checks every kind of box). Each is None, or ("mask", its 1-bit mask)."""
    return tuple(
        None if m is None else ("mask", m.im) for m in _masks(w, h, radius, width, fill, edge)
    )


def _band_height(w: int, radius: int, width: int) -> int:
    """The height of the short box a tall one is cut from (``_banded``): its corners and
    their outline with a few straight rows between them."""
    return 2 * (min(radius, w // 2 + 1) + width + 4)


@lru_cache(maxsize=256)
def _banded(w: int, radius: int, width: int, fill: bool, edge: str | None):
    """(inside, rim) of a rounded box ``w`` wide and taller than ``_band_height``: Pillow draws
    its corners from its top and bottom edges, and every row between them alike; so it is
    the short box's top rows, that one row repeated (as rectangles, one per run of it), then
    the short box's bottom rows. Each is None, ("band", top mask, runs, bottom mask, rows in
    the top, the short box's height), or (a straight row not repeated) None for the lot."""
    short = _band_height(w, radius, width)
    pad = _PAD + width
    split = pad + short // 2 + 1
    out = []
    for mask in _masks(w, short, radius, width, fill, edge):
        if mask is None:
            out.append(None)
            continue
        rows = [mask.crop((0, y, mask.width, y + 1)).tobytes() for y in (split - 1, split)]
        if rows[0] != rows[1]:
            return None  # not a straight band: stamp the whole box
        line = mask.crop((0, split, mask.width, split + 1)).convert("L").tobytes()
        runs, start = [], None
        for x, v in enumerate(line + b"\0"):
            if v and start is None:
                start = x
            elif not v and start is not None:
                runs.append((start, x - 1))
                start = None
        top = mask.crop((0, 0, mask.width, split))
        bottom = mask.crop((0, split, mask.width, mask.height))
        out.append(
            (
                "band",
                top.im if top.getbbox() else None,
                tuple(runs),
                bottom.im if bottom.getbbox() else None,
                split,
                short,
            )
        )
    return tuple(out)


def _stamp(core, at: tuple[int, int], mask, ink: int, rows: tuple[int, int] | None) -> None:
    """A 1-bit mask's pixels in ``ink`` at ``at``; ``rows``: only those (from, to) rows."""
    if rows is None:
        core.draw_bitmap(at, mask, ink)
        return
    x, y = at
    low, high = max(rows[0], y), min(rows[1], y + mask.size[1])
    if low < high:
        core.draw_bitmap((x, low), mask.crop((0, low - y, mask.size[0], high - y)), ink)


# Blank "L" canvases, one per canvas size (a few MB in all), shared by the drawing threads.
SCRATCH_HEIGHT = 2400  # a shape not clipped by its canvas's bottom is drawn on one this tall
_SCRATCH: dict[tuple[int, int], Image.Image] = {}
_SCRATCH_LOCK = threading.Lock()


@lru_cache(maxsize=1024)  # a few hundred bytes each: seats' shapes, stars, Menhirs in place
def _outlined(points: tuple, width: int, fill: bool, canvas_w: int, canvas_h: int):
    """(inside, rim) of a polygon with a thick outline drawn at ``points`` on a ``canvas_w`` x
    ``canvas_h`` canvas, as Pillow draws it there: the polygon filled (value 1) then its outline
    as a closed line with curved joints (value 2), on a blank canvas of that size, and the
    pixels each ended with cut out: each None (none) or (a 1-bit mask of them cut to where they
    lie, where it goes). Drawn at the very same place, so Pillow's own arithmetic gives the same
    pixels; painting the two masks in that order gives what drawing the two there gives (each
    pixel ends with the last value)."""
    margin = 2 * width + 8  # the joints and the line's width stay well inside this
    xs, ys = [x for x, _ in points], [y for _, y in points]
    box = (
        max(0, min(xs) - margin),
        max(0, min(ys) - margin),
        min(canvas_w, max(xs) + margin + 1),
        min(canvas_h, max(ys) + margin + 1),
    )
    if box[0] >= box[2] or box[1] >= box[3]:
        return None, None
    with _SCRATCH_LOCK:
        img = _SCRATCH.get((canvas_w, canvas_h))
        if img is None:
            if len(_SCRATCH) >= 4:  # the pictures use two sizes; more: forget the others
                _SCRATCH.clear()
            img = _SCRATCH[(canvas_w, canvas_h)] = Image.new("L", (canvas_w, canvas_h), 0)
        drawing = ImageDraw.Draw(img)
        try:
            if fill:
                drawing.polygon(list(points), fill=1)
            drawing.line(list(points) + list(points[:2]), fill=2, width=width, joint="curve")
            cut = img.crop(box)
        finally:
            img.paste(0, box)  # blank again for the next one, whatever happened
    stamps = []
    for value in (1, 2):  # each cut to its own ink: stamping costs by the mask's pixels
        mask = _only(cut, value)
        ink = mask.getbbox()
        stamps.append(
            None if ink is None else (mask.crop(ink).im, (box[0] + ink[0], box[1] + ink[1]))
        )
    return stamps[0], stamps[1]


_CLEARS: list = [_png.clear]  # what else to forget with the caches here (the deflated bands;
# ``layers`` adds its own)


def clear_caches() -> None:
    """Forget every cached font, text mask, width, shape and label (tests: a picture drawn with cold
    caches must be byte for byte the one drawn with warm ones)."""
    from .words import _rendered

    for clear in _CLEARS:
        clear()
    for cached in (
        font,
        _typesetter,
        _mask,
        text_width,
        has_glyph,
        _rounded,
        _banded,
        _outlined,
        _rendered,
        wrapped,
        _filled,
    ):
        cached.cache_clear()


def fit(text: str, width: int, size: int, bold: bool = False) -> str:
    """``text`` cut (with an ellipsis) to fit ``width`` pixels."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, width: int, size: int, lines: int, bold: bool = False) -> list[str]:
    """``text`` broken into at most ``lines`` lines of at most ``width`` pixels."""
    out: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if text_width(trial, size, bold) <= width or not cur:
            cur = trial
        else:
            out.append(cur)
            cur = word
    if cur:
        out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " …", width, size, bold)
    return [fit(line, width, size, bold) for line in out]


def wrap_words(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """``text`` broken on spaces (and after a hyphen already in a word) into lines of at most
    ``width`` pixels, as many lines as it takes; a word wider than ``width`` stands alone."""
    pieces: list[tuple[str, int]] = []  # (a word or a hyphenated part of one, its width)
    for word in str(text).split():
        word_w = text_width(word, size, bold)
        if word_w > width and "-" in word.strip("-"):
            parts = word.split("-")
            for part in [p + "-" for p in parts[:-1]] + [parts[-1]]:
                pieces.append((part, text_width(part, size, bold)))
        else:
            pieces.append((word, word_w))
    out: list[str] = []
    cur = ""
    cur_w = 0
    space = text_width(" ", size, bold)
    slack = 3  # words measured one by one: room for the kerning between them
    for piece, piece_w in pieces:
        joiner = "" if cur.endswith("-") and not cur.endswith(" -") else " "
        trial_w = cur_w + (space if joiner else 0) + piece_w if cur else piece_w
        if not cur or trial_w <= width - slack:
            cur = f"{cur}{joiner}{piece}" if cur else piece
            cur_w = trial_w
        else:
            out.append(cur)
            cur, cur_w = piece, piece_w
    if cur:
        out.append(cur)
    return out


@lru_cache(maxsize=4096)  # a board's paragraphs come back move after move
def wrapped(text: str, width: int, size: int, bold: bool = False) -> tuple[str, ...]:
    """``wrap_words`` remembered: the lines ``Canvas.paragraph`` draws."""
    return tuple(wrap_words(text, width, size, bold))


def wrap_parts(text: str, width: int, size: int, bold: bool = False, sep: str = " · ") -> list[str]:
    """``text`` made of parts joined by ``sep`` in lines of whole parts where they fit (a part
    wider than a line is wrapped on its words)."""
    out: list[str] = []
    end = sep.rstrip()  # what a line broken after a part ends with ("," or "·")
    for part in str(text).split(sep):
        trial = f"{out[-1]}{sep}{part}" if out else part
        if out and text_width(trial.rstrip(), size, bold) <= width:
            out[-1] = trial
            continue
        if out:
            out[-1] += end
        if text_width(part, size, bold) <= width:
            out.append(part)
        else:
            out += wrap_words(part, width, size, bold)
    return out


_SEAT_RE = re.compile(r"\{p(\d)\}")


def fill_names(text, names: list[str]) -> str:
    """The engines' "{p0}".."{p4}" seat markers replaced by names (``text`` may be a message in
    its JSON form, see ``engines.words``, shown in the drawing's language)."""
    text = show(text)
    return _SEAT_RE.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text
    )


def filled(message, names) -> str:
    """``fill_names`` remembered per message (its JSON form), names and the drawing's language
    (a table's prompts come back move after move); a message that is not JSON is filled each
    time."""
    try:
        key = json.dumps(message, sort_keys=True)
    except TypeError:
        return fill_names(message, list(names))
    return _filled(key, tuple(names), lang())


@lru_cache(maxsize=4096)
def _filled(message: str, names: tuple[str, ...], language: str) -> str:
    return fill_names(json.loads(message), list(names))


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the font draws ``ch`` (else it would show an empty box)."""
    with _FONT_LOCK:
        probe = font(20).getmask(ch)
        missing = font(20).getmask("\U0010fffd")  # a private-use code point: never in the font
    return not (probe.size == missing.size and bytes(probe) == bytes(missing))


def short_name(name: str) -> str:
    """A display name as a picture shows it: characters the font lacks left out, cut short."""
    name = "".join(ch for ch in str(name) if ch.isspace() or has_glyph(ch))
    name = " ".join(name.split())
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def names_for(view_names: list[str] | None, count: int) -> list[str]:
    """Names to print per seat: the given ones, else "Player 1".."Player n" (translated)."""
    names = list(view_names or [])
    shown = [short_name(names[s]) if s < len(names) else "" for s in range(count)]
    return [name or tr("player", n=s + 1) for s, name in enumerate(shown)]


@lru_cache(maxsize=64)
def _palette(background: RGB, inks: tuple[RGB, ...]) -> tuple[object, dict[RGB, int]]:
    """(palette, colour -> index) of a canvas whose palette starts with ``background`` (index 0)
    and then ``inks``, in that order: made once, copied for each canvas."""
    img = Image.new("P", (1, 1), background)
    found = {background: 0}
    for colour in inks:
        if colour not in found:
            found[colour] = img.palette.getcolor(colour, img)
    return img.palette, found


_PALETTE_IDS: dict[tuple, int] = {}  # a canvas's colours so far (in order) -> a short id
_PALETTE_NEXT = count()  # ids are never given twice, not even after the dict is emptied: a
# tile kept under an id must never match another palette
_PALETTE_LOCK = threading.Lock()


class Canvas:
    """A palette image plus the drawing calls the pictures need (colours as RGB tuples).

    Its palette starts with ``background`` and then ``inks`` (default: every colour of
    ``palette.INKS``), whether drawn or not; any other colour is added when first drawn. A
    board's colours then have the same indices move after move, so a part drawn before is the
    same pixels again (``tiles.tile``, the PNG's bands)."""

    def __init__(
        self,
        width: int,
        height: int,
        background: RGB = BACKGROUND,
        inks: tuple[RGB, ...] = INKS,
        *,
        img: Image.Image | None = None,
        palette: tuple[object, dict[RGB, int]] | None = None,
    ) -> None:
        """``img``: an image to draw on as it is (else a new one, all background);
        ``palette``: (palette, colour -> index) to start with instead (``layers.canvas``)."""
        self.width, self.height = width, height
        self.img = Image.new("P", (width, height), 0) if img is None else img
        palette, found = palette or _palette(background, tuple(inks))
        self.img.palette = palette.copy()
        self.img.palette.dirty = 1  # Pillow gives the image the palette's colours when it loads
        self.draw = ImageDraw.Draw(self.img)
        self._inks: dict[RGB, int] = dict(found)
        self._palette_id: int | None = None
        self.given: list[Rows] = []  # rows the PNG takes as they are (``tiles.strip``)
        self.encoded: list[Callable[[], None]] = []  # called once the PNG is made
        self.cuts: list[int] = []  # rows the PNG starts a band at (``png.encode``)

    def ink(self, colour: RGB) -> int:
        index = self._inks.get(colour)
        if index is None:
            index = self._inks[colour] = self.img.palette.getcolor(colour, self.img)
            self._palette_id = None
        return index

    def palette_id(self) -> int:
        """A short id of this canvas's colours so far, in their order: two canvases with the
        same id give every colour the same index (``tiles``)."""
        if self._palette_id is None:
            colours = tuple(self._inks)
            with _PALETTE_LOCK:
                found = _PALETTE_IDS.get(colours)
                if found is None:
                    if len(_PALETTE_IDS) >= 4096:  # never in practice: a bound all the same
                        _PALETTE_IDS.clear()
                    found = _PALETTE_IDS[colours] = next(_PALETTE_NEXT)
            self._palette_id = found
        return self._palette_id

    # --- text -------------------------------------------------------------------------------
    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = 22,
        fill: RGB = INK,
        *,
        bold: bool = False,
        anchor: str = "la",
        width: int | None = None,
        box=None,
    ) -> int:
        """Draw a label (every text of a picture goes through here); ``width`` cuts it to fit
        (a last resort: the layouts wrap or make room instead); ``box`` is the area it must
        stay inside (for ``recording``; default the whole picture). Returns its width."""
        text = str(text)
        if width is not None:
            text = fit(text, width, size, bold)
        if not text:
            return 0
        mask, offset, drawn_width = _mask(text, size, bold, anchor)
        x, y = int(xy[0]) + offset[0], int(xy[1]) + offset[1]
        self.draw.draw.draw_bitmap((x, y), mask, self.ink(fill))
        record = _RECORD.get()
        if record is not None:
            x0, y0, x1, y1 = _box(text, size, bold, anchor)
            x0, y0, x1, y1 = x0 + int(xy[0]), y0 + int(xy[1]), x1 + int(xy[0]), y1 + int(xy[1])
            area = (0, 0, self.width, self.height) if box is None else tuple(int(v) for v in box)
            record.append(Drawn(text, size, (x0, y0, x1, y1), area, self.width))
        return drawn_width

    def paragraph(
        self,
        x: float,
        y: float,
        text: str,
        width: int,
        size: int = 22,
        fill: RGB = INK,
        *,
        bold: bool = False,
        line: int | None = None,
        box=None,
        align: str = "l",
    ) -> float:
        """``text`` wrapped on word boundaries into lines ``width`` wide, drawn from (x, y) down
        (``align`` "l" or "m": ``x`` is then the middle); returns the y below it."""
        parts = wrapped(text, width, size, bold)
        return self.lines(x, y, parts, size, fill, bold=bold, line=line, box=box, align=align)

    def lines(
        self,
        x: float,
        y: float,
        lines,
        size: int = 22,
        fill: RGB = INK,
        *,
        bold: bool = False,
        line: int | None = None,
        box=None,
        align: str = "l",
    ) -> float:
        """``lines`` (wrapped before: ``wrapped``) drawn as ``paragraph`` draws them."""
        step = line or size + size // 3
        anchor = f"{align}a"
        for part in lines:
            self.text((x, y), part, size, fill, bold=bold, anchor=anchor, box=box)
            y += step
        return y

    # --- shapes -----------------------------------------------------------------------------
    def rect(
        self,
        box,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
        radius: int = 0,
        rows: tuple[int, int] | None = None,
    ) -> None:
        """A box (``radius``: rounded); ``rows`` (a rounded box's): only the rows from
        ``rows[0]`` up to ``rows[1]`` (not included), the very pixels the whole box puts there,
        for a box drawn in pieces (``tiles.strip``)."""
        box = [int(v) for v in box]
        f = None if fill is None else self.ink(fill)
        o = None if outline is None else self.ink(outline)
        if rows is not None and not radius:
            raise ValueError("only a rounded box is drawn in pieces")
        if not radius:
            self.draw.rectangle(box, fill=f, outline=o, width=width)
            return
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        if w < 0 or h < 0:
            if rows is not None:
                raise ValueError("an empty box is not drawn in pieces")
            self.draw.rounded_rectangle(box, radius, fill=f, outline=o, width=width)
            return
        edge = None if o is None else "same" if o == f else "other"
        parts = None
        short = _band_height(w, int(radius), width)
        if h > short + 4 and (w + 1) * (short + 1) <= MAX_SHAPE:  # a tall box of any size: its
            parts = _banded(w, int(radius), width, f is not None, edge)  # band's masks are small
        if parts is None:
            if (w + 1) * (h + 1) > MAX_SHAPE:
                if rows is not None:
                    raise ValueError("a box this large is not drawn in pieces")
                self.draw.rounded_rectangle(box, radius, fill=f, outline=o, width=width)
                return
            parts = _rounded(w, h, int(radius), width, f is not None, edge)
        at = (x0 - _PAD - width, y0 - _PAD - width)
        core = self.draw.draw
        first, end = (-(1 << 30), 1 << 30) if rows is None else rows
        for part, ink in zip(parts, (f, o)):
            if part is None:
                continue
            if part[0] == "mask":
                _stamp(core, at, part[1], ink, rows)
                continue
            _, top, runs, bottom, split, short = part
            x, y = at
            extra = h - short  # the rows the band adds
            if top is not None:
                _stamp(core, (x, y), top, ink, rows)
            low, high = max(y + split, first), min(y + split + extra, end)  # high not included
            if low < high:
                for a, b in runs:
                    core.draw_rectangle((x + a, low, x + b, high - 1), ink, 1)
            if bottom is not None:
                _stamp(core, (x, y + split + extra), bottom, ink, rows)

    def line(self, points, fill: RGB = INK, width: int = 1) -> None:
        self.draw.line([(int(x), int(y)) for x, y in points], fill=self.ink(fill), width=width)

    def ellipse(
        self, box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        self.draw.ellipse(
            [int(v) for v in box],
            fill=None if fill is None else self.ink(fill),
            outline=None if outline is None else self.ink(outline),
            width=width,
        )

    def polygon(
        self, points, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        points = [(int(x), int(y)) for x, y in points]
        if width <= 1 or outline is None:
            self.draw.polygon(
                points,
                fill=None if fill is None else self.ink(fill),
                outline=None if outline is None else self.ink(outline),
            )
            return
        # a thick outline as a closed line: Pillow would build a mask as big as the picture;
        # drawn once at this very place (its pixels then known), stamped after that
        f = None if fill is None else self.ink(fill)
        o = self.ink(outline)
        # Pillow draws a shape the same on any canvas it fits in: on one as tall as this one only
        # where this one clips it (the masks are kept per canvas size, the pictures use several)
        low = max(y for _, y in points) + 2 * width + 9
        tall = self.height if low > self.height or low > SCRATCH_HEIGHT else SCRATCH_HEIGHT
        inside, rim = _outlined(tuple(points), width, fill is not None, self.width, tall)
        core = self.draw.draw
        if inside is not None:
            core.draw_bitmap(inside[1], inside[0], f)
        if rim is not None:
            core.draw_bitmap(rim[1], rim[0], o)

    def shape(
        self,
        kind: str,
        cx: float,
        cy: float,
        r: float,
        fill: RGB,
        outline: RGB = INK,
        width: int = 2,
    ) -> None:
        """A filled shape centred on (cx, cy), about ``2r`` across."""
        if kind == "circle":
            self.ellipse((cx - r, cy - r, cx + r, cy + r), fill, outline, width)
        elif kind == "square":
            s = r * 0.9
            self.rect((cx - s, cy - s, cx + s, cy + s), fill, outline, width)
        else:
            self.polygon(shape_points(kind, cx, cy, r), fill, outline, width)

    def token(
        self,
        cx: float,
        cy: float,
        r: float,
        seat: int,
        label: str | None = None,
        size: int | None = None,
    ) -> None:
        """A seat's piece: its shape in its colour with its letter (or ``label``) inside."""
        kind = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
        self.shape(kind, cx, cy, r, seat_colour(seat))
        dy = r * 0.18 if kind == "triangle" else 0
        size = size or int(r * (1.0 if kind == "triangle" else 1.15))
        if size < MIN_TEXT and label is None:
            return  # too small to read: its colour and shape say whose it is
        self.text(
            (cx, cy + dy),
            seat_letter(seat) if label is None else label,
            max(size, MIN_TEXT),
            SEAT_TEXT[seat % len(SEAT_TEXT)],
            bold=True,
            anchor="mm",
        )

    def die(
        self, x: float, y: float, s: int, value: int, fill: RGB = (255, 255, 255), pips: RGB = INK
    ) -> None:
        """A die face of side ``s`` at top-left (x, y)."""
        self.rect((x, y, x + s, y + s), fill, INK, 2, radius=max(2, s // 6))
        spots = {
            1: [(1, 1)],
            2: [(0, 0), (2, 2)],
            3: [(0, 0), (1, 1), (2, 2)],
            4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
            6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
        }.get(value)
        if spots is None:
            self.text(
                (x + s / 2, y + s / 2), str(value), int(s * 0.6), pips, bold=True, anchor="mm"
            )
            return
        step, rad = s / 4, max(1.5, s / 11)
        for i, j in spots:
            cx, cy = x + step * (i + 1), y + step * (j + 1)
            self.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), pips)

    def png(self, height: int | None = None) -> bytes:
        """The PNG; ``height``: only the top ``height`` rows (a layout drawn on a tall canvas
        that ends where its content does)."""
        data = encode(self.img, height, self.given, self.cuts)
        for then in self.encoded:
            then()
        return data

    # --- the last move ----------------------------------------------------------------------
    def ring(self, box, radius: int = 8) -> None:
        """The last move's marker around ``box``: a thick black ring inside a white one."""
        x0, y0, x1, y1 = (int(v) for v in box)
        self.rect((x0 - 5, y0 - 5, x1 + 5, y1 + 5), None, (255, 255, 255), 3, radius=radius + 4)
        self.rect((x0 - 3, y0 - 3, x1 + 3, y1 + 3), None, LAST, 5, radius=radius + 2)

    def star(self, cx: float, cy: float, r: float = 13) -> None:
        """The last move's badge: a black star with a white edge."""
        self.polygon(_star_points(cx, cy, r), LAST, (255, 255, 255), 2)

    def last_caption(self, x: float, y: float, width: int, view: dict, names: list[str]) -> float:
        """The star and the last move's public news under it (at most two lines of it)."""
        news = last_news(view, names)
        if not news:
            return y
        self.cuts.append(int(y))  # new every move: the PNG's bands above it stay the same
        self.star(x + 14, y + 14)
        from .words import tr

        text = tr("last", news=" ".join(news))
        lines = wrap_words(text, width - 36, MIN_TEXT)
        if len(lines) > 3:  # the first sentences only, whole
            text = tr("last", news=news[0])
            lines = wrap_words(text, width - 36, MIN_TEXT)
        for line in lines:
            self.text((x + 36, y), line, MIN_TEXT, INK)
            y += 29
        return y + 4


def last_news(view: dict, names: list[str]) -> list[str]:
    """The last move's public news (the view's ``last``) as sentences with the seats' names."""
    last = view.get("last") or {}
    return [fill_names(m, names) for m in last.get("news", [])]


@lru_cache(maxsize=256)  # a board's stars stand in a few places
def _star_points(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    return tuple(
        (
            cx + (r if k % 2 == 0 else r * 0.45) * math.cos(math.pi / 5 * k - math.pi / 2),
            cy + (r if k % 2 == 0 else r * 0.45) * math.sin(math.pi / 5 * k - math.pi / 2),
        )
        for k in range(10)
    )


def shape_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if kind == "triangle":
        return [(cx, cy - r * 1.1), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)]
    if kind == "diamond":
        return [(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)]
    if kind == "hexagon":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (math.pi / 3 * k + math.pi / 6 for k in range(6))
        ]
    raise ValueError(f"unknown shape {kind!r}")
