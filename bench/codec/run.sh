#!/usr/bin/env bash
# Builds the codec benchmark (bench/codec/main.swift plus every Swift file of MenudText, MenudJSON
# and MenudProtocol, one optimized module) and runs it. Pass --quick for a shorter run. Needs only swiftc.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${TMPDIR:-/tmp}/menud-codec-bench"
mkdir -p "$out"
# One module, so the imports between them are dropped from copies of the files.
rm -rf "$out/src" && mkdir -p "$out/src"
for module in MenudText MenudJSON MenudProtocol; do
    for file in "$root/Sources/$module"/*.swift; do
        sed -E '/^import Menud(JSON|Protocol|Text)$/d' "$file" >"$out/src/$module-$(basename "$file")"
    done
done
swiftc -O -wmo -module-name CodecBench -o "$out/codec-bench" "$here/main.swift" "$out/src"/*.swift
exec "$out/codec-bench" "$@"
