#!/usr/bin/env bash
# `make bench`: installs what the benchmarks need (Watchman, a C compiler, libuv headers),
# builds menud in release mode, the floor server and the load client (bench/setup.sh), then
# runs every workload (bench/run.py) and prints the table. Arguments are passed to run.py
# (--runs N, --only 2,3, --pin).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"
source "$here/setup.sh"
exec python3 "$here/run.py" --bin "$bin" "$@"
