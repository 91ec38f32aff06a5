"""The wire of two menud builds side by side: starts both on one folder and sends each the
same requests (every method with good and bad params, two bad params at once, malformed
messages, batches, ids of every kind, and the Inspect and SHA-256 handshakes), then prints
every answer that differs, menu ids, clocks, times, pids and sockets aside. A check to run by
hand before a change that must not touch the wire (build the older commit in a worktree):

    python3 Tests/WireDiff/wire_diff.py OLD/.build/debug/menud .build/debug/menud [-v]

Members a newer build adds on purpose (docs/protocol.md marks them) show up as differences."""
import json, os, re, socket, subprocess, sys, tempfile, time

OLD, NEW = sys.argv[1], sys.argv[2]
home = tempfile.mkdtemp(prefix="wirediff-")
root = os.path.join(home, "root"); os.mkdir(root)
os.makedirs(os.path.join(root, "sub"))
for name, data in [("a.txt", b"hello"), ("b.txt", b"x" * 3000), ("sub/c.txt", b"c"), ("d.part", b"")]:
    with open(os.path.join(root, name), "wb") as f: f.write(data)
    if not name.endswith(".part"):
        t = time.time() - 3600; os.utime(os.path.join(root, name), (t, t))
with open(os.path.join(root.encode(), b"bad\xff.txt"), "wb") as f: f.write(b"z")

def start(binary, tag):
    run = os.path.join(home, "run-" + tag); os.mkdir(run, 0o700)
    sock = os.path.join(run, "s.sock")
    env = dict(os.environ, XDG_RUNTIME_DIR=run, XDG_CONFIG_HOME=os.path.join(home, "cfg-" + tag), HOME=os.path.join(home, "h-" + tag))
    log = open(os.path.join(home, tag + ".log"), "wb")
    p = subprocess.Popen([binary, "--root", root, "--socket", sock, "--settle", "300ms"], stdout=log, stderr=log, env=env)
    for _ in range(200):
        if os.path.exists(sock): break
        time.sleep(0.05)
    time.sleep(1.0)
    return p, sock

class C:
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX); self.s.settimeout(5); self.s.connect(path); self.buf = b""
    def raw(self, line, answers=1):
        self.s.sendall(line + b"\n")
        out = []
        deadline = time.time() + 3
        while len(out) < answers and time.time() < deadline:
            while b"\n" not in self.buf:
                try:
                    chunk = self.s.recv(1 << 20)
                except socket.timeout:
                    return out
                if not chunk: return out + ["<closed>"]
                self.buf += chunk
            l, self.buf = self.buf.split(b"\n", 1)
            out.append(l.decode("utf-8", "replace"))
        return out

def norm(text):
    text = re.sub(r'"m-[0-9]+-[0-9a-f]+"', '"MENU"', text)
    text = re.sub(r'm-[0-9]+-[0-9a-f]+', 'MENU', text)
    text = re.sub(r'"(clock|pid|uptimeMs|startedAtMs|expiresAtMs|readyAtMs|socket|connections)":("[^"]*"|[0-9.]+)', r'"\1":X', text)
    text = re.sub(r'c:[0-9]+:[0-9]+', 'CLOCK', text)
    return text.replace(root, "ROOT")

R = lambda method, params=None, id=1: json.dumps({"jsonrpc": "2.0", "id": id, "method": method, **({} if params is None else {"params": params})}).encode()
cases = []
def add(m, p=None): cases.append(R(m, p))
for p in [None, {}, {"state": 1, "glob": 2}, {"limit": -1, "offset": "x"}, {"fields": "x", "since": {}}, {"glob": "[", "state": "nope"},
          {"limit": 0}, {"fields": ["nope"]}, {"offset": -1}, {"since": "abc"}, {"state": "ready", "glob": "*.txt", "fields": ["path"]},
          {"foo": 1}, [], {"limit": 1.5}, {"limit": 10**30}, {"glob": "**/*.txt"}, {"glob": ""}, {"glob": "/a"}, {"state": "pending"},
          {"fields": ["path", "path"]}, {"fields": []}, {"since": "c:0:0"}, {"limit": 2, "offset": 1}, {"fields": ["path", 3]},
          {"state": "ready", "limit": "x"}, {"glob": 5, "fields": 5}, {"since": 5, "glob": 5}]:
    add("files.list", p)
for p in [None, {}, {"path": 1}, {"path": "../x"}, {"path": "/abs"}, {"path": "a//b"}, {"path": "a/./b"}, {"path": ""}, {"path": "a.txt", "pathBase64": "YS50eHQ="},
          {"pathBase64": "!!"}, {"path": "a\u0000b"}, {"path": "missing"}, {"path": "a.txt"}, {"path": "sub"}, {"path": "sub/"}, {"pathBase64": "YmFk/y50eHQ="},
          {"path": "a.txt", "extra": 1}, {"path": 1, "pathBase64": 2}, [], {"path": "a.txt/"}, {"path": "./a.txt"}, {"path": "d.part"}]:
    add("files.get", p)
for p in [None, {}, {"target": 1}, {"target": {}}, {"target": {"path": "a.txt", "paths": ["a.txt"]}}, {"target": {"paths": []}}, {"target": {"paths": [1]}},
          {"target": {"row": -1}}, {"target": {"background": "yes"}}, {"target": {"path": "a.txt"}, "layout": 5}, {"target": {"path": 5}, "layout": 5},
          {"target": {"path": "../a"}}, {"target": {"paths": ["a.txt", "a.txt"]}}, {"target": {"paths": ["a.txt", "missing"]}}, {"target": {"path": "missing"}},
          {"target": {"path": "sub"}}, {"target": {"background": True, "path": "a.txt"}}, {"target": {"row": 1.5}}, {"target": {"row": 0}},
          {"target": {"path": "a.txt"}, "layout": {"viewport": 1}}, {"target": {"path": "a.txt"}, "foo": 1}, {"target": {"pathBase64": "!!"}}]:
    add("menu.open", p)
for m in ["menu.select", "menu.cancel", "menu.dismissed"]:
    for p in [None, {}, {"menu": 1, "item": 2}, {"menu": "nope", "item": "x"}, {"menu": "nope"}, {"menu": "x", "input": 5}, {"item": "x"}, []]:
        add(m, p)
for p in [None, {}, {"events": "files"}, {"events": ["nope"]}, {"events": []}, {"events": ["files", "files"]}, {"events": [1]}, {"foo": 1}]:
    add("subscribe", p)
for p in [None, {}, {"foo": 1}, []]:
    add("daemon.status", p)
for raw in [b"", b"{", b"[]", b"[1]", b"[1,2]", b"null", b"1", b'"x"', b'{"jsonrpc":"1.0","id":1,"method":"daemon.status"}',
            b'{"id":1,"method":"daemon.status"}', b'{"jsonrpc":"2.0","id":1}', b'{"jsonrpc":"2.0","id":1,"method":5}',
            b'{"jsonrpc":"2.0","id":null,"method":"nope"}', b'{"jsonrpc":"2.0","id":1.5,"method":"nope"}', b'{"jsonrpc":"2.0","id":{},"method":"nope"}',
            b'{"jsonrpc":"2.0","id":"s","method":"nope"}', b'{"jsonrpc":"2.0","method":"nope"}', b'{"jsonrpc":"2.0","id":1,"method":"daemon.status","params":5}',
            b'[{"jsonrpc":"2.0","id":1,"method":"nope"},{"jsonrpc":"2.0","method":"nope"},5]', b'{"jsonrpc":"2.0","id":1,"id":2,"method":"nope"}',
            b'{"jsonrpc":"2.0","id":1,"method":"files.get","params":{"path":"a.txt","path":"b.txt"}}', b'\xff\xfe', b'{"a":' * 100 + b'1' + b'}' * 100,
            b'{"jsonrpc":"2.0","id":1,"method":"files.get","params":{"path":"\\ud800"}}', b'{"jsonrpc":"2.0","id":-0,"method":"nope"}',
            b'{"jsonrpc":"2.0","id":12345678901234567890,"method":"nope"}', b'  {"jsonrpc":"2.0","id":1,"method":"nope"}  ', b'{"jsonrpc":"2.0","id":1,"method":"nope"}\r']:
    cases.append(raw)

po, so = start(OLD, "old"); pn, sn = start(NEW, "new")
try:
    diffs = 0
    for case in cases:
        a = [norm(x) for x in C(so).raw(case)]
        b = [norm(x) for x in C(sn).raw(case)]
        if a == b and "-v" in sys.argv:
            print("SAME", case[:80], a[0][:120] if a else a)
        if a != b:
            diffs += 1
            print("REQUEST", case[:200]); print("  old", a); print("  new", b)
    # a handshake on one connection each: open, select each item in turn by title, dismissed
    for title in ["Inspect", "SHA-256"]:  # actions that change nothing: both daemons share one folder
        outs = []
        for sock in (so, sn):
            c = C(sock)
            opened = json.loads(c.raw(R("menu.open", {"target": {"path": "b.txt"}}))[0])
            def walk(items):
                for it in items:
                    yield it
                    yield from walk(it.get("children", []))
            item = next((it for it in walk(opened["result"]["menu"]["items"]) if it.get("title") == title), None)
            if item is None:
                outs.append(["no item " + title]); continue
            mid = opened["result"]["menu"]["id"]
            seq = [norm(x) for x in c.raw(R("menu.select", {"menu": mid, "item": item["id"]}))]
            seq += [norm(x) for x in c.raw(R("menu.dismissed", {"menu": mid, "input": "b2.txt"} if "Rename" in title else {"menu": mid}), answers=1)]
            seq.insert(0, norm(json.dumps(opened["result"]["menu"], separators=(",", ":"))))
            outs.append(seq)
        if outs[0] != outs[1]:
            diffs += 1
            print("HANDSHAKE", title); print("  old", outs[0]); print("  new", outs[1])
        else:
            print("HANDSHAKE", title, "same:", outs[0][-1][:150])
    print(f"{len(cases)} requests, {diffs} differ")
finally:
    po.terminate(); pn.terminate(); po.wait(); pn.wait()
