#!/usr/bin/env python3
"""Writes the function order the release menud is linked in (Sources/menud/hot-functions.order):
the functions a daemon runs from start-up through its common requests, so that the linker lays
them out next to each other. The kernel maps up to 64 KiB of a file around each page it faults
in, so start-up code spread thinly over the 2 MB of text kept nearly all of it resident (1.9 MB
idle); laid out together, with the code that has no symbol gathered by
Sources/menud/unnamed-functions.ld, it is 0.4 MB.

    python3 bench/profile/order.py --bin .build/release --out Sources/menud/hot-functions.order
    rm .build/release/menud   # the build does not relink for a new order by itself

menud runs under callgrind on a small tree. First start-up, the crawl, one status and 3 s idle:
the functions that run then are written first, as they are all an idle daemon keeps resident.
Then 5,500 files in 50 new folders, and the requests every client makes (status, lists, a
listing of them all, files, the kinds of menu target, a subscription that sees a file being
written, each menu handshake, pipelined and not) and 3 s idle again: the functions that only they
run come next. Each group is sorted by name, so that a
regenerated file diffs cleanly. A name the code no longer has is skipped by the linker and a new
function is laid out after the listed ones: a stale order costs memory, never correctness.
Regenerate it after large changes (bench/README.md says when the idle figure shows it).

Needs valgrind, bench/build/load (bench/run.sh builds it) and a C compiler (for openat2.c)."""
import argparse
import bisect
import collections
import glob
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

from valgrind_daemon import GET, ValgrindDaemon

TREE = {"docs/notes.txt": "notes\n", "docs/plan.md": "# plan\n", "media/clip.mp4": "not really a movie\n",
        "incoming/movie.mp4.part": "partial\n", "z.log": "log\n"}
STATUS = '{"jsonrpc":"2.0","id":1,"method":"daemon.status"}'
# Written while the daemon runs: new folders to watch and crawl, more files in one than a sort
# does by insertion, and a listing long enough to go out in several pieces
# (FileListingStream.filesPerPiece is 1,024) and to count as a large answer (1 MiB, after which
# the heap is trimmed).
BULK_FOLDERS, BULK_FILES = 50, 110
LOADS = [["--mode", "line", "--request", STATUS, "--pipeline", "32"],
         ["--mode", "line", "--request", GET],
         ["--mode", "line", "--request", GET, "--pipeline", "32"],
         ["--mode", "open-cancel", "--path", "bench.txt"],
         ["--mode", "open-select-dismiss", "--path", "bench.txt", "--item-title", "Inspect"]]
HEADER = """# The functions the release menud lays out first, next to each other: those that run from
# start-up through the common requests (bench/profile/order.py wrote this; it says why and when to
# regenerate it). Linked with lld's --symbol-ordering-file (Package.swift). First those that run
# at start-up and while idle, which is all an idle daemon keeps resident:
"""
IN_USE = "# Then those that run for requests:\n"


class Conversation:
    """One connection: calls answered in order, notifications kept aside."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX)
        self.socket.connect(path)
        self.buffer, self.next_id, self.notifications = b"", 1, []

    def call(self, method, params=None):
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.next_id += 1
        self.socket.sendall((json.dumps(message) + "\n").encode())
        while True:
            while b"\n" not in self.buffer:
                chunk = self.socket.recv(65536)
                if not chunk:
                    raise SystemExit(f"the daemon closed the connection during {method}")
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\n", 1)
            answer = json.loads(line)
            if "id" in answer:
                return answer
            self.notifications.append(answer)

    def close(self):
        self.socket.close()


def converse(daemon):
    """The requests a client makes, once each, with the answers' usual errors among them."""
    talk = Conversation(daemon.sock)
    talk.call("daemon.status")
    talk.call("subscribe", {"events": ["files", "menus"]})
    add_bulk(daemon)
    talk.call("files.list")
    talk.call("files.list", {"glob": "bulk/**/*3.dat"})
    talk.call("files.list", {"state": "ready", "limit": 2})
    talk.call("files.list", {"glob": "docs/*", "offset": 1})
    since = talk.call("files.list", {"limit": 1})["result"]["clock"]
    talk.call("files.get", {"path": "docs/notes.txt"})
    talk.call("files.get", {"path": "no/such/file"})
    talk.call("files.get", {"path": "../outside"})
    for target in [{"path": "bench.txt"}, {"paths": ["docs/notes.txt", "docs/plan.md"]}, {"row": 0},
                   {"row": 99}, {"background": True}]:
        layout = {"viewport": {"cols": 80, "rows": 24}, "source": {"col": 2, "row": 3, "width": 10, "height": 1}}
        menu = talk.call("menu.open", {"target": target, "layout": layout})["result"]["menu"]
        if menu is not None:
            talk.call("menu.cancel", {"menu": menu["id"]})
    with open(os.path.join(daemon.root, "docs", "notes.txt"), "a") as f:
        f.write("more\n")  # files.changed, pending, then ready once it settles
    time.sleep(3)
    talk.call("files.list", {"since": since})
    talk.call("unsubscribe", {"events": ["menus"]})
    talk.close()
    for args in LOADS:
        daemon.load(args, 0.5)
    time.sleep(3)


def add_bulk(daemon):
    """Writes the bulk folders and waits until the daemon tracks every file in them."""
    expected = len(TREE) + 1 + BULK_FOLDERS * BULK_FILES
    for folder in range(BULK_FOLDERS):
        path = os.path.join(daemon.root, "bulk", f"f{folder:02}")
        os.makedirs(path)
        for number in range(BULK_FILES):
            with open(os.path.join(path, f"{number:03}.dat"), "w") as f:
                f.write("x" * number)
    probe = Conversation(daemon.sock)
    for _ in range(600):
        if probe.call("daemon.status")["result"]["files"]["total"] == expected:
            break
        time.sleep(0.2)
    else:
        raise SystemExit(f"the daemon did not track the {expected} files within 2 minutes")
    probe.close()


def symbols(binary):
    """(address, size, name) of every function in the binary that has a symbol, by address."""
    listed = subprocess.run(["nm", "-n", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    return [(int(address, 16), int(size, 16), name) for address, size, kind, name in
            (line.split(" ", 3) for line in listed.splitlines() if line.count(" ") >= 3) if kind in "tTwW"]


def executed_addresses(profile, binary_name):
    """{function name callgrind gave: [instruction addresses that ran]} in menud's own object."""
    objects, names, ran = {}, {}, collections.defaultdict(list)
    obj = fn = None
    last = 0

    def resolve(table, text):
        match = re.match(r"\((\d+)\)(?: (.*))?", text)
        if not match:
            return text
        if match.group(2):
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1))

    for line in open(profile, errors="replace"):
        head = line[:1]
        if head in "0123456789+-*":
            token = line.split()[0]
            last = (last + int(token[1:], 0) if head == "+" else last - int(token[1:], 0) if head == "-"
                    else last if head == "*" else int(token, 0))
            if obj and os.path.basename(obj) == binary_name:
                ran[fn].append(last)
        elif line.startswith("ob="):
            obj = resolve(objects, line[3:].strip())
        elif line.startswith("cob="):
            resolve(objects, line[4:].strip())
        elif line.startswith("fn="):
            fn = resolve(names, line[3:].strip())
        elif line.startswith("cfn="):
            resolve(names, line[4:].strip())
    return ran


def hot_functions(profile, binary, table):
    """The names of the binary's functions (`table`, from ``symbols``) that hold an instruction
    the profile saw run. Code the compiler gave no symbol (unnamed-functions.ld gathers it) is not
    in any function."""
    starts = [address for address, _, _ in table]
    by_name = {name: address for address, _, name in table}
    ran = executed_addresses(profile, os.path.basename(binary))
    # callgrind reports addresses where valgrind loaded the executable: find that offset from
    # the functions it named, then place every address (named or not) in its function.
    offsets = collections.Counter(min(addresses) - by_name[name] for name, addresses in ran.items() if name in by_name)
    if not offsets:
        raise SystemExit(f"no function of {binary} ran in {profile}")
    offset = offsets.most_common(1)[0][0]
    hot = set()
    for addresses in ran.values():
        for address in addresses:
            index = bisect.bisect_right(starts, address - offset) - 1
            if index >= 0 and address - offset < starts[index] + table[index][1]:
                hot.add(table[index][2])
    return sorted(hot)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    profile = os.path.join(tempfile.mkdtemp(prefix="menud-order-"), "callgrind.out")
    daemon = ValgrindDaemon(args.bin, ["--tool=callgrind", "--dump-instr=yes", f"--callgrind-out-file={profile}"], TREE)
    try:
        daemon.start()
        first = Conversation(daemon.sock)
        first.call("daemon.status")
        first.close()
        time.sleep(3)  # idle: the timers that run when nothing happens
        daemon.control("--dump")  # part 1: start-up and idle
        converse(daemon)
        daemon.control("-i", "off")  # part 2: the requests; shutdown is in neither
    finally:
        daemon.stop()
    binary = os.path.join(args.bin, "menud")
    table = symbols(binary)
    parts = sorted(glob.glob(profile + "*"), key=part_number)
    idle = hot_functions(parts[0], binary, table)
    busy = sorted(set().union(*(hot_functions(part, binary, table) for part in parts[1:])) - set(idle))
    with open(args.out, "w") as f:
        f.write(HEADER + "".join(name + "\n" for name in idle) + IN_USE + "".join(name + "\n" for name in busy))
    shutil.rmtree(os.path.dirname(profile))
    print(f"{len(idle)} functions of start-up and idle and {len(busy)} more of requests written to {args.out}")


def part_number(profile):
    """The number of the dump a callgrind profile holds (its `part:` line)."""
    for line in open(profile, errors="replace"):
        if line.startswith("part:"):
            return int(line.split()[1])
    return 0


if __name__ == "__main__":
    main()
