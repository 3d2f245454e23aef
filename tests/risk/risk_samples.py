"""Sample text and findings shared by the risk tests."""

from __future__ import annotations

TEXT = ("The applicant, Mr Galip Yalman, is a Turkish national who was born in 1965 and lives "
        "in Ankara. He worked as a television producer. On 12 March 1998 the Ankara State "
        "Security Court convicted Mr Yalman. The Court notes that the applicant's lawyer, "
        "Ms Ayşe Demir, lodged an appeal (application no. 34567/98).")


def findings_for(text: str, items):
    from redactor.core.model import Finding, Label, Span

    out = []
    pos: dict[str, int] = {}
    for sub, lab in items:
        i = text.index(sub, pos.get(sub, 0))
        pos[sub] = i + 1
        out.append(Finding(Span(i, i + len(sub)), Label(lab), sub, detector="test"))
    return sorted(out, key=lambda f: f.span.start)


ITEMS = [("Galip Yalman", "PERSON"), ("Turkish", "DEM"), ("1965", "DATETIME"),
         ("Ankara", "LOC"), ("television producer", "DEM"), ("12 March 1998", "DATETIME"),
         ("Ankara State Security Court", "ORG"), ("Yalman", "PERSON"), ("Ayşe Demir", "PERSON"),
         ("34567/98", "CODE")]


