"""What a Brazilian social report (written for the purpose, session 34) showed: the mobile
"(11) 91234-5678" was read from "11)" on (its opening bracket left in clear beside a closing
one masked away) and not validated (only Portugal's numbering plan was added for a text in
Portuguese; Brazil's is now too); the CPF is a validated Brazilian CPF."""

from __future__ import annotations

from pathlib import Path

from probe_helpers import kinds_of, redacted, uncovered

REPORT = """Relatório social

A usuária Maria Aparecida dos Santos Silva, CPF 111.444.777-35, RG 12.345.678-9 (SSP/SP), \
nascida em 14/03/1987, reside na Rua Augusta, 1520, apto 34, Consolação, São Paulo - SP, \
CEP 01304-001. Telefone: (11) 91234-5678.

Mãe de João Pedro (8 anos) e Ana Clara (5 anos), beneficiária do Bolsa Família. O \
companheiro, Carlos Eduardo Pereira, trabalha como motorista de aplicativo.
"""


def test_the_report(tmp_path: Path) -> None:
    text, kinds, covered = kinds_of(tmp_path, REPORT)
    assert kinds["(11) 91234-5678"][1] == "PHONE", kinds
    assert kinds["111.444.777-35"][1] == "NATIONAL_ID_BR", kinds
    assert not uncovered(text, covered, [
        "Maria Aparecida dos Santos Silva", "12.345.678-9", "14/03/1987", "Rua Augusta",
        "01304-001", "João Pedro", "Ana Clara", "Carlos Eduardo Pereira"])
    out = redacted(tmp_path, REPORT, "label")
    assert "Telefone: [CODE" in out and "91234" not in out, out
