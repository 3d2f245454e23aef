"""Acme case numbers: a Redactor plugin (detector).

The hook implementations are in :mod:`redactor_acme_case_numbers.plugin`.
"""

__version__ = "0.1.0"
