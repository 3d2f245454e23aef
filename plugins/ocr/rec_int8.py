"""The recogniser's body in int8 (``resources/models/ocr_rec``), and the space bias.

PP-OCRv6 small's recogniser spends ~80 % of an OCR'd page in its convolutions. The pack
holds the same body (head cut off, :mod:`.rec_head`) with those convolutions quantised to
int8 (built by ``training/ocr/quantize_recogniser.py``; model card in the folder): ~1.5×
less CPU per page on a CPU with AVX-512 VNNI. It is used only when the wheel's recogniser is
the very file it was built from (``source.json``'s SHA-256); otherwise the float body is read
and a warning says why. ``ocr.recogniser = "float"`` chooses the float body.

Both bodies under-read the space between words ("practisingin"), the int8 one more: the
space class's logit is raised by :data:`SPACE_BIAS` (chosen on the calibration pages, see
the model card).
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

from redactor.plugin_api import resource_path, verify_model_pack

__all__ = ["BODY", "SOURCE", "SPACE_BIAS", "VERSION", "int8_body", "pack_folder"]

BODY, SOURCE, VERSION = "body_int8.onnx", "source.json", "1.0"
#: Logit added to the space class, per body (chosen on the calibration pages: CER lowest).
SPACE_BIAS = {"int8": 2.5, "float": 1.5}
_log = logging.getLogger(__name__)


def pack_folder() -> Path:
    return resource_path("models", "ocr_rec")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def int8_body(source: Path, folder: Path | None = None) -> bytes | None:
    """The int8 body built from ``source`` (the wheel's recogniser), or None (with a
    warning) when the pack is missing or was built from another file; a pack whose files do
    not match its manifest raises :class:`~redactor.plugin_api.ModelIntegrityError`."""
    folder = folder or pack_folder()
    if not (folder / "manifest.json").is_file():
        _log.warning("OCR: the int8 recogniser pack is not installed; reading in float")
        return None
    verify_model_pack(folder)
    try:
        built_from = json.loads((folder / SOURCE).read_text(encoding="utf-8"))["sha256"]
    except (OSError, ValueError, KeyError, TypeError):
        _log.warning("OCR: the int8 recogniser pack has no readable %s; reading in float",
                     SOURCE)
        return None
    if built_from != _sha256(source):
        _log.warning("OCR: the installed rapidocr's recogniser is not the one the int8 pack "
                     "was built from; reading in float (rebuild: training/ocr/"
                     "quantize_recogniser.py build)")
        return None
    return (folder / BODY).read_bytes()
