"""Bad input: every case raises InputError (exit 3) with one clear line and no text."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from docx_fixtures import SECRET, Pkg, base, formatted_document
from docx_helpers import pipeline
from redactor_plugins.formats.docx import package as docx_package
from redactor_plugins.formats.docx.plugin import DocxReader

from redactor.core.context import RunContext
from redactor.core.errors import EncryptedInputError, InputError


def _assert_clean_error(exc: InputError, *words: str) -> None:
    msg = str(exc)
    assert exc.exit_code == 3
    assert "\n" not in msg and "Traceback" not in msg
    assert "yalman" not in msg.lower()
    for word in words:
        assert word in msg.lower(), msg


def _read(path: Path) -> InputError:
    with pytest.raises(InputError) as info:
        DocxReader().read(path, RunContext())
    with pytest.raises(InputError) as via_pipeline:
        pipeline().read(path, RunContext())
    _assert_clean_error(via_pipeline.value)
    return info.value


def _valid(tmp_path: Path) -> bytes:
    return formatted_document(tmp_path / "valid.docx").read_bytes()


def test_corrupt_zip(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.docx"
    path.write_bytes(b"PK\x03\x04" + bytes(range(256)) * 40)
    _assert_clean_error(_read(path), "damaged")


def test_truncated_file(tmp_path: Path) -> None:
    data = _valid(tmp_path)
    path = tmp_path / "truncated.docx"
    path.write_bytes(data[: len(data) // 2])
    _assert_clean_error(_read(path), "truncated")


def test_not_a_zip(tmp_path: Path) -> None:
    path = tmp_path / "binary.docx"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00\x01\x02" * 100)
    _assert_clean_error(_read(path), "not a docx")


def test_zip_bomb_by_ratio(tmp_path: Path) -> None:
    pkg = Pkg(base())
    pkg.set("word/media/bomb.bin", b"\x00" * (docx_package.RATIO_MIN_BYTES + 2**20))
    path = pkg.save(tmp_path / "bomb.docx")
    _assert_clean_error(_read(path), "zip bomb")


def test_repetitive_genuine_document_is_not_taken_for_a_zip_bomb(tmp_path: Path) -> None:
    """A long document whose body repeats itself compresses far more than 100× (the same
    paragraphs on 300 pages: 1.2 MB of XML in 11 kB) and must still open."""
    import docx

    d = docx.Document()
    for n in range(14_000):
        d.add_paragraph("The applicant, Mr Olaf Berg, lives in Bergen." if n % 2 else "Noted.")
    path = tmp_path / "long.docx"
    d.save(str(path))
    with zipfile.ZipFile(path) as zf:
        info = zf.getinfo("word/document.xml")
    assert info.file_size > docx_package.MAX_RATIO * info.compress_size  # the old rule refused it
    doc = DocxReader().read(path, RunContext())
    assert doc.text.count("Olaf Berg") == 7_000


def test_zip_bomb_by_total_size(tmp_path: Path) -> None:
    infos = []
    for i in range(3):
        info = zipfile.ZipInfo(f"part{i}.xml")
        info.file_size = 200 * 2**20
        info.compress_size = 100 * 2**20
        infos.append(info)
    with pytest.raises(InputError) as info_:
        docx_package._check_entries(tmp_path / "big.docx", infos)
    _assert_clean_error(info_.value, "zip bomb", "500 mb")


def test_docm_with_macros_is_refused(tmp_path: Path) -> None:
    pkg = Pkg(base())
    ct = pkg.xml("[Content_Types].xml")
    for el in ct:
        if el.get("PartName") == "/word/document.xml":
            el.set("ContentType", "application/vnd.ms-word.document.macroEnabled.main+xml")
    pkg.set("word/vbaProject.bin", b"\xd0\xcf\x11\xe0 macros")
    path = pkg.save(tmp_path / "macro.docm")
    assert DocxReader().sniff(path, path.read_bytes()[:8192])
    _assert_clean_error(_read(path), "macro")


def test_zip_without_main_document(tmp_path: Path) -> None:
    pkg = Pkg(base())
    del pkg.entries["word/document.xml"]
    path = pkg.save(tmp_path / "nomain.docx")
    _assert_clean_error(_read(path), "word/document.xml")


@pytest.mark.parametrize("payload", [
    '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE lolz [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
], ids=["external-entity", "entity-expansion"])
def test_xml_with_entities_is_refused(payload: str, tmp_path: Path) -> None:
    pkg = Pkg(base())
    xml = pkg.entries["word/document.xml"].decode()
    head, _, rest = xml.partition("?>")
    pkg.entries["word/document.xml"] = (head + "?>" + payload + rest).replace(
        "Intro text that stays.", "&xxe;" if "xxe" in payload else "&b;").encode()
    path = pkg.save(tmp_path / "xxe.docx")
    _assert_clean_error(_read(path), "dtd")


def test_encrypted_document(tmp_path: Path) -> None:
    path = tmp_path / "locked.docx"
    path.write_bytes(docx_package.OLE_MAGIC + b"\x00" * 504 + "EncryptionInfo".encode(
        "utf-16-le") + b"\x00" * 1000)
    with pytest.raises(EncryptedInputError) as info:
        DocxReader().read(path, RunContext())
    _assert_clean_error(info.value, "password")


def test_malformed_xml_part(tmp_path: Path) -> None:
    pkg = Pkg(base())
    pkg.entries["word/document.xml"] = f"<w:document><w:body>{SECRET}".encode()
    path = pkg.save(tmp_path / "bad.docx")
    _assert_clean_error(_read(path), "not well-formed")

