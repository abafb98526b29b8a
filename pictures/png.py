"""The PNG encoder of the board pictures: a palette image's rows deflated by ISA-L (``isal``),
band by band, each band's deflated bytes kept and used again while its pixels stay the same.

Pillow's own PNG writer deflates with zlib, whose fastest level still takes about 3 ms for a
board (a million bytes, mostly long runs of one colour); ISA-L's level 1 does the same in about
0.6 ms and comes out smaller. A board drawn after a move differs from the one before in a few
bands of rows (the seat that moved, the last move's marks): only those are deflated again.

The file is the plainest PNG there is: IHDR (8-bit palette), PLTE (the palette's colours in the
image's own order), one IDAT and IEND. The IDAT is one zlib stream: every row with filter type
0 ("None"), cut into bands of ``BAND`` rows, each band deflated on its own and ended by a sync
flush (so the bands' deflated bytes follow each other as they are), then an empty last block
and the Adler-32 of all the rows (put together from the bands'). A band is known again by its
length, CRC-32 and Adler-32 (64 bits of checksum, both computed by ISA-L at several GB/s).
Pure: the same image always gives the same bytes, whether its bands were kept or not.

Bands start anew at rows the caller names: ``cuts`` (above a part that changes on its own,
such as the last move's caption) and ``Rows`` deflated on their own, whose bands the caller may
give as they are, kept from a board before (``tiles.strip``): those rows are then neither read
nor deflated. Either changes which bytes a board gives, never its pixels.
"""

from __future__ import annotations

import struct
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from isal import isal_zlib
from PIL import Image

LEVEL = 1  # ISA-L's levels are 0-3: 1 is as fast as 0 here and about a fifth smaller
BAND = 48  # rows deflated together (a board is 900-1,500 rows: 20-32 bands)
KEPT_BYTES = 32 * 1024 * 1024  # deflated bands kept (about 600 boards' worth)
SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEAD = b"\x78\x01"  # deflate, 32 KB window, fastest level (check bits: 0x7801 % 31 == 0)
LAST_BLOCK = b"\x03\x00"  # an empty last block (fixed codes): ends the stream
_ADLER_BASE = 65521
_ZERO_ADLER = isal_zlib.adler32(b"\0")
_ZERO_CRC = isal_zlib.crc32(b"\0")

_KEPT: OrderedDict[tuple[int, int, int], bytes] = OrderedDict()
_KEPT_SIZE = 0
_LOCK = threading.Lock()


def clear() -> None:
    global _KEPT_SIZE
    with _LOCK:
        _KEPT.clear()
        _KEPT_SIZE = 0


def _chunk(tag: bytes, data: bytes) -> bytes:
    crc = isal_zlib.crc32(data, isal_zlib.crc32(tag))
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)


def _adler_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces one after the other, from theirs (``length``: the second's;
    zlib's ``adler32_combine``)."""
    rem = length % _ADLER_BASE
    a = first & 0xFFFF
    b = (rem * a) % _ADLER_BASE
    a += (second & 0xFFFF) + _ADLER_BASE - 1
    b += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _ADLER_BASE - rem
    return (a % _ADLER_BASE) | ((b % _ADLER_BASE) << 16)


def _deflate(rows: memoryview, lead: bool) -> bytes:
    """A band's filtered rows (``rows``, after a 0 where ``lead``), deflated on their own and
    sync-flushed: in one call, so that the bytes depend on the rows alone (the same rows are
    the first band of a part in one board and in the middle of one in another)."""
    deflate = isal_zlib.compressobj(LEVEL, isal_zlib.DEFLATED, -15)
    return deflate.compress(b"\0" + rows if lead else rows) + deflate.flush(isal_zlib.Z_SYNC_FLUSH)


def _keep(made: dict) -> None:
    global _KEPT_SIZE
    with _LOCK:
        for key, piece in made.items():
            if key not in _KEPT:
                _KEPT[key] = piece
                _KEPT_SIZE += len(piece)
        while _KEPT_SIZE > KEPT_BYTES:
            _KEPT_SIZE -= len(_KEPT.popitem(last=False)[1])


@dataclass(slots=True)
class Rows:
    """Rows ``top`` to ``bottom`` (not included) deflated as bands of their own, cut from
    ``top``: ``bands`` given (kept from a board before: these rows' pixels need not be drawn,
    ``tiles.strip``), or None, and then ``encode`` fills them in from the pixels. A band is
    (its deflated bytes, the Adler-32 of its filtered rows, their length)."""

    top: int
    bottom: int
    bands: tuple | None = None


def _bands(img: Image.Image, width: int, top: int, bottom: int) -> list[tuple[bytes, int, int]]:
    """Rows ``top`` to ``bottom`` cut into bands of ``BAND`` rows from ``top``, each after its
    filter byte 0 ("None"), deflated (or found kept).

    Pillow's raw encoder writes rows ``width + 1`` bytes apart with a 0 after each (its
    ``stride``): a band from the 0 after the row above it gives exactly its filtered rows (its
    last row's 0 left out), with no copy of the image (a crop to one more column on the left
    cost twice as much); the first band has no row above it here, so a 0 is put before it."""
    encoder = Image._getencoder("P", "raw", ("P", width + 1, 1))
    encoder.setimage(img.im, (0, top, width, bottom))
    stride = width + 1
    height = bottom - top
    size = stride * height
    _, status, rows = encoder.encode(size + 64)
    if status != 1 or len(rows) != size:  # every row at once, or Pillow changed: say so
        raise RuntimeError(f"the raw encoder gave {len(rows)} of {size} bytes ({status})")
    view = memoryview(rows)
    # each band known by its length, CRC-32 and Adler-32: looked up all at once, then the ones
    # not kept deflated (outside the lock) and kept
    crc32, adler32 = isal_zlib.crc32, isal_zlib.adler32
    first = view[: min(height, BAND) * stride - 1]
    bands = [first]
    keys = [(len(first) + 1, crc32(first, _ZERO_CRC), adler32(first, _ZERO_ADLER))]
    for y in range(BAND, height, BAND):
        band = view[y * stride - 1 : min(height, y + BAND) * stride - 1]
        bands.append(band)
        keys.append((len(band), crc32(band), adler32(band)))
    with _LOCK:
        kept = _KEPT
        found = [kept.get(key) for key in keys]
        for key, piece in zip(keys, found):
            if piece is not None:
                kept.move_to_end(key)
    made = {}
    for i, piece in enumerate(found):
        if piece is None:
            found[i] = made[keys[i]] = _deflate(bands[i], i == 0)
    if made:
        _keep(made)
    return [(piece, key[2], key[0]) for piece, key in zip(found, keys)]


def _idat(img: Image.Image, width: int, height: int, given: list[Rows], cuts: list[int]) -> bytes:
    """The zlib stream of the top ``height`` rows: ``given``'s rows as their bands (made from
    the pixels where they have none yet), the rest cut into bands from the top, after each of
    ``given``'s and at each of ``cuts``."""
    pieces: list[tuple[bytes, int, int]] = []
    stops = sorted({int(c) for c in cuts if 0 < c < height})

    def drawn(top: int, bottom: int) -> None:  # rows with no bands given: cut at the stops
        edges = [top, *(c for c in stops if top < c < bottom), bottom]
        for a, b in zip(edges, edges[1:]):
            pieces.extend(_bands(img, width, a, b))

    y = 0
    for rows in sorted(given, key=lambda r: r.top):
        if not y <= rows.top < rows.bottom <= height:
            raise ValueError(f"rows {rows.top}-{rows.bottom}: outside 0-{height} or overlap")
        if y < rows.top:
            drawn(y, rows.top)
        if rows.bands is None:
            rows.bands = tuple(_bands(img, width, rows.top, rows.bottom))
        pieces.extend(rows.bands)
        y = rows.bottom
    if y < height:
        drawn(y, height)
    adler = 1
    for _, band_adler, length in pieces:
        adler = _adler_combine(adler, band_adler, length)
    return b"".join(
        (ZLIB_HEAD, *(piece for piece, _, _ in pieces), LAST_BLOCK, struct.pack(">I", adler))
    )


def encode(
    img: Image.Image,
    height: int | None = None,
    given: Iterable[Rows] = (),
    cuts: Iterable[int] = (),
) -> bytes:
    """The PNG of the palette image ``img`` ("P", RGB palette); ``height``: only its top rows;
    ``given``: rows deflated on their own (``Rows``); ``cuts``: rows a band starts at (where
    the part below changes on its own: the same pixels give other bytes, never other pixels)."""
    if img.mode != "P":
        raise ValueError(f"a board picture is a palette image, not {img.mode!r}")
    width = img.width
    height = img.height if height is None else max(1, min(int(height), img.height))
    palette = img.palette
    if palette is None or palette.mode != "RGB":
        raise ValueError("a board picture's palette is RGB")
    colours = palette.tobytes()
    head = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette, no interlace
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", head),
            _chunk(b"PLTE", colours),
            _chunk(b"IDAT", _idat(img, width, height, list(given), list(cuts))),
            _chunk(b"IEND", b""),
        )
    )
