"""A code's letters that its cue names just before it are the scheme's mark and stay in its
pseudonym ("GWF reference: GWF071234567" read "GWF reference: UUU918020903", session 34); other
letters are drawn anew."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "recognizer"))

from probe_helpers import redacted  # noqa: E402

LETTER = ("Applicant: Mr Olumide Adebayo BANJO\nGWF reference: GWF071234567\n"
          "Reference: XK7Q2P9\n")


def test_the_cued_prefix_stays(tmp_path: Path) -> None:
    for run in range(3):
        out = redacted(tmp_path, LETTER, "pseudonym", name=f"letter{run}")
        m = re.search(r"GWF reference: (\S+)", out)
        assert m and re.fullmatch(r"GWF\d{9}", m.group(1)) and m.group(1) != "GWF071234567", out
