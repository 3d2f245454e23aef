"""The recognizer's rules: what a detector's span is and where it starts and ends (span edges,
span kinds, people, institutions, legal provisions, identifier cues), and how the NER model's
spans are mended with them (``model_spans``). Pure functions over a text and its findings."""
