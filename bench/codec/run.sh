#!/usr/bin/env bash
# Builds the codec benchmark (bench/codec/main.swift plus every Sources/MenudCore/*.swift, one
# optimized module) and runs it. Pass --quick for a shorter run. Needs only swiftc.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${TMPDIR:-/tmp}/menud-codec-bench"
mkdir -p "$out"
swiftc -O -wmo -module-name CodecBench -o "$out/codec-bench" \
    "$here/main.swift" "$root"/Sources/MenudCore/*.swift
exec "$out/codec-bench" "$@"
