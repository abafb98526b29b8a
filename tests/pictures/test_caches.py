"""The pictures' caches (text masks, widths, rounded boxes) and their PNG encoder only make them
faster: a board drawn with cold caches is byte for byte the one drawn with warm caches, in every
language, and the PNG shows exactly the pixels drawn."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import pictures
from engines import REGISTRY
from pictures import draw, png

NAMES = ["Ann", "Bérénice", "Çağrı", "Dmitri Dmitrievich", "Eve"]


def _views(kind: str, players: int, seed: int, count: int = 4) -> list[dict]:
    engine = REGISTRY[kind]
    rnd = random.Random(seed)
    state = engine.new_game(players, seed)
    states = [state]
    while not engine.is_over(state):
        seat = rnd.choice(engine.to_act(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        states.append(state)
    picks = sorted(rnd.sample(range(len(states)), count - 1)) + [len(states) - 1]
    return [engine.view(states[i], None) for i in picks]


@pytest.mark.parametrize("kind", pictures.kinds())
def test_a_cold_cache_draws_the_same_bytes_as_a_warm_one(kind):
    engine = REGISTRY[kind]
    for players in range(engine.min_players, engine.max_players + 1):
        views = _views(kind, players, seed=7 * players + 1)
        for lang in ("en", "de", "es"):
            names = NAMES[:players]
            warm = [pictures.picture(kind, v, names, lang) for v in views]  # caches now warm
            warm_again = [pictures.picture(kind, v, names, lang) for v in views]
            assert warm == warm_again
            for view, drawn in zip(views, warm):
                draw.clear_caches()
                assert pictures.picture(kind, view, names, lang) == drawn, (kind, players, lang)


def test_the_png_holds_the_pixels_and_the_palette_drawn():
    cv = draw.Canvas(300, 120)
    cv.rect((10, 10, 200, 90), (255, 253, 248), (28, 28, 28), 2, radius=12)
    cv.text((20, 20), "Wichtel ⇄ Ziege", 22, (213, 94, 0), bold=True)
    cv.token(250, 50, 20, 3)
    data = cv.png()
    shown = Image.open(io.BytesIO(data))
    assert shown.mode == "P" and shown.size == (300, 120)
    assert shown.convert("RGB").tobytes() == cv.img.convert("RGB").tobytes()
    cut = Image.open(io.BytesIO(cv.png(height=70)))
    assert cut.size == (300, 70)
    assert cut.convert("RGB").tobytes() == cv.img.crop((0, 0, 300, 70)).convert("RGB").tobytes()
    assert png.encode(cv.img) == data  # the same image, the same bytes
    with pytest.raises(ValueError):
        png.encode(Image.new("RGB", (4, 4)))


def test_rounded_boxes_are_stamped_exactly_as_pillow_draws_them():
    """Every size, radius, width and fill/outline combination, anywhere (clipped at the edges
    too): the stamped masks give Pillow's own pixels."""
    rnd = random.Random(5)
    colours = [(246, 242, 233), (28, 28, 28), (213, 94, 0), (0, 114, 178)]
    for n in range(2700):
        size = (360, 480)
        if n >= 2500:  # as large as a board's panels: a band of a box as wide as the board
            w, h, size = rnd.randint(200, 1020), rnd.randint(100, 1300), (1040, 1400)
        elif n % 2:  # tall ones too: stamped as a band (top rows, a repeated row, bottom rows)
            w, h = rnd.randint(0, 300), rnd.randint(0, 400)
        else:
            w, h = rnd.randint(0, 120), rnd.randint(0, 90)
        x0, y0 = rnd.randint(-30, 200), rnd.randint(-30, 130)
        box = (x0, y0, x0 + w, y0 + h)
        radius, width = rnd.choice([2, 5, 8, 12, 40, 200]), rnd.choice([1, 2, 3, 5])
        fill = rnd.choice([None] + colours)
        outline = rnd.choice([None, fill] + colours)
        stamped, direct = draw.Canvas(*size), draw.Canvas(*size)
        stamped.rect(box, fill, outline, width, radius=radius)
        f = None if fill is None else direct.ink(fill)
        o = None if outline is None else direct.ink(outline)
        direct.draw.rounded_rectangle(box, radius, fill=f, outline=o, width=width)
        assert stamped.img.convert("RGB").tobytes() == direct.img.convert("RGB").tobytes(), (
            box,
            radius,
            width,
            fill,
            outline,
        )


def test_a_rounded_box_drawn_in_pieces_of_rows_is_the_box_drawn_whole():
    """``Canvas.rect(..., rows=)``: pieces of rows, drawn in any order, give the whole box's
    pixels (``tiles.strip`` draws a frame around several strips piece by piece)."""
    rnd = random.Random(6)
    colours = [(246, 242, 233), (28, 28, 28), (213, 94, 0)]
    for _ in range(300):
        w, h = rnd.randint(0, 400), rnd.randint(0, 600)
        x0, y0 = rnd.randint(-20, 100), rnd.randint(-20, 100)
        box = (x0, y0, x0 + w, y0 + h)
        radius, width = rnd.choice([2, 8, 12, 40]), rnd.choice([1, 2, 3])
        fill = rnd.choice([None] + colours)
        outline = rnd.choice([None, fill] + colours)
        whole, pieces = draw.Canvas(560, 760), draw.Canvas(560, 760)
        whole.rect(box, fill, outline, width, radius=radius)
        cuts = sorted({0, 760, *(rnd.randint(y0 - 5, y0 + h + 5) for _ in range(4))})
        spans = list(zip(cuts, cuts[1:]))
        rnd.shuffle(spans)
        for rows in spans:
            pieces.rect(box, fill, outline, width, radius=radius, rows=rows)
        assert pieces.img.tobytes() == whole.img.tobytes(), (box, radius, width, cuts)
    with pytest.raises(ValueError):
        draw.Canvas(50, 50).rect((1, 1, 40, 40), None, (28, 28, 28), rows=(0, 10))  # square


def test_a_layer_keeps_the_order_of_drawing():
    """Ground, then what moves under ``over``, then ``over``, then the rest: the same pixels
    and the same PNG as drawing it all in that order, kept layer or not."""
    from pictures import layers

    def ground(cv):
        cv.rect((10, 10, 200, 100), (190, 222, 160))
        cv.text((20, 20), "Village", 22, (28, 28, 28), bold=True)
        return 123

    def over(cv):
        cv.line([(10, 60), (200, 60)], (86, 180, 233), 9)
        cv.rect((10, 10, 200, 100), None, (28, 28, 28), 3)

    def under(cv):
        cv.text((150, 64), "*", 30, (190, 140, 0), bold=True, anchor="rs")
        return [(110, 24, 160, 74)]

    def top(cv):
        cv.token(60, 60, 20, 2)

    direct = draw.Canvas(240, 160)
    for part in (ground, under, over, top):
        part(direct)
    layers.clear()
    drawn = []
    for _ in range(3):  # made, then kept
        found = layers.layer(("test", 240, 160), 240, 160, ground, over)
        assert found.data == 123
        cv = layers.canvas(found, 240, 160)
        layers.stamp_over(cv, found, under(cv))
        top(cv)
        drawn.append(cv.png())
        assert cv.img.convert("RGB").tobytes() == direct.img.convert("RGB").tobytes()
    assert drawn[0] == drawn[1] == drawn[2]


def test_layers_are_bounded():
    from pictures import layers

    layers.clear()
    for n in range(layers.KEPT + 5):
        layers.layer(("bounded", n), 50, 50, lambda cv: cv.rect((0, 0, 10, 10), (0, 0, 0)))
    assert len(layers._KEPT) == layers.KEPT
    layers.clear()


def test_thick_outlined_shapes_are_stamped_exactly_as_pillow_draws_them():
    """Seats' shapes, stars and Menhirs (polygons with a thick outline) anywhere, clipped at the
    edges too, twice each (drawn, then stamped): Pillow's own pixels, drawn in place."""
    rnd = random.Random(11)
    colours = [(246, 242, 233), (28, 28, 28), (213, 94, 0), (0, 114, 178)]
    for n in range(600):
        kind = rnd.choice(["triangle", "diamond", "hexagon"])
        size = (240, 160)
        if n >= 400:  # on canvases of a board's heights, near their bottom edge too
            size = (1040, rnd.choice([1280, 1600, 2000, 2400, 2600]))
            cx, cy = rnd.uniform(-20, 1060), rnd.choice([rnd.uniform(-20, size[1] + 20), size[1]])
        else:
            cx, cy = rnd.uniform(-20, 260), rnd.uniform(-20, 180)
        r, width = rnd.choice([10, 12.5, 14, 17, 19, 20, 25.7]), rnd.choice([2, 3])
        fill = rnd.choice([None] + colours)
        outline = rnd.choice(colours)
        points = [(int(x), int(y)) for x, y in draw.shape_points(kind, cx, cy, r)]
        stamped, direct = draw.Canvas(*size), draw.Canvas(*size)
        for _ in range(2):
            stamped.polygon(points, fill, outline, width)
        f = None if fill is None else direct.ink(fill)
        o = direct.ink(outline)
        if f is not None:
            direct.draw.polygon(points, fill=f)
        direct.draw.line(points + points[:2], fill=o, width=width, joint="curve")
        assert stamped.img.convert("RGB").tobytes() == direct.img.convert("RGB").tobytes(), (
            kind,
            cx,
            cy,
            r,
            width,
        )
    assert draw._SCRATCH
    for blank in draw._SCRATCH.values():
        assert blank.getbbox() is None  # the scratch canvases are left blank


def test_a_png_of_kept_bands_is_the_png_deflated_afresh():
    """Boards that share bands of rows (kept deflated) give the bytes of each deflated alone,
    and each decodes to its pixels, whatever the height (a last band shorter than the rest)."""
    rnd = random.Random(8)
    base = draw.Canvas(300, 500)
    for _ in range(40):
        x, y = rnd.randint(0, 280), rnd.randint(0, 480)
        base.rect((x, y, x + 20, y + 15), rnd.choice([(213, 94, 0), (0, 114, 178), (28, 28, 28)]))
    boards = []
    for n in range(6):
        cv = draw.Canvas(300, 500)
        cv.img.paste(base.img, (0, 0))
        cv.img.palette = base.img.palette.copy()
        y = rnd.randint(0, 480)
        cv.draw.rectangle((0, y, 299, y + 3), fill=n + 1)  # a band or two changed
        boards.append((cv.img.copy(), rnd.choice([500, 333, png.BAND, 7])))
    png.clear()
    warm = [png.encode(img, height) for img, height in boards]
    assert png._KEPT  # bands were kept and found again
    for (img, height), data in zip(boards, warm):
        png.clear()
        assert png.encode(img, height) == data
        shown = Image.open(io.BytesIO(data))
        shown.load()
        assert shown.tobytes() == img.crop((0, 0, 300, height)).tobytes()


def test_rows_given_or_cut_give_the_pixels_drawn():
    """Rows deflated on their own (``png.Rows``, ``tiles.strip``) and bands cut at given rows
    (the last move's caption) change the bytes, never the pixels; given rows' bands are put in
    as they are, whatever those rows of the image hold."""
    rnd = random.Random(5)
    cv = draw.Canvas(300, 400)
    for _ in range(60):
        x, y = rnd.randint(0, 280), rnd.randint(0, 380)
        cv.rect((x, y, x + 20, y + 15), rnd.choice([(213, 94, 0), (0, 114, 178), (28, 28, 28)]))
    rows = png.Rows(100, 181)
    data = png.encode(cv.img, 390, [rows], [37, 200, 389])
    assert rows.bands  # made from the pixels
    shown = Image.open(io.BytesIO(data))
    shown.load()
    assert shown.tobytes() == cv.img.crop((0, 0, 300, 390)).tobytes()
    blank = cv.img.copy()
    blank.paste(0, (0, 100, 300, 181))
    assert png.encode(blank, 390, [png.Rows(100, 181, rows.bands)], [37, 200, 389]) == data
    with pytest.raises(ValueError, match="overlap"):
        png.encode(cv.img, 390, [png.Rows(100, 181), png.Rows(150, 200)])


def test_a_board_drawn_on_the_image_of_the_one_before_is_the_board_drawn_on_a_new_one():
    """``layers.done``: the next board of the same size is drawn on the image of the one before
    (the ground over it, the rest cleared): the bytes of one drawn on a new image."""
    from pictures import layers

    for kind in ("ziegen", "korrigans"):
        views = _views(kind, 5, seed=11, count=6)
        draw.clear_caches()  # (no image kept either)
        fresh = []
        for view in views:
            draw.clear_caches()
            fresh.append(pictures.picture(kind, view, NAMES))
        for view in views:
            pictures.picture(kind, view, NAMES)
        assert layers._SPARE.images  # boards were drawn on images used before
        for order in (views, views[::-1]):
            drawn = [pictures.picture(kind, view, NAMES) for view in order]
            assert drawn == (fresh if order is views else fresh[::-1]), kind
