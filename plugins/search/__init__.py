"""Search providers (hook ``register_search_providers``) and the ``web-search`` risk indicator:
``local_index`` (SQLite FTS5 over an organisation's folder), ``providers`` (SearXNG, Brave,
Mojeek over ``transport``), ``keys`` (OS keyring), ``guard`` (no network without consent),
``cache``, ``planner`` (the queries a user approves), ``indicator``, ``commands``; ``plugin``
registers them. See docs/web-search.md."""
