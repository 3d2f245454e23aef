"""Redactor's built-in plugins, one folder per plugin kind (installed as ``redactor_plugins``).

- ``formats/``: one package per file format (``txt``, ``docx``, ``pdf``): reader, writer,
  sanitiser and verifier of that format together.
- ``detectors/``: what finds identifiers: ``patterns`` (validated shapes), ``terms`` (the
  user's always/never-mask lists) and ``recognizer`` (neural NER, gazetteers, mention
  propagation).
- ``indicators/``: the risk indicators that vote on each finding.
- ``strategies/``: what a masked span becomes (label, box, pseudonym, crypto, generalization).
- ``ocr/``, ``search/``: OCR engines and search providers.
- ``shared/``: machinery any kind may use (ONNX sessions, tokenizer calls, text pieces, text
  codecs); it imports no kind.

Each kind's ``plugin.py`` is the one module that registers its components; built-ins import
only :mod:`redactor.plugin_api` and ``shared``, as a third party would (import-linter checks it).
See docs/architecture.md.
"""
