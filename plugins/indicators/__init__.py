"""Risk indicators: masked-LM probabilities (``mlm``), span classification, perturbation
(``perturbation``), sequence labelling (``seqlabel``), their features and classifiers
(``features``, ``models``); ``plugin`` registers them and the learned combiner."""
