# Sourced by bench/run.sh and bench/scale.sh: installs what the benchmarks need (Watchman, a C
# compiler, the libuv headers, python3), builds menud in release mode, the C tools (the floor
# server, the load client) and the memory floor into bench/build/. Sets `bin` to the directory
# of the release menud.
# Expects `here` (bench/) and `repo` to be set and the shell to run with `set -euo pipefail`.
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"

# Whether apt has a candidate version of the package. The policy is captured first: piping
# `apt-cache policy` into `grep -q` under pipefail fails at random (grep exits at the first
# match and apt-cache dies of SIGPIPE, which fails the pipeline).
apt_has() {
    local policy
    policy="$(apt-cache policy "$1" 2>/dev/null || true)"
    [ "$(grep -c 'Candidate: [0-9]' <<<"$policy")" -gt 0 ]
}

need=()
command -v watchman >/dev/null 2>&1 || need+=(watchman)
command -v cc >/dev/null 2>&1 || need+=(gcc)
[ -e /usr/include/uv.h ] || need+=(libuv1-dev)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
    for package in "${need[@]}"; do
        if ! apt_has "$package"; then
            $SUDO apt-get update -qq
            break
        fi
    done
    for package in "${need[@]}"; do
        if ! apt_has "$package"; then
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

cc -O2 -Wall -Wextra -pthread -o "$here/build/floor" "$here/floor/floor.c" -luv
cc -O2 -Wall -Wextra -pthread -o "$here/build/load" "$here/load/load.c"
# The memory floor (workloads 4 and 11): built by the toolchain that built menud, with the same
# libraries and no string-processing module, as menud's targets are.
swiftc -O -Xfrontend -disable-implicit-string-processing-module-import \
    -import-objc-header "$here/floor/memory-floor.h" "$here/floor/memory-floor.swift" -luv \
    -o "$here/build/memory-floor" -module-cache-path "$here/build/module-cache"
