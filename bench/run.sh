#!/usr/bin/env bash
# `make bench`: installs what the benchmarks need (Watchman, a C compiler, libuv headers),
# builds menud in release mode, the floor server and the load client, then runs every workload
# (bench/run.py) and prints the table. Arguments are passed to run.py (--runs N, --only 2,3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"

need=()
command -v watchman >/dev/null 2>&1 || need+=(watchman)
command -v cc >/dev/null 2>&1 || need+=(gcc)
[ -e /usr/include/uv.h ] || need+=(libuv1-dev)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
    for package in "${need[@]}"; do
        if ! apt-cache policy "$package" 2>/dev/null | grep -q 'Candidate: [0-9]'; then
            $SUDO apt-get update -qq
            break
        fi
    done
    for package in "${need[@]}"; do
        if ! apt-cache policy "$package" 2>/dev/null | grep -q 'Candidate: [0-9]'; then
            echo "bench: the package $package is not available from apt here; install it by hand" >&2
            exit 1
        fi
    done
    echo "bench: installing ${need[*]}"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "bench: building menud (release)"
mkdir -p "$here/build"
if ! swift build -c release --product menud >"$here/build/swift-build.log" 2>&1; then
    grep -E "error" "$here/build/swift-build.log" | head -20 >&2
    echo "bench: the release build failed; the full log is $here/build/swift-build.log" >&2
    exit 1
fi
bin="$(swift build -c release --show-bin-path)"

cc -O2 -Wall -Wextra -o "$here/build/floor" "$here/floor/floor.c" -luv
cc -O2 -Wall -Wextra -pthread -o "$here/build/load" "$here/load/load.c"

exec python3 "$here/run.py" --bin "$bin" "$@"
