// The Xlib (with its resource manager), XRender, Xft, fontconfig, XInput 2, Shape, RandR and Xinerama surface
// that drawer-x11 uses, in one header (Xft.h brings fontconfig.h; XInput2.h is smooth
// scrolling's; Xrandr.h and Xinerama.h list the monitors), libxkbcommon's keysym-to-text table for keys typed without an
// input method, and glibc's malloc_trim, which Swift's Glibc module leaves out,
// and a fixed-argument pidfd_open and prctl for --embed's client. RandR,
// Xinerama and libxkbcommon are declared here but not linked: CXOnDemand
// opens them when first called.
//
// Xlib's input-method calls are C variadics, which Swift cannot call: the
// few fixed-argument forms drawer-x11 needs are defined here.
#ifndef DRAWER_X11_SHIM_H
#define DRAWER_X11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/extensions/Xrender.h>
#include <X11/Xft/Xft.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xinerama.h>
#include <X11/extensions/shape.h>
#include <xkbcommon/xkbcommon.h>
#include <malloc.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// An input context for `window` that draws nothing of its own: the
/// pre-edit and status go nowhere, committed text comes through
/// Xutf8LookupString. NULL when the input method refuses.
static inline XIC drawer_create_ic(XIM im, Window window) {
  return XCreateIC(im, XNInputStyle, (long)(XIMPreeditNothing | XIMStatusNothing), XNClientWindow, window,
                   XNFocusWindow, window, (void *)0);
}

/// Whether `im` offers the pre-edit-nothing, status-nothing style.
static inline int drawer_im_offers_plain_style(XIM im) {
  XIMStyles *styles = 0;
  if (XGetIMValues(im, XNQueryInputStyle, &styles, (void *)0) != 0 || styles == 0) return 0;
  int found = 0;
  for (unsigned short i = 0; i < styles->count_styles; i++)
    if (styles->supported_styles[i] == (XIMPreeditNothing | XIMStatusNothing)) found = 1;
  XFree(styles);
  return found;
}

/// Asks `im` to call `proc` with `data` when its server goes away.
/// Returns 1 when the input method took the callback.
static inline int drawer_set_im_destroy_callback(XIM im, XIMProc proc, XPointer data) {
  XIMCallback callback;
  callback.client_data = data;
  callback.callback = proc;
  return XSetIMValues(im, XNDestroyCallback, &callback, (void *)0) == 0;
}

/// The events `ic` needs to see through XFilterEvent (an event mask).
static inline long drawer_ic_filter_events(XIC ic) {
  long mask = 0;
  if (XGetICValues(ic, XNFilterEvents, &mask, (void *)0) != 0) return 0;
  return mask;
}

/// A file descriptor that polls readable once process `pid` has ended
/// (pidfd_open(2), Linux 5.3); -1 where the kernel lacks it. syscall(2) is a
/// C variadic, which Swift cannot call.
static inline int drawer_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  (void)pid;
  return -1;
#endif
}

/// Makes this process the one the orphans among its descendants are
/// handed to (PR_SET_CHILD_SUBREAPER), so that it can reap them; 0 on
/// success. prctl(2) is a C variadic, which Swift cannot call.
static inline int drawer_become_subreaper(void) {
  return prctl(PR_SET_CHILD_SUBREAPER, 1L, 0L, 0L, 0L);
}

#endif
