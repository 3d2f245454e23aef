"""Numbers in the every-spelling search (``redactor/core/verify.py``, ``Words``/``Needle``).

* A false refusal: the 1 MB pattern-stress text of ``benchmarks/bench_bad_input.py`` (dense
  random two-digit groups beside times and dates) was refused with exit 4 because the search
  joined short number words to their neighbours: a redacted ``12:12`` was "found" in the
  kept ``… 41 12 12 07 …``, a redacted ``2020`` in ``… 20 20 …``. Short numbers now keep
  their shape (not pieced together from several words, separated alike).
* Never a leak: a *long* redacted number (6+ digits in a row of number words) written in the
  kept text with other grouping or separators (``1234 5678`` for ``12345678``, a phone
  number with dashes for spaces, a date with spaces for dots) is the same number and must
  still refuse the export — and a short one with another visible separator (``12.12`` for
  ``12:12``) too.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from redactor.core.context import RunContext
from redactor.core.errors import VerificationError
from redactor.core.pipeline import ExportResult, Pipeline
from redactor.core.policy import load_policy
from redactor.core.verify import find_survivors
from redactor.pluginhost.manager import PluginHost

NAME = "Kristoffer Haugland"
BUILTINS = ("redactor_plugins.formats.txt.plugin", "redactor_plugins.detectors.terms.plugin",
            "redactor_plugins.detectors.patterns.plugin", "redactor_plugins.strategies.plugin")


def stress_text(pieces: int = 120) -> str:
    """The bench's pattern-stress shapes, small, with the adjacent short groups that the
    old search joined (``12 12`` beside ``12:12``, ``20 20`` beside ``2020``) placed for
    certain rather than left to chance."""
    rng = random.Random(7)
    shapes = [lambda: " ".join(f"{rng.randrange(100):02d}" for _ in range(12)),
              lambda: " ".join(str(rng.randrange(10**9, 10**10)) for _ in range(4)),
              lambda: "1 Jan 1 Jan 2020- 12:12: 1,000,000, €1 1% 1 kg " * 2,
              lambda: "http://a.b/" + ")" * 80,
              lambda: "+47 " + " ".join(f"{rng.randrange(100):02d}" for _ in range(4))]
    out = [rng.choice(shapes)() for _ in range(pieces)]
    out.append("53 71 12 12 23 80 20 20 15 95 42 92")
    return " ".join(out) + f"\nSigned {NAME}\n"


def export(src: Path, out: Path, *terms: str) -> ExportResult | VerificationError:
    host = PluginHost(builtins=BUILTINS, load_entrypoints=False, load_user_folder=False)
    pipe = Pipeline(host, load_policy("default").with_terms(always=terms or (NAME,)))
    ctx = RunContext()
    try:
        return pipe.export(pipe.analyze(pipe.read(src, ctx), ctx), out, ctx)
    except VerificationError as exc:
        return exc


def test_stress_text_with_times_and_digit_groups_is_not_refused(tmp_path: Path) -> None:
    src = tmp_path / "stress.txt"
    src.write_text(stress_text(), encoding="utf-8")
    result = export(src, tmp_path / "out.txt")
    assert not isinstance(result, VerificationError), [i.what for i in result.issues]
    assert result.verification.ok
    out = (tmp_path / "out.txt").read_text(encoding="utf-8")
    assert "Haugland" not in out
    assert "53 71 12 12 23 80 20 20" in out  # the digit groups are kept text


def test_short_numbers_are_not_pieced_together() -> None:
    kept = "x 53 71 12 12 23 80 20 20 15 95 y"
    assert not find_survivors([("DATETIME", "12:12"), ("DATETIME", "2020")], kept,
                              {"text": kept}, every_spelling=True)


@pytest.mark.parametrize(("secret", "kept"), [
    ("12345678", "Account [REDACTED]; again: account 1234 5678 is closed."),
    ("12345678", "Account [REDACTED]; again: account 12-34-56-78 is closed."),
    ("+47 54 64 85 24", "Call [REDACTED]; or +47 54-64-85-24 at night."),
    ("4754648524", "Call [REDACTED]; or +47 54 64 85 24 at night."),
    ("12.03.1985", "Born [REDACTED], i.e. on 12 03 1985 in Oslo."),
    ("12:12", "At [REDACTED], that is 12.12 sharp."),
])
def test_the_same_number_otherwise_written_in_kept_text_is_found(secret: str,
                                                                 kept: str) -> None:
    issues = find_survivors([("CODE", secret)], kept, {"text": kept}, every_spelling=True)
    assert issues and "another spelling" in issues[0].what


def test_a_regrouped_number_is_refused_end_to_end(tmp_path: Path) -> None:
    """``--deny 12345678``: the term list finds the plain spelling only; the grouped one is
    left in the kept text (no cue before it: "account 1234 5678" is an account number of
    its own now), so verification must refuse (exit 4), never say "passed"."""
    src = tmp_path / "in.txt"
    src.write_text("Account 12345678 is closed. Again: it was 1234 5678 then.\n",
                   encoding="utf-8")
    result = export(src, tmp_path / "out.txt", "12345678")
    assert isinstance(result, VerificationError)
    assert not (tmp_path / "out.txt").exists()
    assert "12345678" not in str(result)
