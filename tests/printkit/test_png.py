"""printkit.png: PNGs deflated by ISA-L decode to the same pixels, mode and dpi as Pillow's own,
through the cache too; the PDF embeds them undecoded; other modes go to Pillow."""

import io
import struct
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageCms

from printkit import PrintJob, boards, png, render
from printkit.cache import Cache, png_bytes
from printkit.job import Options

BANDS = {"L": 1, "LA": 2, "RGB": 3, "RGBA": 4}


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, data) chunks of a PNG, each CRC checked."""
    assert data[:8] == png.SIGNATURE
    found, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(body, zlib.crc32(kind)), kind
        found.append((kind, body))
        at += 12 + length
    assert at == len(data)
    return found


def decoded(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        return image


def same_as_pillow(image: Image.Image, data: bytes, dpi: int) -> None:
    """`data` decodes to `image`'s mode and pixels, and reads the dpi Pillow's encoding reads."""
    ours, theirs = decoded(data), decoded(png.pillow(image, dpi, 1))
    assert ours.mode == theirs.mode == image.mode
    assert ours.size == image.size
    assert ours.tobytes() == theirs.tobytes() == image.tobytes()
    assert ours.info["dpi"] == theirs.info["dpi"]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(sorted(BANDS)),
    st.integers(1, 40),
    st.integers(1, 40),
    st.integers(1, 2400),
    st.booleans(),
    st.data(),
)
def test_any_small_image_decodes_to_its_pixels_mode_and_dpi(mode, width, height, dpi, up, data):
    pixels = data.draw(st.binary(min_size=width * height * BANDS[mode],
                                 max_size=width * height * BANDS[mode]))
    image = Image.frombytes(mode, (width, height), pixels)
    encoded = png.encode(image, dpi, up=up)
    assert [kind for kind, _ in chunks(encoded)] == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]
    same_as_pillow(image, encoded, dpi)


@pytest.mark.parametrize(("up", "kind"), [(False, 0), (True, 2)])
def test_every_row_has_the_one_filter_and_every_level_decodes(up, kind):
    image = Image.linear_gradient("L").resize((300, 200)).convert("RGB")
    for level in range(4):
        encoded = png.encode(image, 300, level, up)
        rows = zlib.decompress(dict(chunks(encoded))[b"IDAT"])
        stride = 1 + 300 * 3
        assert len(rows) == 200 * stride
        assert {rows[y * stride] for y in range(200)} == {kind}
        same_as_pillow(image, encoded, 300)
    # the gradient runs down the image: rows less the row above are mostly zeros
    assert len(png.encode(image, 300, up=True)) < len(png.encode(image, 300)) / 2


@pytest.mark.parametrize("mode", ["P", "1", "I;16"])
def test_other_modes_are_pillows_encoding(mode):
    image = Image.linear_gradient("L").resize((50, 30)).convert(mode)
    assert png.encode(image, 150) == png.pillow(image, 150, 1)
    back = decoded(png.encode(image, 150))
    assert back.size == image.size and back.info["dpi"] == pytest.approx((150, 150), abs=0.02)


def test_an_icc_profile_or_a_transparent_colour_goes_to_pillow_and_is_kept():
    image = Image.new("RGB", (20, 10), "#336699")
    image.info["icc_profile"] = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    assert png.encode(image, 300) == png.pillow(image, 300, 1)
    assert decoded(png.encode(image, 300)).info["icc_profile"] == image.info["icc_profile"]
    grey = Image.new("L", (20, 10), 7)
    grey.info["transparency"] = 7
    assert decoded(png.encode(grey, 300)).info["transparency"] == 7


def test_a_face_stored_in_the_cache_reads_back_as_drawn(pack, compiled, tmp_path):
    game = compiled(pack("mini")).game
    job = PrintJob(game, Options(dpi=300, workers=1, cache=tmp_path / "cache"))
    key, face = next(iter(job.faces.items()))
    image, issues = render(face)
    assert image.height * image.width * 3 > 2 * png.BLOCK  # compressed in several blocks
    job.cache.store(key, image, issues, 300)
    stored = job.cache.path(key).read_bytes()
    same_as_pillow(image, stored, 300)
    assert job.cache.open(key).tobytes() == image.tobytes()


def test_a_board_in_the_cache_reads_back_as_drawn(pack, compiled, tmp_path):
    game = compiled(pack("board")).game
    image = boards.render(game.landscapes["field"], game.landscapes, game.terrain, 25.4, 120)
    cache = Cache.claim(tmp_path / "cache")
    assert image.height * image.width * 3 > 2 * png.BLOCK  # compressed in several blocks
    path = cache.put("0" * 64 + "-board", "boards", png_bytes(image, 120, up=True))
    same_as_pillow(image, path.read_bytes(), 120)


@pytest.mark.parametrize("up", [False, True])
def test_the_pdf_embeds_the_deflated_rows_without_decoding_them(tmp_path, up):
    import img2pdf
    import pikepdf
    from pikepdf import PdfImage

    image = Image.radial_gradient("L").convert("RGB")
    path = tmp_path / "face.png"
    path.write_bytes(png_bytes(image, 300, up))
    with pikepdf.open(io.BytesIO(img2pdf.convert(str(path), nodate=True))) as doc:
        (embedded,) = doc.pages[0].Resources.XObject.values()
        # the IDAT's zlib stream itself, read back through the PNG predictor
        assert embedded.read_raw_bytes() == dict(chunks(path.read_bytes()))[b"IDAT"]
        assert embedded.DecodeParms.Predictor == 15
        assert PdfImage(embedded).as_pil_image().tobytes() == image.tobytes()
