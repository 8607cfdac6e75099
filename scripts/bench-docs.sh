#!/usr/bin/env bash
# Regenerate the numbers of docs/benchmarks.md: builds pyarray in release mode
# into .venv, then runs benchmarks/compare.py, writing the markdown table to
# docs/_static/benchmark-results.md and the ratio chart to
# docs/_static/benchmark-ratios.png. Arguments go to compare.py, e.g.
#   bash scripts/bench-docs.sh            # full run, several minutes
#   bash scripts/bench-docs.sh --quick    # about a minute, small sizes
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYARRAY_PROFILE=release bash scripts/setup-env.sh
.venv/bin/python -m pip install --quiet matplotlib
quick=""
case " $* " in *" --quick "*) quick="; **quick mode** (small sizes, 3 repeats)" ;; esac
versions="$(.venv/bin/python -c 'import platform, numpy; print(f"NumPy {numpy.__version__}, Python {platform.python_version()}")')"
{
    echo "Measured $(date -u +%Y-%m-%d) with \`benchmarks/compare.py $* --markdown\`:" \
        "$versions, $(nproc) cores, $(uname -m)$quick."
    echo
    .venv/bin/python benchmarks/compare.py "$@" --markdown --plot docs/_static/benchmark-ratios.png
} > docs/_static/benchmark-results.md
echo "wrote docs/_static/benchmark-results.md and docs/_static/benchmark-ratios.png"
