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
import socket
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LOAD = os.path.join(HERE, "..", "build", "load")
GET = '{"jsonrpc":"2.0","id":1,"method":"files.get","params":{"path":"bench.txt"}}'
KINDS = {"status": ["--mode", "line", "--request", '{"jsonrpc":"2.0","id":1,"method":"daemon.status"}'],
         "get": ["--mode", "line", "--request", GET],
         "open-cancel": ["--mode", "open-cancel", "--path", "bench.txt"],
         "closure": ["--mode", "open-select-dismiss", "--path", "bench.txt", "--item-title", "Inspect"]}


def ask(sock, line):
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(sock)
        s.sendall((line + "\n").encode())
        answer = b""
        while not answer.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
        return answer


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--kind", choices=sorted(KINDS), required=True)
    parser.add_argument("--pipeline", type=int, default=1)
    parser.add_argument("--connections", type=int, default=1)
    parser.add_argument("--duration", type=float, default=2.0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="menud-callgrind-", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
    shim = os.path.join(work, "openat2.so")
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", shim, os.path.join(HERE, "openat2.c"), "-ldl"], check=True)
    root, home = os.path.join(work, "root"), os.path.join(work, "home")
    os.makedirs(root)
    os.makedirs(home, mode=0o700)
    target = os.path.join(root, "bench.txt")
    with open(target, "w") as f:
        f.write("menud benchmark target\n")
    old = time.time() - 3600
    os.utime(target, (old, old))
    sock = os.path.join(home, "menud.sock")
    env = dict(os.environ, LD_PRELOAD=shim, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_DATA_HOME=os.path.join(home, "data"), XDG_RUNTIME_DIR=home)
    for stale in glob.glob(args.out + "*"):
        os.remove(stale)
    with open(os.path.join(work, "menud.log"), "w") as log:
        daemon = subprocess.Popen(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={args.out}",
                                   os.path.join(args.bin, "menud"), "--root", root, "--socket", sock, "--settle", "2s"],
                                  env=env, stdout=log, stderr=log)
    try:
        for _ in range(600):
            if os.path.exists(sock):
                break
            time.sleep(0.1)
        for _ in range(200):  # until bench.txt is tracked and ready
            try:
                if b'"ready"' in ask(sock, GET):
                    break
            except ConnectionRefusedError:  # the socket is bound, not listened on yet
                pass
            time.sleep(0.5)
        else:
            raise SystemExit(f"bench.txt never became ready; see {work}/menud.log")
        load = [LOAD, "--socket", sock, *KINDS[args.kind], "--connections", str(args.connections),
                "--pipeline", str(args.pipeline), "--warmup", "0"]
        subprocess.run(load + ["--duration", "1"], capture_output=True, check=True)  # warm up, not counted
        subprocess.run(["callgrind_control", "-i", "on", str(daemon.pid)], capture_output=True, check=True)
        run = subprocess.run(load + ["--duration", str(args.duration)], capture_output=True, text=True, check=True)
        subprocess.run(["callgrind_control", "-i", "off", str(daemon.pid)], capture_output=True, check=True)
    finally:
        daemon.terminate()
        daemon.wait()
    result = json.loads(run.stdout)
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
