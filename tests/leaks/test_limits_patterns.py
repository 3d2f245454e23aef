"""Every pattern of the pattern detector runs in linear time on adversarial text: long runs of
digits and separators, repeated near-matches, dense digit groups (a crafted 1 MB text once
took 91 s). Each ``find_*`` function gets 100 KB of each adversarial shape and must finish
well within a bound generous enough for a slow, shared machine."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random
import time
from collections.abc import Callable

import pytest
import redactor_plugins.detectors.patterns as patterns
from redactor_plugins.detectors.patterns.plugin import detect_text

SIZE = 100_000
BOUND_S = 2.0


def _finders() -> dict[str, Callable[[str], object]]:
    found: dict[str, Callable[[str], object]] = {}
    for info in pkgutil.iter_modules(patterns.__path__):
        module = importlib.import_module(f"{patterns.__name__}.{info.name}")
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("find_") and name != "find_hits" and \
                    fn.__module__ == module.__name__:
                found[f"{info.name}.{name}"] = fn
    return found


def _groups(rng: random.Random, size: int, sep: str, width: int) -> str:
    out: list[str] = []
    n = 0
    while n < size:
        out.append("".join(rng.choice("0123456789") for _ in range(width)))
        n += width + len(sep)
    return sep.join(out)[:size]


def adversarial() -> dict[str, str]:
    """100 KB texts, each repeating one shape that patterns may backtrack on."""
    units = ["1", "1 ", "1-", "1.", "1,", "1/", "12:", "a@", "a.", "www.", "+4", "(1", "1 1",
             "AB12 ", "DE89 ", "4111 ", "1,000,", "twenty-one ", "€1", "1%", "1 kg ", "1 Jan ",
             "2020 ", "no. 1/", "::", "0:0:", "1\u00a0", "SW1A ", "aa:bb:"]
    texts = {repr(u): (u * (SIZE // len(u) + 1))[:SIZE] for u in units}
    rng = random.Random(7)
    texts["digit pairs"] = _groups(rng, SIZE, " ", 2)
    texts["digit triples"] = _groups(rng, SIZE, "-", 3)
    texts["ten digits"] = _groups(rng, SIZE, " ", 10)
    texts["url and closing brackets"] = "http://a.b/" + ")" * SIZE
    texts["e-mail near-misses"] = ("a@" + "b." * 40 + "- ") * (SIZE // 85)
    # long runs of white space after a day or a month (a PDF's layout): "\s*,?\s+and" once
    # split such a run in n² ways (0.2 s for one search over 4,000 spaces)
    texts["day, then a run of spaces"] = ("1" + " " * 4_000) * (SIZE // 4_001)
    texts["month, then a run of line breaks"] = ("May" + "\n" * 4_000) * (SIZE // 4_003)
    return texts


TEXTS = adversarial()


@pytest.mark.parametrize("name", sorted(_finders()))
def test_limits_pattern_is_linear_on_adversarial_text(name: str) -> None:
    fn = _finders()[name]
    slow = []
    for shape, text in TEXTS.items():
        start = time.perf_counter()
        list(fn(text))  # type: ignore[call-overload]
        elapsed = time.perf_counter() - start
        if elapsed > BOUND_S:
            slow.append(f"{shape}: {elapsed:.1f}s")
    assert not slow, f"{name} is slow on 100 KB of {slow}"


def test_limits_the_whole_detector_on_a_mixed_adversarial_text() -> None:
    text = "\n".join(t[:4000] for t in TEXTS.values())
    start = time.perf_counter()
    detect_text(text)
    assert time.perf_counter() - start < 10 * BOUND_S
