"""OpenCV for the app bundle, built from the locked source with only what RapidOCR calls.

opencv-python-headless's ``cv2`` (78 MB, plus ~95 MB of FFmpeg, AVIF and OpenBLAS
libraries) holds every OpenCV module. RapidOCR and Redactor call only ``core`` and
``imgproc`` (colour conversion, resize, borders, contours, minAreaRect, fillPoly/mean,
perspective warps, rotation, dilation); images are decoded by Pillow. The bundle therefore
compiles the same OpenCV version from the sdist pinned (with its SHA-256) in the same lock
as the wheels, with those two modules and no third-party codec, and swaps the wheel's
native module for it. Before the swap, :func:`fingerprint` runs every function the app
calls on fixed inputs under both builds: any difference in any output stops the build.

The compiled module is cached (``$REDACTOR_BUILD_CACHE``, default
``~/.cache/redactor-build``) under the sdist's hash and the build flags, so only the first
bundle build on a machine compiles (~25 min on 2 cores). Standard library only.

    python3 installer/opencv_minimal.py --fingerprint    # (run by build.py under each cv2)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

PACKAGE = "opencv-python-headless"
CMAKE_FLAGS = (
    "-DCMAKE_BUILD_TYPE=Release", "-DBUILD_LIST=core,imgproc,python3,python_bindings_generator",
    "-DBUILD_SHARED_LIBS=OFF", "-DBUILD_opencv_python3=ON", "-DBUILD_opencv_python2=OFF",
    "-DPYTHON3_LIMITED_API=ON", "-DBUILD_TESTS=OFF", "-DBUILD_PERF_TESTS=OFF",
    "-DBUILD_DOCS=OFF", "-DBUILD_EXAMPLES=OFF", "-DBUILD_opencv_apps=OFF", "-DBUILD_JAVA=OFF",
    # nothing is downloaded while configuring (IPP, ADE …) and no codec or video library
    *(f"-DWITH_{w}=OFF" for w in (
        "IPP", "ITT", "OPENCL", "EIGEN", "LAPACK", "OPENEXR", "JPEG", "PNG", "SPNG", "TIFF",
        "WEBP", "OPENJPEG", "JASPER", "FFMPEG", "GSTREAMER", "V4L", "GTK", "QT", "PROTOBUF",
        "ADE", "VA", "VA_INTEL", "1394", "OPENVINO", "TBB", "KLEIDICV", "FASTCV",
        "FLATBUFFERS")),
)


def cache_root() -> Path:
    return Path(os.environ.get("REDACTOR_BUILD_CACHE") or Path.home() / ".cache" /
                "redactor-build")


def locked_source(lock: Path) -> tuple[str, set[str]]:
    """The version of :data:`PACKAGE` pinned in ``lock`` and the SHA-256s allowed for it."""
    text = lock.read_text(encoding="utf-8")
    found = re.search(rf"^{re.escape(PACKAGE)}==(\S+)((?:\s*\\\n\s*--hash=sha256:\w+)+)",
                      text, re.M)
    if not found:
        raise SystemExit(f"{PACKAGE} is not pinned in {lock.name}")
    return found.group(1), set(re.findall(r"sha256:(\w+)", found.group(2)))


def fetch_sdist(version: str, hashes: set[str], dest: Path) -> Path:
    """The sdist of :data:`PACKAGE` ``version`` from the package index (PEP 503 page of
    ``$PIP_INDEX_URL`` or PyPI), kept only if its SHA-256 is one of ``hashes``."""
    name = f"{PACKAGE.replace('-', '_')}-{version}.tar.gz"
    target = dest / name
    if target.is_file() and _sha256(target) in hashes:
        return target
    index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")
    with urllib.request.urlopen(f"{index}/{PACKAGE}/", timeout=60) as page:  # noqa: S310
        html = page.read().decode("utf-8", "replace")
    link = re.search(rf'href="([^"]*/{re.escape(name)}[^"]*)"', html)
    if not link:
        raise SystemExit(f"{name} is not on {index}")
    dest.mkdir(parents=True, exist_ok=True)
    part = target.with_suffix(".part")
    with urllib.request.urlopen(link.group(1).split("#")[0], timeout=600) as src, \
            part.open("wb") as out:  # noqa: S310
        shutil.copyfileobj(src, out)
    if _sha256(part) not in hashes:
        part.unlink()
        raise SystemExit(f"{name}: SHA-256 not in the lock; refused")
    part.replace(target)
    return target


def _python(py: Path) -> dict[str, str]:
    """Where ``py`` keeps its headers, library and packages, and its version."""
    return dict(json.loads(subprocess.run(
        [str(py), "-c", "import json, sysconfig; p = sysconfig.get_paths(); print(json.dumps("
         "{'inc': p['include'], 'site': p['purelib'], 'libdir': sysconfig.get_config_var("
         "'LIBDIR'), 'lib': sysconfig.get_config_var('LDLIBRARY'), 'ver': "
         "sysconfig.get_python_version()}))"],
        check=True, capture_output=True, text=True).stdout))


def cached_module(version: str, hashes: set[str], python_version: str) -> Path:
    """Where the module built from these sources and :data:`CMAKE_FLAGS` is kept."""
    key = hashlib.sha256(json.dumps([sorted(hashes), CMAKE_FLAGS, python_version]).encode())
    return cache_root() / f"opencv-{version}-{key.hexdigest()[:12]}" / "cv2.abi3.so"


def build(py: Path, lock: Path, work: Path) -> Path:
    """The minimal ``cv2`` native module for ``py`` (cached; see the module docstring)."""
    version, hashes = locked_source(lock)
    info = _python(py)
    cached = cached_module(version, hashes, info["ver"])
    if cached.is_file():
        print(f"opencv: minimal cv2 {version} from the cache ({cached.parent})")
        return cached
    missing = [t for t in ("cmake", "gcc", "g++") if not shutil.which(t)]
    if missing:
        raise SystemExit(f"building the minimal OpenCV needs {', '.join(missing)}")
    sdist = fetch_sdist(version, hashes, work)
    src = work / "src"
    if src.exists():
        shutil.rmtree(src)
    src.mkdir(parents=True)
    with tarfile.open(sdist) as tar:
        tar.extractall(src, filter="data")
    opencv = next(src.glob("*/opencv"))
    out = work / "cmake"
    if out.exists():
        shutil.rmtree(out)
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    lib = Path(info["libdir"] or "") / (info["lib"] or "")
    _run(["cmake", "-S", str(opencv), "-B", str(out), *generator, *CMAKE_FLAGS,
          f"-DPYTHON3_EXECUTABLE={py}", f"-DPYTHON_DEFAULT_EXECUTABLE={py}",
          f"-DPYTHON3_INCLUDE_DIR={info['inc']}", f"-DPYTHON3_LIBRARY={lib}"])
    _run(["cmake", "--build", str(out), "--target", "opencv_python3", "--parallel",
          str(os.cpu_count() or 2)])
    built = next(out.glob("lib/python3/cv2*.so"), None) or next(out.rglob("cv2*.so"))
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(".tmp")
    shutil.copy(built, tmp)
    subprocess.run(["strip", "--strip-unneeded", str(tmp)], check=False)
    tmp.replace(cached)
    return cached


def install(py: Path, minimal: Path) -> None:
    """Swap the wheel's ``cv2`` native module in ``py``'s packages for ``minimal`` once
    :func:`fingerprint` gives the same outputs under both (else stop the build)."""
    site = Path(_python(py)["site"])
    package = site / "cv2"
    official = next(package.glob("cv2*.so"))
    trial = site.parent / "cv2-minimal-trial"
    if trial.exists():
        shutil.rmtree(trial)
    shutil.copytree(package, trial / "cv2", ignore=shutil.ignore_patterns("cv2*.so"))
    shutil.copy(minimal, trial / "cv2" / official.name)
    prints = []
    for path in (None, trial):
        env = {**os.environ, "PYTHONPATH": str(path)} if path else dict(os.environ)
        prints.append(subprocess.run([str(py), __file__, "--fingerprint"], env=env,
                                     check=True, capture_output=True, text=True).stdout)
    shutil.rmtree(trial)
    if prints[0] != prints[1] or not prints[0].strip():
        diff = [a.split(":")[0] for a, b in zip(prints[0].splitlines(),
                                                prints[1].splitlines(), strict=False) if a != b]
        raise SystemExit(f"the minimal OpenCV differs from the wheel's: {diff[:5]}")
    shutil.copy(minimal, official)
    shutil.rmtree(site / "opencv_python_headless.libs", ignore_errors=True)
    print(f"opencv: minimal cv2 installed ({minimal.stat().st_size / 2**20:.1f} MB; "
          f"{len(prints[0].splitlines())} functions give the wheel's outputs)")


def fingerprint() -> list[str]:
    """``call: sha256 of its output`` for every OpenCV call RapidOCR and Redactor make, as
    they make it (8-bit images resized bilinearly, crops warped bicubically …), on fixed
    pseudo-random inputs (text-like maps, photos, boxes), then the words, boxes and scores
    of Redactor's OCR engine on a generated page. The wheel's OpenCV is built with Intel's
    IPP (downloaded while configuring, so not in this build), whose float and bicubic
    resizes and bilinear warps differ in the last bits: neither caller uses them."""
    import cv2
    import numpy as np

    rng = np.random.default_rng(20261203)
    photo = rng.integers(0, 256, (301, 517, 3), dtype=np.uint8)
    photo[40:90, 30:400] = 20  # a dark band, as text
    gray = cv2.cvtColor(photo, cv2.COLOR_RGB2GRAY)
    rgba = np.dstack([photo, rng.integers(0, 256, photo.shape[:2], dtype=np.uint8)])
    prob = rng.random((257, 389)).astype(np.float32)
    prob[50:70, 20:300] = 0.9
    prob[120:150, 40:90] = 0.95
    binary = (prob > 0.3).astype(np.uint8)
    box = np.array([[31.5, 42.25], [402.0, 40.0], [404.5, 88.0], [29.0, 91.5]], np.float32)
    dst = np.array([[0, 0], [373, 0], [373, 48], [0, 48]], np.float32)
    out: dict[str, object] = {}
    for name, code in (("RGB2BGR", cv2.COLOR_RGB2BGR), ("GRAY2BGR", cv2.COLOR_GRAY2BGR),
                       ("BGRA2BGR", cv2.COLOR_BGRA2BGR), ("RGBA2BGR", cv2.COLOR_RGBA2BGR)):
        src = gray if name.startswith("GRAY") else rgba if "A2" in name else photo
        out[f"cvtColor {name}"] = cv2.cvtColor(src, code)
    for size in ((960, 557), (123, 48), (1301, 2003), (517, 300)):
        out[f"resize {size}"] = cv2.resize(photo, size)
        out[f"resize gray {size}"] = cv2.resize(gray, size)
    out["copyMakeBorder"] = cv2.copyMakeBorder(photo, 3, 7, 11, 2, cv2.BORDER_CONSTANT,
                                               value=(0, 0, 0))
    out["copyMakeBorder replicate"] = cv2.copyMakeBorder(photo, 5, 5, 9, 9,
                                                         cv2.BORDER_REPLICATE)
    out["dilate"] = cv2.dilate(binary, np.array([[1, 1], [1, 1]], np.uint8))
    contours, _ = cv2.findContours((binary * 255).astype(np.uint8), cv2.RETR_LIST,
                                   cv2.CHAIN_APPROX_SIMPLE)
    out["findContours"] = [c.tolist() for c in contours]
    rects = [cv2.minAreaRect(c) for c in contours[:500]]
    out["minAreaRect"] = rects
    out["boxPoints"] = [cv2.boxPoints(r) for r in rects[:200]]
    mask = np.zeros(prob.shape, np.uint8)
    cv2.fillPoly(mask, box.reshape(1, -1, 2).astype(np.int32), 1)
    out["fillPoly"] = mask
    out["mean"] = cv2.mean(prob, mask)
    matrix = cv2.getPerspectiveTransform(box, dst)
    out["getPerspectiveTransform"] = matrix
    out["invert"] = cv2.invert(matrix.astype(np.float64))[1]
    out["warpPerspective"] = cv2.warpPerspective(photo, matrix, (373, 48),
                                                 borderMode=cv2.BORDER_REPLICATE,
                                                 flags=cv2.INTER_CUBIC)
    out["rotate"] = cv2.rotate(photo, cv2.ROTATE_180)
    dark = (gray < 128).astype(np.uint8)
    out["bitwise/add"] = [cv2.bitwise_not(gray), cv2.bitwise_and(gray, gray, mask=dark),
                          cv2.add(gray, gray)]
    canvas = photo.copy()
    cv2.polylines(canvas, [box.astype(np.int32)], True, (255, 0, 0), 2)
    cv2.putText(canvas, "Ab1", (10, 30), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 255), 1)
    out["polylines/putText"] = canvas
    out["OCR of a page"] = _ocr_words()
    return [f"{name}: {_digest(value)}" for name, value in out.items()]


def _ocr_words() -> list[tuple[str, tuple[float, ...], float]]:
    """Redactor's built-in OCR engine reading a generated page (names, numbers, a skewed
    line): what the bundle's OCR must read exactly as the wheel's OpenCV does."""
    from PIL import Image, ImageDraw, ImageFont
    from redactor_plugins.ocr.rapid import RapidOcrEngine

    from redactor.plugin_api import RunContext

    page = Image.new("RGB", (1240, 620), "white")
    draw = ImageDraw.Draw(page)
    font = ImageFont.load_default(size=34)
    lines = ("Case 2024/1187 - Mr Tomas Berg, born 14 March 1979", "lives at 12 Harbour Road,",
             "Bergen; NI number QQ 12 34 56 C.", "Tel. +47 912 34 567  IBAN NO93 8601 1117 947")
    for n, line in enumerate(lines):
        draw.text((60, 60 + 120 * n), line, fill=(20, 20, 20), font=font)
    page = page.rotate(1.5, fillcolor="white", resample=Image.Resampling.BICUBIC)
    words = RapidOcrEngine().recognize(page, RunContext())
    return [(w.text, tuple(round(v, 3) for v in w.box), round(w.confidence, 5))
            for w in words]


def _digest(value: object) -> str:
    h = hashlib.sha256()

    def feed(v: object) -> None:
        if hasattr(v, "tobytes") and hasattr(v, "dtype"):
            h.update(f"{v.dtype}{v.shape}".encode())  # type: ignore[attr-defined]
            h.update(v.tobytes())  # type: ignore[attr-defined]
        elif isinstance(v, (list, tuple)):
            h.update(b"[")
            for item in v:
                feed(item)
            h.update(b"]")
        else:
            h.update(repr(v).encode())

    feed(value)
    return h.hexdigest()[:16]


def _sha256(path: Path) -> str:
    with path.open("rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def _run(args: list[str]) -> None:
    print("+", " ".join(args[:4]), "…", flush=True)
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        raise SystemExit(f"building the minimal OpenCV failed ({args[0]} {args[1]})")


if __name__ == "__main__":
    if sys.argv[1:] == ["--fingerprint"]:
        print("\n".join(fingerprint()))
    else:
        sys.exit(__doc__)
