#include "CLibWebSockets.h"
#include "CSharedLibrary.h"

#define FUNCTIONS(X) X(lws_add_http_header_by_name) X(lws_add_http_header_content_length) X(lws_add_http_header_status) \
    X(lws_callback_http_dummy) X(lws_callback_on_writable) X(lws_close_reason) \
    X(lws_context_destroy) X(lws_context_user) X(lws_create_context) \
    X(lws_create_vhost) X(lws_finalize_write_http_header) X(lws_frame_is_binary) \
    X(lws_get_context) X(lws_get_peer_simple) X(lws_get_socket_fd) \
    X(lws_get_vhost_listen_port) X(lws_hdr_copy) X(lws_hdr_copy_fragment) \
    X(lws_hdr_fragment_length) X(lws_hdr_total_length) X(lws_http_transaction_completed) \
    X(lws_is_final_fragment) X(lws_is_first_fragment) X(lws_partial_buffered) \
    X(lws_remaining_packet_payload) X(lws_send_pipe_choked) X(lws_set_log_level) \
    X(lws_set_timeout) X(lws_write)
/* The soname of lws 4.1, whose header this is built against. */
MENUD_SHARED_LIBRARY(menud_lws_library_open, "libwebsockets.so.17", "libwebsockets17", FUNCTIONS)

int menud_lws_add_http_header_by_name(struct lws *wsi, const unsigned char *name, const unsigned char *value, int length, unsigned char **p, unsigned char *end) {
    require();
    return api.lws_add_http_header_by_name(wsi, name, value, length, p, end);
}
int menud_lws_add_http_header_content_length(struct lws *wsi, lws_filepos_t content_length, unsigned char **p, unsigned char *end) {
    require();
    return api.lws_add_http_header_content_length(wsi, content_length, p, end);
}
int menud_lws_add_http_header_status(struct lws *wsi, unsigned int code, unsigned char **p, unsigned char *end) {
    require();
    return api.lws_add_http_header_status(wsi, code, p, end);
}
int menud_lws_callback_http_dummy(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
    require();
    return api.lws_callback_http_dummy(wsi, reason, user, in, len);
}
int menud_lws_callback_on_writable(struct lws *wsi) {
    require();
    return api.lws_callback_on_writable(wsi);
}
void menud_lws_close_reason(struct lws *wsi, enum lws_close_status status, unsigned char *buf, size_t len) {
    require();
    api.lws_close_reason(wsi, status, buf, len);
}
void menud_lws_context_destroy(struct lws_context *context) {
    require();
    api.lws_context_destroy(context);
}
void *menud_lws_context_user(struct lws_context *context) {
    require();
    return api.lws_context_user(context);
}
struct lws_context *menud_lws_create_context(const struct lws_context_creation_info *info) {
    require();
    return api.lws_create_context(info);
}
struct lws_vhost *menud_lws_create_vhost(struct lws_context *context, const struct lws_context_creation_info *info) {
    require();
    return api.lws_create_vhost(context, info);
}
int menud_lws_finalize_write_http_header(struct lws *wsi, unsigned char *start, unsigned char **p, unsigned char *end) {
    require();
    return api.lws_finalize_write_http_header(wsi, start, p, end);
}
int menud_lws_frame_is_binary(struct lws *wsi) {
    require();
    return api.lws_frame_is_binary(wsi);
}
struct lws_context *menud_lws_get_context(const struct lws *wsi) {
    require();
    return api.lws_get_context(wsi);
}
const char *menud_lws_get_peer_simple(struct lws *wsi, char *name, size_t namelen) {
    require();
    return api.lws_get_peer_simple(wsi, name, namelen);
}
lws_sockfd_type menud_lws_get_socket_fd(struct lws *wsi) {
    require();
    return api.lws_get_socket_fd(wsi);
}
int menud_lws_get_vhost_listen_port(struct lws_vhost *vhost) {
    require();
    return api.lws_get_vhost_listen_port(vhost);
}
int menud_lws_hdr_copy(struct lws *wsi, char *dest, int len, enum lws_token_indexes h) {
    require();
    return api.lws_hdr_copy(wsi, dest, len, h);
}
int menud_lws_hdr_copy_fragment(struct lws *wsi, char *dest, int len, enum lws_token_indexes h, int frag_idx) {
    require();
    return api.lws_hdr_copy_fragment(wsi, dest, len, h, frag_idx);
}
int menud_lws_hdr_fragment_length(struct lws *wsi, enum lws_token_indexes h, int frag_idx) {
    require();
    return api.lws_hdr_fragment_length(wsi, h, frag_idx);
}
int menud_lws_hdr_total_length(struct lws *wsi, enum lws_token_indexes h) {
    require();
    return api.lws_hdr_total_length(wsi, h);
}
int menud_lws_http_transaction_completed(struct lws *wsi) {
    require();
    return api.lws_http_transaction_completed(wsi);
}
int menud_lws_is_final_fragment(struct lws *wsi) {
    require();
    return api.lws_is_final_fragment(wsi);
}
int menud_lws_is_first_fragment(struct lws *wsi) {
    require();
    return api.lws_is_first_fragment(wsi);
}
int menud_lws_partial_buffered(struct lws *wsi) {
    require();
    return api.lws_partial_buffered(wsi);
}
size_t menud_lws_remaining_packet_payload(struct lws *wsi) {
    require();
    return api.lws_remaining_packet_payload(wsi);
}
int menud_lws_send_pipe_choked(struct lws *wsi) {
    require();
    return api.lws_send_pipe_choked(wsi);
}
void menud_lws_set_log_level(int level, void (*log_emit_function)(int level, const char *line)) {
    require();
    api.lws_set_log_level(level, log_emit_function);
}
void menud_lws_set_timeout(struct lws *wsi, enum pending_timeout reason, int secs) {
    require();
    api.lws_set_timeout(wsi, reason, secs);
}
int menud_lws_write(struct lws *wsi, unsigned char *buf, size_t len, enum lws_write_protocol protocol) {
    require();
    return api.lws_write(wsi, buf, len, protocol);
}
