"""URL normalisation, so that one page found by two queries counts once: scheme and host in
lower case, no ``www.``, no default port, no fragment, no tracking parameters (``utm_*``,
``fbclid``, ``gclid`` …), remaining parameters sorted, no trailing slash."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

TRACKING = frozenset({
    "fbclid", "gclid", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "twclid", "ttclid",
    "li_fat_id", "igshid", "mc_cid", "mc_eid", "_hsenc", "_hsmi", "mkt_tok", "ref_src",
    "spm", "si", "s_cid", "oly_anon_id", "oly_enc_id", "vero_id", "_ga", "_gl",
})
TRACKING_PREFIXES = ("utm_", "pk_", "mtm_", "hsa_")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def _is_tracking(name: str) -> bool:
    low = name.lower()
    return low in TRACKING or low.startswith(TRACKING_PREFIXES)


def normalise_url(url: str) -> str:
    """The canonical form of ``url`` (unparseable input comes back stripped, unchanged)."""
    url = url.strip()
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return url
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower().rstrip(".")
    if host.startswith("www."):
        host = host[4:]
    netloc = host
    if port is not None and _DEFAULT_PORTS.get(scheme) != port:
        netloc = f"{host}:{port}"
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
             if not _is_tracking(k)]
    path = parts.path.rstrip("/")
    return urlunsplit((scheme, netloc, path, urlencode(sorted(query)), ""))


def source_url(path: str | Path) -> str:
    """The normalised ``file:`` URL of a local file (how the local index names its pages)."""
    return normalise_url(Path(path).expanduser().resolve().as_uri())
