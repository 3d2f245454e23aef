"""The fixed parts of organisations' names, shared by the recognizer (which finds "HM Prison
Wymott" and "Postel Properties Limited") and the pseudonym strategy (which keeps "HM Prison"
and "Limited" and makes up the rest).

Regular-expression source strings, to be embedded in a caller's pattern.
"""

from __future__ import annotations

__all__ = ["CARE_FORM", "CONTINENTAL_KIND", "FIRM_LAST_WORDS", "LEGAL_FORM", "PRISON_FORM",
           "STREET_FIRST_WORDS", "STREET_LAST_WORDS"]

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
             r"|Krankenhaus|Klinikum|Universitätsklinikum"
             # Dutch ("Onze Lieve Vrouwe Gasthuis", "Antonius Ziekenhuis")
             r"|Gasthuis|Ziekenhuis|Kliniek|Huisartsenpraktijk|Gezondheidscentrum)")

#: a firm's last word, as a word: the capitalised names before it are the firm's ("Duncan Lewis
#: Solicitors"), not a person's
FIRM_LAST_WORDS = frozenset("Solicitors Limited Ltd LLP PLC plc Associates Partners Chambers "
                            "GmbH AG Inc LLC Autocentre Garage Motors".split())
#: a street's last word ("Hanson Lane": two surnames of the name lists)
STREET_LAST_WORDS = frozenset("Road Street Lane Avenue Drive Close Crescent Terrace Grove "
                              "Gardens Mews Boulevard Parade Parkway Highway".split())

#: a French, Spanish, Italian, Portuguese, Dutch or Polish institution's kind before the place
#: or person it is named after ("Tribunal judiciaire [de Lyon]", "Centre hospitalier
#: [Saint-Joseph]", "Juzgado de Primera Instancia [n.º 4 de Sevilla]", "Rechtbank [Amsterdam]")
CONTINENTAL_KIND = (
    r"(?:Tribunal(?:\s+(?:judiciaire|de\s+grande\s+instance|administratif|de\s+commerce"
    r"|pour\s+enfants|correctionnel))?|Cour\s+d['’]appel|Conseil\s+départemental|Mairie"
    r"|Préfecture|Caisse\s+d['’]allocations\s+familiales|Centre\s+hospitalier(?:\s+universitaire)?"
    r"|Hôpital|Clinique|École(?:\s+(?:primaire|élémentaire|maternelle))?|Collège|Lycée|Université"
    r"|Juzgado(?:\s+de\s+(?:Primera\s+Instancia(?:\s+e\s+Instrucción)?|lo\s+Social|Familia"
    r"|Violencia\s+sobre\s+la\s+Mujer|Menores))?|Audiencia\s+Provincial"
    r"|Hospital(?:\s+(?:Universitario|General|Clínico))?|Colegio|Instituto|Ayuntamiento"
    r"|Tribunale(?:\s+per\s+i\s+minorenni)?|Ospedale|Scuola(?:\s+primaria)?|Comune|Rechtbank"
    r"|Gemeente|Ziekenhuis|Basisschool|Sąd\s+(?:Rejonowy|Okręgowy)|Szpital"
    r"|Escola(?:\s+(?:Básica|Secundária|Primária))?|Agrupamento\s+de\s+Escolas"
    r"|Tribunal\s+de\s+Família\s+e\s+Menores|Câmara\s+Municipal|Centro\s+de\s+Saúde"
    r"|Centro\s+de\s+Salud|Szkoła\s+Podstawowa(?:\s+nr\s+\d+)?)")

#: a street's word before its name in French, Spanish, Italian, Portuguese and Polish ("via
#: Roma", "rue des Lilas", "calle Feria", "ul. Długa")
STREET_FIRST_WORDS = (r"(?:via|viale|piazza|piazzale|corso|largo|vicolo|rue|avenue|boulevard"
                      r"|chemin|impasse|allée|calle|avenida|paseo|plaza|camino|rua|travessa"
                      r"|ulica|ul\.|aleja|al\.)")
