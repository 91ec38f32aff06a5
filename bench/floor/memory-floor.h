// The C declarations bench/floor/memory-floor.swift calls: libuv's, as menud's CLibUV module
// brings them in.
#include <uv.h>
