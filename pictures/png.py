"""The PNG encoder of the board pictures: a palette image's rows deflated by ISA-L (``isal``).

Pillow's own PNG writer deflates with zlib, whose fastest level still takes about 3 ms for a
board (a million bytes, mostly long runs of one colour); ISA-L's level 1 does the same in about
0.6 ms and comes out smaller. The file is the plainest PNG there is: IHDR (8-bit palette), PLTE
(the palette's colours in the image's own order), one IDAT (every row with filter type 0,
"None") and IEND. Pure: the same image always gives the same bytes.
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

LEVEL = 1  # ISA-L's levels are 0-3: 1 is as fast as 0 here and about a fifth smaller
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(tag: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(tag))
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)


def _deflate(img: Image.Image, width: int, height: int) -> bytes:
    """The zlib stream of the top ``height`` rows, each after its filter byte 0 ("None").

    Pillow's raw encoder writes rows ``width + 1`` bytes apart with a 0 after each (its
    ``stride``): one 0 before that gives exactly the filtered rows (and one 0 too many at the
    end, left out), with no copy of the image (a crop to one more column on the left cost
    twice as much)."""
    encoder = Image._getencoder("P", "raw", ("P", width + 1, 1))
    encoder.setimage(img.im, (0, 0, width, height))
    size = (width + 1) * height
    _, status, rows = encoder.encode(size + 64)
    if status != 1 or len(rows) != size:  # every row at once, or Pillow changed: say so
        raise RuntimeError(f"the raw encoder gave {len(rows)} of {size} bytes ({status})")
    deflate = isal_zlib.compressobj(LEVEL)
    return deflate.compress(b"\0") + deflate.compress(memoryview(rows)[:-1]) + deflate.flush()


def encode(img: Image.Image, height: int | None = None) -> bytes:
    """The PNG of the palette image ``img`` ("P", RGB palette); ``height``: only its top rows."""
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
            _chunk(b"IDAT", _deflate(img, width, height)),
            _chunk(b"IEND", b""),
        )
    )
