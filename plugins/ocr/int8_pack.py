"""The OCR models in int8 (``resources/models/ocr_int8``), and the recogniser's space bias.

PP-OCRv6 small spends most of an OCR'd page in convolutions. The pack holds the detector and
the recogniser's body (head cut off, :mod:`.rec_head`) with their convolutions quantised to
int8 and their GELUs as single nodes (built by ``training/ocr/quantize_recogniser.py``; model
card in the folder): ~1.8× less CPU per page on a CPU with AVX-512 VNNI. Each is used only
when the wheel's model is the very file it was built from (``source.json``'s SHA-256);
otherwise the wheel's float model is read and a warning says why. ``ocr.precision =
"float"`` chooses the float models.

Both recogniser bodies under-read the space between words ("practisingin"), the int8 one
more: the space class's logit is raised by :data:`SPACE_BIAS` (chosen on the calibration
pages, see the model card).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from redactor.plugin_api import resource_path, sha256_file, verify_model_pack

__all__ = ["FILES", "SOURCE", "SPACE_BIAS", "VERSION", "int8_model", "int8_models",
           "pack_folder"]

#: The pack's model files: the detector, the recogniser's body.
FILES = {"det": "det_int8.onnx", "rec": "rec_body_int8.onnx"}
SOURCE, VERSION = "source.json", "1.0"
#: Logit added to the space class, per recogniser body (chosen on the calibration pages).
SPACE_BIAS = {"int8": 2.5, "float": 1.5}
_log = logging.getLogger(__name__)


def pack_folder() -> Path:
    return resource_path("models", "ocr_int8")


def int8_model(kind: str, source: Path, folder: Path | None = None) -> bytes | None:
    """The int8 ``kind`` ("det" or "rec") built from ``source`` (the wheel's model), or None
    (with a warning) when the pack is missing or was built from another file; a pack whose
    files do not match its manifest raises :class:`~redactor.plugin_api.ModelIntegrityError`."""
    return int8_models({kind: source}, folder)[kind]


def int8_models(sources: dict[str, Path], folder: Path | None = None) -> dict[str, bytes | None]:
    """:func:`int8_model` of each ``kind: source`` in ``sources``, the pack verified once."""
    folder = folder or pack_folder()
    if not (folder / "manifest.json").is_file():
        _log.warning("OCR: the int8 model pack is not installed; reading in float")
        return dict.fromkeys(sources)
    verify_model_pack(folder)
    try:
        built = json.loads((folder / SOURCE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        built = {}
    out: dict[str, bytes | None] = {}
    for kind, source in sources.items():
        try:
            built_from = built[kind]["sha256"]
        except (KeyError, TypeError):
            _log.warning("OCR: the int8 model pack says nothing readable of its %s model; "
                         "reading it in float", kind)
            out[kind] = None
            continue
        if built_from != sha256_file(source):
            _log.warning("OCR: the installed rapidocr's %s model is not the one the int8 pack "
                         "was built from; reading it in float (rebuild: training/ocr/"
                         "quantize_recogniser.py build)", kind)
            out[kind] = None
            continue
        out[kind] = (folder / FILES[kind]).read_bytes()
    return out
