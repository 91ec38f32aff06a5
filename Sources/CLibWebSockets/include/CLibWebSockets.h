#ifndef CLIBWEBSOCKETS_H
#define CLIBWEBSOCKETS_H
/* libwebsockets 4.1 (Debian's libwebsockets-dev), run on the daemon's own libuv loop through
   its libuv event library (libwebsockets-evlib-uv, dlopened by lws_create_context), and itself
   opened on first use, when the web page is turned on (CSharedLibrary.h says why: it brings
   libssl and libcrypto, 1.8 MB resident). Swift calls the menud_ functions, each the lws
   function of the same name without the prefix; calling an lws function directly fails to
   link, as the library is not linked. */
#include <libwebsockets.h>

/* LWS_PRE: the headroom lws_write needs in front of every payload (it writes the frame
   header there). A function-like macro in lws 4.1, so Swift cannot read it. */
static inline size_t menud_lws_pre(void) { return LWS_PRE; }

/* Opens libwebsockets: NULL, or the sentence saying why it cannot be used (naming the package). */
const char *menud_lws_library_open(void);

int menud_lws_add_http_header_by_name(struct lws *wsi, const unsigned char *name, const unsigned char *value, int length, unsigned char **p, unsigned char *end);
int menud_lws_add_http_header_content_length(struct lws *wsi, lws_filepos_t content_length, unsigned char **p, unsigned char *end);
int menud_lws_add_http_header_status(struct lws *wsi, unsigned int code, unsigned char **p, unsigned char *end);
int menud_lws_callback_http_dummy(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len);
int menud_lws_callback_on_writable(struct lws *wsi);
void menud_lws_close_reason(struct lws *wsi, enum lws_close_status status, unsigned char *buf, size_t len);
void menud_lws_context_destroy(struct lws_context *context);
void *menud_lws_context_user(struct lws_context *context);
struct lws_context *menud_lws_create_context(const struct lws_context_creation_info *info);
struct lws_vhost *menud_lws_create_vhost(struct lws_context *context, const struct lws_context_creation_info *info);
int menud_lws_finalize_write_http_header(struct lws *wsi, unsigned char *start, unsigned char **p, unsigned char *end);
int menud_lws_frame_is_binary(struct lws *wsi);
struct lws_context *menud_lws_get_context(const struct lws *wsi);
const char *menud_lws_get_peer_simple(struct lws *wsi, char *name, size_t namelen);
lws_sockfd_type menud_lws_get_socket_fd(struct lws *wsi);
int menud_lws_get_vhost_listen_port(struct lws_vhost *vhost);
int menud_lws_hdr_copy(struct lws *wsi, char *dest, int len, enum lws_token_indexes h);
int menud_lws_hdr_copy_fragment(struct lws *wsi, char *dest, int len, enum lws_token_indexes h, int frag_idx);
int menud_lws_hdr_fragment_length(struct lws *wsi, enum lws_token_indexes h, int frag_idx);
int menud_lws_hdr_total_length(struct lws *wsi, enum lws_token_indexes h);
int menud_lws_http_transaction_completed(struct lws *wsi);
int menud_lws_is_final_fragment(struct lws *wsi);
int menud_lws_is_first_fragment(struct lws *wsi);
int menud_lws_partial_buffered(struct lws *wsi);
size_t menud_lws_remaining_packet_payload(struct lws *wsi);
int menud_lws_send_pipe_choked(struct lws *wsi);
void menud_lws_set_log_level(int level, void (*log_emit_function)(int level, const char *line));
void menud_lws_set_timeout(struct lws *wsi, enum pending_timeout reason, int secs);
int menud_lws_write(struct lws *wsi, unsigned char *buf, size_t len, enum lws_write_protocol protocol);

#endif
