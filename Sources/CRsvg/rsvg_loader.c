// librsvg and cairo, loaded only when a row first shows an SVG icon.
// Linked, librsvg would bring cairo, pango, gdk-pixbuf, glib and their
// dependencies into every run, picks without icons included. Instead
// drawer_rsvg_render() opens librsvg-2.so.2 with dlopen on first use, and
// finds cairo's and GObject's functions through it: they are libraries
// librsvg itself needs, so they come with it. The types below are the
// few of their ABIs this file touches, declared here so that building the
// program needs no librsvg headers.
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include "drawer_rsvg.h"

typedef struct { double x, y, width, height; } rectangle;
typedef struct { uint32_t domain; int code; char *message; } error;

static void *(*p_new_from_data)(const uint8_t *, size_t, error **);
static int (*p_intrinsic_size)(void *, double *, double *);
static int (*p_render_document)(void *, void *, const rectangle *, error **);
static void (*p_object_unref)(void *);
static void (*p_error_free)(error *);
static void *(*p_surface_for_data)(unsigned char *, int, int, int, int);
static void *(*p_create)(void *);
static void (*p_destroy)(void *);
static void (*p_surface_flush)(void *);
static void (*p_surface_destroy)(void *);
static int (*p_status)(void *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;

static void load(void) {
  void *rsvg = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!rsvg)
    return;
#define FIND(pointer, name) \
  if (!(*(void **)&pointer = dlsym(rsvg, name))) { \
    dlclose(rsvg); \
    return; \
  }
  FIND(p_new_from_data, "rsvg_handle_new_from_data")
  FIND(p_intrinsic_size, "rsvg_handle_get_intrinsic_size_in_pixels")
  FIND(p_render_document, "rsvg_handle_render_document")
  FIND(p_object_unref, "g_object_unref")
  FIND(p_error_free, "g_error_free")
  FIND(p_surface_for_data, "cairo_image_surface_create_for_data")
  FIND(p_create, "cairo_create")
  FIND(p_destroy, "cairo_destroy")
  FIND(p_surface_flush, "cairo_surface_flush")
  FIND(p_surface_destroy, "cairo_surface_destroy")
  FIND(p_status, "cairo_status")
#undef FIND
  loaded = 0;
}

int drawer_rsvg_render(const uint8_t *data, size_t length, int size, uint32_t *pixels) {
  pthread_once(&once, load);
  if (loaded != 0 || size <= 0)
    return -1;
  error *failure = NULL;
  void *handle = p_new_from_data(data, length, &failure);
  if (!handle) {
    if (failure)
      p_error_free(failure);
    return -1;
  }
  // A document without a size of its own fills the square.
  double w = size, h = size;
  if (!p_intrinsic_size(handle, &w, &h) || w <= 0 || h <= 0)
    w = h = size;
  double fit = size / (w > h ? w : h);
  rectangle box = {(size - w * fit) / 2, (size - h * fit) / 2, w * fit, h * fit};
  memset(pixels, 0, (size_t)size * (size_t)size * 4);
  // CAIRO_FORMAT_ARGB32 (0): premultiplied, native-endian 32-bit words,
  // which is XRender's a8r8g8b8.
  void *surface = p_surface_for_data((unsigned char *)pixels, 0, size, size, size * 4);
  void *cr = p_create(surface);
  int ok = p_status(cr) == 0 && p_render_document(handle, cr, &box, &failure);
  if (failure)
    p_error_free(failure);
  p_destroy(cr);
  p_surface_flush(surface);
  p_surface_destroy(surface);
  p_object_unref(handle);
  return ok ? 0 : -1;
}
