"""Bad input that would exhaust the machine is refused with exit 3 and a one-line reason
naming the limit (settings section ``limits``); large honest input finishes, with progress."""

from __future__ import annotations

import json
import time
import zlib
from pathlib import Path

import pikepdf
import pytest

from redactor.cli.main import main
from redactor.core.context import RunContext
from redactor.core.errors import InputError
from redactor.core.limits import DEFAULTS, LimitError, Limits, inflated_size, limits_for
from redactor.core.pipeline import Pipeline
from redactor.core.settings import Settings, config_dir
from redactor.pluginhost.manager import PluginHost

ROOT = Path(__file__).resolve().parents[2]
Name = pikepdf.Name
PAGE = b"BT /F1 12 Tf 20 150 Td (Report on Kristoffer Haugland today) Tj ET\n"


def _pdf(path: Path, pages: int = 1, media: tuple[float, float] = (300, 200),
         xobjects: dict[str, pikepdf.Object] | None = None, body: bytes = PAGE) -> Path:
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=Name.Font, Subtype=Name.Type1,
                                                BaseFont=Name.Helvetica,
                                                Encoding=Name.WinAnsiEncoding))
    for i in range(pages):
        res = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        if xobjects and i == 0:
            res.XObject = pikepdf.Dictionary({"/" + k: pdf.copy_foreign(v) if v.is_indirect
                                              else v for k, v in xobjects.items()})
        pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
            Type=Name.Page, MediaBox=[0, 0, *media], Resources=res,
            Contents=pikepdf.Stream(pdf, body))))
    pdf.save(path)
    return path


def flate_bomb(size: int) -> bytes:
    """zlib data that inflates to ``size`` zero bytes (built a megabyte at a time)."""
    comp = zlib.compressobj(9)
    chunk = bytes(1 << 20)
    parts = [comp.compress(chunk) for _ in range(size >> 20)]
    return b"".join(parts) + comp.flush()


def bomb_pdf(path: Path, size: int) -> Path:
    src = pikepdf.new()
    stream = pikepdf.Stream(src, flate_bomb(size), Type=Name.XObject, Subtype=Name.Form,
                            BBox=[0, 0, 1, 1], Filter=Name.FlateDecode)
    return _pdf(path, xobjects={"Fm0": src.make_indirect(stream)},
                body=PAGE + b"q /Fm0 Do Q\n")


def _pipeline() -> Pipeline:
    return Pipeline(PluginHost(load_entrypoints=False, load_user_folder=False))


def _read(path: Path, **limits: int) -> object:
    settings = Settings({"limits": limits}) if limits else Settings()
    return _pipeline().read(path, RunContext(settings=settings))


def _refused(path: Path, limit: str, **limits: int) -> LimitError:
    with pytest.raises(LimitError) as info:
        _read(path, **limits)
    message = str(info.value)
    assert f"limits.{limit}" in message and "\n" not in message
    assert "Kristoffer" not in message and "Haugland" not in message
    assert info.value.exit_code == 3 and isinstance(info.value, InputError)
    return info.value


def test_limits_settings_section_over_defaults() -> None:
    assert Limits() == Limits.from_mapping({}) == limits_for(None)
    assert Limits.from_mapping({"pages": 10, "chars": "50", "stream_bytes": -1,
                                "image_pixels": "lots", "file_bytes": True}) == Limits(
        pages=10, chars=50)
    ctx = RunContext(settings=Settings({"limits": {"page_pixels": 1234}}))
    assert limits_for(ctx).page_pixels == 1234
    assert set(DEFAULTS) == {"stream_bytes", "file_bytes", "page_pixels", "image_pixels",
                             "pages", "chars"}


def test_limits_inflated_size_never_holds_a_bomb() -> None:
    bomb = flate_bomb(64 << 20)
    assert inflated_size(bomb, 8 << 20) > 8 << 20
    assert inflated_size(zlib.compress(b"abc" * 100), 1 << 20) == 300
    assert inflated_size(b"not zlib", 100) == 0


def test_limits_a_flate_bomb_is_refused_quickly_with_default_limits(tmp_path: Path) -> None:
    src = bomb_pdf(tmp_path / "bomb.pdf", 300 << 20)  # 300 MB from a ~300 KB file
    assert src.stat().st_size < 2 << 20
    start = time.monotonic()
    _refused(src, "stream_bytes")
    assert time.monotonic() - start < 30


def test_limits_all_streams_together(tmp_path: Path) -> None:
    src = bomb_pdf(tmp_path / "bomb.pdf", 6 << 20)
    _refused(src, "file_bytes", stream_bytes=8 << 20, file_bytes=4 << 20)
    _refused(src, "stream_bytes", stream_bytes=4 << 20)
    assert _read(src, stream_bytes=8 << 20, file_bytes=16 << 20)


@pytest.mark.parametrize("filt", ["/LZWDecode", "/RunLengthDecode"])
def test_limits_lzw_and_runlength_bombs(filt: str, tmp_path: Path) -> None:
    if filt == "/RunLengthDecode":
        data = bytes([129, 0]) * 40_000 + b"\x80"  # 128 bytes each pair: 5 MB
    else:
        data = lzw_encode(bytes(3 << 20))
        pdf = pikepdf.new()
        assert len(pikepdf.Stream(pdf, data, Filter=Name.LZWDecode).read_bytes()) == 3 << 20
    src = pikepdf.new()
    stream = src.make_indirect(pikepdf.Stream(src, data, Type=Name.XObject, Subtype=Name.Form,
                                              BBox=[0, 0, 1, 1], Filter=Name(filt)))
    path = _pdf(tmp_path / "lzw.pdf", xobjects={"Fm0": stream}, body=PAGE + b"q /Fm0 Do Q\n")
    _refused(path, "stream_bytes", stream_bytes=1 << 20)


def lzw_encode(data: bytes) -> bytes:
    """PDF LZW (9–12 bit codes, early change, a clear code when the table is full)."""
    out, acc, n = bytearray(), 0, 0

    def put(code: int, width: int) -> None:
        nonlocal acc, n
        acc, n = (acc << width) | code, n + width
        while n >= 8:
            n -= 8
            out.append((acc >> n) & 0xFF)
        acc &= (1 << n) - 1

    width, table, nxt, prefix = 9, {}, 258, -1
    put(256, width)
    for b in data:
        if prefix < 0:
            prefix = b
            continue
        code = table.get((prefix, b))
        if code is not None:
            prefix = code
            continue
        put(prefix, width)
        table[(prefix, b)] = nxt
        nxt += 1
        if nxt >= (1 << width) and width < 12:
            width += 1
        if nxt >= 4094:
            put(256, width)
            width, table, nxt = 9, {}, 258
        prefix = b
    if prefix >= 0:
        put(prefix, width)
    put(257, width)
    if n:
        out.append((acc << (8 - n)) & 0xFF)
    return bytes(out)


def test_limits_an_enormous_page_is_exit_3_on_the_command_line(tmp_path: Path) -> None:
    src = _pdf(tmp_path / "huge.pdf", media=(14400, 14400))
    out = tmp_path / "out.pdf"
    start = time.monotonic()
    code = main(["redact", str(src), "-o", str(out), "--deny", "Kristoffer Haugland"])
    assert code == 3 and not out.exists()
    assert time.monotonic() - start < 60
    _refused(src, "page_pixels")


def test_limits_site_settings_apply_on_the_command_line(tmp_path: Path) -> None:
    src = _pdf(tmp_path / "pages.pdf", pages=6)
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"version": 1, "limits": {"pages": 5}}))
    assert main(["redact", str(src), "-o", str(tmp_path / "out.pdf"), "--deny", "Haugland"]) == 3
    (folder / "settings.json").write_text(json.dumps({"version": 1, "limits": {"pages": 6}}))
    assert main(["redact", str(src), "-o", str(tmp_path / "out.pdf"), "--deny", "Haugland"]) == 0


def test_limits_an_image_with_too_many_pixels(tmp_path: Path) -> None:
    src = pikepdf.new()
    image = src.make_indirect(pikepdf.Stream(
        src, zlib.compress(bytes(100)), Type=Name.XObject, Subtype=Name.Image, Width=20000,
        Height=20000, ColorSpace=Name.DeviceGray, BitsPerComponent=8, Filter=Name.FlateDecode))
    path = _pdf(tmp_path / "img.pdf", xobjects={"Im0": image},
                body=PAGE + b"q 10 0 0 10 0 0 cm /Im0 Do Q\n")
    _refused(path, "image_pixels")


def test_limits_pages_and_characters(tmp_path: Path) -> None:
    src = _pdf(tmp_path / "pages.pdf", pages=12)
    _refused(src, "pages", pages=10)
    _refused(src, "chars", chars=100)
    assert _read(src, pages=12)
    txt = tmp_path / "big.txt"
    txt.write_text("Kristoffer Haugland lives here.\n" * 200, encoding="utf-8")
    _refused(txt, "chars", chars=1000)
    assert _read(txt, chars=10_000)


def test_limits_docx_parts(tmp_path: Path) -> None:
    src = ROOT / "examples" / "case_note.docx"
    _refused(src, "stream_bytes", stream_bytes=1000)
    _refused(src, "file_bytes", file_bytes=2000)
    _refused(src, "chars", chars=10)
    assert _read(src)


def test_limits_a_large_honest_pdf_finishes_with_progress(tmp_path: Path) -> None:
    """300 text pages: read and exported within limits, progress reported all along."""
    from reportlab.pdfgen import canvas

    src = tmp_path / "long.pdf"
    c = canvas.Canvas(str(src), pagesize=(300, 200))
    for p in range(300):
        c.setFont("Helvetica", 10)
        for line in range(6):
            c.drawString(20, 180 - 20 * line, f"Page {p} line {line}: Kristoffer Haugland"
                         if line == 2 else f"Page {p} line {line}: nothing to see")
        c.showPage()
    c.save()
    seen: list[tuple[str, float]] = []
    host = PluginHost(builtins=("redactor_plugins.formats.pdf.plugin",
                                "redactor_plugins.detectors.terms.plugin",
                                "redactor_plugins.strategies.plugin"),
                      load_entrypoints=False, load_user_folder=False)
    from redactor.core.policy import load_policy

    pipe = Pipeline(host, load_policy("default").with_terms(always=("Kristoffer Haugland",)))
    ctx = RunContext(progress=lambda phase, f: seen.append((phase, f)))
    doc = pipe.read(src, ctx)
    result = pipe.export(pipe.analyze(doc, ctx), tmp_path / "out.pdf", ctx)
    assert result.verification.ok
    phases = {p for p, _ in seen}
    assert {"read", "write", "verify"} <= phases
    assert len([1 for p, _ in seen if p == "read"]) >= 300
    assert len([1 for p, _ in seen if p == "verify"]) >= 10
