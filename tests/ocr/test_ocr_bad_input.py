"""Bad images: refused clearly (exit 3) before any pixel is decoded, or handled correctly —
never a crash, a hang or a memory blow-up. Odd modes (CMYK, 16-bit, palette, grey with
alpha) are read and written."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from ocr_fixtures import ID_NUMBER, NAME, text_image
from ocr_helpers import cli, make_pipeline, needs_ocr
from PIL import Image

from redactor.core.context import RunContext
from redactor.core.errors import InputError, UsageError


def png_bomb(path: Path, width: int, height: int) -> Path:
    """A valid PNG header declaring ``width`` × ``height`` with a few bytes of data."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
                     + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
    return path


def tiff_bomb(path: Path, width: int, height: int) -> Path:
    """A little-endian TIFF whose one strip of 8 bytes claims ``width`` × ``height``."""
    entries = [(256, 4, 1, width), (257, 4, 1, height), (258, 3, 1, 8), (259, 3, 1, 1),
               (262, 3, 1, 1), (273, 4, 1, 8 + 2 + 12 * 9 + 4), (277, 3, 1, 1),
               (278, 4, 1, height), (279, 4, 1, 8)]
    ifd = struct.pack("<H", len(entries)) + b"".join(
        struct.pack("<HHII", tag, kind, count, value) for tag, kind, count, value in entries)
    path.write_bytes(b"II*\x00" + struct.pack("<I", 8) + ifd + struct.pack("<I", 0)
                     + b"\xff" * 8)
    return path


def _read(path: Path, settings: dict | None = None):  # type: ignore[no-untyped-def]
    pipe = make_pipeline(settings=settings)
    return pipe.read(path, RunContext(settings=pipe.host.settings))


@pytest.mark.parametrize("make", [
    lambda p: png_bomb(p / "bomb.png", 60_000, 60_000),
    lambda p: tiff_bomb(p / "bomb.tif", 100_000, 100_000),
])
def test_huge_declared_sizes_are_refused_before_decoding(tmp_path: Path, make) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as err:
        _read(make(tmp_path))
    assert err.value.exit_code == 3
    assert "image_pixels" in str(err.value) or "pixels" in str(err.value)


def test_a_20000_pixel_square_image_is_refused_by_the_cli(tmp_path: Path) -> None:
    src = tmp_path / "huge.png"
    Image.new("1", (20_000, 20_000), 1).save(src)
    res = cli("redact", str(src), "-o", str(tmp_path / "out.png"), timeout=300)
    assert res.returncode == 3, res.stderr[-2000:]
    assert "limits.image_pixels" in res.stderr
    assert not (tmp_path / "out.png").exists()


@needs_ocr
def test_a_truncated_jpeg_is_refused(tmp_path: Path) -> None:
    buf = io.BytesIO()
    text_image().save(buf, "JPEG", quality=90)
    src = tmp_path / "cut.jpg"
    src.write_bytes(buf.getvalue()[: len(buf.getvalue()) // 2])
    with pytest.raises(InputError) as err:
        _read(src)
    assert err.value.exit_code == 3 and "truncated or damaged" in str(err.value)


def test_garbage_with_an_image_name_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "fake.png"
    src.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 50)
    with pytest.raises(InputError):
        _read(src)


def test_without_an_ocr_engine_an_image_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "card.png"
    text_image().save(src)
    with pytest.raises(InputError) as err:
        _read(src, settings={"ocr": {"enabled": False}})
    assert "no OCR engine" in str(err.value)


def _modes() -> list[tuple[str, str, Image.Image]]:
    base = text_image(px=30, size=(900, 260))
    grey = np.asarray(base.convert("L")).astype(np.uint16) * 257
    palette = base.convert("P", palette=Image.Palette.ADAPTIVE, colors=16)
    palette.info["transparency"] = 0
    return [("cmyk.jpg", "JPEG", base.convert("CMYK")),
            ("grey16.png", "PNG", Image.fromarray(grey)),
            ("palette.png", "PNG", palette),
            ("grey-alpha.png", "PNG", base.convert("LA")),
            ("bilevel.tif", "TIFF", base.convert("1"))]


@needs_ocr
@pytest.mark.parametrize(("name", "fmt", "img"), _modes(), ids=[m[0] for m in _modes()])
def test_odd_modes_are_read_and_redacted(tmp_path: Path, redact, name: str, fmt: str,  # type: ignore[no-untyped-def]
                                         img: Image.Image) -> None:
    src = tmp_path / name
    img.save(src, fmt)
    result = redact(src, tmp_path / f"out-{name}", deny=(NAME, ID_NUMBER))
    assert result.verification.ok
    assert len(result.plan.replacements) == 2
    with Image.open(tmp_path / f"out-{name}") as out:
        assert out.format == fmt and out.size == img.size


@needs_ocr
def test_several_pages_cannot_be_written_as_png(tmp_path: Path, redact) -> None:  # type: ignore[no-untyped-def]
    src = tmp_path / "two.tif"
    page = text_image(("Page text",), px=30, size=(400, 100))
    page.save(src, save_all=True, append_images=[page])
    with pytest.raises(UsageError):
        redact(src, tmp_path / "out.png")
    assert not (tmp_path / "out.png").exists()
