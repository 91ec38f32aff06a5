"""The churn step of the scale benchmark: files created under a `.part` name, renamed and
removed, 2,000 at a time, nobody querying; the daemon's memory after a tenth of them and after
all of them have passed through (the target: flat)."""
import os
import time

from .clients import JSONLineClient
from .processes import rss_mb
from .scale_steps import StepFailed

BATCH = 2000


def cpu_ns(pid):
    """CPU time of every thread of the process, in ns (schedstat: finer than stat's ticks)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total


def wait_idle(pid, timeout=10.0, window=0.02):
    """Waits until the process has used less than 1 ms of CPU over `window` (it has dealt with
    the events so far), without asking it anything. False after `timeout`."""
    deadline = time.monotonic() + timeout
    before = cpu_ns(pid)
    while time.monotonic() < deadline:
        time.sleep(window)
        now = cpu_ns(pid)
        if now - before < 1_000_000:
            return True
        before = now
    return False


def run_churn(servers, files, args):
    """Returns the results: idle RSS, RSS after `files // 10` and after `files` passed through."""
    root = servers.fresh("churn-root")
    menud = servers.menud(root)
    result = {"files": files, "batch": BATCH}
    try:
        menud.wait_for_socket()
        servers.wait_crawled(menud, 0)
        time.sleep(1.5)
        result["idleRssMB"] = rss_mb(menud.pid)
        checkpoints = [(max(files // 10, 1), "rssFirstMB"), (files, "rssAllMB")]
        passed, started = 0, time.monotonic()
        batch = min(BATCH, checkpoints[0][0])
        while checkpoints:
            count = min(batch, files - passed)
            names = [os.path.join(root, f"c{passed + i:07}") for i in range(count)]
            for name in names:
                fd = os.open(name + ".part", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                os.write(fd, b"p" * 64)
                os.close(fd)
            idle = wait_idle(menud.pid)
            for name in names:
                os.rename(name + ".part", name + ".dat")
            idle = wait_idle(menud.pid) and idle
            for name in names:
                os.unlink(name + ".dat")
            idle = wait_idle(menud.pid) and idle
            if not idle:
                raise StepFailed(f"the daemon was still busy 10 s after a batch ({passed + count} files in)")
            passed += count
            while checkpoints and passed >= checkpoints[0][0]:
                key = checkpoints.pop(0)[1]
                time.sleep(1.5)
                result[key] = rss_mb(menud.pid)
                result[key.replace("MB", "Passed")] = passed
                print(f"    churn     {passed:>9,} files passed through: RSS {result[key]:.1f} MB", flush=True)
            if time.monotonic() - started > args.churn_timeout:
                raise StepFailed(f"churn took longer than {args.churn_timeout} s ({passed} files in)")
        result["seconds"] = time.monotonic() - started
        # Only now a question: the daemon must have seen them all come and go.
        client = JSONLineClient(menud.socket, timeout=args.step_timeout)
        status = client.call("daemon.status")
        client.close()
        result["changesSeen"] = int(status["clock"].rsplit(":", 1)[1])
        if status["files"]["total"] != 0:
            raise StepFailed(f"{status['files']['total']} files still tracked after the churn")
        result["ok"] = True
    except Exception as error:  # noqa: BLE001 - reported as the step's result
        result["ok"] = False
        result["error"] = f"{type(error).__name__}: {error}"[:500]
        print(f"    churn     FAILED: {result['error']}", flush=True)
    finally:
        menud.stop()
        with open(menud.log_path, "rb") as f:
            result["overflowsLogged"] = f.read().count(b"inotify queue overflow")
    return result
