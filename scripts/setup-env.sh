#!/usr/bin/env bash
# Create (once) the project's virtual environment in .venv with the build and
# test tools, then build pyarray into it. Sourced by demo.sh and test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet "maturin>=1.8,<2" pytest "hypothesis>=6.100" "numpy>=2" ruff
# Dev profile (optimised, see Cargo.toml): fast to build, fast enough to test.
VIRTUAL_ENV="$PWD/.venv" .venv/bin/maturin develop --quiet ${PYARRAY_PROFILE:+--profile "$PYARRAY_PROFILE"}
