"""Initials: a Redactor plugin (strategy).

The hook implementations are in :mod:`redactor_initials.plugin`.
"""

__version__ = "0.1.0"
