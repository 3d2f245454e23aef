"""Network identifiers: IPv4 and IPv6 addresses and MAC addresses.

An address is one span from its first to its last character: an IPv6 address with an IPv4
tail (``::ffff:192.0.2.1``), a prefix length (``2001:db8::/32``, ``192.0.2.0/24``) or a zone
(``fe80::1%eth0``) is validated whole by :mod:`ipaddress`; a candidate that fails is never cut
down to a prefix that passes. One that fails but has the shape of an IPv6 address is an
unvalidated look-alike (``IP_LIKE``). MAC addresses (EUI-48) are six hexadecimal pairs joined
by colons or hyphens, either case, or Cisco's three dotted groups of four; one written in
digits only needs a cue ("MAC", "Ethernet" …) before it.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable

from redactor_plugins.detectors.patterns.common import LIKE, RANK_LOOKALIKE, RANK_VALIDATED, Hit

from redactor.plugin_api import Label

_IPV4 = re.compile(
    r"(?<![\w.])(?<!\d[/-])\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2}(?!\d))?(?![\w]|\.\d)")
# the longest run of IPv6 characters (hex digits, colons, an IPv4 tail's dots), then a zone
# and a prefix length; validated whole
_IPV6 = re.compile(
    r"(?<![\w:.%])(?=[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:)[0-9A-Fa-f:.]{2,60}"
    r"(?:%[0-9A-Za-z_.-]{1,32})?(?:/\d{1,4})?")
_NOT_IP_BEFORE = re.compile(
    r"(?:\b(?:[Ss]ections?|[Aa]rticles?|[Pp]aras?|[Pp]aragraphs?|[Rr]ules?|[Cc]hapters?|[Vv]ersion"
    r"|[Vv]|[Pp]oints?)\.?|§)\s*$"
)
_HEX2 = r"[0-9A-Fa-f]{2}"
_MAC = re.compile(
    rf"(?:(?<![\w:.-])|(?<=[^\W\d_]{{3}}:))(?:{_HEX2}([:-]){_HEX2}(?:\1{_HEX2}){{4}}"
    r"|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:-]|\.[0-9A-Za-z])"
)
_MAC_CUE = re.compile(
    r"(?i)\b(?:mac|ethernet|wi-?fi|wlan|bssid|hardware|physical|adapter|device|"
    r"network\s+card|nic)\b[^\n]{0,30}$")


def find_ips(text: str) -> Iterable[Hit]:
    for m in _IPV4.finditer(text):
        if _NOT_IP_BEFORE.search(text[max(0, m.start() - 12) : m.start()]):
            continue  # "section 1.2.3.4", "version 4.1.0.2" are numbered items, not hosts
        end = m.end()
        for value in dict.fromkeys((m.group(0), m.group(0).split("/")[0])):
            try:
                ipaddress.ip_interface(value)
            except ValueError:
                continue
            end = m.start() + len(value)
            yield Hit(m.start(), end, Label.CODE, "IP", 1.0, "IPv4 address, valid",
                      RANK_VALIDATED, validated=True)
            break
    for m in _IPV6.finditer(text):
        value = m.group(0)
        end = m.end()
        while value and value[-1] in ".:" and not value.endswith("::"):
            value, end = value[:-1], end - 1  # a sentence's full stop or colon
        if end < len(text) and (text[end].isalnum() or text[end] in "_:%/"):
            continue  # glued to more text: part of something else
        body = value.split("/", 1)[0].split("%", 1)[0]
        if "::" not in body and body.count(":") < (6 if "." in body else 7):
            continue  # times such as 14:05:00 look like short IPv6 groups
        if _valid_ipv6(value):
            yield Hit(m.start(), end, Label.CODE, "IP", 1.0, "IPv6 address, valid",
                      RANK_VALIDATED, validated=True)
        elif re.fullmatch(r"[0-9A-Fa-f:]+", body) and body.count(":") >= 3:
            yield Hit(m.start(), end, Label.CODE, "IP" + LIKE, 0.5,
                      "IPv6 shape, not a valid address", RANK_LOOKALIKE)


def _valid_ipv6(value: str) -> bool:
    address, _, prefix = value.partition("/")
    if prefix and not (prefix.isdigit() and int(prefix) <= 128):
        return False
    try:
        ipaddress.IPv6Address(address)
    except ValueError:
        return False
    return True


def find_macs(text: str) -> Iterable[Hit]:
    for m in _MAC.finditer(text):
        value = m.group(0)
        if not re.search(r"[A-Fa-f]", value) and not _MAC_CUE.search(
                text[max(0, m.start() - 60) : m.start()]):
            continue  # "10-12-14-16-18-20": digits only need a cue
        yield Hit(m.start(), m.end(), Label.CODE, "MAC_ADDRESS", 1.0,
                  "MAC address (EUI-48), valid format", RANK_VALIDATED, validated=True)
