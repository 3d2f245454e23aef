"""Search providers (hook ``register_search_providers``) for the web-search risk indicator.
Empty until the built-in providers arrive; see docs/architecture.md."""
