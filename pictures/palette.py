"""Colours of the board pictures: a colour-blind-safe seat palette (Okabe-Ito), and never colour
alone: every seat also has a letter and a shape, drawn together wherever a seat is shown.

The seat colours follow the names Herr der Ziegen's text already uses (Red, Yellow, Blue, Green,
Purple), so the letters R Y B G P mean the same seat in words and in pictures.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# Okabe & Ito (2008), "Color Universal Design": vermillion, yellow, blue, bluish green,
# reddish purple. Distinguishable with every common colour-vision deficiency.
SEAT_COLOURS: list[RGB] = [
    (213, 94, 0),
    (240, 228, 66),
    (0, 114, 178),
    (0, 158, 115),
    (204, 121, 167),
]
SEAT_NAMES: list[str] = ["Red", "Yellow", "Blue", "Green", "Purple"]
SEAT_LETTERS: str = "RYBGP"
SEAT_SHAPES: list[str] = ["circle", "square", "triangle", "diamond", "hexagon"]
# The letter drawn on a seat's colour: whichever of black/white reads better on it.
SEAT_TEXT: list[RGB] = [(255, 255, 255), (0, 0, 0), (255, 255, 255), (255, 255, 255), (0, 0, 0)]
# Pale tints of the seat colours for large areas (a pen, a claimed cell's background).
SEAT_TINTS: list[RGB] = [
    (246, 207, 178),
    (250, 245, 190),
    (178, 214, 235),
    (178, 228, 212),
    (240, 214, 228),
]
# Square emoji of the same colours, for the text summary beside the picture.
SEAT_EMOJI: list[str] = ["🟥", "🟨", "🟦", "🟩", "🟪"]

# An opaque light background reads the same on Discord's dark and light themes.
BACKGROUND: RGB = (246, 242, 233)
PANEL: RGB = (255, 253, 248)
INK: RGB = (28, 28, 28)  # text and outlines
MUTED: RGB = (105, 100, 92)  # secondary text
RULE: RGB = (150, 140, 125)  # thin lines
EMPTY: RGB = (226, 221, 210)  # empty places
HIGHLIGHT: RGB = (0, 0, 0)  # "acting now" frames
GOLD: RGB = (190, 140, 0)
LAST: RGB = (0, 0, 0)  # the last move's ring and star (with a white edge: seen on any colour)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_letter(seat: int) -> str:
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)]


WHITE: RGB = (255, 255, 255)
# Every canvas's palette starts with these, in this order, drawn or not (``draw.Canvas``): a
# colour has the same index on every board, whatever the board draws first. A game adds its own
# colours (``Canvas(..., inks=...)``); any other colour still works, added when first drawn.
INKS: tuple[RGB, ...] = tuple(
    dict.fromkeys(
        [BACKGROUND, PANEL, INK, MUTED, RULE, EMPTY, HIGHLIGHT, GOLD, LAST, WHITE]
        + SEAT_COLOURS
        + SEAT_TINTS
        + SEAT_TEXT
    )
)
