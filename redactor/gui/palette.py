"""Colours and text formats for findings: colour-blind safe, and readable in high contrast.

Each label has a colour from the Okabe–Ito palette (distinguishable with the common forms of
colour blindness). Colour is never the only cue: the decision is also shown by the
underline — masked mentions get a solid fill and a solid underline, mentions under review a
wavy underline, kept mentions a dotted underline and no fill — and by a word in the findings
panel. In a high-contrast or dark theme fills are dropped and only the underlines (in the
label's colour, and bold for masked) remain, so text keeps the theme's own contrast.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette, QTextCharFormat

from redactor.core.model import Action, Label

# Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "black": "#000000",
    "grey": "#999999",
}

LABEL_COLOURS: dict[Label, str] = {
    Label.PERSON: OKABE_ITO["vermillion"],
    Label.CODE: OKABE_ITO["blue"],
    Label.LOC: OKABE_ITO["bluish_green"],
    Label.ORG: OKABE_ITO["reddish_purple"],
    Label.DEM: OKABE_ITO["orange"],
    Label.DATETIME: OKABE_ITO["sky_blue"],
    Label.QUANTITY: OKABE_ITO["yellow"],
    Label.MISC: OKABE_ITO["grey"],
}

ACTION_WORDS = {Action.MASK: "masked", Action.KEEP: "kept", Action.REVIEW: "to review"}
ACTION_SYMBOLS = {Action.MASK: "■", Action.KEEP: "□", Action.REVIEW: "?"}


def label_colour(label: Label | str) -> QColor:
    try:
        return QColor(LABEL_COLOURS[Label(label)])
    except ValueError:
        return QColor(OKABE_ITO["grey"])


def high_contrast() -> bool:
    """True for a dark or high-contrast theme (the window colour is dark, or the text and
    window colours are at the extremes)."""
    app = QGuiApplication.instance()
    if app is None:
        return False
    pal = QGuiApplication.palette()
    window = pal.color(QPalette.ColorRole.Window)
    text = pal.color(QPalette.ColorRole.WindowText)
    if window.lightnessF() < 0.35:
        return True
    return abs(window.lightnessF() - text.lightnessF()) > 0.97 and window.lightnessF() > 0.99


def finding_format(label: Label | str, action: Action, *, current: bool = False,
                   contrast: bool | None = None) -> QTextCharFormat:
    """The character format of one finding in a text view."""
    contrast = high_contrast() if contrast is None else contrast
    colour = label_colour(label)
    fmt = QTextCharFormat()
    fmt.setUnderlineColor(colour)
    if action == Action.MASK:
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
        fmt.setFontWeight(700)
        if not contrast:
            fill = QColor(colour)
            fill.setAlpha(90)
            fmt.setBackground(fill)
    elif action == Action.REVIEW:
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        if not contrast:
            fill = QColor(colour)
            fill.setAlpha(45)
            fmt.setBackground(fill)
    else:
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.DotLine)
    if current:
        pal = QGuiApplication.palette()
        fmt.setBackground(pal.color(QPalette.ColorRole.Highlight))
        fmt.setForeground(pal.color(QPalette.ColorRole.HighlightedText))
    return fmt


def box_pen_style(action: Action) -> Qt.PenStyle:
    """The outline of a box on a PDF page: solid for masked, dashed for review, dotted kept."""
    return {Action.MASK: Qt.PenStyle.SolidLine, Action.REVIEW: Qt.PenStyle.DashLine}.get(
        action, Qt.PenStyle.DotLine)


def legend_html() -> str:
    """A small legend (label colours and decision styles) for the findings panel."""
    chips = " ".join(
        f'<span style="background:{c};color:{_ink(c)};padding:0 4px">{lab}</span>'
        for lab, c in LABEL_COLOURS.items())
    return (f"{chips}<br><b><u>masked</u></b> · <span style='text-decoration:underline "
            "wavy'>to review</span> (masked unless you keep it; hatched on pages) · "
            "<span style='text-decoration:underline dotted'>kept</span>")


def _ink(hex_colour: str) -> str:
    return "#000000" if QColor(hex_colour).lightnessF() > 0.45 else "#FFFFFF"
