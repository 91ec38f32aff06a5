// The memory floor: the least a Swift program that loads the libraries menud loads holds
// resident. It links what menud links (libuv, the Swift runtime, Concurrency, Synchronization,
// Glibc; no string processing, as menud's modules import none), starts one task and takes one
// lock so that those libraries have run their start-up, then waits on a libuv loop until
// SIGTERM. Its RSS, measured the way the bench measures menud's, is what no change to the
// daemon's own code can take away; menud's RSS less this is the daemon's own part.
//
// Built by bench/setup.sh:
//   swiftc -O -Xfrontend -disable-implicit-string-processing-module-import \
//       -import-objc-header bench/floor/memory-floor.h bench/floor/memory-floor.swift -luv
import Glibc
import Synchronization

let starts = Mutex(0)
let started = Task { starts.withLock { $0 += 1 } }
let loop = uv_default_loop()
let stop = UnsafeMutablePointer<uv_signal_t>.allocate(capacity: 1)
stop.initialize(to: uv_signal_t())
uv_signal_init(loop, stop)
uv_signal_start(stop, { handle, _ in
    uv_close(UnsafeMutableRawPointer(handle!).assumingMemoryBound(to: uv_handle_t.self), nil)
}, SIGTERM)
uv_run(loop, UV_RUN_DEFAULT)
