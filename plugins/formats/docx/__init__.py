"""DOCX: package handling (``package``), reader (``read``), sanitiser of hidden parts and
values (``sanitize``, ``scrub``), writer (``write``) and verifier (``verify``); ``plugin``
registers the reader and writer."""
