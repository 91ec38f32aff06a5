#ifndef CMagic_SHIM_H
#define CMagic_SHIM_H
#include <magic.h>
#endif
