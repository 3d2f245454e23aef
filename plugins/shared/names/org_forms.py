"""The fixed parts of organisations' names, shared by the recognizer (which finds "HM Prison
Wymott" and "Postel Properties Limited") and the pseudonym strategy (which keeps "HM Prison"
and "Limited" and makes up the rest).

Regular-expression source strings, to be embedded in a caller's pattern.
"""

from __future__ import annotations

__all__ = ["CARE_FORM", "FIRM_LAST_WORDS", "LEGAL_FORM", "PRISON_FORM", "STREET_LAST_WORDS"]

#: a prison's form before its name: "HM Prison", "Her Majesty’s Prison", "HMP", "HMYOI" …
PRISON_FORM = (r"(?:(?:HM|Her\s+Majesty['’]s|His\s+Majesty['’]s)\s+(?:Prison|Young\s+Offender\s+"
               r"Institution|YOI)|HMP(?:\s*/\s*YOI|YOI)?|HMYOI)")

#: a company's legal form or a firm's word after its name: "Limited", "A/S", "Solicitors" …
LEGAL_FORM = (r"(?:Limited|Ltd\.?|plc|PLC|LLP|LLC|Inc\.?|Corp\.?|GmbH|AG|A/S|ApS|AB|ASA|Oy"
              r"|S\.A\.?|S\.p\.A\.|B\.V\.|N\.V\.|Sp\.\s*z\s*o\.o\.|s\.r\.o\.|Solicitors"
              r"|LLP\s+Solicitors)")

#: a place of care's word after its name: "Hillside Surgery", "St Columba's Hospital",
#: "Leeds General Infirmary", "Ashgrove Care Home" …
CARE_FORM = (r"(?:Surgery|Medical\s+(?:Practice|Cent(?:re|er))|Health\s+Cent(?:re|er)|Hospital"
             r"|Clinic|Infirmary|Hospice|(?:Care|Nursing)\s+Home"
             # Norwegian, Danish, Swedish (after a name, lower case: "Lindern legesenter")
             r"|legesenter|legekontor|sykehus|sjukehus|helsestasjon|sykehjem|omsorgssenter"
             r"|lægehus|lægehuset|sygehus|plejehjem|vårdcentral|vårdcentralen|sjukhus|äldreboende"
             r"|universitetssjukhus|universitetssykehus|universitetshospital"
             # German (after a name: "St. Vinzenz Krankenhaus", "Klinikum Köln" is another form)
             r"|Krankenhaus|Klinikum|Universitätsklinikum)")

#: a firm's last word, as a word: the capitalised names before it are the firm's ("Duncan Lewis
#: Solicitors"), not a person's
FIRM_LAST_WORDS = frozenset("Solicitors Limited Ltd LLP PLC plc Associates Partners Chambers "
                            "GmbH AG Inc LLC Autocentre Garage Motors".split())
#: a street's last word ("Hanson Lane": two surnames of the name lists)
STREET_LAST_WORDS = frozenset("Road Street Lane Avenue Drive Close Crescent Terrace Grove "
                              "Gardens Mews Boulevard Parade".split())
