// librsvg, which draws a row's SVG icon, loaded at run time
// (rsvg_loader.c says why).
#ifndef DRAWER_RSVG_H
#define DRAWER_RSVG_H

#include <stddef.h>
#include <stdint.h>

/// Draws the SVG document `data` (`length` bytes) scaled to fit a square of
/// `size` pixels, centred, into `pixels` (size × size, premultiplied ARGB
/// in native 32-bit words, cleared first): 0 when it drew, -1 when
/// librsvg cannot be opened or cannot read the document. Opens librsvg
/// with its first call; safe to call from one thread at a time.
int drawer_rsvg_render(const uint8_t *data, size_t length, int size, uint32_t *pixels);

#endif
