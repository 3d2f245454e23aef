"""The findings a document view shows, indexed by offset (shared by the text and page views).

:class:`ShownFindings` keeps the findings, their actions and the current one, sorted by start
offset, so that a view finds the findings overlapping the stretch of text (or the page) on
screen by bisection; :class:`~redactor.gui.document_view.DocumentView` gives its text and page
views one index, sorted once.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from redactor.core.model import Action, Finding


class ShownFindings:
    """The findings a view shows, their actions and the current one, indexed by start offset
    so that the findings overlapping a stretch of text are found by bisection."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self.actions: list[Action] = []
        self.current: int | None = None
        self._start_of: list[int] = []  # start offset by finding index
        self._order: list[int] = []  # finding indices by start offset
        self._starts: list[int] = []  # their start offsets (sorted)
        self._max_len = 0

    def __len__(self) -> int:
        return len(self.findings)

    def set(self, findings: Sequence[Finding], actions: Sequence[Action],
            current: int | None) -> range | None:
        """Show ``findings``. When they are the shown ones plus more (results arriving while
        the analysis runs), only the new ones are indexed and their indices returned;
        otherwise everything is replaced and None returned."""
        if len(findings) != len(actions):
            raise ValueError("one action per finding")
        n = len(self.findings)
        grows = (0 < n < len(findings) and current == self.current
                 and findings[0] is self.findings[0] and findings[n - 1] is self.findings[-1]
                 and list(actions[:n]) == self.actions)
        if not grows:
            n = 0
            self.findings, self.actions, self.current = [], [], current
            self._start_of, self._order, self._max_len = [], [], 0
        self.findings.extend(findings[n:])
        self.actions.extend(actions[n:])
        spans = [f.span for f in findings[n:]]
        start_of = self._start_of
        start_of.extend(sp.start for sp in spans)
        # the new findings sorted, then one merge of two sorted runs (linear in Timsort), not
        # one list insert per finding: inserting 10,000 one by one moves ~50 million slots
        self._order.extend(sorted(range(n, len(start_of)), key=start_of.__getitem__))
        self._order.sort(key=start_of.__getitem__)
        self._starts = [start_of[i] for i in self._order]
        self._max_len = max(self._max_len, max((len(sp) for sp in spans), default=0))
        return range(n, len(self.findings)) if grows else None

    def overlapping(self, lo: int, hi: int) -> list[int]:
        """Indices of the findings that may overlap the offsets [lo, hi], by start (a few
        that end before ``lo`` may be among them)."""
        first = bisect.bisect_left(self._starts, lo - self._max_len)
        last = bisect.bisect_right(self._starts, hi)
        return self._order[first:last]

    def look(self, i: int) -> tuple[str, Action, bool]:
        """What the highlight of finding ``i`` depends on: label, action, whether current."""
        return str(self.findings[i].label), self.actions[i], i == self.current
