"""Generalization rules per kind of value: text, numbers, times, places, kinds (occupations...)."""
