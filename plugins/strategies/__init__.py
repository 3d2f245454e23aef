"""Replacement strategies: ``basic`` (redact, label), ``pseudonym``, ``generalize`` (rules per
kind in ``generalization/``), ``crypto`` (mask-chars, hash, encrypt) with ``keys``; ``plugin``
registers them and the ``reveal`` and ``keys`` commands."""
