"""PNG encoding with ISA-L's deflate (`isal`), several times faster than Pillow's encoder.

`encode` writes 8-bit L, LA, RGB and RGBA images itself: signature, IHDR, pHYs, one IDAT,
IEND, every row with one filter type: 0 (none), or 2 (up) when asked, which makes flat images
such as boards less than half the size. Pillow's encoder tries every filter on every row;
that search and zlib cost most of a print, so files differ in size but decode to the same
pixels. Any other mode, or an image carrying an ICC profile or a transparency colour, goes to
Pillow (`pillow`), which writes those chunks.
"""

from __future__ import annotations

import io
import struct
import zlib

from isal import isal_zlib
from PIL import Image, ImageChops

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOUR_TYPES = {"L": 0, "RGB": 2, "LA": 4, "RGBA": 6}  # IHDR colour type, 8 bits a sample
BLOCK = 1 << 20  # bytes of rows compressed at a time: fast, and a board is never copied whole
INCH = 0.0254  # metres


def encode(image: Image.Image, dpi: int, level: int = 1, up: bool = False) -> bytes:
    """`image` as PNG tagged with `dpi`, deflated by ISA-L at `level` (0 fastest to 3), each
    row less the row above if `up`; modes it does not write go to `pillow` at its fastest."""
    colour = COLOUR_TYPES.get(image.mode)
    if colour is None or 0 in image.size or {"icc_profile", "transparency"} & image.info.keys():
        return pillow(image, dpi, 1)  # Pillow writes those chunks (and refuses empty images)
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    # as Pillow writes it (rounded pixels per metre), so `info["dpi"]` reads back the same
    per_metre = int(dpi / INCH + 0.5)
    phys = struct.pack(">IIB", per_metre, per_metre, 1)
    idat = _deflated_rows(image, level, up)
    crc = zlib.crc32(b"IDAT")
    for part in idat:
        crc = zlib.crc32(part, crc)
    return b"".join(
        [
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"pHYs", phys),
            # one IDAT: img2pdf joins a PNG's IDAT chunks one by one (quadratic in their number)
            struct.pack(">I", sum(map(len, idat))),
            b"IDAT",
            *idat,
            struct.pack(">I", crc),
            _chunk(b"IEND", b""),
        ]
    )


def pillow(image: Image.Image, dpi: int, level: int) -> bytes:
    """`image` as PNG by Pillow's own encoder at zlib `level` (1 fastest to 9), tagged with `dpi`."""
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=level, dpi=(dpi, dpi))
    return buf.getvalue()


def _deflated_rows(image: Image.Image, level: int, up: bool) -> list[bytes]:
    """The zlib stream of the image's rows, each after its filter type (2 if `up`, else 0),
    in pieces."""
    width, height = image.size
    stride = width * len(image.getbands())  # bytes a row: one a band, 8 bits each
    rows = max(1, BLOCK // stride)
    kind = b"\2" if up else b"\0"
    compressor = isal_zlib.compressobj(level)
    out = []
    for top in range(0, height, rows):
        # a strip at a time: slicing the whole image's bytes costs a full copy, and more time
        bottom = min(top + rows, height)
        strip = image.crop((0, top, width, bottom))
        if up:  # each byte less the one above it, mod 256 (crop gives zeros above the image)
            strip = ImageChops.subtract_modulo(strip, image.crop((0, top - 1, width, bottom - 1)))
        raw = memoryview(strip.tobytes())
        parts = []
        for start in range(0, len(raw), stride):
            parts += (kind, raw[start : start + stride])
        out.append(compressor.compress(b"".join(parts)))
    out.append(compressor.flush())
    return out


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return b"".join([struct.pack(">I", len(data)), kind, data, struct.pack(">I", crc)])
