"""The tree workloads of `make bench` (3, 4, 5 and 6): menud against Watchman on the same
trees, the burst of files written while watched, and the idle daemon after it."""
import json
import os
import shutil
import time

from .clients import JSONLineClient, load
from .processes import anonymous_rss_mb, cpu_ms, peak_rss_mb, rss_mb, thread_switches, wakeups_between


class TreeWorkloads:
    """Mixed into run.py's Bench (which brings Servers and Figures)."""

    def make_tree(self, files, per_folder):
        root = self.fresh(f"tree-{files}")
        folders = files // per_folder
        created = 0
        for d in range(folders):
            folder = os.path.join(root, f"d{d:04}")
            os.mkdir(folder)
            for i in range(per_folder):
                fd = os.open(os.path.join(folder, f"file-{i:03}.dat"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                os.write(fd, b"x" * ((d * 131 + i * 17) % 4096))
                os.close(fd)
                created += 1
        old = time.time() - 3600
        os.utime(root, (old, old))
        return root

    def workload_3(self):
        """files.list of a 10,000-file tree against Watchman's query for name and size."""
        root = self.make_tree(10_000, 100)
        self.tree_10k = root
        menud = self.menud(root)
        menud.wait_for_socket()
        self.wait_crawled(menud, 10_000)
        watchman = self.watchman()
        wm = JSONLineClient(watchman.socket)
        wm.command("watch-project", root)
        query = ["query", root, {"fields": ["name", "size"], "expression": ["type", "f"]}]
        first = wm.command(*query)
        if len(first["files"]) != 10_000:
            raise RuntimeError(f"watchman listed {len(first['files'])} files, expected 10000")
        client = JSONLineClient(menud.socket)
        listed = client.call("files.list")
        if listed["total"] != 10_000 or len(listed["files"]) != 10_000:
            raise RuntimeError(f"menud listed {listed['total']} files, expected 10000")
        client.close()
        wm.close()
        self.rss_10k = (rss_mb(menud.pid), rss_mb(watchman.pid))
        # The same fields as Watchman's query (name and size), through files.list's `fields`;
        # the full File objects (every member, about 4.4 times the bytes) for information.
        same_fields = '{"jsonrpc":"2.0","id":1,"method":"files.list","params":{"fields":["path","size"]}}'
        every_field = '{"jsonrpc":"2.0","id":1,"method":"files.list"}'
        client = JSONLineClient(menud.socket)
        narrow = client.raw({"jsonrpc": "2.0", "id": 1, "method": "files.list", "params": {"fields": ["path", "size"]}})
        client.close()
        watchman_request = json.dumps(query, separators=(",", ":"))
        ours, full, theirs = [], [], []
        for _ in range(self.runs):
            theirs.append(load(watchman.socket, requests=[watchman_request], duration=2, warmup=0.3, server=watchman))
            ours.append(load(menud.socket, requests=[same_fields], duration=2, warmup=0.3, server=menud))
            full.append(load(menud.socket, requests=[every_field], duration=2, warmup=0.3, server=menud))
        self.record("3 list 10k files", "p50 per query (path, size)", "ms", [r["latency_us"]["p50"] / 1000 for r in ours],
                    [r["latency_us"]["p50"] / 1000 for r in theirs], "watchman", 1.0,
                    target_text="< watchman",
                    info={"menudReplyBytes": len(narrow),
                          "watchmanReplyBytes": len(json.dumps(first, separators=(",", ":")))})
        self.record("3 list 10k files", "p99 per query (path, size)", "ms", [r["latency_us"]["p99"] / 1000 for r in ours],
                    [r["latency_us"]["p99"] / 1000 for r in theirs], "watchman")
        self.record("3 list 10k files", "p50 per query (every field)", "ms", [r["latency_us"]["p50"] / 1000 for r in full],
                    [r["latency_us"]["p50"] / 1000 for r in theirs], "watchman",
                    info={"menudReplyBytes": len(json.dumps(listed, separators=(",", ":")))})
        self.record("3 list 10k files", "server CPU per query (path, size)", "ms",
                    [r["server_cpu"]["us_per_request"] / 1000 for r in ours],
                    [r["server_cpu"]["us_per_request"] / 1000 for r in theirs], "watchman",
                    info={"menudBusy": [r["server_cpu"]["busy"] for r in ours],
                          "watchmanBusy": [r["server_cpu"]["busy"] for r in theirs]})
        watchman.stop()
        menud.stop()

    def workload_4(self):
        """A 100,000-file tree: time until listed, RSS at 10,000 and 100,000 files."""
        started = time.monotonic()
        root = self.make_tree(100_000, 100)
        print(f"    (made the 100,000-file tree in {time.monotonic() - started:.1f} s)", flush=True)
        if not hasattr(self, "tree_10k"):
            self.tree_10k = self.make_tree(10_000, 100)
        # A 100,000-file answer is about 26 MB: more than the default maxOutputBytesPerClient.
        config = "{ maxOutputBytesPerClient: 268435456 }"
        figures = {key: [] for key in ("listed", "wm_listed", "crawled_rss", "rss", "peak", "anon", "wm_rss", "wm_anon",
                                       "rss_10k", "wm_rss_10k", "anon_10k", "wm_anon_10k")}

        def menud_run(tree, total):
            t0 = time.monotonic()
            menud = self.menud(tree, config=config)
            menud.wait_for_socket()
            self.wait_crawled(menud, total)
            crawled = rss_mb(menud.pid)
            client = JSONLineClient(menud.socket)
            line = client.raw({"jsonrpc": "2.0", "id": 1, "method": "files.list"})
            elapsed = (time.monotonic() - t0) * 1000
            listed = json.loads(line)["result"]
            del line
            if listed["total"] != total or len(listed["files"]) != total:
                raise RuntimeError(f"menud listed {listed['total']} files, expected {total}")
            del listed
            client.close()
            # Resident memory once the answer is sent and the daemon has settled: it hands a
            # large answer's heap back to the system 1 s after the last one.
            time.sleep(1.5)
            result = {"ms": elapsed, "crawled": crawled, "rss": rss_mb(menud.pid), "peak": peak_rss_mb(menud.pid),
                      "anon": anonymous_rss_mb(menud.pid)}
            menud.stop()
            return result

        def watchman_run(tree, total):
            watchman = self.watchman()
            wm = JSONLineClient(watchman.socket)
            t0 = time.monotonic()
            wm.command("watch-project", tree)
            line = wm.raw(["query", tree, {"fields": ["name", "size"], "expression": ["type", "f"]}])
            elapsed = (time.monotonic() - t0) * 1000
            answer = json.loads(line)
            del line
            if len(answer["files"]) != total:
                raise RuntimeError(f"watchman listed {len(answer['files'])} files, expected {total}")
            del answer
            wm.close()
            time.sleep(1.5)  # the same settling time as menud's figure
            result = {"ms": elapsed, "rss": rss_mb(watchman.pid), "anon": anonymous_rss_mb(watchman.pid)}
            watchman.stop()
            return result

        for run in range(self.runs):
            # Alternate who goes first, so neither always finds the caches warmed by the other.
            if run % 2 == 0:
                ours, theirs = menud_run(root, 100_000), watchman_run(root, 100_000)
            else:
                theirs, ours = watchman_run(root, 100_000), menud_run(root, 100_000)
            figures["listed"].append(ours["ms"])
            figures["crawled_rss"].append(ours["crawled"])
            figures["rss"].append(ours["rss"])
            figures["peak"].append(ours["peak"])
            figures["anon"].append(ours["anon"])
            figures["wm_listed"].append(theirs["ms"])
            figures["wm_rss"].append(theirs["rss"])
            figures["wm_anon"].append(theirs["anon"])
            ours_10k, theirs_10k = menud_run(self.tree_10k, 10_000), watchman_run(self.tree_10k, 10_000)
            figures["rss_10k"].append(ours_10k["rss"])
            figures["wm_rss_10k"].append(theirs_10k["rss"])
            figures["anon_10k"].append(ours_10k["anon"])
            figures["wm_anon_10k"].append(theirs_10k["anon"])
        self.record("4 tree 100k files", "time until listed", "ms", figures["listed"], figures["wm_listed"],
                    "watchman 1st query", 1.0, target_text="< watchman 1st query",
                    info={"menud": "from exec to the whole files.list answer read",
                          "watchman": "from watch-project (server running) to the first query's answer read"})
        self.record("4 tree 100k files", "RSS, crawled", "MB", figures["crawled_rss"], figures["wm_rss"],
                    "watchman", 1.0, target_text="< watchman")
        self.record("4 tree 100k files", "RSS, crawled", "MB", figures["crawled_rss"], target=40,
                    target_text="< 40 MB")
        self.record("4 tree 100k files", "RSS, crawled", "MB", figures["crawled_rss"], target=30,
                    target_text="<= 30 MB")
        self.record("4 tree 100k files", "RSS, after a full list", "MB", figures["rss"], figures["wm_rss"],
                    "watchman", 1.0, target_text="< watchman",
                    info={"menudPeakMB": figures["peak"], "menudAnonymousMB": figures["anon"]})
        self.record("4 tree 100k files", "RSS, after a full list", "MB", figures["rss"], target=40,
                    target_text="< 40 MB")
        self.record("4 tree 100k files", "RSS, after a full list", "MB", figures["rss"], target=30,
                    target_text="<= 30 MB")
        self.record("4 tree 10k files", "RSS, after a full list", "MB", figures["rss_10k"], figures["wm_rss_10k"],
                    "watchman", 1.0, target_text="< watchman")
        # For information beside the RSS targets: the anonymous part (heap, stacks; RssAnon) is
        # the memory a process has to itself. The rest of RSS is file pages mapped from its
        # binary and shared libraries, mostly read in whole blocks by the kernel's fault-around,
        # which no allocation of the daemon's changes.
        self.record("4 tree 100k files", "anonymous RSS, after a full list", "MB", figures["anon"], figures["wm_anon"],
                    "watchman")
        self.record("4 tree 10k files", "anonymous RSS, after a full list", "MB", figures["anon_10k"],
                    figures["wm_anon_10k"], "watchman")
        # And both against the memory floor (a Swift program that loads menud's libraries and
        # waits): menud's RSS less the floor's is the daemon's own part.
        floor = self.memory_floor_rss()
        self.record("4 tree 10k files", "RSS, after a full list", "MB", figures["rss_10k"], floor["rss"],
                    "memory floor")
        self.record("4 tree 10k files", "anonymous RSS, after a full list", "MB", figures["anon_10k"],
                    floor["anon"], "memory floor")
        shutil.rmtree(root, ignore_errors=True)

    def burst_and_idle(self):
        """5: 10,000 files written while watched; 6: then 10 s idle."""
        settle_s = 2.0
        files, folders = 10_000, 20
        lags, lost_counts, wrong_sizes, daemon_lags, write_s = [], [], [], [], []
        switches, cpu, idle_threads = [], [], []
        for run in range(self.runs):
            root = self.fresh("burst-root")
            # A partial download: pending for good, so it has no readiness deadline.
            with open(os.path.join(root, "movie.mp4.part"), "wb") as f:
                f.write(b"partial")
            menud = self.menud(root, settle=f"{int(settle_s * 1000)}ms")
            menud.wait_for_socket()
            self.wait_crawled(menud, 1)
            expected = {}
            t0 = time.monotonic()
            for i in range(files):
                folder = f"burst{i % folders:02}"
                if i < folders:
                    os.mkdir(os.path.join(root, folder))
                rel = f"{folder}/f{i:05}.bin"
                size = (i * 37) % 9000 + 1
                with open(os.path.join(root, rel), "wb") as f:
                    f.write(b"b" * size)
                expected[rel] = size
            last_write = time.monotonic()
            last_write_wall_ms = time.time() * 1000
            write_s.append(last_write - t0)
            client = JSONLineClient(menud.socket)
            deadline = last_write + settle_s + 30
            ready_at = None
            while time.monotonic() < deadline:
                status = client.call("daemon.status")
                if status["files"]["ready"] == files and status["files"]["total"] == files + 1:
                    ready_at = time.monotonic()
                    break
                time.sleep(0.01)
            listed = client.call("files.list")
            by_path = {f["path"]: f for f in listed["files"]}
            lost = [p for p in expected if p not in by_path]
            wrong = [p for p, size in expected.items() if p in by_path and
                     (by_path[p]["size"] != size or by_path[p]["state"] != "ready")]
            lost_counts.append(len(lost))
            wrong_sizes.append(len(wrong))
            if ready_at is None:
                lags.append(float("inf"))
                self.notes.append(f"burst run {run + 1}: not all ready within settle + 30 s "
                                  f"({len(lost)} missing, {len(wrong)} wrong size or state)")
            else:
                lags.append((ready_at - last_write) * 1000)
            ready_ms = [f.get("readyAtMs", 0) for f in listed["files"] if f["path"] in expected]
            daemon_lags.append(max(ready_ms) - last_write_wall_ms if ready_ms else float("inf"))
            client.close()
            # 6: idle, nothing changing, one idle client connected.
            idle_client = JSONLineClient(menud.socket)
            idle_client.call("daemon.status")
            time.sleep(1.0)
            before_switches, before_cpu = thread_switches(menud.pid), cpu_ms(menud.pid)
            time.sleep(10.0)
            woke, exited, started = wakeups_between(before_switches, thread_switches(menud.pid))
            switches.append(woke)
            cpu.append(cpu_ms(menud.pid) - before_cpu)
            idle_threads.append({"exited": exited, "started": started})
            idle_client.close()
            menud.stop()
            shutil.rmtree(root, ignore_errors=True)
        allowed = settle_s * 1000 + 1000
        self.record("5 burst 10k files", "last ready after last write", "ms", lags, target=allowed,
                    target_text=f"<= settle + 1 s ({allowed:.0f} ms)",
                    info={"daemonReportedLagMs": daemon_lags, "writeSeconds": write_s})
        self.record("5 burst 10k files", "lost or wrong size", "files",
                    [a + b for a, b in zip(lost_counts, wrong_sizes)], target=0, target_text="0")
        self.record("6 idle 10 s", "context switches", "count", switches, target=0,
                    target_text="0 (no deadline due)", info={"threads": idle_threads})
        self.record("6 idle 10 s", "CPU time", "ms", cpu, target=0, target_text="0")

    def workload_5(self):
        """A burst of 10,000 files written while watched, then 10 s idle (workloads 5 and 6)."""
        self.burst_and_idle()
