#ifndef CLIBWEBSOCKETS_SHIM_H
#define CLIBWEBSOCKETS_SHIM_H
/* libwebsockets 4.1 (Debian's libwebsockets-dev), run on the daemon's own libuv loop through
   its libuv event library (libwebsockets-evlib-uv, dlopened by lws_create_context). Swift calls
   the library directly; this header only gives it what a function-like macro hides. */
#include <libwebsockets.h>

/* LWS_PRE: the headroom lws_write needs in front of every payload (it writes the frame
   header there). A function-like macro in lws 4.1, so Swift cannot read it. */
static inline size_t menud_lws_pre(void) { return LWS_PRE; }

#endif
