/*
 * The floor: the least a server on libuv can do per request. It listens on a Unix socket and
 * answers every line it receives with one fixed 300-byte JSON line (newline included), without
 * parsing anything. Benchmarks compare menud against it, measured in the same run, so the
 * figures say how much menud adds on top of the socket, the loop and the scheduler.
 *
 * The reply is shaped like a menu.open answer (a menu id and an item titled "Inspect"), so the
 * load client's scripted modes (open-cancel, open-select-dismiss) can run against it unchanged.
 *
 * With --handoff, a line that names menu.dismissed is answered from a thread of its own, as
 * menud runs an action on a thread of its own: the line goes to a worker thread that wakes on
 * a semaphore and at once hands it back with uv_async_send, and the loop answers then. That is
 * the least a server can spend on the closure handshake when its action may not run on the
 * loop (a hung action must not hang the daemon). It expects one request in flight per
 * connection (the load client's scripted modes): a handed-off line's answer is written when
 * it comes back, after the answers to any lines read with it.
 *
 * Build: cc -O2 -pthread -o floor floor.c -luv
 * Usage: floor [--handoff] SOCKET_PATH      (runs until SIGTERM or SIGINT)
 */
#define _GNU_SOURCE /* memmem */
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#define REPLY_BYTES 300
#define MAX_BUFS 64

static char reply[REPLY_BYTES];
static uv_loop_t *loop;
static uv_pipe_t server;
static uv_signal_t sigterm_watcher, sigint_watcher;

typedef struct {
    uv_pipe_t pipe;
    char buffer[65536];
    int handed_off; /* lines with the worker: the client is freed only once none is left */
    int closed;
} client_t;

/* The handoff worker's queues (a line out, a line back), each a ring under one lock. */
#define QUEUE_SIZE 4096
static int handoff;
static pthread_t worker;
static sem_t work_ready;
static uv_async_t work_done;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static client_t *jobs[QUEUE_SIZE], *finished[QUEUE_SIZE];
static unsigned jobs_head, jobs_tail, finished_head, finished_tail;
static int worker_stopping;

typedef struct {
    uv_write_t request;
    uv_buf_t bufs[MAX_BUFS];
} write_t;

static void build_reply(void) {
    const char *head =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"menu\":{\"id\":\"m-floor\",\"title\":\"floor\","
        "\"items\":[{\"id\":\"i1\",\"title\":\"Inspect\",\"accessibilityLabel\":\"Inspect\"}],"
        "\"expiresAtMs\":0},\"pad\":\"";
    const char *tail = "\"}}\n";
    size_t head_len = strlen(head), tail_len = strlen(tail);
    if (head_len + tail_len > REPLY_BYTES) {
        fprintf(stderr, "floor: reply template too long\n");
        exit(1);
    }
    memcpy(reply, head, head_len);
    memset(reply + head_len, 'x', REPLY_BYTES - head_len - tail_len);
    memcpy(reply + REPLY_BYTES - tail_len, tail, tail_len);
}

static void on_closed(uv_handle_t *handle) {
    client_t *client = handle->data;
    client->closed = 1;
    if (client->handed_off == 0) free(client);
}

static void close_client(client_t *client) {
    if (!uv_is_closing((uv_handle_t *)&client->pipe)) uv_close((uv_handle_t *)&client->pipe, on_closed);
}

static void on_written(uv_write_t *request, int status) {
    (void)status;
    free(request);
}

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buf) {
    (void)suggested;
    client_t *client = handle->data;
    *buf = uv_buf_init(client->buffer, sizeof client->buffer);
}

/* Writes `lines` replies; the reply is static, so the buffers just point at it. */
static void send_replies(client_t *client, size_t lines) {
    uv_stream_t *stream = (uv_stream_t *)&client->pipe;
    while (lines > 0) {
        size_t count = lines < MAX_BUFS ? lines : MAX_BUFS;
        lines -= count;
        uv_buf_t bufs[MAX_BUFS];
        for (size_t i = 0; i < count; i++) bufs[i] = uv_buf_init(reply, REPLY_BYTES);
        int written = uv_try_write(stream, bufs, (unsigned)count);
        if (written == (int)(count * REPLY_BYTES)) continue;
        if (written < 0) written = 0;
        /* Queue what did not fit: the rest of a partly written reply, then whole ones. */
        write_t *pending = malloc(sizeof *pending);
        if (!pending) { close_client(client); return; }
        unsigned n = 0;
        size_t skip = (size_t)written;
        for (size_t i = 0; i < count; i++) {
            if (skip >= REPLY_BYTES) { skip -= REPLY_BYTES; continue; }
            pending->bufs[n++] = uv_buf_init(reply + skip, (unsigned)(REPLY_BYTES - skip));
            skip = 0;
        }
        if (uv_write(&pending->request, stream, pending->bufs, n, on_written) != 0) {
            free(pending);
            close_client(client);
            return;
        }
    }
}

/* The worker: takes a line, hands it straight back. */
static void *work(void *arg) {
    (void)arg;
    for (;;) {
        while (sem_wait(&work_ready) != 0) {}
        pthread_mutex_lock(&queue_lock);
        if (worker_stopping) { pthread_mutex_unlock(&queue_lock); return NULL; }
        client_t *client = jobs[jobs_head++ % QUEUE_SIZE];
        finished[finished_tail++ % QUEUE_SIZE] = client;
        pthread_mutex_unlock(&queue_lock);
        uv_async_send(&work_done);
    }
}

static void on_work_done(uv_async_t *async) {
    (void)async;
    client_t *back[QUEUE_SIZE];
    unsigned count = 0;
    pthread_mutex_lock(&queue_lock);
    while (finished_head != finished_tail) back[count++] = finished[finished_head++ % QUEUE_SIZE];
    pthread_mutex_unlock(&queue_lock);
    for (unsigned i = 0; i < count; i++) {
        client_t *client = back[i];
        client->handed_off--;
        if (client->closed) {
            if (client->handed_off == 0) free(client);
        } else if (!uv_is_closing((uv_handle_t *)&client->pipe)) {
            send_replies(client, 1);
        }
    }
}

/* A line for the worker, unless the queue is full (then it is answered here). */
static int hand_off(client_t *client) {
    pthread_mutex_lock(&queue_lock);
    int room = jobs_tail - jobs_head < QUEUE_SIZE / 2;
    if (room) jobs[jobs_tail++ % QUEUE_SIZE] = client;
    pthread_mutex_unlock(&queue_lock);
    if (!room) return 0;
    client->handed_off++;
    sem_post(&work_ready);
    return 1;
}

/* Answers each newline in the chunk (with --handoff, a menu.dismissed line from the worker). */
static void on_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf) {
    client_t *client = stream->data;
    if (nread < 0) {
        close_client(client);
        return;
    }
    size_t lines = 0;
    const char *start = buf->base;
    for (ssize_t i = 0; i < nread; i++) {
        if (buf->base[i] != '\n') continue;
        const char *end = buf->base + i;
        if (handoff && memmem(start, (size_t)(end - start), "\"menu.dismissed\"", 16) && hand_off(client)) {
            start = end + 1;
            continue;
        }
        start = end + 1;
        lines++;
    }
    send_replies(client, lines);
}

static void on_connection(uv_stream_t *listener, int status) {
    if (status < 0) return;
    client_t *client = calloc(1, sizeof *client);
    if (!client) return;
    uv_pipe_init(loop, &client->pipe, 0);
    client->pipe.data = client;
    if (uv_accept(listener, (uv_stream_t *)&client->pipe) != 0 ||
        uv_read_start((uv_stream_t *)&client->pipe, on_alloc, on_read) != 0) {
        close_client(client);
    }
}

static void close_any(uv_handle_t *handle, void *arg) {
    (void)arg;
    if (!uv_is_closing(handle)) uv_close(handle, handle->data && handle != (uv_handle_t *)&server &&
                                                     handle->type == UV_NAMED_PIPE ? on_closed : NULL);
}

static void on_signal(uv_signal_t *watcher, int signum) {
    (void)watcher;
    (void)signum;
    if (handoff) {
        /* The worker ends before the handle it wakes the loop through is closed. */
        pthread_mutex_lock(&queue_lock);
        worker_stopping = 1;
        pthread_mutex_unlock(&queue_lock);
        sem_post(&work_ready);
        pthread_join(worker, NULL);
        handoff = 0;
    }
    uv_walk(loop, close_any, NULL);
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--handoff")) {
        handoff = 1;
        argv[1] = argv[2];
    } else if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: floor [--handoff] SOCKET_PATH\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    build_reply();
    loop = uv_default_loop();
    unlink(argv[1]);
    uv_pipe_init(loop, &server, 0);
    server.data = NULL;
    int error = uv_pipe_bind(&server, argv[1]);
    if (!error) error = uv_listen((uv_stream_t *)&server, 1024, on_connection);
    if (error) {
        fprintf(stderr, "floor: cannot listen on %s: %s\n", argv[1], uv_strerror(error));
        return 1;
    }
    uv_signal_init(loop, &sigterm_watcher);
    uv_signal_init(loop, &sigint_watcher);
    sigterm_watcher.data = sigint_watcher.data = NULL;
    uv_signal_start(&sigterm_watcher, on_signal, SIGTERM);
    uv_signal_start(&sigint_watcher, on_signal, SIGINT);
    if (handoff) {
        uv_async_init(loop, &work_done, on_work_done);
        work_done.data = NULL;
        sem_init(&work_ready, 0, 0);
        if (pthread_create(&worker, NULL, work, NULL) != 0) {
            fprintf(stderr, "floor: cannot start the handoff worker\n");
            return 1;
        }
    }
    uv_run(loop, UV_RUN_DEFAULT);
    unlink(argv[1]);
    return 0;
}
