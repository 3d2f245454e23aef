"""The case note in ``examples/`` (TXT, DOCX and PDF) through the real pipeline under the
``research`` preset, with every built-in plugin and one RunContext for the batch: verified
copies that read naturally, with the same pseudonyms in all three."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from redactor.core.context import RunContext
from redactor.core.pipeline import ExportResult, Pipeline
from redactor.core.policy import load_policy
from redactor.plugin_api import Label
from redactor.pluginhost.manager import PluginHost

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FORMATS = ("txt", "docx", "pdf")
DIRECT_IDENTIFIERS = (
    "ingrid.solberg@riverside-family.example", "laura.mitchell@mailbox.example",
    "amir.haddad@riverside-family.example", "+47 22 33 44 55", "07911 123456",
    "020 7946 0958", "NO93 8601 1117 947", "151086 95088", "PW 45 67 89 B", "536-90-4399",
    "4111 1111 1111 1111", "36110/97", "2024-1187",
)
NAMES = ("Ingrid", "Solberg", "Tomas", "Berg", "Laura", "Mitchell", "Emma", "Kari", "Amir",
         "Haddad")
BAD_WORDING = ("a member of a group", "member of a group", "childrens", "a months",
               "a quantity", "certain date", "between 2.5", "country in Europe mobile",
               "a a ", "senior a ", "Her organisation")
# Sentences (white space collapsed) that the TXT and DOCX copies must contain; {P} is any
# pseudonym, {A} an adjective chosen by the generalizer ("UK" may be typed LOC or DEM), {H}
# the author field's name. "Supervisor sign-off:" is a form's field name, kept as written.
SENTENCES = (
    "Date of note: 2024, in the morning.",
    "{H}: {P}, senior social care professional ([email address])",
    "Client: Mr {P}, in their thirties, a European national living at an address in the "
    "United Kingdom.",
    "Mr {P} works as a machine operator at the port.",
    "Ms {P}, a North American citizen, gave her",
    "or on his {A} mobile [number].",
    "The family was referred by a local authority on a day in 2024",
    "The children (aged under 15) have lived with their",
    "For some days in 2024 the youngest, {P}, stayed with her grandparent, Mrs {P},",
    "receives between 1,000 and 5,000 euros a month from his European employer",
    "Over the past months Mr {P} has attended several of the parenting sessions.",
    "home visit on a day in 2024 at a time in the afternoon; review meeting in a few weeks.",
    "Supervisor sign-off: Dr {P} ([email address]), 2024.",
)


def _text_of(host: PluginHost, path: Path, ctx: RunContext) -> str:
    for reg in host.components("readers"):
        if path.suffix.lstrip(".") in reg.component.extensions or \
                f".{path.suffix.lstrip('.')}" in reg.component.extensions:
            return str(reg.component.read(path, ctx).text)
    raise AssertionError(f"no reader for {path}")


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[ExportResult, str]]:
    mp = pytest.MonkeyPatch()
    mp.setenv("REDACTOR_KEY_PSEUDONYM", "c2VjcmV0LXRlc3Qta2V5LWZvci1wc2V1ZG9ueW1zLTEyMzQ=")
    try:
        host = PluginHost(load_entrypoints=False, load_user_folder=False)
        pipe = Pipeline(host, load_policy("research"))
        ctx = RunContext()  # one context for the batch: pseudonyms shared by the three
        out_dir = tmp_path_factory.mktemp("case-note")
        results = {}
        for fmt in FORMATS:
            res = pipe.redact_file(EXAMPLES / f"case_note.{fmt}", out_dir / f"case_note.{fmt}",
                                   ctx)
            results[fmt] = (res, _text_of(host, res.output, ctx))
        return results
    finally:
        mp.undo()


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("fmt", FORMATS)
def test_verified_and_no_direct_identifier_survives(
        outputs: dict[str, tuple[ExportResult, str]], fmt: str) -> None:
    res, text = outputs[fmt]
    assert res.verification.ok, res.verification
    flat = _flat(text)
    squeezed = re.sub(r"\s+", "", text)
    for secret in DIRECT_IDENTIFIERS:
        assert secret not in flat and secret.replace(" ", "") not in squeezed, (fmt, secret)
    words = set(re.findall(r"\w+", text))
    for name in NAMES:
        assert name not in words, (fmt, name)
    for r in res.plan.replacements:
        assert r.secret.strip().casefold() not in r.replacement.casefold(), r


def test_same_pseudonyms_across_the_three_formats(
        outputs: dict[str, tuple[ExportResult, str]]) -> None:
    by_name: dict[str, set[str]] = {}
    for res, _text in outputs.values():
        for r in res.plan.replacements:
            if r.label == Label.PERSON:
                name = _flat(r.secret).removesuffix(" Phone")  # a DOCX table cell
                by_name.setdefault(name, set()).add(_flat(r.replacement).removesuffix(" Phone"))
    assert {"Mr Tomas Berg", "Mr Berg", "Ms Laura Mitchell", "Emma"} <= set(by_name)
    for name, pseudonyms in by_name.items():
        assert len(pseudonyms) == 1, (name, pseudonyms)
    surname = next(iter(by_name["Mr Tomas Berg"])).split()[-1]
    assert by_name["Mr Berg"] == {f"Mr {surname}"}
    assert next(iter(by_name["Mrs Kari Berg"])).split()[-1] == surname
    assert next(iter(by_name["Ms Mitchell"])) == \
        "Ms " + next(iter(by_name["Ms Laura Mitchell"])).split()[-1]
    assert len(next(iter(by_name["Emma"])).split()) == 1


@pytest.mark.parametrize("fmt", ("txt", "docx"))
def test_key_sentences_read_naturally(outputs: dict[str, tuple[ExportResult, str]],
                                      fmt: str) -> None:
    flat = _flat(outputs[fmt][1])
    missing = []
    for sentence in SENTENCES:
        pattern = re.escape(sentence).replace(re.escape("{P}"), r"[\w.'-]+(?: [\w.'-]+)?")
        pattern = pattern.replace(re.escape("{A}"), r"(?:European|local)")
        # a field name at the start of a line is not an occupation; mid-line (the DOCX header
        # row) "Author" is one, generalized to "Recorded by"
        pattern = pattern.replace(re.escape("{H}"), r"(?:Author|Recorded by)")
        if not re.search(pattern, flat):
            missing.append(sentence)
    # which spans the models detect moves a little with every retrained model, and with the
    # CPU's int8 kernels (AVX2 and AVX-512 VNNI round differently: on an AVX2-only machine
    # the DOCX misses 3 of these 13, the TXT 2, at the same evaluation figures); the wording
    # of what is detected must read naturally in nearly every sentence
    assert len(missing) <= 3, (fmt, missing, flat)


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_awkward_wording(outputs: dict[str, tuple[ExportResult, str]], fmt: str) -> None:
    res, text = outputs[fmt]
    texts = [_flat(text)] + [r.replacement for r in res.plan.replacements]
    for bad in BAD_WORDING:
        assert not any(bad in t for t in texts), (fmt, bad)


def test_pdf_replacements_match_the_txt_ones(outputs: dict[str, tuple[ExportResult, str]]
                                             ) -> None:
    """The PDF carries the replacements as an overlay: the same wording as the TXT copy."""
    def wording(fmt: str) -> set[str]:
        return {_flat(r.replacement) for r in outputs[fmt][0].plan.replacements
                if r.label not in (Label.PERSON, Label.CODE)}

    common = wording("txt") & wording("pdf")
    phrases = ("in the morning.", "a time in the afternoon", "machine operator",
               "North American citizen", "law firm", "aged under 15", "managing")
    found = [p for p in phrases if p in common]
    assert len(found) >= len(phrases) - 2, (sorted(set(phrases) - set(found)), common)
