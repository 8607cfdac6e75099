#!/usr/bin/env bash
# Build pyarray and run every test: cargo tests of the core, then pytest.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup-env.sh
cargo test --quiet -p pyarray-core
HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}" .venv/bin/python -m pytest -q tests "$@"
.venv/bin/python examples/quickstart.py > /dev/null
