"""The privacy-oriented recognizer: neural NER (``ner``, ``ner_runtime``), gazetteers
(``gazetteer``), the Rampart model (``rampart``) and mention propagation; the rules that mend
and type their spans live in ``rules``; ``plugin`` registers the detectors the settings switch
on."""
