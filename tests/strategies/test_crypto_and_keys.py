"""``mask-chars``, ``hash``, ``encrypt`` with ``reveal``, the key store and the commands."""

from __future__ import annotations

import argparse
import base64
from pathlib import Path
from typing import Any

import pytest
from redactor_plugins.strategies import keys as strategy_keys
from redactor_plugins.strategies import plugin as strategies
from redactor_plugins.strategies.crypto import (
    TOKEN_RE,
    EncryptStrategy,
    HashStrategy,
    MaskCharsStrategy,
    mask_chars,
    reveal_text,
    run_reveal,
)
from strategy_helpers import make_doc, replace_all

from redactor.plugin_api import RunContext, UsageError

TEXT = ("Mr Galip Yalman (account NO93 8601 1117 947) wrote to Yalman's bank; "
        "Galip Yalman signed.")
ITEMS = [("Mr Galip Yalman", "PERSON"), ("NO93 8601 1117 947", "CODE"),
         ("[Yalman's] bank", "PERSON"), ("; [Galip Yalman] signed", "PERSON")]


# -- mask-chars ------------------------------------------------------------------------------
def test_mask_chars_keeps_last_digits_of_account_numbers() -> None:
    assert mask_chars("NO93 8601 1117 947") == "**** **** ***7 947"
    assert mask_chars("NO93 8601 1117 947", keep_last=0) == "**** **** **** ***"
    assert mask_chars("12345678", keep_last=2) == "******78"
    assert mask_chars("Galip Yalman") == "***** ******"  # names: masked completely
    assert mask_chars("1234") == "****"  # too short to keep anything


def test_mask_chars_strategy_options() -> None:
    doc = make_doc(TEXT, ITEMS)
    _, reps = replace_all(MaskCharsStrategy(), doc, RunContext(), options={"keep_last": "3",
                                                                           "mask_char": "#"})
    assert reps[1] == "#### #### #### 947"
    with pytest.raises(UsageError):
        replace_all(MaskCharsStrategy(), doc, RunContext(), options={"keep_last": "many"})


def test_mask_chars_masks_a_date_completely() -> None:
    """A birth date's last digits are its day and month: only codes and amounts keep a tail."""
    doc = make_doc("Born 1987-03-14, account 12345678.",
                   [("1987-03-14", "DATETIME"), ("12345678", "CODE")])
    _, reps = replace_all(MaskCharsStrategy(), doc, RunContext(), options={"keep_last": "2"})
    assert reps == ["****-**-**", "******78"]


# -- hash ------------------------------------------------------------------------------------
def test_hash_is_keyed_consistent_per_entity(env_keys: dict[str, str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    doc = make_doc(TEXT, ITEMS)
    out, reps = replace_all(HashStrategy(), doc, RunContext())
    assert all(r.startswith("#") and len(r) == 9 for r in reps)
    assert reps[0] == reps[3]  # "Mr Galip Yalman" and "Galip Yalman": one entity
    again = replace_all(HashStrategy(), doc, RunContext())[1]
    assert again == reps
    salted = replace_all(HashStrategy(), doc, RunContext(), options={"hash_salt": "x"})[1]
    assert salted[0] != reps[0]
    from key_helpers import new_key

    monkeypatch.setenv("REDACTOR_KEY_HASH", new_key())
    assert replace_all(HashStrategy(), doc, RunContext())[1][0] != reps[0]


def test_hash_key_created_in_keyring_on_first_use(memory_keyring: Any) -> None:
    doc = make_doc(TEXT, ITEMS)
    first = replace_all(HashStrategy(), doc, RunContext())[1]
    assert ("redactor", "hash-key") in memory_keyring.store
    assert replace_all(HashStrategy(), doc, RunContext())[1] == first


# -- encrypt and reveal --------------------------------------------------------------------
def test_encrypt_reveal_round_trip_txt(env_keys: dict[str, str], tmp_path: Path) -> None:
    doc = make_doc(TEXT, ITEMS)
    out, reps = replace_all(EncryptStrategy(), doc, RunContext())
    assert all(TOKEN_RE.fullmatch(r) for r in reps)
    assert "Yalman" not in out and "8601" not in out
    src = tmp_path / "redacted.txt"
    src.write_text(out, encoding="utf-8")
    dest = tmp_path / "revealed.txt"
    assert run_reveal(argparse.Namespace(file=src, output=dest, force=False)) == 0
    assert dest.read_text(encoding="utf-8") == TEXT
    with pytest.raises(UsageError, match="exists"):
        run_reveal(argparse.Namespace(file=src, output=dest, force=False))


def test_reveal_with_the_wrong_key_fails_clearly(env_keys: dict[str, str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    doc = make_doc(TEXT, ITEMS)
    out, _ = replace_all(EncryptStrategy(), doc, RunContext())
    from key_helpers import new_key

    with pytest.raises(UsageError, match="does not match"):
        reveal_text(base64.b64decode(new_key()), out)


def test_encrypt_reveal_round_trip_docx(env_keys: dict[str, str], tmp_path: Path) -> None:
    import docx

    doc = make_doc(TEXT, ITEMS)
    out, _ = replace_all(EncryptStrategy(), doc, RunContext())
    d = docx.Document()
    para = d.add_paragraph()
    half = len(out) // 2  # split a token across two runs
    para.add_run(out[:half])
    para.add_run(out[half:])
    d.add_table(rows=1, cols=1).cell(0, 0).text = out
    src = tmp_path / "redacted.docx"
    d.save(str(src))
    dest = tmp_path / "revealed.docx"
    assert run_reveal(argparse.Namespace(file=src, output=dest, force=False)) == 0
    back = docx.Document(str(dest))
    assert back.paragraphs[0].text == TEXT
    assert back.tables[0].cell(0, 0).text == TEXT


# -- keys -------------------------------------------------------------------------------------
def test_fail_keyring_gives_a_clear_usage_error(fail_keyring: None) -> None:
    with pytest.raises(UsageError, match="no OS keyring available: set REDACTOR_KEY_HASH"):
        strategy_keys.get_key("hash")
    with pytest.raises(UsageError, match="REDACTOR_KEY_ENCRYPTION"):
        strategy_keys.init_key("encryption")
    assert strategy_keys.get_key("pseudonym", required=False) is None
    doc = make_doc(TEXT, ITEMS)
    with pytest.raises(UsageError, match="no OS keyring"):
        replace_all(EncryptStrategy(), doc, RunContext())


def test_environment_fallback(fail_keyring: None, env_keys: dict[str, str]) -> None:
    assert strategy_keys.get_key("hash") == base64.b64decode(env_keys["HASH"])
    assert strategy_keys.key_status() == {"pseudonym": "environment", "hash": "environment",
                                          "encryption": "environment"}


def test_bad_environment_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDACTOR_KEY_HASH", "not base64 !!")
    with pytest.raises(UsageError, match="base64"):
        strategy_keys.get_key("hash")


def test_init_and_status_with_keyring(memory_keyring: Any) -> None:
    assert strategy_keys.key_status()["encryption"] == "missing"
    key = strategy_keys.init_key("encryption")
    assert len(key) == 32
    assert strategy_keys.get_key("encryption") == key
    assert strategy_keys.key_status()["encryption"] == "keyring"
    with pytest.raises(UsageError, match="already exists"):
        strategy_keys.init_key("encryption")
    assert strategy_keys.init_key("encryption", force=True) != key


class Commands:
    def __init__(self) -> None:
        self.added: dict[str, tuple[Any, Any]] = {}

    def add(self, name: str, help: str, configure: Any, run: Any) -> None:
        self.added[name] = (configure, run)


def test_commands_registered_and_runnable(memory_keyring: Any,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    commands = Commands()
    strategies.register_commands(commands)
    assert set(commands.added) == {"reveal", "keys"}
    configure, run = commands.added["keys"]
    parser = argparse.ArgumentParser()
    configure(parser)
    assert run(parser.parse_args(["init", "hash"])) == 0
    assert run(parser.parse_args(["show-status"])) == 0
    printed = capsys.readouterr().out
    key = memory_keyring.store[("redactor", "hash-key")]
    assert "hash" in printed and "keyring" in printed and key not in printed
    rparser = argparse.ArgumentParser()
    commands.added["reveal"][0](rparser)
    args = rparser.parse_args(["in.txt", "-o", "out.txt"])
    assert args.output == Path("out.txt")


def test_strategies_registered_by_the_builtin_plugin(host: Any) -> None:
    ids = {r.id for r in host.components("strategies")}
    assert {"pseudonym", "generalize", "mask-chars", "hash", "encrypt"} <= ids


def test_an_export_asking_for_encryption_without_a_key_stops(fail_keyring: None,
                                                             tmp_path: Path) -> None:
    """The user asked for a reversible output: without the key that is a usage error (exit
    2, no file), not a silent fall-back to an irreversible [REDACTED] output."""
    from redactor.cli.main import main

    src = tmp_path / "a.txt"
    src.write_text("Anna Berg met Galip Yalman in Oslo.\n", encoding="utf-8")
    out = tmp_path / "o.txt"
    for strategy in ("encrypt", "hash"):
        assert main(["--disable-plugin", "recognizer", "redact", str(src), "-o", str(out),
                     "--deny", "Anna Berg", "--strategy", strategy]) == 2
        assert not out.exists()


def test_reveal_reaches_first_page_headers_and_footnotes(env_keys: dict[str, str],
                                                         tmp_path: Path) -> None:
    """Every part is revealed, not only the body and the default header and footer."""
    import io
    import zipfile

    import docx

    doc = make_doc(TEXT, ITEMS)
    out, _ = replace_all(EncryptStrategy(), doc, RunContext())
    d = docx.Document()
    d.add_paragraph(out)
    section = d.sections[0]
    section.different_first_page_header_footer = True
    section.first_page_header.paragraphs[0].text = out
    section.first_page_footer.paragraphs[0].text = out
    buf = io.BytesIO()
    d.save(buf)
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    notes = (f'<w:footnotes xmlns:w="{w}"><w:footnote w:id="1"><w:p><w:r><w:t>{out}</w:t>'
             "</w:r></w:p></w:footnote></w:footnotes>")
    src = tmp_path / "enc.docx"
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as zin, \
            zipfile.ZipFile(src, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", b'<Override PartName="/word/footnotes.xml" '
                                    b'ContentType="application/vnd.openxmlformats-'
                                    b'officedocument.wordprocessingml.footnotes+xml"/></Types>')
            if info.filename == "word/_rels/document.xml.rels":
                data = data.replace(b"</Relationships>", b'<Relationship Id="rIdFn" Type="'
                                    b"http://schemas.openxmlformats.org/officeDocument/2006/"
                                    b'relationships/footnotes" Target="footnotes.xml"/>'
                                    b"</Relationships>")
            zout.writestr(info, data)
        zout.writestr("word/footnotes.xml", notes)
    dest = tmp_path / "revealed.docx"
    assert run_reveal(argparse.Namespace(file=src, output=dest, force=False)) == 0
    with zipfile.ZipFile(dest) as z:
        left = [n for n in z.namelist() if TOKEN_RE.search(z.read(n).decode("utf-8", "ignore"))]
        notes_text = z.read("word/footnotes.xml").decode()
    assert left == []
    assert "Yalman" in notes_text  # revealed, not dropped


def test_encrypting_a_legacy_codepage_txt_is_refused(env_keys: dict[str, str],
                                                     tmp_path: Path) -> None:
    """cp1252 has no ⟦ ⟧: the tokens would be written as "?" and never revealed."""
    from redactor.cli.main import main

    src = tmp_path / "a.txt"
    src.write_bytes("Anna Berg met Galip Yalman in Tromsø.\n".encode("cp1252"))
    out = tmp_path / "o.txt"
    assert main(["--disable-plugin", "recognizer", "redact", str(src), "-o", str(out),
                 "--deny", "Anna Berg", "--strategy", "encrypt"]) == 2
    assert not out.exists()
    utf8 = tmp_path / "u.txt"
    utf8.write_text("Anna Berg met Galip Yalman in Tromsø.\n", encoding="utf-8")
    assert main(["--disable-plugin", "recognizer", "redact", str(utf8), "-o", str(out),
                 "--deny", "Anna Berg", "--strategy", "encrypt"]) == 0
    assert TOKEN_RE.search(out.read_text(encoding="utf-8"))


def test_an_encrypted_token_never_shows_a_word_of_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A random token once read "…-379_K6…": the "379" of the identifier, readable by chance.
    The first draw below shows it; the token returned is a later draw without it."""
    from redactor_plugins.strategies import crypto

    real = crypto.base64.urlsafe_b64encode
    draws: list[bytes] = []

    def encode(blob: bytes) -> bytes:
        draws.append(blob)
        return b"oC0MurNP-379_K6lnd" if len(draws) == 1 else real(blob)

    monkeypatch.setattr(crypto.base64, "urlsafe_b64encode", encode)
    key = bytes(range(32))
    token = crypto.encrypt_token(key, "536-379-4399")
    assert len(draws) >= 2 and "379" not in token.replace("-", " ").replace("_", " ").split()
    assert crypto.decrypt_token(key, token[len("⟦enc:"):-1]) == "536-379-4399"
