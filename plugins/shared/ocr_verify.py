"""Verification of pixels: an exported page or picture is read again by OCR — by every
engine the setting ``ocr.verify_engines`` names — and searched for every redacted string
and its normalised variants (:func:`~redactor.plugin_api.find_survivors`); and each burnt
box must be black in the written pixels.

No engine to re-read with, or an engine that fails, is an issue (the export is refused):
a picture that cannot be re-read is not proven clean.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from PIL import Image
from redactor_plugins.shared.ocr_geometry import PixelBox, to_gray
from redactor_plugins.shared.ocr_run import read_text, verifiers

from redactor.plugin_api import (
    Document,
    RedactionPlan,
    RedactorError,
    RunContext,
    VerificationIssue,
    find_survivors,
)

#: A burnt box counts as painted when this share of its inner pixels is dark (< 80 of 255).
PAINTED_SHARE = 0.9
#: Pixels left out at each side of a box when it is checked (anti-aliasing, JPEG ringing).
INSET = 2


@dataclass(slots=True)
class PixelCheck:
    """Checks done and issues found (for a :class:`VerificationResult`)."""

    checks: list[str] = field(default_factory=list)
    issues: list[VerificationIssue] = field(default_factory=list)


def painted(img: Image.Image, boxes: Sequence[PixelBox]) -> list[int]:
    """The indices of the boxes that are not opaque black in ``img``."""
    gray = np.asarray(to_gray(img))
    bad = []
    for n, (x0, y0, x1, y1) in enumerate(boxes):
        left, top = max(0, int(np.ceil(x0)) + INSET), max(0, int(np.ceil(y0)) + INSET)
        right = min(gray.shape[1], int(np.floor(x1)) - INSET)
        bottom = min(gray.shape[0], int(np.floor(y1)) - INSET)
        if right <= left or bottom <= top:
            continue
        region = gray[top:bottom, left:right]
        if region.size and (region < 80).mean() < PAINTED_SHARE:
            bad.append(n)
    return bad


def reread(pages: Sequence[tuple[str, Callable[[], Image.Image]]], doc: Document,
           plan: RedactionPlan, ctx: RunContext | None, out: PixelCheck,
           turns: Sequence[int | None] = ()) -> None:
    """OCR every page of ``pages`` (a name for messages, and a callable that makes the
    image) with every verifying engine and search the text for what was redacted;
    ``turns[n]``: page n is read turned as its input was (burnt boxes can mislead the
    search for the upright orientation)."""
    secrets = plan.labelled_secrets()
    if not pages or not secrets:
        return
    engines = verifiers(ctx)
    if ctx is None or not engines:
        out.issues.append(VerificationIssue(
            pages[0][0], "no OCR engine to re-read the export with: pictures whose text was "
            "redacted cannot be proven clean"))
        return
    texts: dict[str, str] = {}
    for engine in engines:
        for n, (where, make) in enumerate(pages):
            ctx.check()
            ctx.progress("verify:ocr", n / max(1, len(pages)))
            img = make()
            try:
                hint = turns[n] if n < len(turns) else None
                texts[f"{where} (re-read by OCR, {engine.id})"] = read_text(img, ctx, engine,
                                                                            hint).text
            except RedactorError:  # cancelled
                raise
            except Exception as exc:  # a failing engine refuses the export
                out.issues.append(VerificationIssue(
                    where, f"OCR engine {engine.id!r} could not re-read the export "
                    f"({type(exc).__name__})"))
            finally:
                img.close()
    expected = plan.apply_to_text(doc.text)
    out.issues.extend(find_survivors(secrets, expected, texts))
    names = ", ".join(e.id for e in engines)
    out.checks.append(f"re-read {len(pages)} exported page(s) or picture(s) by OCR ({names}) "
                      f"and searched {len(secrets)} redacted strings and their variants")
