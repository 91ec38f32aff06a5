/*
 * The floor: the least a server on libuv can do per request. It listens on a Unix socket and
 * answers every line it receives with one fixed 300-byte JSON line (newline included), without
 * parsing anything. Benchmarks compare menud against it, measured in the same run, so the
 * figures say how much menud adds on top of the socket, the loop and the scheduler.
 *
 * The reply is shaped like a menu.open answer (a menu id and an item titled "Inspect"), so the
 * load client's scripted modes (open-cancel, open-select-dismiss) can run against it unchanged.
 *
 * Build: cc -O2 -o floor floor.c -luv
 * Usage: floor SOCKET_PATH      (runs until SIGTERM or SIGINT)
 */
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
} client_t;

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

static void on_closed(uv_handle_t *handle) { free(handle->data); }

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

/* Answers each newline in the chunk; the reply is static, so the buffers just point at it. */
static void on_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf) {
    client_t *client = stream->data;
    if (nread < 0) {
        close_client(client);
        return;
    }
    size_t lines = 0;
    for (ssize_t i = 0; i < nread; i++)
        if (buf->base[i] == '\n') lines++;
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

static void on_connection(uv_stream_t *listener, int status) {
    if (status < 0) return;
    client_t *client = malloc(sizeof *client);
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
    uv_walk(loop, close_any, NULL);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: floor SOCKET_PATH\n");
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
    uv_run(loop, UV_RUN_DEFAULT);
    unlink(argv[1]);
    return 0;
}
