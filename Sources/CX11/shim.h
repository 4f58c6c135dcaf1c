// The Xlib, XRender, Xft and fontconfig surface that drawer-x11 uses, in one
// header (Xft.h brings fontconfig.h).
#ifndef DRAWER_X11_SHIM_H
#define DRAWER_X11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/Xrender.h>
#include <X11/Xft/Xft.h>

#endif
