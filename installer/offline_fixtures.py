"""Inputs for installer/test_offline.sh: a DOCX and a PDF letter, a text naming a ship, and a
single-file third-party plugin for the user plugins folder (it finds ship names)."""

from __future__ import annotations

import sys
from pathlib import Path

LETTER = ["Dear Ms Ingrid Solberg,",
          "Your appointment with Dr Paul Hansen is on 14 March 2024 at Ullevål hospital.",
          "Please call 22 11 85 00 if you cannot come. She sailed on the Titanic."]
PLUGIN = '''"""A third-party detector dropped into the user plugins folder."""
from redactor.plugin_api import Finding, Label, Span, hookimpl


class ShipNames:
    id = "ship-names"
    version = "1.0"

    def detect(self, doc, ctx):
        start = doc.text.find("Titanic")
        while start >= 0:
            yield Finding(Span(start, start + 7), Label.MISC, "Titanic", detector=self.id,
                          validated=True)
            start = doc.text.find("Titanic", start + 1)


@hookimpl
def register_detectors(register):
    register(ShipNames())
'''


def main(folder: str) -> int:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    import docx
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    d = docx.Document()
    for line in LETTER:
        d.add_paragraph(line)
    d.save(str(out / "letter.docx"))
    c = canvas.Canvas(str(out / "letter.pdf"), pagesize=A4)
    for i, line in enumerate(LETTER):
        c.drawString(60, 780 - 20 * i, line)
    c.save()
    (out / "ship.txt").write_text("The passenger list of the Titanic was kept.\n",
                                  encoding="utf-8")
    (out / "ship_plugin.py").write_text(PLUGIN, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
