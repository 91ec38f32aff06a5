#!/usr/bin/env python3
"""The scale benchmark (`make bench-scale`, issue 16): a tree of N empty files (default
1,000,000: 1,000 directories of 1,000, `d0000/f0000.dat`...), menud and then Watchman on it in
one run, every figure side by side with the ratio, and the worst wait of another connection
asking a cheap question every 2 ms throughout; then menud alone under churn and past a cap on its
inotify watches. Prints one table and writes bench/results/scale-<time>.json and
scale-latest.json.

    python3 bench/scale.py --bin DIR [--files N] [--repeat 3] [--tree DIR] [--only menud,watchman,churn,watch-limit]
"""
import argparse
import json
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit.figures import finite  # noqa: E402
from benchkit.processes import Server  # noqa: E402
from benchkit.scale_churn import run_churn  # noqa: E402
from benchkit.scale_menud import run_menud  # noqa: E402
from benchkit.scale_table import build_rows, markdown  # noqa: E402
from benchkit.scale_tree import Tree  # noqa: E402
from benchkit.scale_watchlimit import run_watch_limit  # noqa: E402
from benchkit.scale_watchman import run_watchman  # noqa: E402
from benchkit.servers import Servers  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PARTS = ["menud", "watchman", "churn", "watch-limit"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="directory holding the release menud")
    parser.add_argument("--files", type=int, default=int(os.environ.get("MENUD_SCALE_FILES", "1000000")))
    parser.add_argument("--repeat", type=int, default=3, help="times each repeatable query is timed (median shown)")
    parser.add_argument("--tree", help="where the tree is (made there and kept if missing; reused if it is there)")
    parser.add_argument("--only", default=",".join(PARTS), help=f"some of {','.join(PARTS)}")
    parser.add_argument("--step-timeout", type=float, default=120.0,
                        help="seconds a step may wait for any one answer before it is reported failed")
    parser.add_argument("--crawl-timeout", type=float, default=None,
                        help="seconds the crawl may take (default 120 s + 0.3 ms a file)")
    parser.add_argument("--churn-timeout", type=float, default=1800.0)
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--results", default=os.path.join(HERE, "results"))
    args = parser.parse_args()
    if args.crawl_timeout is None:
        args.crawl_timeout = 120 + args.files * 0.0003
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        parser.error(f"--only takes {', '.join(PARTS)}; not {', '.join(unknown)}")

    servers = Servers(args.bin, prefix="menud-scale-")
    tree = Tree(args.tree or os.path.join(servers.work, "tree"), args.files)
    started = time.monotonic()
    results, notes = {"menud": {}, "watchman": {}}, []
    machine = {"cpus": os.cpu_count(), "load1": os.getloadavg()[0], "kernel": os.uname().release}
    try:
        if "menud" in parts or "watchman" in parts:
            took = tree.build()
            print(f"tree: {tree.files:,} files in {tree.dirs:,} directories at {tree.root}"
                  + (f" (made in {took:.1f} s)" if took is not None else " (already there)"), flush=True)
        worst = {}
        for system, run in (("menud", run_menud), ("watchman", run_watchman)):
            if system not in parts:
                continue
            print(f"{system}:", flush=True)
            steps, worst[system] = run(servers, tree, args)
            results[system].update(steps.results)
            results[system]["other_worst"] = {"ok": worst[system] is not None, "unit": "ms",
                                              "value": None if worst[system] is None else worst[system] * 1000}
        tree.restore()
        if "churn" in parts:
            print("churn:", flush=True)
            churn = run_churn(servers, args.files, args)
            results["churn"] = churn
            for key, field in (("churn_idle", "idleRssMB"), ("churn_first", "rssFirstMB"), ("churn_all", "rssAllMB")):
                results["menud"][key] = {"ok": field in churn, "unit": "MB", "value": churn.get(field),
                                         "error": None if field in churn else churn.get("error", "not measured")}
            crawled = results["menud"].get("rss", {}).get("value")
            if crawled is not None and churn.get("idleRssMB") is not None:
                results["menud"]["bytes_per_file"] = {"ok": True, "unit": "B",
                                                      "value": (crawled - churn["idleRssMB"]) * 1e6 / args.files}
            if churn.get("overflowsLogged"):
                notes.append("churn: the daemon logged an inotify queue overflow (it rescanned the tree)")
        if "watch-limit" in parts:
            print("watch limit:", flush=True)
            steps, note = run_watch_limit(servers, args.files, args, os.path.dirname(HERE))
            notes.append(f"watch limit: {note}")
            print(f"    {note}", flush=True)
            if steps is not None:
                results["menud"].update(steps.results)
                results["watchLimit"] = steps.results
    finally:
        Server.stop_all()
        tree.restore()
        if not args.keep:
            shutil.rmtree(servers.work, ignore_errors=True)
    elapsed = time.monotonic() - started
    rows = build_rows(results, args.files, tree.middle_dir)
    failed = [f"{system} {key}: {entry['error']}" for system in ("menud", "watchman")
              for key, entry in results[system].items() if isinstance(entry, dict) and entry.get("ok") is False
              and entry.get("error")]
    notes += [f"failed: {f}" for f in failed]
    print()
    print(f"menud scale benchmark: {args.files:,} files, {elapsed:.0f} s; queries timed {args.repeat} times "
          "(median); worst wait: the longest another connection waited for an answer to a question sent "
          "during that step")
    print(markdown(rows, notes))
    met = sum(1 for r in rows if r["met"])
    missed = sum(1 for r in rows if r["met"] is False)
    print(f"\ntargets: {met} met, {missed} missed")
    os.makedirs(args.results, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    document = {"time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "files": args.files, "directories": tree.dirs,
                "repeat": args.repeat, "seconds": round(elapsed, 1), "machine": machine, "rows": rows,
                "results": results, "notes": notes}
    for name in (f"scale-{stamp}.json", "scale-latest.json"):
        with open(os.path.join(args.results, name), "w") as f:
            json.dump(finite(document), f, indent=1)
            f.write("\n")
    print(f"figures written to {os.path.join(args.results, f'scale-{stamp}.json')} and scale-latest.json")


if __name__ == "__main__":
    main()
