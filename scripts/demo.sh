#!/usr/bin/env bash
# Build pyarray (release) and run the quick-start tour.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYARRAY_PROFILE=release bash scripts/setup-env.sh
.venv/bin/python examples/quickstart.py
