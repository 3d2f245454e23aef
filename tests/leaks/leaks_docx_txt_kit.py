"""Shared pieces of the DOCX/TXT/Unicode leak tests: exports under every strategy, and an
INDEPENDENT scan of what was written (no Redactor code: its own unzip, decoding and
normalisation), so that a bug in the verifier cannot hide a leak from the test.

An export either writes a file that the scan finds clean — with the kept text still there —
or is refused (exit 4, no file, a reason that does not quote the name).
"""

from __future__ import annotations

import base64
import binascii
import html
import io
import os
import re
import struct
import sys
import unicodedata
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docx"))  # docx_fixtures

from docx_fixtures import DECL, WML, Pkg, base, frag, p, run  # noqa: E402

from redactor.core.context import RunContext  # noqa: E402
from redactor.core.errors import VerificationError  # noqa: E402
from redactor.core.pipeline import ExportResult, Pipeline  # noqa: E402
from redactor.core.policy import load_policy  # noqa: E402
from redactor.pluginhost.manager import PluginHost  # noqa: E402

__all__ = ["DECL", "WML", "Pkg", "base", "frag", "p", "run"]  # DOCX builders, re-exported
NAME = "Yalman"
KEPT = "Kept sentence stays"
STRATEGIES = ("redact", "label", "pseudonym", "generalize", "mask-chars", "hash", "encrypt")
BUILTINS = ("redactor_plugins.formats.docx.plugin", "redactor_plugins.formats.txt.plugin",
            "redactor_plugins.detectors.terms.plugin", "redactor_plugins.strategies.plugin")


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Keys for the keyed strategies (pseudonym, hash, encrypt), from the environment."""
    for kind in ("PSEUDONYM", "HASH", "ENCRYPTION"):
        monkeypatch.setenv(f"REDACTOR_KEY_{kind}", base64.b64encode(os.urandom(32)).decode())
    yield


def export(src: Path, out: Path, strategy: str, *terms: str,
           options: dict[str, str] | None = None) -> ExportResult | VerificationError:
    """``redact --deny TERM… --strategy S`` through the real pipeline (term list only);
    the refusal is returned, not raised."""
    host = PluginHost(builtins=BUILTINS, load_entrypoints=False, load_user_folder=False)
    policy = load_policy("default").with_terms(always=terms or (NAME,)).with_strategy(strategy)
    if options:
        import dataclasses

        policy = dataclasses.replace(policy, options={**policy.options, **options})
    pipe = Pipeline(host, policy)
    ctx = RunContext()
    doc = pipe.read(src, ctx)
    try:
        return pipe.export(pipe.analyze(doc, ctx), out, ctx)
    except VerificationError as exc:
        return exc


# -- the independent scan --------------------------------------------------------------------
_INVISIBLE = re.compile("[\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f"
                        "\ufe00-\ufe0f\ufeff]")
_TAGS = re.compile("[\U000e0000-\U000e007f]+")
# Cyrillic and Greek letters a reader takes for Latin ones (this test's own table)
_LOOKALIKES = str.maketrans("аеорсухАВЕКМНОРСТХαοΑΒΕΗΙΚΜΝΟΡΤΧ", "aeopcyxABEKMHOPCTXaoABEHIKMNOPTX")
_B64 = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")


_NOT_ALNUM = re.compile(r"[\W_]+")


def _squash(text: str) -> str:
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text))
    return _NOT_ALNUM.sub("", text).casefold()  # combining marks are not \w


def readings(text: str) -> list[str]:
    """Ways a person or a program may read ``text``: as is, references and escapes decoded
    (repeatedly), look-alike letters read as Latin, invisible characters dropped, tag
    characters dropped or decoded to ASCII."""
    unescaped = text
    for _ in range(3):
        unescaped = html.unescape(unescaped)
    unescaped = unquote(re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)),
                               unescaped))
    out = [text, unescaped, unescaped.translate(_LOOKALIKES)]
    for t in (text, unescaped):
        plain = _INVISIBLE.sub("", t)
        out.append(_TAGS.sub("", plain))
        out.append(_TAGS.sub(lambda m: " " + "".join(chr(ord(c) - 0xE0000) for c in m.group())
                             + " ", plain))
    return list(dict.fromkeys(out))


def _payloads(text: str) -> list[str]:
    found = []
    for m in _B64.finditer(text):
        run = m.group().rstrip("=")
        run = run[: len(run) - len(run) % 4] if len(run) % 4 == 1 else run
        try:
            raw = base64.b64decode(run.replace("-", "+").replace("_", "/") + "=" * (-len(run) % 4))
        except (binascii.Error, ValueError):
            continue
        for decoded in (raw.decode("latin-1"), raw.decode("utf-16-le", "ignore")):
            if sum(" " <= c <= "~" for c in decoded) >= 0.8 * len(decoded):  # text, or a zip
                found.append(decoded)
            elif b"PK\x03\x04" in raw[:4]:
                found.append(decoded)
    return found


def leaks_in_text(text: str, name: str = NAME) -> bool:
    """Whether ``name`` can be read anywhere in ``text`` (letters and digits compared, so
    every separator, connector, case and look-alike is seen through)."""
    needle = _squash(name)
    views = dict.fromkeys(t for v in [text, *_payloads(text)] for t in readings(v))
    return any(needle in _squash(t) for t in views)


def emf_strings(data: bytes) -> list[str]:
    """The text of EMF text records (EMR_EXTTEXTOUTW/A), read here without Redactor."""
    out, pos = [], 0
    while pos + 8 <= len(data):
        kind, size = struct.unpack_from("<II", data, pos)
        if size < 8:
            break
        if kind in (83, 84) and pos + 56 <= len(data):
            n, off = struct.unpack_from("<II", data, pos + 44)
            width = 2 if kind == 84 else 1
            out.append(data[pos + off:pos + off + n * width].decode(
                "utf-16-le" if width == 2 else "latin-1", "replace"))
        pos += size
    return out


def _shown(el: etree._Element) -> str:
    """What a text node or a ``w:sym`` shows (symbol fonts address F0xx)."""
    tag = el.tag if isinstance(el.tag, str) else ""
    if tag.endswith("}t"):
        return el.text or ""
    if tag.endswith("}sym"):
        code = int(next((v for k, v in el.attrib.items() if k.endswith("char")), "20"), 16)
        return chr(code - 0xF000 if code >= 0xF000 else code)
    return ""


def docx_leaks(path: Path, name: str = NAME) -> list[str]:
    """Where ``name`` can be read in a DOCX: entry names, every entry's bytes (Latin-1,
    UTF-8, UTF-16: attributes, tag and namespace names included), every XML part's text
    joined across runs (symbol characters read), base64 payloads, EMF text records joined
    across records."""
    found = []
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            data = zf.read(info)
            views = [info.filename, data.decode("latin-1"), data.decode("utf-8", "ignore"),
                     data.decode("utf-16-le", "ignore"), data[1:].decode("utf-16-le", "ignore")]
            if data[:4] == b"\x01\x00\x00\x00":
                views.append("".join(emf_strings(data)))
            if info.filename.endswith((".xml", ".rels", ".svg")):
                root = etree.fromstring(data)
                views.append("".join(root.itertext()))  # text split over runs and records
                views.append("".join(_shown(el) for el in root.iter()))
            found += [info.filename for v in views if leaks_in_text(v, name)][:1]
    return found


def docx_text(path: Path) -> str:
    """What python-docx shows: paragraphs, tables, headers and footers."""
    import docx

    d = docx.Document(str(path))
    chunks = [p.text for p in d.paragraphs]
    chunks += [c.text for t in d.tables for row in t.rows for c in row.cells]
    for s in d.sections:
        for hf in (s.header, s.footer, s.even_page_header, s.even_page_footer):
            chunks += [p.text for p in hf.paragraphs]
    return "\n".join(chunks)


def clean_or_refused(src: Path, tmp: Path, strategy: str, *terms: str, name: str = NAME,
                     kept: str = KEPT, options: dict[str, str] | None = None) -> str:
    """Export ``src`` with ``strategy`` and check the outcome; returns ``"clean"`` or
    ``"refused"``."""
    out = tmp / f"out-{strategy}{src.suffix}"
    result = export(src, out, strategy, *terms, options=options)
    if isinstance(result, VerificationError):
        assert result.exit_code == 4
        assert not out.exists() and not [p for p in tmp.iterdir() if ".partial-" in p.name]
        assert str(result) and name.casefold() not in str(result).casefold()
        return "refused"
    assert result.verification.ok
    if src.suffix == ".docx":
        assert docx_leaks(out, name) == [], f"{name!r} readable in {docx_leaks(out, name)}"
        assert kept in docx_text(out)
    else:
        text = out.read_bytes().decode("utf-8", "replace")
        assert not leaks_in_text(text, name), text
        assert kept in text
    return "clean"


def png(width: int, height: int) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (width, height), (240, 240, 240)).save(buf, "PNG")
    return buf.getvalue()
