"""Watchman's part of the scale benchmark, on the same tree right after menud's: watch-project
until a first query is answered, memory, the same queries (Watchman's glob generator for the
globs, `since` with a clock), and the full listing."""
import json
import os
import re
import time

from .clients import JSONLineClient
from .probe import Probe
from .processes import rss_mb
from .scale_steps import StepFailed, Steps

# The File members Watchman has an equivalent of: path, size, modification time, change clock.
# (It has nothing like state, sizeText, readyAtMs or reason.)
FIELDS = ["name", "size", "mtime_ms", "oclock"]


def names_in(line):
    return re.findall(rb'"name":"((?:[^"\\]|\\.)*)"', line)


def run_watchman(servers, tree, args):
    watchman = servers.watchman()
    home = servers.fresh("scale-probe")
    probe = Probe(watchman.socket, "watchman", os.path.join(home, "watchman-probe.txt"))
    deadline = time.monotonic() + 5
    while probe.connected_at() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    state = {"client": None}

    def client():
        if state["client"] is None:
            state["client"] = JSONLineClient(watchman.socket, timeout=args.step_timeout)
        return state["client"]

    def reset():
        if state["client"] is not None:
            state["client"].close()
        state["client"] = None

    def query(spec, timeout=None):
        c = client()
        c.sock.settimeout(timeout or args.step_timeout)
        t0 = time.monotonic()
        line = c.raw(["query", tree.root, spec])
        ms = (time.monotonic() - t0) * 1000
        if b'"error"' in line[:300]:
            raise StepFailed(f"watchman query answered {line[:300].decode('utf-8', 'replace')}")
        return ms, line

    steps = Steps("watchman", reset=reset)
    try:
        def crawl():
            c = client()
            c.sock.settimeout(args.crawl_timeout)
            t0 = time.monotonic()
            watched = c.command("watch-project", tree.root)
            if watched.get("relative_path"):
                raise StepFailed(f"watchman watches {watched['watch']}, a directory above the tree")
            # Two fields: with one, Watchman answers bare names instead of objects.
            ms, line = query({"expression": ["name", "f0000.dat"], "fields": ["name", "size"]},
                             timeout=args.crawl_timeout)
            ms = (time.monotonic() - t0) * 1000
            if len(names_in(line)) != tree.dirs:
                raise StepFailed(f"the first query found {len(names_in(line))} f0000.dat, expected {tree.dirs}")
            return ms, None
        steps.run("crawl", crawl)
        if not steps.results["crawl"]["ok"]:
            steps.blocked = "watch-project failed"

        def rss():
            time.sleep(1.0)
            return rss_mb(watchman.pid), None
        steps.run("rss", rss, unit="MB")

        def glob(pattern, expected):
            def attempt():
                ms, line = query({"glob": [pattern], "fields": FIELDS})
                found = len(names_in(line))
                if found != expected:
                    raise StepFailed(f"glob {pattern}: {found} files, expected {expected}")
                return ms, {"answerFiles": found}
            return attempt
        middle = tree.dirs // 2
        steps.run("glob_dir", glob(f"{tree.middle_dir}/*", tree.files_in(middle)), repeat=args.repeat)
        steps.run("glob_recursive", glob("**/f0001.dat", sum(1 for d in range(tree.dirs) if tree.files_in(d) > 1)),
                  repeat=args.repeat)

        changes = iter(range(tree.dirs * 11 + 5, 10 ** 9, 991))

        def since_one():
            c = client()
            clock = c.command("clock", tree.root)["clock"]
            path = tree.path(next(changes) % tree.files)
            tree.change(path)
            # Watchman syncs with the file system (a cookie file) before answering, so the
            # change is in the answer without waiting for it first.
            ms, line = query({"since": clock, "fields": FIELDS})
            got = [n.decode() for n in names_in(line)]
            if got != [path]:
                raise StepFailed(f"since: {got[:3]}, expected [{path}]")
            return ms, None
        steps.run("since_one", since_one, repeat=args.repeat)

        def full_listing():
            ms, line = query({"expression": ["type", "f"], "fields": FIELDS})
            names = names_in(line)
            if sorted(names) != [p.encode() for p in tree.paths()]:
                raise StepFailed(f"full listing: {len(names)} names, expected {tree.files}")
            sizes = json.loads(line)["files"]
            wrong = sum(1 for f in sizes if f["size"] != tree.changed.get(f["name"], 0))
            if wrong:
                raise StepFailed(f"full listing: {wrong} sizes are not the files' sizes")
            return ms, {"answerBytes": len(line)}
        steps.run("full_listing", full_listing)
    finally:
        probe.stop()
        steps.end()
        worst = steps.attribute(probe)
        reset()
        watchman.stop()
    return steps, worst
