#!/usr/bin/env bash
# `make run`: starts menud on a demo folder where a small generator keeps writing files, so
# pending turns to ready before your eyes, with its web page on 127.0.0.1:7780 (MENUD_WEB
# chooses another address); prints the page's URL once the daemon is up. Ctrl-C stops both.
set -euo pipefail
bin="$1"
demo="${MENUD_DEMO_DIR:-/tmp/menud-demo-$(id -u)}"
socket="${MENUD_SOCKET:-/tmp/menud-demo-$(id -u).run/menud.sock}"
web="${MENUD_WEB:-127.0.0.1:7780}"
mkdir -p "$demo/downloads" "$demo/reports"
printf 'quarterly numbers\n' > "$demo/reports/q3.csv"
# Ready now, expired in about 30 s (the demo expires files after 2 min).
touch -d '90 seconds ago' "$demo/reports/q3.csv"

generator() {
  local n=0
  while sleep 3; do
    n=$((n + 1))
    # A download: written in pieces under a partial name, then renamed.
    local part="$demo/downloads/video-$n.mp4.part"
    for _ in 1 2 3; do head -c 400000 /dev/urandom >> "$part"; sleep 1; done
    mv "$part" "$demo/downloads/video-$n.mp4"
    # A log that grows for a few seconds.
    for i in 1 2 3; do echo "line $i of report $n" >> "$demo/reports/report-$n.txt"; sleep 0.5; done
    # Keep the folder small.
    ls -1t "$demo/downloads"/*.mp4 2>/dev/null | tail -n +6 | xargs -r rm -f
  done
}
generator &
gen=$!
# The URL carries a secret the daemon makes when it starts: ask for it once the daemon answers.
announce() {
  local url
  for _ in $(seq 200); do
    if url=$("$bin/menuctl" --socket "$socket" web 2>/dev/null); then
      printf '\n  Open the web page (right-click a file for its menu):\n\n    %s\n\n' "$url"
      return
    fi
    sleep 0.1
  done
  echo "  the web page did not come up; see the daemon's messages above" >&2
}
announce &
announcer=$!
trap 'kill $gen $announcer 2>/dev/null || true' EXIT INT TERM

cat <<MSG

  menud is watching $demo (a generator writes a file every few seconds).
  In another terminal:

    $bin/menuctl --socket $socket ls            # states and sizes
    $bin/menuctl --socket $socket watch         # live list
    $bin/menuctl --socket $socket menu --background
    $bin/menuctl --socket $socket web           # the web page's URL again
    echo '{"jsonrpc":"2.0","id":1,"method":"files.list"}' | socat - UNIX-CONNECT:$socket

  Ctrl-C stops the daemon and the generator.

MSG
"$bin/menud" --root "$demo" --socket "$socket" --settle 2s --expire-after 2m --web "$web"
