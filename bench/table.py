#!/usr/bin/env python3
"""Prints the Markdown table of a results file, for bench/README.md and the README:

    python3 bench/table.py bench/results/latest.json         # make bench
    python3 bench/table.py bench/results/scale-latest.json   # make bench-scale
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchkit.figures import fmt  # noqa: E402
from benchkit.scale_table import build_rows, markdown  # noqa: E402


def bench_table(document):
    lines = ["| workload | figure | menud (spread) | reference | ratio | target | |", "|---|---|---|---|---|---|---|"]
    for e in document["results"]:
        if "skipped" in e:
            lines.append(f"| {e['workload']} | skipped: {e['skipped']} | | | | | |")
            continue
        unit = e["unit"]
        reference = f"{fmt(e.get('referenceMedian'), unit)} {e['reference']}" if "reference" in e else ""
        ratio = f"{e['ratio']:.2f}x" if e.get("ratio") is not None else ""
        verdict = "" if "met" not in e else ("met" if e["met"] else "**missed**")
        noisy = " (noisy)" if e["noisy"] else ""
        # A median of 0 has no relative spread (an idle daemon's CPU time): the JSON says null.
        spread = "" if e.get("spread") is None else f" (±{min(e['spread'], 9.99) * 100:.0f}%)"
        lines.append(f"| {e['workload']} | {e['metric']} | {fmt(e['median'], unit)} {unit}"
                     f"{spread} | {reference} | {ratio} | "
                     f"{e.get('targetText') or ''} | {verdict}{noisy} |")
    machine = document.get("machine", {})
    lines.append(f"\n{document.get('runs')} runs each, {document.get('seconds'):.0f} s, {machine.get('cpus')} CPUs, "
                 f"load {machine.get('load1', 0):.2f} at the start, {document.get('time')}.")
    return "\n".join(lines)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        document = json.load(f)
    if "rows" in document:
        files, dirs = document["files"], document["directories"]
        print(markdown(build_rows(document["results"], files, f"d{dirs // 2:04}"), document.get("notes", [])))
        machine = document.get("machine", {})
        print(f"\n{files:,} files, {document.get('seconds'):.0f} s, {machine.get('cpus')} CPUs, "
              f"load {machine.get('load1', 0):.2f} at the start, {document.get('time')}.")
    else:
        print(bench_table(document))


if __name__ == "__main__":
    main()
