"""Helper of the identifier-scheme tests: what a pseudonym of a scheme's number must keep."""

from __future__ import annotations

import random
from collections.abc import Callable

from redactor_plugins.strategies.generalization.fakes import fake_identifier


def assert_fakes_keep_the_scheme(value: str, subtype: str, check: Callable[[str], bool],
                                 kept: Callable[[str], bool] = str.isalnum,
                                 checked: Callable[[str], str] = lambda out: out) -> None:
    """Twelve fakes of ``value``: each a new value of its length, with the characters that
    ``kept`` tells apart where they were (a layout's spaces and hyphens), passing ``check``
    (of ``checked(out)``, e.g. its compact form), and drawn anew (more than six differ)."""
    seen = set()
    for seed in range(12):
        out = fake_identifier(value, subtype, random.Random(seed))
        assert out is not None and out != value and len(out) == len(value), out
        assert [kept(c) for c in out] == [kept(c) for c in value], out
        assert [c for c in out if not kept(c)] == [c for c in value if not kept(c)], out
        assert check(checked(out)), (subtype, out)
        seen.add(out)
    assert len(seen) > 6  # drawn anew, not one fixed value
