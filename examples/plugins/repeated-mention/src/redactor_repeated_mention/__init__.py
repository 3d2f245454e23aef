"""Repeated mention: a Redactor plugin (indicator).

The hook implementations are in :mod:`redactor_repeated_mention.plugin`.
"""

__version__ = "0.1.0"
