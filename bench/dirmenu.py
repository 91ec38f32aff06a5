"""The directory menu at scale, for one or more menud binaries on the same tree: how long
`menu.open {background: true}` takes, how long another connection asking `daemon.status` every
2 ms waits meanwhile, and whether every binary answers the same menu (ids and expiry aside).

    python3 bench/dirmenu.py --files 100000 --runs 10 BINARY [BINARY ...]

The tree (`--files` empty files, 1,000 a directory) is made once under /dev/shm (or
MENUD_BENCH_DIR). No package is installed: build the binaries first
(`swift build -c release --product menud`)."""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit.clients import JSONLineClient  # noqa: E402
from benchkit.probe import Probe  # noqa: E402


def make_tree(root, files):
    per = 1000
    for d in range((files + per - 1) // per):
        folder = os.path.join(root, f"d{d:04d}")
        os.makedirs(folder)
        for i in range(min(per, files - d * per)):
            open(os.path.join(folder, f"f{i:04d}.dat"), "wb").close()


def menu_shape(menu):
    """The menu as the wire gives it, without what differs between two opens."""
    return {key: value for key, value in menu.items() if key not in ("id", "expiresAtMs")}


def measure(binary, root, files, runs, work):
    home = tempfile.mkdtemp(prefix="dirmenu-", dir=work)
    sock = os.path.join(home, "menud.sock")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_DATA_HOME=os.path.join(home, "data"))
    log = open(os.path.join(home, "menud.log"), "wb")
    proc = subprocess.Popen([binary, "--root", root, "--socket", sock, "--settle", "2s"], env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120
        while not os.path.exists(sock) and time.monotonic() < deadline:
            time.sleep(0.01)
        client = JSONLineClient(sock, timeout=60)
        while time.monotonic() < deadline:
            status = client.call("daemon.status")
            if not status["crawling"] and status["files"]["total"] == files:
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"{binary}: the crawl did not finish")
        time.sleep(2.5)  # every file settled: ready
        probe = Probe(sock, "menud", os.path.join(home, "probe.txt"))
        probe.wait_ready()
        time.sleep(0.3)
        began = time.monotonic()
        times, shape = [], None
        for _ in range(runs):
            t0 = time.monotonic()
            opened = client.call("menu.open", {"target": {"background": True}})["menu"]
            times.append((time.monotonic() - t0) * 1000)
            client.call("menu.cancel", {"menu": opened["id"]})
            shape = menu_shape(opened)
        ended = time.monotonic()
        probe.stop()
        waits = [w for sent, w, _ in probe.waits() if began <= sent <= ended]
        return times, max(waits) * 1000 if waits else None, shape
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        shutil.rmtree(home, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    base = os.environ.get("MENUD_BENCH_DIR") or ("/dev/shm" if os.path.isdir("/dev/shm") else None)
    work = tempfile.mkdtemp(prefix="menud-dirmenu-", dir=base)
    try:
        root = os.path.join(work, "tree")
        os.makedirs(root)
        make_tree(root, args.files)
        shapes = []
        for binary in args.binaries:
            times, worst, shape = measure(binary, root, args.files, args.runs, work)
            shapes.append(shape)
            print(f"{binary}: menu.open background, {args.files} files, {args.runs} runs: "
                  f"median {statistics.median(times):.1f} ms, min {min(times):.1f}, max {max(times):.1f}; "
                  f"other connection's worst wait {worst:.1f} ms; {len(json.dumps(shape))} bytes of menu")
        if len(shapes) > 1:
            same = all(shape == shapes[0] for shape in shapes[1:])
            print("every binary answered the same menu" if same else "THE MENUS DIFFER")
            if not same:
                sys.exit(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
