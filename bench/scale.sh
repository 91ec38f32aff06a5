#!/usr/bin/env bash
# `make bench-scale`: installs what the benchmarks need (Watchman, a C compiler, libuv headers),
# builds menud in release mode (bench/setup.sh), then runs the scale benchmark (bench/scale.py)
# on a tree of a million files (--files N for another size) and prints its table. Arguments are
# passed to scale.py.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"
source "$here/setup.sh"
exec python3 "$here/scale.py" --bin "$bin" "$@"
