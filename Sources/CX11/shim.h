// The Xlib, XRender and Xft surface that drawer-x11 uses, in one header.
#ifndef DRAWER_X11_SHIM_H
#define DRAWER_X11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/Xrender.h>
#include <X11/Xft/Xft.h>

#endif
