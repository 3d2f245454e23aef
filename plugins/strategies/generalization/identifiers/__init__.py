"""Fake identifiers by scheme: the national, tax and health numbers of countries that the
other fake modules do not cover."""
