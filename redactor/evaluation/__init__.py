"""Evaluation against TAB-format gold data: loading, TAB's masking metrics, detection scores.

Qt-free and network-free; see ``docs/evaluation.md``.
"""

from redactor.evaluation.detection_metrics import (
    PRF,
    DetectionResult,
    evaluate_detection,
    format_markdown,
)
from redactor.evaluation.tab_format import (
    ENTITY_TYPES,
    AnnotatorLayer,
    Document,
    Entity,
    Fold,
    Mention,
    TabFormatError,
    gold_output,
    is_validation_document,
    load_tab,
    mask_all_gold_output,
    merge_spans,
    parse_documents,
    perfect_output,
    restrict_annotators,
    sha256_fold,
    split_documents,
)
from redactor.evaluation.tab_metrics import (
    TabResult,
    evaluate_tab,
    make_spacy_pos_tagger,
    wordlist_pos_tagger,
)

__all__ = [
    "ENTITY_TYPES",
    "PRF",
    "AnnotatorLayer",
    "DetectionResult",
    "Document",
    "Entity",
    "Fold",
    "Mention",
    "TabFormatError",
    "TabResult",
    "evaluate_detection",
    "evaluate_tab",
    "format_markdown",
    "gold_output",
    "load_tab",
    "make_spacy_pos_tagger",
    "mask_all_gold_output",
    "merge_spans",
    "parse_documents",
    "perfect_output",
    "restrict_annotators",
    "is_validation_document",
    "sha256_fold",
    "split_documents",
    "wordlist_pos_tagger",
]
