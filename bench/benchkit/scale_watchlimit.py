"""The watch-limit step of the scale benchmark: a tree with more directories than a cap on
menud's inotify watches allows. The daemon must keep answering (the other connection asks
daemon.status every 2 ms throughout), see files created in directories it could not watch within
its rescan interval, and stop on SIGTERM within its grace.

The cap is a config key found in config/menud.json5 (a `max...Watch...` key such as maxWatches);
reaching the kernel's own limit instead would take the watches of every other program of this
user on the machine, so without such a key the step is skipped."""
import os
import re
import time

from .clients import JSONLineClient
from .probe import Probe
from .scale_steps import StepFailed, Steps

NEW_FILES = 200
# SIGTERM: "stop accepting, give running actions 5 s, close clients" (README); none run here.
GRACE_S = 5.0


def config_key(repo, pattern):
    """The first key of config/menud.json5 (the config's documentation) matching `pattern`."""
    try:
        with open(os.path.join(repo, "config", "menud.json5")) as f:
            text = f.read()
    except OSError:
        return None
    found = re.search(rf"^\s*({pattern})\s*:", text, re.M)
    return found.group(1) if found else None


def duration_s(text):
    value = re.fullmatch(r"([0-9.]+)\s*(ms|s|m|min|h)", text.strip())
    if not value:
        return None
    return float(value.group(1)) * {"ms": 0.001, "s": 1, "m": 60, "min": 60, "h": 3600}[value.group(2)]


def run_watch_limit(servers, files, args, repo):
    """Returns (Steps or None, a note)."""
    key = config_key(repo, r"max\w*[Ww]atch\w*")
    if key is None:
        return None, ("skipped: config/menud.json5 documents no key capping menud's inotify watches "
                      "(such as maxWatches); reaching the kernel's limit instead would take every watch "
                      "of this user on the machine")
    cap = max(100, files // 1000)
    polled = max(100, files // 100)
    dirs = cap + polled
    root = servers.fresh("watch-limit-root")
    for d in range(dirs):
        os.mkdir(os.path.join(root, f"w{d:05}"))
        os.mknod(os.path.join(root, f"w{d:05}", "f.dat"))
    rescan_key = config_key(repo, r"rescan\w*")
    config = f"{{ {key}: {cap}" + (f", {rescan_key}: \"1s\"" if rescan_key else "") + " }"
    probe_home, probes = servers.fresh("watch-limit-probe"), []

    def start_probe(sock):
        # The other connection is waiting for the socket before the daemon starts.
        probes.append(Probe(sock, "menud", os.path.join(probe_home, "probe.txt")))
        probes[0].wait_ready()
    menud = servers.menud(root, settle="1s", config=config, before_start=start_probe)
    probe = probes[0]
    steps = Steps("watch-limit")
    note = f"{dirs:,} directories, {key}: {cap}"
    try:
        try:
            menud.wait_for_socket(timeout=30)
        except RuntimeError as error:
            return None, f"skipped: menud refused {config}: {str(error)[-400:]}"

        def crawl():
            status = servers.wait_crawled(menud, dirs, timeout=args.crawl_timeout, interval=0.01)
            return (time.monotonic() - menud.started) * 1000, {
                "watchedDirectories": status.get("watchedDirectories"),
                "unwatchedDirectories": status.get("unwatchedDirectories")}
        entry = steps.run("wl_crawl", crawl, at=menud.started)
        if entry["ok"] and not entry.get("unwatchedDirectories"):
            note += f"; the cap left no directory unwatched ({entry})"
        with open(menud.log_path, "rb") as f:
            said = re.search(rb"rescanned every ([0-9.]+ ?(?:ms|s|min|m|h))", f.read())
        interval = duration_s(said.group(1).decode()) if said else None
        note += f"; rescan interval {said.group(1).decode() if said else 'not in the log'}"
        wait = interval or 1.0

        def keep_answering():
            time.sleep(3 * wait)  # the other connection asks throughout
            return 3 * wait * 1000, None
        steps.run("wl_answers", keep_answering)

        def seen():
            client = JSONLineClient(menud.socket, timeout=args.step_timeout)
            try:
                step = max(1, dirs // NEW_FILES)
                made = [os.path.join(root, f"w{d:05}", "new.dat") for d in range(0, dirs, step)][:NEW_FILES]
                t0 = time.monotonic()
                for path in made:
                    os.mknod(path)
                deadline = t0 + max(30, 10 * wait)
                while time.monotonic() < deadline:
                    if client.call("daemon.status")["files"]["total"] == dirs + len(made):
                        return (time.monotonic() - t0) * 1000, {"created": len(made), "intervalMs": wait * 1000}
                    time.sleep(0.01)
                raise StepFailed(f"not all {len(made)} new files seen within {deadline - t0:.0f} s")
            finally:
                client.close()
        steps.run("wl_seen", seen)
        probe.stop()
        steps.begin("wl_stop")
        took, killed = menud.stop(grace=30)
        steps.results["wl_stop"] = {"ok": not killed, "unit": "ms", "values": [took * 1000], "value": took * 1000,
                                    "killed": killed}
    finally:
        probe.stop()
        steps.end()
        steps.results["wl_worst"] = {"ok": True, "unit": "ms", "value": None}
        worst = steps.attribute(probe)
        steps.results["wl_worst"]["value"] = None if worst is None else worst * 1000
        menud.stop()
    return steps, note
