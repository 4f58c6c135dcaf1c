// The libpng surface that DrawerIcon and its tests use, in one header: the
// simplified API (png_image), which keeps libpng's setjmp error handling
// inside the library, where Swift, which cannot call setjmp, never sees it.
// PNG_FORMAT_RGBA is an expression of other macros, which Swift does not
// import, so it is spelled here as a constant.
#ifndef DRAWER_PNG_SHIM_H
#define DRAWER_PNG_SHIM_H

#include <png.h>

/// 8-bit red, green, blue, alpha, straight (not premultiplied) alpha.
static const png_uint_32 drawer_png_format_rgba = PNG_FORMAT_RGBA;

#endif
