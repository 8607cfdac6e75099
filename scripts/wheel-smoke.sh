#!/usr/bin/env bash
# Build the release wheel, install it into a fresh virtual environment (no
# Rust toolchain or source tree involved) and run scripts/wheel_smoke.py there.
# Also checks that nothing builds for the build machine's CPU only
# (target-cpu=native): the wheel must run on any x86-64, AVX2 or not; the
# AVX2 kernels are chosen at run time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

echo "== no target-cpu=native"
if grep -rEn 'target-cpu *= *"?native' Cargo.toml pyproject.toml rust .cargo 2>/dev/null; then
    echo "target-cpu=native found: the wheel would not run on older x86-64" >&2
    exit 1
fi
case "${RUSTFLAGS:-} ${CARGO_ENCODED_RUSTFLAGS:-}" in
*native*)
    echo "RUSTFLAGS asks for a native CPU: refusing to build a wheel" >&2
    exit 1
    ;;
esac

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== maturin build --release"
start=$SECONDS
.venv/bin/maturin build --release --quiet --out "$work/dist"
echo "release wheel built in $((SECONDS - start)) s: $(basename "$work"/dist/*.whl)"

echo "== install into a fresh venv"
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet "$work"/dist/*.whl
# NumPy only for the DLPack round trip; skipped when unavailable (offline).
"$work/venv/bin/python" -m pip install --quiet numpy ||
    echo "numpy not installable here: the smoke test skips the NumPy round trip"

echo "== smoke test"
# Run from the temporary directory so `import pyarray` cannot find the checkout.
(cd "$work" && "$work/venv/bin/python" "$OLDPWD/scripts/wheel_smoke.py")
