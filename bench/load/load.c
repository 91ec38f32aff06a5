/*
 * One load client for every server the benchmarks compare (menud, the floor, Watchman): it
 * opens N connections to a Unix socket, keeps one iteration in flight on each (closed loop),
 * and prints latency percentiles and throughput as one JSON object on stdout.
 *
 * An iteration is a sequence of request lines, each sent when the previous answer arrived:
 *   --mode line                 the --request lines, as given (repeat --request for several)
 *   --mode open-cancel          menu.open {target: {path}}, then menu.cancel {menu}
 *   --mode open-select-dismiss  menu.open, menu.select {menu, item} (the item whose title is
 *                               --item-title), then menu.dismissed {menu}
 * The scripted modes read the menu id and the item id from the answers with a few string
 * searches, not a JSON parser: enough for these replies. Lines that carry "method" and no "id"
 * near their start are notifications and are skipped. An answer with "error" near its start
 * counts as an error; the first one is printed on stderr.
 *
 * --pipeline N runs N iterations side by side on each connection: each step's N request lines
 * are written together (one write), and the next step's after all N answers came (the scripted
 * modes take the k-th menu id from the k-th answer). A latency sample is then one such batch.
 *
 * --server-pid PID reads the server's CPU time (utime + stime of the whole process, every
 * thread, from /proc/PID/stat) when the measured window opens (after the warm-up) and when it
 * closes, and counts the answers that arrived in between, so the output says what the server
 * spent per request whatever the client's own speed.
 *
 * Build: cc -O2 -pthread -o load load.c
 * Usage: load --socket PATH [--mode M] [--request LINE]... [--path P] [--item-title T]
 *             [--connections N] [--threads T] [--duration S] [--warmup S] [--pipeline N]
 *             [--server-pid PID]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum mode { MODE_LINE, MODE_OPEN_CANCEL, MODE_OPEN_SELECT_DISMISS };

#define ID_BYTES 128

typedef struct {
    int fd;
    int step;
    int answered; /* answers to the current step's batch so far */
    int broken;   /* an answer of this batch was an error: start the iteration again */
    uint64_t id;
    int64_t started_ns;
    char *in;
    size_t in_len, in_cap;
    char (*menus)[ID_BYTES]; /* one menu id and item id per iteration of the batch */
    char (*items)[ID_BYTES];
} conn_t;

typedef struct {
    int index;
    conn_t *conns;
    int count;
    int64_t *samples;
    size_t samples_len, samples_cap;
    uint64_t iterations, requests, errors;
    uint64_t window_requests, window_iterations; /* answered while the CPU window was open */
} worker_t;

static const char *socket_path;
static enum mode mode = MODE_LINE;
static char **requests;
static int request_count;
static const char *target_path = "bench.txt";
static const char *item_title = "Inspect";
static int connections = 1;
static int threads = 1;
static double duration_s = 2.0, warmup_s = 0.5;
static int pipeline = 1;
static int server_pid = 0;
static int64_t record_from_ns, stop_at_ns;
static atomic_int first_error_printed;
static atomic_int fatal;

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void die(const char *message) {
    fprintf(stderr, "load: %s\n", message);
    exit(1);
}

static int steps_per_iteration(void) {
    switch (mode) {
    case MODE_LINE: return request_count;
    case MODE_OPEN_CANCEL: return 2;
    case MODE_OPEN_SELECT_DISMISS: return 3;
    }
    return 1;
}

/* Writes all of `length` bytes, waiting for room when the socket is full. */
static int send_all(int fd, const char *data, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, data, length);
        if (n > 0) { data += n; length -= (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) {
            struct pollfd p = { .fd = fd, .events = POLLOUT };
            poll(&p, 1, 1000);
            continue;
        }
        return -1;
    }
    return 0;
}

/* Appends `text` with JSON string escaping of quote and backslash (enough for paths here). */
static size_t append_escaped(char *out, size_t at, size_t cap, const char *text) {
    for (; *text && at + 2 < cap; text++) {
        if (*text == '"' || *text == '\\') out[at++] = '\\';
        out[at++] = *text;
    }
    return at;
}

/* Appends step `c->step` of iteration `k` of the batch to `line`; returns the new length. */
static size_t append_step(conn_t *c, int k, char *line, size_t n, size_t cap) {
    c->id++;
    switch (mode) {
    case MODE_LINE: {
        const char *request = requests[c->step];
        size_t length = strlen(request);
        if (n + length + 1 >= cap) die("request line too long");
        memcpy(line + n, request, length);
        line[n + length] = '\n';
        return n + length + 1;
    }
    case MODE_OPEN_CANCEL:
    case MODE_OPEN_SELECT_DISMISS:
        if (cap - n < 1024) die("request too long");
        if (c->step == 0) {
            n += (size_t)snprintf(line + n, cap - n,
                                  "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"menu.open\",\"params\":{\"target\":{\"path\":\"",
                                  (unsigned long long)c->id);
            n = append_escaped(line, n, cap - 8, target_path);
            n += (size_t)snprintf(line + n, cap - n, "\"}}}\n");
        } else if (mode == MODE_OPEN_CANCEL) {
            n += (size_t)snprintf(line + n, cap - n,
                                  "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"menu.cancel\",\"params\":{\"menu\":\"%s\"}}\n",
                                  (unsigned long long)c->id, c->menus[k]);
        } else if (c->step == 1) {
            n += (size_t)snprintf(line + n, cap - n,
                                  "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"menu.select\",\"params\":{\"menu\":\"%s\",\"item\":\"%s\"}}\n",
                                  (unsigned long long)c->id, c->menus[k], c->items[k]);
        } else {
            n += (size_t)snprintf(line + n, cap - n,
                                  "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"menu.dismissed\",\"params\":{\"menu\":\"%s\"}}\n",
                                  (unsigned long long)c->id, c->menus[k]);
        }
        return n;
    }
    return n;
}

/* Sends the current step of every iteration of the batch in one write. */
static int send_step(conn_t *c) {
    static __thread char *batch;
    static __thread size_t batch_cap;
    size_t need = (size_t)pipeline * 4096 + 1024;
    if (batch_cap < need) {
        batch = realloc(batch, need);
        if (!batch) die("out of memory");
        batch_cap = need;
    }
    size_t n = 0;
    for (int k = 0; k < pipeline; k++) n = append_step(c, k, batch, n, batch_cap);
    c->answered = 0;
    return send_all(c->fd, batch, n);
}

/* Copies the JSON string value that starts right after `key` (which ends with an opening
 * quote) into `out`. Returns 0 when found. */
static int string_after(const char *line, size_t length, const char *key, char *out, size_t cap) {
    const char *at = memmem(line, length, key, strlen(key));
    if (!at) return -1;
    at += strlen(key);
    size_t i = 0;
    while (at < line + length && *at != '"' && i + 1 < cap) out[i++] = *at++;
    out[i] = 0;
    return i > 0 ? 0 : -1;
}

/* The id of the item whose title is `item_title`: the last `{"id":"` before that title. */
static int item_id(const char *line, size_t length, char *out, size_t cap) {
    char needle[256];
    snprintf(needle, sizeof needle, "\"title\":\"%s\"", item_title);
    const char *title = memmem(line, length, needle, strlen(needle));
    if (!title) return -1;
    const char *key = "{\"id\":\"";
    size_t key_length = strlen(key);
    for (const char *at = title - key_length; at >= line; at--) {
        if (memcmp(at, key, key_length) == 0) return string_after(at, (size_t)(title - at), key, out, cap);
    }
    return -1;
}

static int near_start(const char *line, size_t length, const char *text) {
    size_t window = length < 80 ? length : 80;
    return memmem(line, window, text, strlen(text)) != NULL;
}

static void report_error(const char *line, size_t length, const char *why) {
    if (atomic_exchange(&first_error_printed, 1)) return;
    fprintf(stderr, "load: %s: %.*s\n", why, (int)(length < 600 ? length : 600), line);
}

static void record(worker_t *w, int64_t latency) {
    if (w->samples_len == w->samples_cap) {
        w->samples_cap = w->samples_cap ? w->samples_cap * 2 : 65536;
        w->samples = realloc(w->samples, w->samples_cap * sizeof *w->samples);
        if (!w->samples) die("out of memory");
    }
    w->samples[w->samples_len++] = latency;
}

/* Handles one complete answer line; returns -1 when the connection cannot go on. */
static int on_line(worker_t *w, conn_t *c, const char *line, size_t length) {
    if (near_start(line, length, "\"method\"") && !near_start(line, length, "\"id\"")) return 0;
    int64_t now = now_ns();
    int recording = c->started_ns >= record_from_ns;
    int k = c->answered++;
    if (recording) w->requests++;
    if (now >= record_from_ns && now < stop_at_ns) w->window_requests++;
    if (near_start(line, length, "\"error\"")) {
        if (recording) w->errors++;
        report_error(line, length, "error answer");
        /* A broken handshake cannot continue; the batch starts a new iteration. */
        if (mode != MODE_LINE) c->broken = 1;
    } else if (mode != MODE_LINE && c->step == 0) {
        if (string_after(line, length, "\"menu\":{\"id\":\"", c->menus[k], ID_BYTES) != 0 ||
            (mode == MODE_OPEN_SELECT_DISMISS && item_id(line, length, c->items[k], ID_BYTES) != 0)) {
            if (recording) w->errors++;
            report_error(line, length, "no menu id or no such item in the menu.open answer");
            atomic_store(&fatal, 1);
            return -1;
        }
    }
    if (c->answered < pipeline) return 0;
    if (c->broken) {
        c->broken = 0;
        c->step = 0;
        c->started_ns = now;
        return send_step(c);
    }
    c->step++;
    if (c->step == steps_per_iteration()) {
        if (recording) {
            w->iterations += (uint64_t)pipeline;
            record(w, now - c->started_ns);
        }
        if (now >= record_from_ns && now < stop_at_ns) w->window_iterations += (uint64_t)pipeline;
        c->step = 0;
        if (now >= stop_at_ns) return 1;
        c->started_ns = now;
    }
    return send_step(c);
}

static void *run_worker(void *arg) {
    worker_t *w = arg;
    int ep = epoll_create1(EPOLL_CLOEXEC);
    if (ep < 0) die("epoll_create1 failed");
    int active = 0;
    for (int i = 0; i < w->count; i++) {
        conn_t *c = &w->conns[i];
        struct epoll_event ev = { .events = EPOLLIN, .data.ptr = c };
        if (epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev) != 0) die("epoll_ctl failed");
        c->started_ns = now_ns();
        if (send_step(c) != 0) die("send failed");
        active++;
    }
    struct epoll_event events[64];
    while (active > 0 && !atomic_load(&fatal)) {
        int n = epoll_wait(ep, events, 64, 1000);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0 && now_ns() > stop_at_ns + 30LL * 1000000000) {
            fprintf(stderr, "load: no answer for 30 s after the end; giving up\n");
            atomic_store(&fatal, 1);
            break;
        }
        for (int k = 0; k < n; k++) {
            conn_t *c = events[k].data.ptr;
            if (c->fd < 0) continue;
            for (;;) {
                if (c->in_cap - c->in_len < 65536) {
                    c->in_cap = c->in_cap ? c->in_cap * 2 : 131072;
                    c->in = realloc(c->in, c->in_cap);
                    if (!c->in) die("out of memory");
                }
                ssize_t got = read(c->fd, c->in + c->in_len, c->in_cap - c->in_len);
                if (got < 0 && errno == EINTR) continue;
                if (got < 0 && errno == EAGAIN) break;
                if (got <= 0) {
                    fprintf(stderr, "load: the server closed connection %d\n", (int)(c - w->conns));
                    atomic_store(&fatal, 1);
                    close(c->fd);
                    c->fd = -1;
                    active--;
                    break;
                }
                size_t scan_from = c->in_len;
                c->in_len += (size_t)got;
                size_t consumed = 0;
                int done = 0;
                char *newline;
                while (!done && (newline = memchr(c->in + scan_from, '\n', c->in_len - scan_from)) != NULL) {
                    size_t end = (size_t)(newline - c->in);
                    int result = on_line(w, c, c->in + consumed, end - consumed);
                    consumed = end + 1;
                    scan_from = consumed;
                    if (result != 0) done = 1;
                }
                memmove(c->in, c->in + consumed, c->in_len - consumed);
                c->in_len -= consumed;
                if (done) {
                    epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
                    close(c->fd);
                    c->fd = -1;
                    active--;
                    break;
                }
            }
        }
    }
    close(ep);
    return NULL;
}

static int connect_socket(void) {
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(socket_path) >= sizeof address.sun_path) die("socket path too long");
    strcpy(address.sun_path, socket_path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket failed");
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        fprintf(stderr, "load: cannot connect to %s: %s\n", socket_path, strerror(errno));
        exit(1);
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

/* utime + stime of the whole process (every thread) in clock ticks, or -1. */
static long long process_cpu_ticks(int pid) {
    char path[64], text[4096];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return -1;
    text[n] = 0;
    /* The command name (field 2) may hold spaces and parentheses: count from the last ')'. */
    char *at = strrchr(text, ')');
    if (!at) return -1;
    long long utime = 0, stime = 0;
    /* After ") ": field 3 (state) ... field 14 utime, field 15 stime. */
    if (sscanf(at + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lld %lld", &utime, &stime) != 2) return -1;
    return utime + stime;
}

static void sleep_until(int64_t at_ns) {
    for (;;) {
        int64_t left = at_ns - now_ns();
        if (left <= 0) return;
        struct timespec ts = { .tv_sec = left / 1000000000, .tv_nsec = left % 1000000000 };
        nanosleep(&ts, NULL);
    }
}

static int compare(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static double percentile(const int64_t *sorted, size_t n, double p) {
    if (n == 0) return 0;
    size_t index = (size_t)(p * (double)(n - 1) + 0.5);
    return (double)sorted[index] / 1000.0;
}

static void usage(void) {
    fprintf(stderr,
            "usage: load --socket PATH [--mode line|open-cancel|open-select-dismiss] [--request LINE]...\n"
            "            [--path P] [--item-title T] [--connections N] [--threads T] [--duration S] [--warmup S]\n"
            "            [--pipeline N] [--server-pid PID]\n");
    exit(2);
}

int main(int argc, char **argv) {
    signal(SIGPIPE, SIG_IGN);
    requests = calloc((size_t)argc, sizeof *requests);
    for (int i = 1; i < argc; i++) {
        const char *flag = argv[i];
        if (i + 1 >= argc) usage();
        const char *value = argv[++i];
        if (!strcmp(flag, "--socket")) socket_path = value;
        else if (!strcmp(flag, "--request")) requests[request_count++] = (char *)value;
        else if (!strcmp(flag, "--path")) target_path = value;
        else if (!strcmp(flag, "--item-title")) item_title = value;
        else if (!strcmp(flag, "--connections")) connections = atoi(value);
        else if (!strcmp(flag, "--threads")) threads = atoi(value);
        else if (!strcmp(flag, "--duration")) duration_s = atof(value);
        else if (!strcmp(flag, "--warmup")) warmup_s = atof(value);
        else if (!strcmp(flag, "--pipeline")) pipeline = atoi(value);
        else if (!strcmp(flag, "--server-pid")) server_pid = atoi(value);
        else if (!strcmp(flag, "--mode")) {
            if (!strcmp(value, "line")) mode = MODE_LINE;
            else if (!strcmp(value, "open-cancel")) mode = MODE_OPEN_CANCEL;
            else if (!strcmp(value, "open-select-dismiss")) mode = MODE_OPEN_SELECT_DISMISS;
            else usage();
        } else usage();
    }
    if (!socket_path || connections < 1 || threads < 1 || duration_s <= 0 || pipeline < 1 || pipeline > 4096) usage();
    if (server_pid && process_cpu_ticks(server_pid) < 0) die("cannot read /proc/PID/stat of --server-pid");
    if (mode == MODE_LINE && request_count == 0) die("--mode line needs at least one --request");
    if (threads > connections) threads = connections;

    conn_t *conns = calloc((size_t)connections, sizeof *conns);
    for (int i = 0; i < connections; i++) {
        conns[i].fd = connect_socket();
        conns[i].menus = calloc((size_t)pipeline, ID_BYTES);
        conns[i].items = calloc((size_t)pipeline, ID_BYTES);
        if (!conns[i].menus || !conns[i].items) die("out of memory");
    }

    worker_t *workers = calloc((size_t)threads, sizeof *workers);
    int per = connections / threads, extra = connections % threads, next = 0;
    for (int t = 0; t < threads; t++) {
        workers[t].index = t;
        workers[t].conns = conns + next;
        workers[t].count = per + (t < extra ? 1 : 0);
        next += workers[t].count;
    }
    int64_t start = now_ns();
    record_from_ns = start + (int64_t)(warmup_s * 1e9);
    stop_at_ns = record_from_ns + (int64_t)(duration_s * 1e9);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    for (int t = 0; t < threads; t++) pthread_create(&ids[t], NULL, run_worker, &workers[t]);
    /* The server's CPU time over exactly the window in which answers are counted. */
    long long cpu_start = -1, cpu_end = -1;
    int64_t cpu_start_ns = 0, cpu_end_ns = 0;
    if (server_pid) {
        sleep_until(record_from_ns);
        cpu_start = process_cpu_ticks(server_pid);
        cpu_start_ns = now_ns();
        sleep_until(stop_at_ns);
        cpu_end = process_cpu_ticks(server_pid);
        cpu_end_ns = now_ns();
    }
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    int64_t end = now_ns();

    size_t total = 0;
    uint64_t iterations = 0, requests_done = 0, errors = 0, window_requests = 0, window_iterations = 0;
    for (int t = 0; t < threads; t++) {
        window_requests += workers[t].window_requests;
        window_iterations += workers[t].window_iterations;
        total += workers[t].samples_len;
        iterations += workers[t].iterations;
        requests_done += workers[t].requests;
        errors += workers[t].errors;
    }
    int64_t *all = malloc((total ? total : 1) * sizeof *all);
    size_t at = 0;
    double sum = 0;
    for (int t = 0; t < threads; t++) {
        memcpy(all + at, workers[t].samples, workers[t].samples_len * sizeof *all);
        at += workers[t].samples_len;
    }
    for (size_t i = 0; i < total; i++) sum += (double)all[i];
    qsort(all, total, sizeof *all, compare);
    /* Throughput over the recorded window: from its start to the last recorded answer. */
    double window = (double)(end - record_from_ns) / 1e9;
    if (window <= 0) window = duration_s;
    static const char *mode_names[] = { "line", "open-cancel", "open-select-dismiss" };
    char cpu_json[512] = "";
    if (server_pid && cpu_start >= 0 && cpu_end >= 0) {
        double cpu_ms = (double)(cpu_end - cpu_start) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
        double window_ms = (double)(cpu_end_ns - cpu_start_ns) / 1e6;
        snprintf(cpu_json, sizeof cpu_json,
                 "\"server_cpu\":{\"pid\":%d,\"cpu_ms\":%.1f,\"window_ms\":%.1f,\"busy\":%.3f,"
                 "\"requests\":%llu,\"iterations\":%llu,\"us_per_request\":%.3f,\"us_per_iteration\":%.3f},",
                 server_pid, cpu_ms, window_ms, window_ms > 0 ? cpu_ms / window_ms : 0.0,
                 (unsigned long long)window_requests, (unsigned long long)window_iterations,
                 window_requests ? cpu_ms * 1000.0 / (double)window_requests : 0.0,
                 window_iterations ? cpu_ms * 1000.0 / (double)window_iterations : 0.0);
    }
    printf("{\"mode\":\"%s\",\"connections\":%d,\"threads\":%d,\"pipeline\":%d,\"duration_s\":%.3f,%s"
           "\"iterations\":%llu,\"requests\":%llu,\"errors\":%llu,\"failed\":%s,"
           "\"iterations_per_s\":%.1f,\"requests_per_s\":%.1f,"
           "\"latency_us\":{\"p50\":%.1f,\"p90\":%.1f,\"p99\":%.1f,\"max\":%.1f,\"mean\":%.1f}}\n",
           mode_names[mode], connections, threads, pipeline, window, cpu_json, (unsigned long long)iterations,
           (unsigned long long)requests_done, (unsigned long long)errors, atomic_load(&fatal) ? "true" : "false",
           (double)iterations / window, (double)requests_done / window,
           percentile(all, total, 0.50), percentile(all, total, 0.90), percentile(all, total, 0.99),
           total ? (double)all[total - 1] / 1000.0 : 0.0, total ? sum / (double)total / 1000.0 : 0.0);
    return atomic_load(&fatal) ? 1 : 0;
}
