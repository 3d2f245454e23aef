"""Inputs for installer/test_offline.sh: a DOCX and a PDF letter, the letter as a scanned PNG
(200 dpi, no text layer: read by OCR), a text naming a ship, and a single-file third-party
plugin for the user plugins folder (it finds ship names)."""

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

#: A user-folder plugin that fails to load unless the data the app bundle trims still serves
#: every use: Faker in each locale pseudonyms are written in, the gender table over every
#: locale's names, the city index (installer/bundle_contents.py, build.py ``slim``).
DATA_PROBE = '''"""Probe: the trimmed data (Faker locales, names, cities) as the app sees it."""
from redactor.plugin_api import hookimpl
from redactor_plugins.strategies.generalization import names, places

for code, (locale, _words, _letters) in names.LANGUAGES.items():
    fake = names._faker(locale)
    assert fake.name() and fake.company() and fake.sentence(), locale
assert len(names.gender_table()) > 20_000 and len(names.first_name_votes()) > 20_000
assert len(places._city_index()) > 100_000 and places._city_index()["oslo"][0] == "NO"


class DataProbe:
    id = "bundle-data-probe"
    version = "1.0"

    def detect(self, doc, ctx):
        return iter(())


@hookimpl
def register_detectors(register):
    register(DataProbe())
'''


def scan(path: Path, dpi: int = 200) -> None:
    """The letter drawn as an A4 page image (reportlab's Vera font, 11 pt), like a scan."""
    from pathlib import Path as _P

    import reportlab
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(_P(reportlab.__file__).parent / "fonts" / "Vera.ttf"),
                              round(11 * dpi / 72))
    img = Image.new("L", (round(8.27 * dpi), round(11.69 * dpi)), 255)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(LETTER):
        draw.text((dpi, dpi + i * round(0.3 * dpi)), line, font=font, fill=0)
    img.save(path, dpi=(dpi, dpi))


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
    scan(out / "letter_scan.png")
    (out / "ship.txt").write_text("The passenger list of the Titanic was kept.\n",
                                  encoding="utf-8")
    (out / "ship_plugin.py").write_text(PLUGIN, encoding="utf-8")
    (out / "data_probe.py").write_text(DATA_PROBE, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
