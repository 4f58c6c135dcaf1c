// The Xlib, XRender, Xft, fontconfig and XInput 2 surface that drawer-x11
// uses, in one header (Xft.h brings fontconfig.h; XInput2.h is smooth
// scrolling's), and glibc's malloc_trim, which Swift's Glibc module leaves out.
#ifndef DRAWER_X11_SHIM_H
#define DRAWER_X11_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/extensions/Xrender.h>
#include <X11/Xft/Xft.h>
#include <X11/extensions/XInput2.h>
#include <malloc.h>

#endif
