// RandR, Xinerama and libxkbcommon, opened with dlopen the first time one
// of their functions is called. Linked, each run mapped and bound the three
// libraries at start (about 160 KB of memory and a share of the dynamic
// loader's time), though a plain window never calls them. Each function
// drawer-x11 uses is defined here under its own name, hidden, so that it
// stays inside the program: it opens its library once and calls through
// the pointer dlsym found. A library that cannot be opened answers as the
// server without the extension would: RandR and Xinerama absent (the
// monitors are the whole screen), and keysyms that type nothing.
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xinerama.h>
#include <xkbcommon/xkbcommon.h>

#pragma GCC visibility push(hidden)
#include "drawer_x_on_demand.h"

// Each library: its soname, and its functions' result, name, parameters,
// arguments, and the answer when the library is missing.
#define RANDR_FUNCTIONS(F) \
  F(Bool, XRRQueryExtension, (Display *dpy, int *event_base, int *error_base), (dpy, event_base, error_base), False) \
  F(Status, XRRQueryVersion, (Display *dpy, int *major, int *minor), (dpy, major, minor), 0) \
  F(XRRMonitorInfo *, XRRGetMonitors, (Display *dpy, Window window, Bool get_active, int *nmonitors), (dpy, window, get_active, nmonitors), NULL) \
  F(int, XRRUpdateConfiguration, (XEvent *event), (event), 0)
#define RANDR_VOIDS(V) \
  V(XRRFreeMonitors, (XRRMonitorInfo *monitors), (monitors)) \
  V(XRRSelectInput, (Display *dpy, Window window, int mask), (dpy, window, mask))
#define XINERAMA_FUNCTIONS(F) \
  F(Bool, XineramaIsActive, (Display *dpy), (dpy), False) \
  F(XineramaScreenInfo *, XineramaQueryScreens, (Display *dpy, int *number), (dpy, number), NULL)
#define XKB_FUNCTIONS(F) \
  F(uint32_t, xkb_keysym_to_utf32, (xkb_keysym_t keysym), (keysym), 0)

#define POINTER(ret, name, params, args, missing) static ret(*p_##name) params;
#define VOID_POINTER(name, params, args) static void(*p_##name) params;
RANDR_FUNCTIONS(POINTER)
RANDR_VOIDS(VOID_POINTER)
XINERAMA_FUNCTIONS(POINTER)
XKB_FUNCTIONS(POINTER)

// Per library: 0 not tried yet, 1 open, -1 not to be had.
static int randr, xinerama, xkb;

#define RESOLVE(ret, name, params, args, missing) \
  if (!(p_##name = (ret(*) params)dlsym(opened, #name))) ok = 0;
#define VOID_RESOLVE(name, params, args) \
  if (!(p_##name = (void(*) params)dlsym(opened, #name))) ok = 0;

static int open_randr(void) {
  if (randr) return randr;
  void *opened = dlopen("libXrandr.so.2", RTLD_NOW | RTLD_LOCAL);
  int ok = opened != NULL;
  if (ok) { RANDR_FUNCTIONS(RESOLVE) RANDR_VOIDS(VOID_RESOLVE) }
  if (!ok && opened) dlclose(opened);
  return randr = ok ? 1 : -1;
}

static int open_xinerama(void) {
  if (xinerama) return xinerama;
  void *opened = dlopen("libXinerama.so.1", RTLD_NOW | RTLD_LOCAL);
  int ok = opened != NULL;
  if (ok) { XINERAMA_FUNCTIONS(RESOLVE) }
  if (!ok && opened) dlclose(opened);
  return xinerama = ok ? 1 : -1;
}

static int open_xkb(void) {
  if (xkb) return xkb;
  void *opened = dlopen("libxkbcommon.so.0", RTLD_NOW | RTLD_LOCAL);
  int ok = opened != NULL;
  if (ok) { XKB_FUNCTIONS(RESOLVE) }
  if (!ok && opened) dlclose(opened);
  return xkb = ok ? 1 : -1;
}

#define DEFINE_RANDR(ret, name, params, args, missing) \
  ret name params { return open_randr() > 0 ? p_##name args : missing; }
#define DEFINE_RANDR_VOID(name, params, args) \
  void name params { if (open_randr() > 0) p_##name args; }
#define DEFINE_XINERAMA(ret, name, params, args, missing) \
  ret name params { return open_xinerama() > 0 ? p_##name args : missing; }
#define DEFINE_XKB(ret, name, params, args, missing) \
  ret name params { return open_xkb() > 0 ? p_##name args : missing; }
RANDR_FUNCTIONS(DEFINE_RANDR)
RANDR_VOIDS(DEFINE_RANDR_VOID)
XINERAMA_FUNCTIONS(DEFINE_XINERAMA)
XKB_FUNCTIONS(DEFINE_XKB)

#pragma GCC visibility pop
