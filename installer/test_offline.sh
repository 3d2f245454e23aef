#!/usr/bin/env bash
# Proves the air-gapped install. Builds (or takes) the frozen bundle and the hashed wheelhouse,
# then, inside a network namespace with no interface but loopback (unshare -rn):
#   1. unpacks the bundle, redacts the bundled example, a DOCX, a PDF and a scanned PNG (OCR:
#      read, burnt, re-read; exit 0, verified),
#      loads a third-party plugin from the user plugins folder, starts the GUI offscreen with
#      a file and quits it;
#   2. creates a fresh venv, installs from the wheelhouse with --no-index --require-hashes,
#      and runs the same redactions.
# Every process runs with REDACTOR_AUDIT_NETWORK (a Python audit hook) and, where strace is
# installed, under strace -e connect: any socket other than loopback or a Unix socket fails.
#
#   installer/test_offline.sh [--bundle TAR.GZ] [--wheelhouse DIR]
#
# The last line is "OFFLINE TEST: PASS (...)" or "OFFLINE TEST: FAIL (...)" / "SKIP (...)".
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-$ROOT/.venv/bin/python}
[ -x "$PY" ] || PY=python3
BUNDLE=""
WHEELHOUSE=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) BUNDLE=$2; shift 2 ;;
    --wheelhouse) WHEELHOUSE=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
start=$(date +%s)
skip() { echo "OFFLINE TEST: SKIP ($1)"; exit 0; }
if ! unshare -rn true 2>/dev/null && ! unshare -n true 2>/dev/null; then
  skip "this machine cannot create a network namespace (unshare -rn / unshare -n refused)"
fi
NS="unshare -rn"; unshare -rn true 2>/dev/null || NS="unshare -n"

if [ -z "$WHEELHOUSE" ]; then
  WHEELHOUSE="$ROOT/build/wheelhouse-linux"
  [ -f "$WHEELHOUSE/requirements.txt" ] || "$PY" "$ROOT/installer/build.py" wheelhouse || exit 1
fi
if [ -z "$BUNDLE" ]; then
  BUNDLE=$(ls "$ROOT"/dist/redactor-*-linux-x86_64.tar.gz 2>/dev/null | head -1)
  if [ -z "$BUNDLE" ]; then
    "$PY" "$ROOT/installer/build.py" bundle --wheelhouse "$WHEELHOUSE" || exit 1
    BUNDLE=$(ls "$ROOT"/dist/redactor-*-linux-x86_64.tar.gz | head -1)
  fi
fi
(cd "$(dirname "$BUNDLE")" && sha256sum --quiet -c "$(basename "$BUNDLE").sha256") \
  || { echo "OFFLINE TEST: FAIL (bundle checksum)"; exit 1; }
(cd "$WHEELHOUSE" && sha256sum --quiet -c SHA256SUMS) \
  || { echo "OFFLINE TEST: FAIL (wheelhouse checksums)"; exit 1; }

WORK=$(mktemp -d /tmp/redactor-offline.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
"$PY" "$ROOT/installer/offline_fixtures.py" "$WORK/in" || exit 1
cp "$ROOT/examples/case_note.txt" "$WORK/in/"

# Runs inside the namespace: $1 = redactor executable, $2 = gui launcher, $3 = label
cat > "$WORK/checks.sh" <<'EOF'
set -u
exe=$1; gui=$2; label=$3; in=$WORK/in; out=$WORK/out-$label
mkdir -p "$out" "$WORK/home-$label/plugins"
export HOME=$WORK/home-$label REDACTOR_DATA_DIR=$WORK/home-$label \
       REDACTOR_PLUGINS_DIR=$WORK/home-$label/plugins PIP_CONFIG_FILE=/dev/null \
       REDACTOR_AUDIT_NETWORK=$WORK/audit-$label.log QT_QPA_PLATFORM=offscreen
cp "$in/ship_plugin.py" "$in/data_probe.py" "$REDACTOR_PLUGINS_DIR/"
ip -o link 2>/dev/null | grep -v ': lo:' | grep -q . && { echo "[$label] FAIL: namespace has a network interface"; exit 1; }
fail=0
redacts() {  # what, output name, redact's arguments: exit 0 and the output verified
  local what=$1 name=$2; shift 2
  if "$exe" redact "$@" -o "$out/$name" >"$out/$name.log" 2>&1 \
     && grep -q "verification passed" "$out/$name.log"; then
    echo "[$label] redact $what: ok"
  else
    echo "[$label] redact $what: FAIL"; cat "$out/$name.log"; fail=1
  fi
}
for f in case_note.txt letter.docx letter.pdf letter_scan.png; do
  redacts "$f" "$f" "$in/$f" --deny "Titanic"
done
# the strategies that read the bundle's trimmed data (Faker's names, the city table)
for strategy in pseudonym generalize; do
  redacts "--strategy $strategy" "$strategy.txt" "$in/case_note.txt" --strategy $strategy
done
if "$exe" plugins >"$out/plugins.log" 2>&1 && grep -q "bundle-data-probe" "$out/plugins.log" \
   && ! grep -q "failed to load" "$out/plugins.log"; then
  echo "[$label] Faker locales, names and cities (user-folder probe): ok"
else
  echo "[$label] Faker locales, names and cities (user-folder probe): FAIL"
  cat "$out/plugins.log"; fail=1
fi
if "$exe" analyze --json "$in/ship.txt" 2>/dev/null | grep -q '"ship-names"'; then
  echo "[$label] user-folder plugin: ok"
else
  echo "[$label] user-folder plugin: FAIL"; "$exe" plugins; fail=1
fi
if timeout 120 "$gui" --quit-after 4 "$in/case_note.txt" >"$out/gui.log" 2>&1 \
   && grep -q "window shown with 1 file" "$out/gui.log"; then
  echo "[$label] GUI offscreen: ok"
else
  echo "[$label] GUI offscreen: FAIL"; cat "$out/gui.log"; fail=1
fi
exit $fail
EOF

STRACE=""
command -v strace >/dev/null && STRACE="strace -f -qq -e trace=connect -e signal=none -o"
run_ns() {  # label, command...
  local label=$1; shift
  if [ -n "$STRACE" ]; then
    WORK=$WORK $NS $STRACE "$WORK/strace-$label.log" "$@"
  else
    WORK=$WORK $NS "$@"
  fi
}

status=0
# 1. the bundle
mkdir -p "$WORK/bundle" && tar -xzf "$BUNDLE" -C "$WORK/bundle"
B=$(ls -d "$WORK"/bundle/redactor-*)
t0=$(date +%s%N)
"$B/redactor" --version >/dev/null
t1=$(date +%s%N)
echo "[bundle] size $(du -sm "$B" | cut -f1) MB unpacked; --version in $(( (t1 - t0) / 1000000 )) ms"
run_ns bundle bash "$WORK/checks.sh" "$B/redactor" "$B/redactor-gui" bundle || status=1

# 2. a fresh venv from the wheelhouse, installed inside the namespace
if WORK=$WORK $NS env PIP_CONFIG_FILE=/dev/null sh "$WHEELHOUSE/install.sh" "$WORK/venv" \
     >"$WORK/pip.log" 2>&1; then
  echo "[wheelhouse] install --no-index --require-hashes: ok"
  run_ns wheelhouse bash "$WORK/checks.sh" "$WORK/venv/bin/redactor" \
    "$WORK/venv/bin/redactor-gui" wheelhouse || status=1
else
  echo "[wheelhouse] install: FAIL"; tail -20 "$WORK/pip.log"; status=1
fi

# No socket other than loopback or Unix was attempted.
bad=$(cat "$WORK"/audit-*.log 2>/dev/null | grep -vE "'127\.0\.0\.1'|'::1'|'localhost'" || true)
if [ -n "$STRACE" ]; then
  bad+=$(cat "$WORK"/strace-*.log 2>/dev/null | grep "connect(" | grep -v "AF_UNIX" \
         | grep -vE "127\.0\.0\.1|::1|AF_NETLINK" || true)
fi
if [ -n "$bad" ]; then echo "network attempts:"; echo "$bad" | head; status=1; fi
probe="audit hook${STRACE:+ + strace}"
secs=$(( $(date +%s) - start ))
if [ $status -eq 0 ]; then
  echo "OFFLINE TEST: PASS (bundle + wheelhouse, no network attempt ($probe), ${secs}s)"
else
  echo "OFFLINE TEST: FAIL (see above, ${secs}s)"
fi
exit $status
