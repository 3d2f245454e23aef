"""The opt-in pytest plugin, run the way an author runs it (pytest's own ``pytester``, in a
subprocess: an in-process run would unload the modules it imported, numpy among them)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

pytest_plugins = ["pytester"]

SHIPS = '''
import re

from redactor.plugin_api import Finding, Label, Span, hookimpl

CODE = re.compile(r"\\bZQ-\\d{4}\\b")


class ShipCodes:
    id = "ship-codes"
    version = "1.0"

    def detect(self, doc, ctx):
        for m in CODE.finditer(doc.text):
            yield Finding(Span(m.start(), m.end()), Label.CODE, m.group(0), subtype="SHIP",
                          score=0.95, detector=self.id, validated=True)


@hookimpl
def register_detectors(register):
    register(ShipCodes())
'''

TESTS = '''
import socket

import pytest

import ships
from redactor.testing import check_detector

PLUGIN = [("ships", ships)]


def test_contract():
    check_detector(ships.ShipCodes(), samples=["The vessel ZQ-4711 left port."],
                   huge_chars=20000)


@pytest.mark.parametrize("fmt", ["txt", "docx", "pdf"])
def test_end_to_end(fmt, make_txt, make_docx, make_pdf, redactor_run, no_network):
    text = "Captain Zebulon Quillfeather commands ZQ-4711 out of Bristol."
    path = {"txt": make_txt, "docx": make_docx, "pdf": make_pdf}[fmt](text)
    assert path.suffix == "." + fmt and path.is_file()
    run = redactor_run(path, PLUGIN)
    mine = [f for f in run.findings if "ship-codes" in f.detectors]
    assert [f.text for f in mine] == ["ZQ-4711"]
    assert "ZQ-4711" not in run.output_text
    assert run.output.is_file() and run.output.parent.name == "out"
    assert run.export.verification.ok and not run.failures


def test_no_network_fails_a_connection(no_network):
    with pytest.raises(OSError):
        socket.create_connection(("198.51.100.9", 80), timeout=1)
'''


def test_the_fixtures_run_the_pipeline_with_a_plugin(pytester: pytest.Pytester) -> None:
    pytester.makeconftest('pytest_plugins = ["redactor.testing.pytest_plugin"]\n')
    pytester.makepyfile(ships=SHIPS, test_ships=TESTS)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-q")
    result.assert_outcomes(passed=5, errors=1)  # no_network fails that test at teardown
    result.stdout.fnmatch_lines(["*network access during the test: socket.getaddrinfo of "
                                 "198.51.100.9*"])


def test_the_plugin_is_opt_in(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_x="def test_x(make_txt):\n    pass\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*fixture 'make_txt' not found*"])
    enabled = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p",
                                            "redactor.testing.pytest_plugin")
    enabled.assert_outcomes(passed=1)


def test_no_network_allows_loopback(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_loop=textwrap.dedent('''
        import socket

        def test_loopback(no_network):
            server = socket.socket()
            server.bind(("127.0.0.1", 0))
            server.listen(1)
            client = socket.create_connection(server.getsockname(), timeout=2)
            client.close()
            server.close()
    '''))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p",
                                           "redactor.testing.pytest_plugin")
    result.assert_outcomes(passed=1)


def test_importing_the_kit_does_not_import_pytest() -> None:
    code = ("import sys, redactor.testing, redactor.testing.checks; "
            "sys.exit('pytest' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
