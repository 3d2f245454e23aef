from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from redactor.core.context import RunContext
from redactor.core.errors import InputError
from redactor.core.pipeline import Pipeline
from redactor.core.policy import load_policy
from redactor.pluginhost.manager import PluginHost

CORE = ("redactor_plugins.formats.txt.plugin", "redactor_plugins.detectors.terms.plugin", "redactor_plugins.strategies.plugin")
TEXT = "Caseworker: Åse Ødegård\r\nClient: Zoë Müller — café\nRef. Zoë Müller\r\n"
ENCODINGS = {
    "utf-8": TEXT.encode("utf-8"),
    "utf-8-bom": codecs.BOM_UTF8 + TEXT.encode("utf-8"),
    "utf-16-le-bom": codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le"),
    "utf-16-be-bom": codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
    "cp1252": TEXT.encode("cp1252"),
    "latin-1": TEXT.replace("—", "-").encode("latin-1"),
}


@pytest.mark.parametrize("name", sorted(ENCODINGS))
def test_round_trip_keeps_every_other_byte(name: str, tmp_path: Path) -> None:
    data = ENCODINGS[name]
    src = tmp_path / "in.txt"
    src.write_bytes(data)
    pipe = Pipeline(PluginHost(builtins=CORE, load_entrypoints=False, load_user_folder=False),
                    load_policy("default").with_terms(always=("Zoë Müller",)))
    ctx = RunContext()
    doc = pipe.read(src, ctx)
    assert doc.text == TEXT.replace("—", "-") if name == "latin-1" else doc.text == TEXT
    out = tmp_path / "out.txt"
    pipe.export(pipe.analyze(doc, ctx), out, ctx)
    written = out.read_bytes()
    # the expected bytes: the same encoding (and BOM) with only the spans replaced
    enc_text = doc.text.replace("Zoë Müller", "[REDACTED]")
    bom_codec = {"utf-8": (b"", "utf-8"), "utf-8-bom": (codecs.BOM_UTF8, "utf-8"),
                 "utf-16-le-bom": (codecs.BOM_UTF16_LE, "utf-16-le"),
                 "utf-16-be-bom": (codecs.BOM_UTF16_BE, "utf-16-be"),
                 "cp1252": (b"", "cp1252"), "latin-1": (b"", "cp1252")}[name]
    assert written == bom_codec[0] + enc_text.encode(bom_codec[1])
    assert src.read_bytes() == data  # the input is never modified
    # byte-for-byte: everything before the first redaction is identical
    prefix = data[: data.find("Zoë".encode(bom_codec[1]))]
    assert written.startswith(prefix)


def test_binary_and_utf16_without_bom_are_refused(tmp_path: Path) -> None:
    from redactor_plugins.formats.txt.plugin import decode_text

    with pytest.raises(InputError):
        decode_text(b"\x00\x01\x02binary\x00")
    with pytest.raises(InputError):
        decode_text("hello world".encode("utf-16-le"))


def test_invalid_utf8_falls_back_to_cp1252() -> None:
    from redactor_plugins.formats.txt.plugin import decode_text

    decoded = decode_text("naïve café".encode("cp1252"))
    assert decoded.encoding == "cp1252"
    assert decoded.text == "naïve café"
