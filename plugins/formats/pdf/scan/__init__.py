"""How the PDF plugin reads everything a file carries, for leak search: fonts' own encodings
(``fonts``), what pages draw (``drawn``), secrets as folded byte needles (``needles``),
objects and content channels (``objects``) and the two text engines (``engines``)."""
