#!/usr/bin/env bash
# Build the HTML documentation into docs/_build/html, warnings as errors.
# Installs the documentation tools into .venv (pyarray must be built there:
# scripts/setup-env.sh does that). The API pages come from the package itself.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
.venv/bin/python -m pip install --quiet "sphinx>=7" pydata-sphinx-theme myst-parser numpydoc
rm -rf docs/generated
.venv/bin/python -m sphinx -W --keep-going -q -b html docs docs/_build/html
echo "docs built: docs/_build/html/index.html"
