"""Checks of identifier schemes that both the pattern detector (to find a value) and the
pseudonym strategy (to make a fake that passes) need: check digits python-stdnum does not
have, and the form of a place's coordinates."""
