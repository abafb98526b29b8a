"""Labels put together from glyphs rendered once: the mask and the width FreeType would give for
the whole label, at a fraction of the cost of rendering it (a new label: about 30 us, not
200-500 us).

Pillow renders a label (``FreeTypeFont.getmask2``) by laying it out (libraqm), then loading and
rendering every glyph three times; a board shows dozens of labels it has never drawn (a card
list, a score line, the last move's news), and that was the largest part of drawing one. Here
each character is rendered once per font (``_Glyph``: its ink and where that ink lies from the
pen), each pair's kerning measured once (the length of the pair less the lengths of its two
characters), and a label is the glyphs' ink pasted where Pillow's own loop puts it: the same
pen positions (26.6 fixed point, rounded as Pillow rounds them), the same box (the glyphs'
grid-fitted boxes and the pen line) and offset for every anchor, the same ink.

Only for what that model holds for: left-to-right Latin text, one glyph per character, kerning
by pairs (``supported``); anything else (another script, a combining mark, a character whose
probes do not fit the model) is rendered by Pillow as before. ``tests/pictures/test_glyphs.py``
compares both on every label of the catalogs and on random strings, in every size and anchor
the pictures use. Callers hold the font lock (``draw._FONT_LOCK``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from PIL import Image, ImageFont

# Characters outside Latin that the labels use (punctuation, arrows, marks of the pictures).
_EXTRA = frozenset("‐‑‒–—―‘’‚“”„†‡•…‰′″‹›€™←↑→↓↔⇄↻−×★☆♣♠♥♦✓✔✗✘")


LIMIT = 4096  # glyphs, lengths and pairs remembered per font (a few hundred KB at most)
_UNKNOWN = object()  # a unit not measured yet (None: measured, and Pillow's to draw)


def supported(ch: str) -> bool:
    """Whether a character may be put together from its glyph: Latin or common punctuation,
    never a combining mark, a format character or a right-to-left one."""
    code = ord(ch)
    if code < 0x20 or 0x7F <= code < 0xA0:
        return False
    if code >= 0x250 and ch not in _EXTRA:
        return False
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf", "Cc"):
        return False
    return unicodedata.bidirectional(ch) in ("L", "EN", "ES", "ET", "CS", "ON", "WS")


# The font's ligatures (DejaVu Sans: ff, fi, fl; the longer ones first): each is one unit,
# measured and drawn as a whole, as the shaper puts one glyph for it.
LIGATURES = ("ffi", "ffl", "ff", "fi", "fl")


# ``text`` cut into the units the shaper draws as one glyph each: characters, and the
# ligatures left to right, the longest first
_LIGATURE_RE = re.compile("|".join(LIGATURES) + "|.", re.S)


def _pixel(x: int) -> int:
    """A 26.6 coordinate rounded to whole pixels, as FreeType's PIXEL macro does."""
    return ((x + 32) & -64) >> 6


@dataclass(frozen=True, slots=True)
class _Glyph:
    advance: int  # 26.6
    ink: object | None  # the glyph's ink, cropped ("L" core, 0/255), None for a space
    ink_x: int  # where the ink's top left lies from the pen (x right, y down), in pixels
    ink_y: int
    ink_w: int  # the ink's size
    ink_h: int
    left: int  # min(0, the bitmap's left from the pen): Pillow's render origin
    top: int  # max(0, the bitmap's top above the baseline): the same
    box_left: int  # min(0, the grid-fitted box's left)
    box_top: int  # max(0, the grid-fitted box's top above the baseline)
    box_bottom: int  # min(0, the grid-fitted box's bottom)
    box_right: int  # max(the pen's advance in pixels, the grid-fitted box's right)


def _ink(mask):
    """(the ink's box in ``mask``, the ink cropped), or (None, None) where there is none."""
    if not (mask.size[0] and mask.size[1]):
        return None, None
    box = mask.getbbox()
    if box is None:
        return None, None
    im = Image.new("L", mask.size)
    im.im = mask
    return box, im.crop(box).im


class Typesetter:
    """One font's glyphs, kerning pairs and vertical anchors, each measured once."""

    def __init__(self, font: ImageFont.FreeTypeFont) -> None:
        self.font = font
        self._glyphs: dict[str, _Glyph | None] = {}
        self._lengths: dict[str, int] = {}
        self._kerns: dict[tuple[str, str], int] = {}
        self._anchors: dict[str, int] = {}
        self._underscore: int | None = None

    def _length(self, text: str) -> int:
        got = self._lengths.get(text)
        if got is None:
            if len(self._lengths) >= LIMIT:
                self._lengths.clear()  # the same values come back: only time is lost
            got = self._lengths[text] = round(self.font.getlength(text) * 64)
        return got

    def _kern(self, a: str, b: str) -> int:
        got = self._kerns.get((a, b))
        if got is None:
            if len(self._kerns) >= LIMIT:
                self._kerns.clear()
            got = self._length(a + b) - self._length(a) - self._length(b)
            self._kerns[(a, b)] = got
        return got

    def _reference(self) -> int:
        """The underscore's ink top row drawn alone: it lies wholly under the baseline (its
        box's top is 0), so drawn alone its origin is the baseline; where it lands after a
        glyph tells that glyph's top."""
        if self._underscore is None:
            mask, (_, oy) = self.font.getmask2("_", "1", anchor="ls")
            box, _ = _ink(mask)
            if box is None or oy != 0:
                raise ValueError("the font's underscore is not under the baseline")
            self._underscore = box[1]
        return self._underscore

    def glyph(self, unit: str) -> _Glyph | None:
        """A unit's glyph (a character or a ligature), or None when it does not fit the model
        (Pillow draws the label)."""
        if unit in self._glyphs:
            return self._glyphs[unit]
        if len(self._glyphs) >= LIMIT:
            self._glyphs.clear()
        fits = all(supported(ch) for ch in unit)
        found = self._glyphs[unit] = self._measure(unit) if fits else None
        return found

    def _measure(self, ch: str) -> _Glyph | None:
        font = self.font
        mask, (ox, oy) = font.getmask2(ch, "1", anchor="ls")
        w, h = mask.size
        box, ink = _ink(mask)
        base = dict(
            advance=self._length(ch),
            box_left=ox,
            box_top=-oy,
            box_bottom=-oy - h,
            box_right=ox + w,
        )
        if box is None:
            return _Glyph(ink=None, ink_x=0, ink_y=0, ink_w=0, ink_h=0, left=0, top=0, **base)
        # The probe " c" + spaces + "_": the space puts the pen right of 0 (no bitmap left of
        # it moves Pillow's origin: the glyph's ink shows its left from the pen); the
        # underscore, far right and wholly under the baseline, shows the origin's height.
        probe = " " + ch + "    _"
        pmask, _ = font.getmask2(probe, "1", anchor="ls")
        if pmask.size[0] == 0 or pmask.size[1] == 0:
            return None
        pen = _pixel(self._length(" ") + self._kern(" ", ch))
        split = _pixel(self._length(" " + ch + "  "))  # two of the four spaces: the gap
        im = Image.new("L", pmask.size)
        im.im = pmask
        if split >= pmask.size[0]:
            return None
        left = im.crop((0, 0, split, pmask.size[1])).getbbox()
        right = im.crop((split, 0, pmask.size[0], pmask.size[1])).getbbox()
        if left is None or right is None:
            return None
        top = right[1] - self._reference()  # max(0, the glyph's bitmap top)
        ink_x, ink_y = left[0] - pen, left[1] - top  # its ink from the pen
        # drawn alone the same ink must lie where the model puts it, else Pillow draws it
        shift = ink_x - box[0]  # min(0, the bitmap's left): the origin of it drawn alone
        same_ink = (left[2] - left[0], left[3] - left[1]) == (box[2] - box[0], box[3] - box[1])
        if top < 0 or shift > 0 or not same_ink or box[1] - top != ink_y:
            return None
        w, h = ink.size
        return _Glyph(
            ink=ink, ink_x=ink_x, ink_y=ink_y, ink_w=w, ink_h=h, left=shift, top=top, **base
        )

    def _y_anchor(self, anchor: str) -> int:
        """The font's ascender ("a"), middle ("m") or descender ("d") line from the baseline
        (up positive), as Pillow finds it: the difference of two offsets of one probe."""
        got = self._anchors.get(anchor)
        if got is None:
            _, (_, at) = self.font.getmask2("x", "1", anchor="l" + anchor)
            _, (_, base) = self.font.getmask2("x", "1", anchor="ls")
            got = self._anchors[anchor] = at - base
        return got

    def layout(self, text: str):
        """(glyphs, their pen x in pixels, the pen's end in 26.6), or None (Pillow's case)."""
        units = list(text) if "f" not in text else _LIGATURE_RE.findall(text)
        known, kerns = self._glyphs, self._kerns
        glyphs = []
        xs = []
        pos = 0
        previous = None
        for unit in units:
            g = known.get(unit, _UNKNOWN)
            if g is _UNKNOWN:
                g = self.glyph(unit)
            if g is None:
                return None
            if previous is not None:
                kern = kerns.get((previous, unit))
                pos += self._kern(previous, unit) if kern is None else kern
            glyphs.append(g)
            xs.append(((pos + 32) & -64) >> 6)
            pos += g.advance
            previous = unit
        return glyphs, xs, pos

    def length(self, text: str) -> int | None:
        """The label's advance in 26.6 (``getlength`` * 64), or None (Pillow's case)."""
        laid = self.layout(text)
        return None if laid is None else laid[2]

    def mask(self, text: str, anchor: str, with_length: bool = False):
        """(mask, offset) as ``getmask2(text, "1", anchor=anchor)`` gives them, or None;
        ``with_length``: (mask, offset, the label's advance in 26.6 as ``length`` gives it)."""
        laid = self.layout(text)
        if laid is None or not text:
            return None
        glyphs, xs, pos = laid
        box_left = box_top = box_bottom = 0
        box_right = _pixel(pos)
        ink_left = top = 0
        for g, px in zip(glyphs, xs):  # (plain comparisons: min() and max() cost twice as much)
            if px + g.box_left < box_left:
                box_left = px + g.box_left
            if g.box_top > box_top:
                box_top = g.box_top
            if g.box_bottom < box_bottom:
                box_bottom = g.box_bottom
            if px + g.box_right > box_right:
                box_right = px + g.box_right
            if px + g.left < ink_left:
                ink_left = px + g.left
            if g.top > top:
                top = g.top
        horizontal, vertical = anchor
        if horizontal == "l":
            x_anchor = 0
        elif horizontal == "m":
            x_anchor = _pixel(pos // 2 if pos >= 0 else -(-pos // 2))  # C: towards 0
        elif horizontal == "r":
            x_anchor = _pixel(pos)
        else:
            return None
        if vertical == "s":
            y_anchor = 0
        elif vertical == "t":
            y_anchor = box_top
        elif vertical == "b":
            y_anchor = box_bottom
        elif vertical in "amd":
            y_anchor = self._y_anchor(vertical)
        else:
            return None
        width, height = box_right - box_left, box_top - box_bottom
        out = Image.core.fill("L", (width, height), 0)
        paste = out.paste
        for g, px in zip(glyphs, xs):
            ink = g.ink
            if ink is not None:
                x, y = px + g.ink_x - ink_left, top + g.ink_y
                paste(255, (x, y, x + g.ink_w, y + g.ink_h), ink)
        offset = (-x_anchor + box_left, y_anchor - box_top)
        return (out, offset, pos) if with_length else (out, offset)
