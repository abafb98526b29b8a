"""Labels put together from glyphs (``pictures/glyphs.py``) show exactly the ink FreeType's own
rendering of the whole label shows, at the same place, and measure the same width: every label
of every catalog in every language, and random Latin strings, in the sizes and anchors the
pictures use."""

from __future__ import annotations

import glob
import os
import random
import re

import pytest
from PIL import Image

from pictures import draw
from pictures.glyphs import Typesetter, supported

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ANCHORS = ["la", "ls", "lm", "lt", "lb", "ld", "ma", "mm", "ms", "md", "ra", "rs", "rm"]
FONTS = [(22, False), (22, True), (24, True), (26, True), (30, True), (32, True), (44, True)]


def _ink(mask, offset):
    """Where the ink lies (from the anchor point) and what it is."""
    if not (mask.size[0] and mask.size[1]) or mask.getbbox() is None:
        return None
    box = mask.getbbox()
    im = Image.new("L", mask.size)
    im.im = mask
    cut = im.crop(box)
    return box[0] + offset[0], box[1] + offset[1], cut.size, cut.tobytes()


def _catalog_texts() -> list[str]:
    texts = set()
    for path in glob.glob(os.path.join(ROOT, "locale", "*", "LC_MESSAGES", "*.po")):
        with open(path, encoding="utf-8") as f:
            for m in re.finditer(r'^msg(?:id|str) "(.+)"$', f.read(), re.M):
                texts.add(m.group(1).replace('\\"', '"')[:90])
    return sorted(texts)


def _random_texts(count: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    alphabet = [chr(c) for c in range(0x20, 0x250) if supported(chr(c))] + list("…·→⇄↻♣×–—’“”")
    alphabet += list("ffifl  ")  # ligatures and spaces more often
    return ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 30))) for _ in range(count)]


@pytest.mark.parametrize("size,bold", FONTS)
def test_glyphs_put_together_show_freetypes_own_ink(size, bold):
    typesetter = Typesetter(draw.font(size, bold))
    rnd = random.Random(size * 2 + bold)
    texts = _catalog_texts()[::3] + _random_texts(300, size) + ["fff", "ffil", "Treffer", "a  b"]
    composed = 0
    for text in texts:
        anchor = rnd.choice(ANCHORS)
        made = typesetter.mask(text, anchor)
        length = typesetter.length(text)
        if length is not None:
            assert length == round(typesetter.font.getlength(text) * 64), text
        if made is None:
            continue
        composed += 1
        mask, offset = typesetter.font.getmask2(text, "1", anchor=anchor)
        assert _ink(*made) == _ink(mask, offset), (text, anchor)
        assert made[1] == offset, (text, anchor)
    assert composed > 0.9 * len(texts)  # the model holds for nearly every label


def test_other_scripts_and_marks_are_left_to_freetype():
    typesetter = Typesetter(draw.font(22))
    for text in ("Дмитрий", "שלום", "e\u0301", "a\u200db", "Ω"):
        assert typesetter.mask(text, "la") is None and typesetter.length(text) is None
    canvas = draw.Canvas(200, 40)
    assert canvas.text((4, 4), "Дмитрий") == draw.text_width("Дмитрий", 22)


def test_a_label_drawn_gives_the_width_text_width_measures():
    """``Canvas.text`` returns the width its one layout found: ``text_width``'s, for labels put
    together from glyphs and for those left to FreeType (another script), in every anchor."""
    texts = _random_texts(150, seed=9) + ["Ελληνικά", "日本語", "e\u0301t\u00e9", "ffi fl"]
    cv = draw.Canvas(1040, 200)
    rnd = random.Random(3)
    for text in texts:
        size, bold = rnd.choice(FONTS)
        draw.clear_caches()
        drawn = cv.text((500, 100), text, size, bold=bold, anchor=rnd.choice(ANCHORS))
        draw.clear_caches()
        assert drawn == draw.text_width(text, size, bold), (text, size, bold)
