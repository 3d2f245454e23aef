"""The privacy-oriented recognizer: neural NER (``ner``, ``ner_runtime``), gazetteers
(``gazetteer``), the Rampart model (``rampart``) and mention propagation; ``plugin`` registers
the detectors the settings switch on."""
