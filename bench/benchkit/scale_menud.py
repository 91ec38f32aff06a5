"""menud's part of the scale benchmark: the crawl, memory, every query of the table, the menus,
a reload that re-reckons every file and the full listing, on the big tree, with the other connection asking daemon.status every 2 ms
from the moment the socket accepts to the end of the full listing."""
import json
import os
import re
import signal
import time

from .clients import JSONLineClient
from .probe import Probe
from .processes import peak_rss_mb, rss_mb
from .scale_steps import StepFailed, Steps

# A full listing of a million files is about 250 MB: far more than the default output bound.
CONFIG = "{ maxOutputBytesPerClient: 4294967296 }"
SELECTION = 100


def count_items(items):
    return sum(1 + count_items(item.get("children", [])) for item in items)


class MenudSession:
    """The client the steps share; dropped after a failure and opened again when needed."""

    def __init__(self, server, timeout):
        self.server, self.timeout, self._client, self.next_id = server, timeout, None, 1

    def client(self):
        if self._client is None:
            self._client = JSONLineClient(self.server.socket, timeout=self.timeout)
        return self._client

    def reset(self):
        if self._client is not None:
            try:
                self._client.close()
            except OSError:
                pass
        self._client = None

    def timed(self, method, params=None, timeout=None):
        """(ms until the answer's last byte, the raw line); raises StepFailed on an error answer."""
        client = self.client()
        client.sock.settimeout(timeout or self.timeout)
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            request["params"] = params
        t0 = time.monotonic()
        line = client.raw(request)
        ms = (time.monotonic() - t0) * 1000
        if b'"error"' in line[:120]:
            raise StepFailed(f"{method} answered {line[:300].decode('utf-8', 'replace')}")
        return ms, line

    def call(self, method, params=None, timeout=None):
        ms, line = self.timed(method, params, timeout)
        return ms, json.loads(line)["result"]


def run_menud(servers, tree, args):
    """Returns (Steps, the other connection's worst wait over the whole run in ms)."""
    n = tree.files
    home = servers.fresh("scale-probe")
    probes = []

    def start_probe(sock):
        # The other connection is waiting for the socket before the daemon starts.
        probes.append(Probe(sock, "menud", os.path.join(home, "menud-probe.txt")))
        probes[0].wait_ready()
    menud = servers.menud(tree.root, config=CONFIG, before_start=start_probe)
    probe = probes[0]
    session = MenudSession(menud, args.step_timeout)
    steps = Steps("menud", reset=session.reset)
    try:
        def crawl():
            deadline = menud.started + args.crawl_timeout
            menud.wait_for_socket(timeout=args.crawl_timeout)
            status = None
            while time.monotonic() < deadline:
                _, status = session.call("daemon.status")
                if not status["crawling"] and status["files"]["total"] == n:
                    done = time.monotonic()
                    return (done - menud.started) * 1000, {
                        "watchedDirectories": status.get("watchedDirectories"),
                        "unwatchedDirectories": status.get("unwatchedDirectories")}
                time.sleep(0.01)
            steps.blocked = "the crawl did not finish"
            raise StepFailed(f"not every file tracked within {args.crawl_timeout} s: {status and status['files']}")
        steps.run("crawl", crawl, at=menud.started)

        def rss():
            time.sleep(1.0)
            return rss_mb(menud.pid), {"peakMB": peak_rss_mb(menud.pid)}
        steps.run("rss", rss, unit="MB")

        def page(offset, first_index):
            def attempt():
                params = {"limit": 100} if offset is None else {"offset": offset, "limit": 100}
                ms, result = session.call("files.list", params)
                paths = [f["path"] for f in result["files"]]
                expected = [tree.path(i) for i in range(first_index, min(first_index + 100, n))]
                if result["total"] != n or paths != expected:
                    raise StepFailed(f"files.list {params}: total {result['total']}, "
                                     f"paths {paths[:2]}..., expected {expected[:2]}...")
                return ms, None
            return attempt
        steps.run("first_page", page(None, 0))
        steps.run("deep_page", page(max(n - 200, 0), max(n - 200, 0)), repeat=args.repeat)

        def glob(pattern, expected_total):
            def attempt():
                ms, result = session.call("files.list", {"glob": pattern})
                if result["total"] != expected_total or len(result["files"]) != expected_total:
                    raise StepFailed(f"glob {pattern}: {result['total']} files, expected {expected_total}")
                return ms, {"answerFiles": expected_total}
            return attempt
        middle = tree.dirs // 2
        steps.run("glob_dir", glob(f"{tree.middle_dir}/*", tree.files_in(middle)), repeat=args.repeat)
        steps.run("glob_recursive", glob("**/f0001.dat", sum(1 for d in range(tree.dirs) if tree.files_in(d) > 1)),
                  repeat=args.repeat)

        def pending_none():
            deadline = time.monotonic() + 60
            while True:
                _, status = session.call("daemon.status")
                if status["files"]["pending"] == 0:
                    break
                if time.monotonic() > deadline:
                    raise StepFailed(f"{status['files']['pending']} files still pending after 60 s")
                time.sleep(0.05)
            ms, result = session.call("files.list", {"state": "pending"})
            if result["total"] != 0:
                raise StepFailed(f"state pending: {result['total']} files, expected none")
            return ms, None
        steps.run("pending_none", pending_none, repeat=args.repeat)

        changes = iter(range(tree.dirs * 7 + 3, 10 ** 9, 997))

        def since_one():
            _, status = session.call("daemon.status")
            path = tree.path(next(changes) % n)
            size = tree.change(path)
            deadline = time.monotonic() + 30
            while session.call("files.get", {"path": path})[1]["size"] != size:  # seen, not timed
                if time.monotonic() > deadline:
                    raise StepFailed(f"the change to {path} was not seen within 30 s")
                time.sleep(0.005)
            ms, result = session.call("files.list", {"since": status["clock"]})
            got = [f["path"] for f in result["files"]]
            if got != [path] or result.get("removed") or result.get("fresh"):
                raise StepFailed(f"since: {got[:3]} (total {result['total']}, fresh {result.get('fresh')}), expected [{path}]")
            return ms, None
        steps.run("since_one", since_one, repeat=args.repeat)

        def menu(target, minimum_items):
            def attempt():
                ms, result = session.call("menu.open", {"target": target})
                opened = result.get("menu")
                if not opened or count_items(opened["items"]) < minimum_items:
                    raise StepFailed(f"menu.open {list(target)}: {str(result)[:300]}")
                session.call("menu.cancel", {"menu": opened["id"]})
                return ms, {"items": count_items(opened["items"])}
            return attempt
        steps.run("menu_directory", menu({"background": True}, min(n, 1000)), repeat=args.repeat)
        selection = [tree.path(i) for i in range(min(SELECTION, n))]
        steps.run("menu_selection", menu({"paths": selection}, 0), repeat=args.repeat)

        def reload():
            # Every file is re-reckoned, and each one changes at once: its name now ends with a
            # partial-download suffix, so it is pending.
            with open(os.path.join(os.path.dirname(menud.socket), "config.json5"), "w") as f:
                f.write(CONFIG[:-1] + ', partialSuffixes: [".dat"] }')
            t0 = time.monotonic()
            os.kill(menud.pid, signal.SIGHUP)
            deadline = t0 + 60
            while True:
                _, status = session.call("daemon.status")
                if status["files"]["pending"] == n:
                    return (time.monotonic() - t0) * 1000, None
                if time.monotonic() > deadline:
                    raise StepFailed(f"after the reload, {status['files']} within 60 s; expected {n} pending")
                time.sleep(0.01)
        steps.run("reload", reload)

        def full_listing():
            ms, line = session.timed("files.list", timeout=args.step_timeout)
            check_listing(line, tree)
            return ms, {"answerBytes": len(line)}
        steps.run("full_listing", full_listing)
    finally:
        probe.stop()
        steps.end()
        worst = steps.attribute(probe)
        session.reset()
        took, killed = menud.stop(grace=30)
        steps.results["stop"] = {"ok": not killed, "values": [took * 1000], "value": took * 1000, "unit": "ms",
                                 "killed": killed}
        steps.results["probe"] = {"connectedAfterMs": (probe.connected_at() - menud.started) * 1000
                                  if probe.connected_at() else None}
    return steps, worst


def check_listing(line, tree):
    """The full answer: every file of the tree, in order, with its exact size, and nothing else."""
    head = line[:200]
    total = re.search(rb'"total":(\d+)', line[-300:]) or re.search(rb'"total":(\d+)', line[:300])
    if total is None or int(total.group(1)) != tree.files:
        raise StepFailed(f"full listing: total {total and total.group(1)}, expected {tree.files} ({head[:120]!r})")
    paths = re.findall(rb'"path":"((?:[^"\\]|\\.)*)"', line)
    sizes = re.findall(rb'"size":(\d+)', line)
    expected = [p.encode() for p in tree.paths()]
    if paths != expected:
        wrong = next((i for i, (a, b) in enumerate(zip(paths, expected)) if a != b), min(len(paths), len(expected)))
        raise StepFailed(f"full listing: {len(paths)} paths; the first wrong one at {wrong}")
    want = [tree.changed.get(p.decode(), 0) for p in expected]
    if [int(s) for s in sizes] != want:
        raise StepFailed("full listing: some sizes are not the files' sizes")
