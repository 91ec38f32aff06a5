#!/usr/bin/env python3
"""Instructions per request of the release menud, from valgrind's callgrind: repeatable on a
loaded machine, where CPU times are not. menud runs under callgrind on a tree of one file with
instrumentation off; it is switched on only while bench/build/load runs, so start-up, the crawl
and the warm-up are not counted. Prints the counts as JSON; the profile stays in OUT for
`callgrind_annotate --inclusive=yes OUT`.

    python3 bench/profile/callgrind.py --bin .build/release --kind get --pipeline 32 --out /tmp/cg.get
    kinds: status, get (line requests), open-cancel, closure (open, select Inspect, dismissed)

Needs valgrind, bench/build/load (bench/run.sh builds it) and a C compiler (for openat2.c)."""
import argparse
import glob
import json
import os

from valgrind_daemon import GET, ValgrindDaemon

KINDS = {"status": ["--mode", "line", "--request", '{"jsonrpc":"2.0","id":1,"method":"daemon.status"}'],
         "get": ["--mode", "line", "--request", GET],
         "open-cancel": ["--mode", "open-cancel", "--path", "bench.txt"],
         "closure": ["--mode", "open-select-dismiss", "--path", "bench.txt", "--item-title", "Inspect"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--kind", choices=sorted(KINDS), required=True)
    parser.add_argument("--pipeline", type=int, default=1)
    parser.add_argument("--connections", type=int, default=1)
    parser.add_argument("--duration", type=float, default=2.0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    for stale in glob.glob(args.out + "*"):
        os.remove(stale)
    daemon = ValgrindDaemon(args.bin, ["--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={args.out}"])
    try:
        daemon.start()
        load = [*KINDS[args.kind], "--connections", str(args.connections), "--pipeline", str(args.pipeline)]
        daemon.load(load, 1)  # warm up, not counted
        daemon.control("-i", "on")
        run = daemon.load(load, args.duration)
        daemon.control("-i", "off")
    finally:
        daemon.stop()
    result = json.loads(run)
    instructions = 0
    for line in open(args.out):
        if line.startswith("totals:"):  # ("summary:" stays 0 with instrumentation switched on late)
            instructions = int(line.split()[1])
    print(json.dumps({"kind": args.kind, "pipeline": args.pipeline, "connections": args.connections,
                      "requests": result["requests"], "iterations": result["iterations"], "instructions": instructions,
                      "per_request": round(instructions / max(result["requests"], 1)),
                      "per_iteration": round(instructions / max(result["iterations"], 1))}))


if __name__ == "__main__":
    main()
