"""Two-letter codes of the US states and Canada's provinces, as regex alternations: shared by
the postal-code patterns ("IL 62702") and the recognizer ("Gatineau QC" is a place), which
must not import a pattern module at start-up (they compile when first used)."""

from __future__ import annotations

__all__ = ["CA_PROVINCES", "US_STATES"]

#: the US states' (and DC's, Puerto Rico's) codes
US_STATES = ("AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT"
             "|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR")
#: Canada's provinces' and territories' codes
CA_PROVINCES = "QC|ON|BC|AB|MB|SK|NS|NB|NL|PE|YT|NT|NU"
