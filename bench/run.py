#!/usr/bin/env python3
"""menud benchmarks: every workload of bench/README.md, each run several times, against the
reference measured in the same run (the libuv floor server, or Watchman).

Called by bench/run.sh, which installs what is needed and builds menud (release), the floor
and the load client first. Prints one table and writes the figures as JSON under
bench/results/ (bench-<time>.json and latest.json).

    python3 bench/run.py --bin DIR [--runs N] [--only 2,3] [--keep] [--pin]
"""
import argparse
import json
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit.figures import NOISE_LIMIT, Figures, finite, table  # noqa: E402
from benchkit.processes import Server  # noqa: E402
from benchkit.requests import RequestWorkloads  # noqa: E402
from benchkit.servers import Servers  # noqa: E402
from benchkit.trees import TreeWorkloads  # noqa: E402
from benchkit.web import WebWorkloads  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# The order workloads run in by default (6 is measured on workload 5's daemon).
DEFAULT_ORDER = ["11", "2", "8", "9", "10", "3", "4", "5", "1", "7", "12"]


class Bench(Servers, Figures, RequestWorkloads, TreeWorkloads, WebWorkloads):
    def __init__(self, args):
        Servers.__init__(self, args.bin)
        Figures.__init__(self)
        self.args = args
        self.runs = args.runs


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="directory holding the release menud")
    parser.add_argument("--runs", type=int, default=int(os.environ.get("MENUD_BENCH_RUNS", "5")))
    parser.add_argument("--only", default="", help="comma-separated workload numbers (default: all)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--pin", action="store_true",
                        help="pin servers to the last CPU and clients to the others (for a quiet machine)")
    parser.add_argument("--results", default=os.path.join(HERE, "results"))
    args = parser.parse_args()
    cpus = sorted(os.sched_getaffinity(0))
    if args.pin and len(cpus) >= 2:
        # Servers on one CPU, clients (this script, the load client) on the rest: every request
        # then crosses CPUs the same way for every server, instead of the scheduler sometimes
        # putting client and server on one CPU (much faster wake-ups) and sometimes not, which
        # can make the floor's round trip swing between runs by a factor of three. On a shared
        # machine it is worse: whatever else runs on the servers' CPU preempts them.
        Server.cpu = cpus[-1]
        os.sched_setaffinity(0, set(cpus[:-1]))
    bench = Bench(args)
    chosen = []
    for number in [w.strip() for w in args.only.split(",") if w.strip()] or DEFAULT_ORDER:
        number = "5" if number == "6" else number  # 6 is measured on workload 5's daemon
        if number not in chosen:
            chosen.append(number)
    started = time.monotonic()
    machine = {"cpus": os.cpu_count(), "load1": os.getloadavg()[0], "kernel": os.uname().release,
               "serverCpu": Server.cpu}
    try:
        for number in chosen:
            method = getattr(bench, f"workload_{number}")
            print(f"workload {number}: {method.__doc__.strip().splitlines()[0]}", flush=True)
            t = time.monotonic()
            method()
            print(f"    ({time.monotonic() - t:.0f} s)", flush=True)
    finally:
        Server.stop_all()
        if not args.keep:
            shutil.rmtree(bench.work, ignore_errors=True)
    elapsed = time.monotonic() - started
    print()
    print(f"menud benchmarks: {args.runs} runs each, median and spread (largest deviation from the median); "
          f"ratio = menud / reference; {elapsed:.0f} s")
    print(table(bench.results))
    noisy = [e for e in bench.results if e.get("noisy")]
    if noisy:
        print(f"\n{len(noisy)} figure(s) marked (noisy): some run was more than {NOISE_LIMIT:.0%} away from the "
              "median; the machine was too busy to trust them. Re-run on a quiet machine.")
    for note in bench.notes:
        print("note:", note)
    missed = [e for e in bench.results if e.get("met") is False]
    print(f"\ntargets: {sum(1 for e in bench.results if e.get('met'))} met, {len(missed)} missed")
    os.makedirs(args.results, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    document = {"time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "runs": args.runs, "seconds": round(elapsed, 1),
                "machine": machine, "noiseLimit": NOISE_LIMIT, "results": bench.results, "notes": bench.notes}
    for name in (f"bench-{stamp}.json", "latest.json"):
        with open(os.path.join(args.results, name), "w") as f:
            json.dump(finite(document), f, indent=1)
            f.write("\n")
    print(f"figures written to {os.path.join(args.results, f'bench-{stamp}.json')} and latest.json")


if __name__ == "__main__":
    main()
