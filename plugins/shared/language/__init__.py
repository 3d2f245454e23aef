"""What language a document is written in, and which words are common in it: shared by the
recognizer (a common word of the document's language is no name) and the strategies (names
and places of the document's locale)."""
