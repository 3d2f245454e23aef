"""Keyed and character-level strategies, and the ``reveal`` command.

* ``mask-chars``: every letter and digit becomes ``*`` (``[options] mask_char``), spaces and
  separators stay; for account-number-like mentions (mostly digits, at least twice
  ``keep_last`` letters and digits) the last ``keep_last`` (default 4) digits stay visible:
  "NO93 8601 1117 947" → "**** **** ***7 947" — for CODE and QUANTITY mentions only: names
  and dates (whose last digits are the day and month) are always masked completely.
* ``hash``: ``#`` + the first ``hash_length`` (default 8) hex digits of
  HMAC-SHA256(hash key, salt | label | normalised entity), the same for every mention of an
  entity and in every run with the same key (``[options] hash_salt`` adds a salt per policy).
* ``encrypt``: AES-256-GCM with the encryption key; the output is one token
  ``⟦enc:BASE64URL⟧`` (nonce + ciphertext + tag) that fits in running text. ``redactor reveal
  FILE -o OUT`` decrypts the tokens of a TXT or DOCX file for whoever holds the key.

Keys come from :mod:`redactor_plugins.strategies.keys` (keyring, else ``REDACTOR_KEY_*``); a
missing hash or encryption key is created in the keyring on first use.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import os
import re
from pathlib import Path
from typing import Any

from redactor_plugins.strategies.generalization.text import name_tokens, normalise
from redactor_plugins.strategies.keys import get_key

from redactor.plugin_api import (
    InputError,
    Label,
    ReplacementRequest,
    RunContext,
    UsageError,
)

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
TOKEN_RE = re.compile(r"⟦enc:([A-Za-z0-9_-]+={0,2})⟧")
AAD = b"redactor-encrypt-v1"
NONCE_BYTES = 12


def _int_option(options: Any, name: str, default: int, low: int, high: int) -> int:
    raw = options.get(name, "")
    if raw in ("", None):
        return default
    try:
        value = int(str(raw))
    except ValueError as exc:
        raise UsageError(f"option {name} must be a whole number") from exc
    if not low <= value <= high:
        raise UsageError(f"option {name} must be between {low} and {high}")
    return value


# -- mask-chars ------------------------------------------------------------------------------
def mask_chars(text: str, keep_last: int = 4, mask: str = "*") -> str:
    alnum = [i for i, c in enumerate(text) if c.isalnum()]
    if not alnum:  # symbols only (an emoji, a flag): masking letters would keep it whole
        return "".join(c if c.isspace() else mask for c in text)
    digits = sum(text[i].isdigit() for i in alnum)
    keep: set[int] = set()
    if keep_last > 0 and len(alnum) >= 2 * keep_last and digits * 2 >= len(alnum):
        tail = alnum[-keep_last:]
        if all(text[i].isdigit() for i in tail):
            keep = set(tail)
    return "".join(c if (not c.isalnum() or i in keep) else mask for i, c in enumerate(text))


class MaskCharsStrategy:
    id = "mask-chars"
    version = "1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        keep = _int_option(request.options, "keep_last", 4, 0, 12)
        mask = request.options.get("mask_char") or "*"
        if len(mask) != 1 or mask.isalnum():
            raise UsageError("option mask_char must be one character that is not a letter "
                             "or digit")
        if request.finding.label not in (Label.CODE, Label.QUANTITY):
            keep = 0  # a date's last digits are its day and month, not an account's tail
        return mask_chars(request.finding.text, keep, mask)


# -- hash --------------------------------------------------------------------------------------
def entity_key(request: ReplacementRequest) -> str:
    """The normalised entity text that every mention of the entity shares."""
    canonical = request.entity.canonical or request.finding.text
    if request.finding.label == Label.PERSON:
        return " ".join(name_tokens(canonical)) or normalise(canonical)
    return normalise(canonical)


def keyed_hash(key: bytes, text: str, label: str, salt: str = "", length: int = 8,
               avoid: str = "") -> str:
    """``#`` + hex prefix of HMAC-SHA256; never containing ``avoid`` (the original)."""
    out = ""
    for counter in range(100):
        msg = f"{salt}\x1f{label}\x1f{text}" + (f"\x1f{counter}" if counter else "")
        digest = hmac.new(key, msg.encode("utf-8"), hashlib.sha256).hexdigest()
        out = "#" + digest[:length]
        if not avoid.strip() or avoid.strip().casefold() not in out:
            break
    return out


class HashStrategy:
    id = "hash"
    version = "1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        memo = ctx.memo_for(self.id)
        if "key" not in memo:
            memo["key"] = get_key("hash", create=True)
        length = _int_option(request.options, "hash_length", 8, 4, 64)
        return keyed_hash(memo["key"], entity_key(request), str(request.finding.label),
                          request.options.get("hash_salt", ""), length, request.finding.text)


# -- encrypt ---------------------------------------------------------------------------------
def _aesgcm(key: bytes) -> Any:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if len(key) not in (16, 24, 32):
        key = hashlib.sha256(key).digest()
    return AESGCM(key)


def encrypt_token(key: bytes, text: str) -> str:
    """``⟦enc:…⟧`` holding ``text`` encrypted with a random nonce; the token never contains
    the text itself nor, as a word of its own, any word of three or more characters of it ("379"
    of "536-379-4399" between a "-" and a "_" of the base64 text): a new nonce is drawn when it
    would, case-insensitively."""
    aes = _aesgcm(key)
    token = ""
    words = {w.casefold() for w in re.findall(r"[^\W_]{3,}", text)}
    for _ in range(50):
        nonce = os.urandom(NONCE_BYTES)
        blob = nonce + aes.encrypt(nonce, text.encode("utf-8"), AAD)
        token = "⟦enc:" + base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=") + "⟧"
        shown = {w.casefold() for w in re.findall(r"[^\W_]+", token)}
        if (not text.strip() or text.strip().casefold() not in token.casefold()) and \
                not words & shown:
            break
    return token


def decrypt_token(key: bytes, payload: str) -> str:
    from cryptography.exceptions import InvalidTag

    padded = payload + "=" * (-len(payload) % 4)
    try:
        blob = base64.urlsafe_b64decode(padded.encode("ascii"))
    except ValueError as exc:
        raise UsageError("an encrypted token is damaged (not base64)") from exc
    if len(blob) < NONCE_BYTES + 16:
        raise UsageError("an encrypted token is damaged (too short)")
    try:
        plain = _aesgcm(key).decrypt(blob[:NONCE_BYTES], blob[NONCE_BYTES:], AAD)
    except InvalidTag as exc:
        raise UsageError("cannot decrypt: the encryption key does not match the one used "
                         "for this file, or the token was altered") from exc
    return plain.decode("utf-8")


def reveal_text(key: bytes, text: str) -> tuple[str, int]:
    """``text`` with every token decrypted, and how many there were."""
    count = 0

    def repl(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return decrypt_token(key, m.group(1))

    return TOKEN_RE.sub(repl, text), count


class EncryptStrategy:
    id = "encrypt"
    version = "1.0"

    def replacement(self, request: ReplacementRequest, ctx: RunContext) -> str:
        memo = ctx.memo_for(self.id)
        if "key" not in memo:
            memo["key"] = get_key("encryption", create=True)
        return encrypt_token(memo["key"], request.finding.text)


# -- reveal command ----------------------------------------------------------------------------
def reveal_file(source: Path, dest: Path, key: bytes) -> int:
    """Decrypt the tokens of a TXT or DOCX file into ``dest``; returns the token count."""
    head = source.read_bytes()[:4]
    if head.startswith(b"PK\x03\x04") or source.suffix.lower() == ".docx":
        return _reveal_docx(source, dest, key)
    data = source.read_bytes()
    try:
        from redactor_plugins.shared.text_codecs import decode_text, encode_text

        decoded = decode_text(data)
        text, encoding = decoded.text, decoded.encoding
        revealed, count = reveal_text(key, text)
        dest.write_bytes(encode_text(revealed, encoding))
    except ImportError:  # pragma: no cover - the TXT plugin is always built in
        revealed, count = reveal_text(key, data.decode("utf-8"))
        dest.write_text(revealed, encoding="utf-8", newline="")
    return count


def _reveal_docx(source: Path, dest: Path, key: bytes) -> int:
    try:
        import docx
    except ImportError as exc:  # pragma: no cover
        raise UsageError("python-docx is needed to reveal DOCX files") from exc
    try:
        document = docx.Document(str(source))
    except Exception as exc:
        raise InputError(f"{source.name}: not a readable DOCX file") from exc
    count = 0
    w_p, w_t = f"{{{_W}}}p", f"{{{_W}}}t"
    for part in document.part.package.iter_parts():  # body, every header and footer, notes …
        root = getattr(part, "_element", None)
        raw = root is None  # a part python-docx keeps as bytes (footnotes, endnotes …)
        if raw:
            if not str(getattr(part, "content_type", "")).endswith("+xml"):
                continue
            from lxml import etree

            try:
                root = etree.fromstring(part.blob, etree.XMLParser(resolve_entities=False,
                                                                   no_network=True))
            except etree.XMLSyntaxError:
                continue
        before = count
        for p in root.iter(w_p):
            nodes = list(p.iter(w_t))
            if "⟦enc:" not in "".join(t.text or "" for t in nodes):
                continue
            for t in nodes:
                new, n = reveal_text(key, t.text or "")
                if n:
                    t.text = new
                    count += n
            joined = "".join(t.text or "" for t in nodes)
            if TOKEN_RE.search(joined):  # a token split across runs: merge into the first
                new, n = reveal_text(key, joined)
                nodes[0].text = new
                for t in nodes[1:]:
                    t.text = ""
                count += n
        if raw and count > before:
            part._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8",
                                        standalone=True)
    document.save(str(dest))
    return count


def configure_reveal(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a TXT or DOCX file written with --strategy "
                        "encrypt")
    parser.add_argument("-o", "--output", type=Path, required=True, help="where to write the "
                        "revealed copy")
    parser.add_argument("--force", action="store_true", help="replace an existing output")


def run_reveal(args: Any) -> int:
    source, dest = Path(args.file), Path(args.output)
    if not source.is_file():
        raise InputError(f"{source.name}: file not found")
    if dest.exists() and (dest.resolve() == source.resolve()):
        raise UsageError("refusing to overwrite the input file; choose another output path")
    if dest.exists() and not getattr(args, "force", False):
        raise UsageError(f"{dest.name}: output exists (use --force to replace it)")
    key = get_key("encryption", required=True)
    assert key is not None
    tmp = dest.parent / f".{dest.name}.partial"
    try:
        count = reveal_file(source, tmp, key)
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    print(f"revealed {count} encrypted span{'s' if count != 1 else ''} into {dest.name}")
    return 0
