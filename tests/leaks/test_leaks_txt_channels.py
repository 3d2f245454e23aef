"""TXT / plain-text export leaks: character references (HTML, Markdown), names joined to
other words by connectors (paths, user names, e-mail addresses), escapes, markup inside a
word, and encoded payloads. Each fixture is exported with every strategy: clean under the
independent scan with the kept text there — or refused with a reason (exit 4, no file).
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from leaks_docx_txt_kit import (
    KEPT,
    NAME,
    STRATEGIES,
    clean_or_refused,
    export,
    keys,  # noqa: F401  (fixture)
    leaks_in_text,
)

from redactor.cli.main import main
from redactor.core.errors import VerificationError

FIXTURES = {
    # HTML/Markdown character references: decimal, hex, named, double-encoded
    "character_references": (f"{KEPT}. Contact &#89;&#97;lman today; or &#x59;&#x61;lman, "
                             "&amp;#89;alman, &amp;amp;#x59;alman.\n"),
    # connectors: a path, a user name, an e-mail address, a file name
    "connectors": (f"{KEPT}. Logged in as o_yalman from C:\\Users\\yalman_g\\Desktop and "
                   f"/home/{NAME.lower()}/notes; mail {NAME.lower()}.galip@example.org; "
                   f"file report-{NAME}-2024.txt.\n"),
    # escapes: JSON/Python \\u, URL percent-encoding
    "escapes": (f"{KEPT}. JSON name \\u0059\\u0061lman, URL /people/%59alman%20Galip/.\n"),
    # markup that splits a word but not what a renderer shows
    "markup_inside_words": (f"{KEPT}. Seen: Yal**man** and Yal<b>man</b> and "
                            "Yal<!-- x -->man and Y`al`man.\n"),
}
# Encoded payloads are not decoded for detection: the export is refused, never "passed".
REFUSED = {
    "base64_payload": (f"{KEPT}. Attachment: data:text/plain;base64,"
                       + base64.b64encode(f"Client {NAME} Galip".encode()).decode() + "\n"),
    "letters_apart": f"{KEPT}. Spelled out: Y.a.l.m.a.n said so.\n",
}


@pytest.mark.usefixtures("keys")
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("channel", list(FIXTURES))
def test_txt_channel_is_clean_under_every_strategy(channel: str, strategy: str,
                                                   tmp_path: Path) -> None:
    src = tmp_path / f"{channel}.txt"
    src.write_text(FIXTURES[channel], encoding="utf-8")
    assert leaks_in_text(FIXTURES[channel])
    assert clean_or_refused(src, tmp_path, strategy) == "clean"


@pytest.mark.usefixtures("keys")
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("channel", list(REFUSED))
def test_txt_payload_that_is_not_detected_is_refused(channel: str, strategy: str,
                                                     tmp_path: Path) -> None:
    src = tmp_path / f"{channel}.txt"
    src.write_text(REFUSED[channel], encoding="utf-8")
    assert clean_or_refused(src, tmp_path, strategy) == "refused"


def test_references_are_replaced_whole_and_kept_text_is_unchanged(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text(FIXTURES["character_references"], encoding="utf-8")
    result = export(src, tmp_path / "out.txt", "redact")
    assert not isinstance(result, VerificationError)
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == (
        f"{KEPT}. Contact [REDACTED] today; or [REDACTED], [REDACTED], [REDACTED].\n")


def test_connectors_keep_the_rest_of_the_path_and_address(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text(FIXTURES["connectors"], encoding="utf-8")
    result = export(src, tmp_path / "out.txt", "redact", NAME, f"{NAME} Galip")
    assert not isinstance(result, VerificationError)
    out = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert "o_[REDACTED] from C:\\Users\\[REDACTED]_g\\Desktop" in out
    assert "[REDACTED]@example.org" in out  # "yalman.galip" is the two-word term


def test_cli_redacts_what_the_attacker_wrote(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The attacker's command line: ``redact --deny NAME`` now finds every spelling."""
    src = tmp_path / "in.txt"
    src.write_text(FIXTURES["character_references"] + FIXTURES["connectors"], encoding="utf-8")
    out = tmp_path / "out.txt"
    assert main(["--no-plugins", "redact", str(src), "-o", str(out), "--deny", NAME]) == 0
    assert "verification passed" in capsys.readouterr().err
    assert not leaks_in_text(out.read_text(encoding="utf-8"))
