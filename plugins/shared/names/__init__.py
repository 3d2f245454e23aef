"""Knowledge about how names are written that both the recognizer (to find them) and the
strategies (to keep their fixed parts in a replacement) need: organisations' forms, titles of
rule, courtesy titles and police ranks."""
