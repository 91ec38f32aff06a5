#!/usr/bin/env python3
"""Lists the files menud says are ready, then prints changes as they happen.

    python3 example.py                 # the default socket; Ctrl-C to stop
    python3 example.py --socket PATH --for 30
    python3 example.py --inspect videos/intro.mp4
"""

import argparse
import sys
import time

from menud_client import Client, MenudError


def show(file):
    return "%-8s %10s  %s" % (file["state"], file["sizeText"], file["path"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", help="menud's socket (default: $MENUD_SOCKET, else the daemon's default)")
    parser.add_argument("--for", dest="seconds", type=float, help="stop watching after this many seconds")
    parser.add_argument("--inspect", metavar="PATH", help="run the Inspect menu item on PATH and print what it says")
    args = parser.parse_args()

    try:
        client = Client(args.socket)
    except ConnectionError as error:
        sys.exit(str(error))

    with client:
        if args.inspect:
            try:
                outcome = client.run_menu_action(args.inspect, "Inspect")
            except MenudError as error:
                sys.exit("menud: %s" % error.message)
            print(outcome.get("output") or outcome.get("message") or "(no output)")
            return

        status = client.call("daemon.status")
        ready = client.call("files.list", state="ready")
        print("%s: %d of %d files ready" % (status["root"], ready["total"], status["files"]["total"]))
        for file in ready["files"]:
            print("  " + show(file))

        print("watching for changes%s..." % (" for %g s" % args.seconds if args.seconds else " (Ctrl-C to stop)"))
        deadline = None if args.seconds is None else time.monotonic() + args.seconds
        client.subscribe(["files"])
        try:
            while deadline is None or time.monotonic() < deadline:
                wait = None if deadline is None else max(0.0, deadline - time.monotonic())
                note = client.next_notification(wait)
                if note is None:
                    break
                if note.method == "files.changed":
                    for file in note.params["files"]:
                        print("  " + show(file))
                elif note.method == "files.removed":
                    for path in note.params["paths"]:
                        print("  %-8s %10s  %s" % ("removed", "", path))
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
