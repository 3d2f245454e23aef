"""Web search in the app: the consent dialog (exact queries, unticked ones never sent, Don't
send sends nothing), the settings page for providers and keys (keyring service and user, the
key never shown) and the web-search explanation in the finding's details. A loopback fake of
SearXNG answers (tests/search/fake_search.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

import json  # noqa: E402
import sys  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from gui_support import PluginOf  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[1] / "search"))
from fake_search import FakeSearch  # noqa: E402
from search_helpers import KEY, PAGES, TEXT, search_settings  # noqa: E402

from redactor.core.model import RiskSignal  # noqa: E402
from redactor.plugin_api import Finding, Label, Span  # noqa: E402

SEARCH = ("redactor_plugins.search.plugin",)
SPANS = [("Turkish national", Label.DEM), ("Mr Galip Yalman", Label.PERSON),
         ("1970", Label.DATETIME), ("Ankara", Label.LOC), ("Istanbul Assize Court", Label.ORG),
         ("Turkey", Label.LOC), ("Anadolu Textiles", Label.ORG)]


class CaseDetector:
    """Finds the spans of the search tests' case text."""

    id = "case"
    version = "1.0"

    def detect(self, doc, ctx):  # type: ignore[no-untyped-def]
        for text, label in SPANS:
            start = doc.text.find(text)
            if start >= 0:
                yield Finding(Span(start, start + len(text)), label, text, detector=self.id)


@pytest.fixture(autouse=True)
def _no_guard_left() -> Iterator[None]:
    """The indicator installs a process-wide network guard: leave none behind."""
    from redactor_plugins.search import guard

    guard.uninstall()
    yield
    guard.uninstall()


@pytest.fixture
def server() -> Iterator[FakeSearch]:
    srv = FakeSearch(dict(PAGES), KEY).start()
    yield srv
    srv.stop()


@pytest.fixture
def memory_keyring() -> Iterator[Any]:
    import keyring
    from keyring.backend import KeyringBackend
    from keyring.errors import PasswordDeleteError

    class Memory(KeyringBackend):
        priority = 1  # type: ignore[assignment]

        def __init__(self) -> None:
            super().__init__()
            self.store: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.store.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.store[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            if self.store.pop((service, username), None) is None:
                raise PasswordDeleteError("no such password")

    previous = keyring.get_keyring()
    backend = Memory()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def analysed(qtbot, make_window, make_host, server, tmp_path: Path):  # type: ignore[no-untyped-def]
    settings = search_settings(server, tmp_path, provider="searxng", enabled=False)
    w = make_window(host=make_host(("case", PluginOf(CaseDetector())), builtins=SEARCH,
                                   settings=settings))
    path = tmp_path / "case.txt"
    path.write_text(TEXT, encoding="utf-8")
    w.open_files([path])
    with qtbot.waitSignal(w.analysisFinished, timeout=15000):
        w.analyse_current()
    return w


def details(w, text: str) -> str:  # type: ignore[no-untyped-def]
    a = w.current.analysis
    w.detail.expanded = True
    w.go_to_finding(next(i for i, f in enumerate(a.findings) if f.text == text))
    return w.detail.toPlainText()


def web_signal(w, text: str) -> RiskSignal:  # type: ignore[no-untyped-def]
    a = w.current.analysis
    i = next(i for i, f in enumerate(a.findings) if f.text == text)
    return next(s for s in a.signals[i] if s.indicator == "web-search")


def test_consent_lists_the_queries_and_sends_only_the_ticked_ones(
        qtbot, analysed, server) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    assert w.actions.web_search.isEnabled()
    dlg = w.web_search.check_current()
    assert dlg is not None and server.requests == []  # the preview sends nothing
    texts = [it.text(0) for it in dlg.items()]
    assert texts[0] == '"Galip Yalman"' and '"Ankara"' in texts
    assert '"Istanbul Assize Court"' in texts and len(texts) == len(dlg.plan.queries)
    assert dlg.approved() == texts  # all ticked
    assert "searxng" in dlg.summary.text() and "internet" in dlg.summary.text()
    dlg.set_ticked('"Ankara"', False)  # its combinations are unticked with it
    ticked = dlg.approved()
    assert ticked == [t for t in texts if "Ankara" not in t] and len(ticked) >= 3
    label = dlg.send_button.text().replace("&", "")
    assert label == f"Send {len(ticked)} of {len(texts)} queries"
    dlg.set_ticked('"1970" "Turkey"', False)  # a combination alone
    assert dlg.approved() == [t for t in ticked if t != '"1970" "Turkey"']
    dlg.set_ticked('"1970" "Turkey"', True)
    with qtbot.waitSignal(w.web_search.searched, timeout=20000):
        dlg.send_button.click()
    sent = set(server.queries("searxng"))
    assert '"Galip Yalman"' in sent and '"Istanbul Assize Court"' in sent
    assert sent <= set(ticked) and not any("Ankara" in q for q in sent)
    assert web_signal(w, "Ankara").abstained
    assert web_signal(w, "Ankara").explanation.startswith("not run")
    risky = web_signal(w, "Istanbul Assize Court")
    assert risky.risky and not risky.abstained
    # the details explain it: which query, shared pages, provider, when
    shown = details(w, "Istanbul Assize Court")
    assert "web-search" in shown
    assert '"Istanbul Assize Court" shares 1 page with the 2 found for "Galip Yalman"' in shown
    assert "searxng" in shown and "UTC" in shown
    assert "not run (the user did not approve this query)" in details(w, "Ankara")
    assert "queries answered by searxng" in w.last_message
    # one undoable step
    w.undo_group.undo()
    assert all(s.indicator != "web-search" for sig in w.current.analysis.signals for s in sig)


def test_dont_send_sends_nothing_and_says_not_run(qtbot, analysed, server) -> None:  # type: ignore[no-untyped-def]
    w = analysed
    dlg = w.web_search.check_current()
    assert dlg is not None
    with qtbot.waitSignal(w.web_search.searched, timeout=20000):
        dlg.dont_send_button.click()
    assert server.requests == []
    for text, _label in SPANS:
        s = web_signal(w, text)
        assert s.abstained and not s.risky
        assert s.explanation.startswith("not run (no consent)")
    assert "not run (no consent)" in details(w, "Ankara")
    assert "nothing was sent" in w.last_message


def test_details_read_each_web_search_fact_on_its_own_line() -> None:
    from redactor.gui.risk_text import explanation_html, score_text

    s = RiskSignal("web-search", 2.0, True,
                   'risky: "Ankara" shares 2 pages with the 3 found for "Galip Yalman" (2 of '
                   'its 5 results; risky from 1; brave, 2025-05-02 09:14 UTC); together: '
                   '"1970" "Ankara" shares 1 page with the person\'s (brave, cached 2025-05-01 '
                   '08:00 UTC)')
    html = explanation_html(s)
    assert html.count("<li>") == 2 and not html.startswith("risky")
    assert "(2 of its 5 results; risky from 1; brave, 2025-05-02 09:14 UTC)" in html
    assert score_text(s) == ""
    off = RiskSignal("web-search", 0.0, False, "not run (no consent): searxng needs the "
                     "network and the user has not approved the queries", abstained=True)
    assert explanation_html(off).startswith("not run (no consent)")
    assert score_text(RiskSignal("span-classifier", 0.5, True, "x")) == "(0.50)"


def test_settings_page_stores_keys_in_the_keyring_and_never_shows_them(
        qtbot, make_window, make_host, memory_keyring, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLabel, QLineEdit

    monkeypatch.delenv("REDACTOR_SEARCH_KEY_BRAVE", raising=False)
    monkeypatch.delenv("REDACTOR_SEARCH_KEY_MOJEEK", raising=False)
    w = make_window(host=make_host(builtins=SEARCH))
    dlg = w.settings_dialog()
    page = dlg.web_search
    assert dlg.tabs.tabText(dlg.tabs.indexOf(page)).replace("&", "") == "Web search"
    rows = {page.keys.item(r, 0).text(): page.keys.item(r, 1).text()
            for r in range(page.keys.rowCount())}
    assert rows == {"brave": "not set", "mojeek": "not set"}
    assert page.key.echoMode() == QLineEdit.EchoMode.Password
    page.key_provider.setCurrentText("brave")
    page.key.setText(KEY)
    page.set_button.click()
    assert memory_keyring.store == {("org.redactor.search", "brave"): KEY}
    assert page.key.text() == "" and "stored in the system keyring" in page.key_status.text()
    shown = [lab.text() for lab in dlg.findChildren(QLabel)]
    shown += [e.text() for e in dlg.findChildren(QLineEdit)]
    shown += [page.keys.item(r, c).text() for r in range(page.keys.rowCount()) for c in (0, 1)]
    assert not any(KEY in t for t in shown)
    rows = {page.keys.item(r, 0).text(): page.keys.item(r, 1).text()
            for r in range(page.keys.rowCount())}
    assert rows == {"brave": "set (system keyring)", "mojeek": "not set"}
    # the plugin finds it under its own convention
    from redactor_plugins.search import keys

    assert keys.get_key("brave") == KEY and keys.key_status("brave") == "keyring"
    page.delete_key()
    assert memory_keyring.store == {} and "removed" in page.key_status.text()
    # provider, SearXNG address and budget go to the settings file; keys never do
    page.provider.setCurrentIndex(page.provider.findData("searxng"))
    page.searxng_url.setText("https://searx.example.org")
    page.max_queries.setValue(12)
    page.enabled.setChecked(True)
    dlg.save()
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    section = saved["web_search"]
    assert (section["provider"], section["searxng_url"], section["max_queries"],
            section["enabled"]) == ("searxng", "https://searx.example.org", 12, True)
    assert KEY not in json.dumps(saved)
