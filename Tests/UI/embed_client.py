#!/usr/bin/env python3
"""An XEmbed client for the --embed tests, through libX11 by ctypes: it does
what st's `-w ID` does (creates its window inside ID and maps it), sets
_XEMBED_INFO, and writes what it sees, a line each, to LOG:

    embed_client.py ID LOG STATUS [ignore-term]

`embedded` (XEMBED_EMBEDDED_NOTIFY), `activate`, `focus-in`, `focus-out`,
`deactivate`, `size W H`
(each new size), `key NAME` (each key press, by keysym name), `button X Y`.
The key `x` makes it exit with STATUS; SIGTERM writes `terminated` and exits
143, unless `ignore-term` is given: then SIGTERM keeps the disposition it
came with (a shell's `trap '' TERM` leaves it ignored)."""

import ctypes
import signal
import sys

x11 = ctypes.CDLL("libX11.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XCreateSimpleWindow.restype = ctypes.c_ulong
x11.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                    ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_ulong]
x11.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
x11.XMapWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
x11.XInternAtom.restype = ctypes.c_ulong
x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x11.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int,
                                ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
x11.XFlush.argtypes = [ctypes.c_void_p]
x11.XLookupKeysym.restype = ctypes.c_ulong
x11.XLookupKeysym.argtypes = [ctypes.c_void_p, ctypes.c_int]
x11.XKeysymToString.restype = ctypes.c_char_p
x11.XKeysymToString.argtypes = [ctypes.c_ulong]

KEY_PRESS, BUTTON_PRESS, CONFIGURE_NOTIFY, CLIENT_MESSAGE = 2, 4, 22, 33
KEY_PRESS_MASK, BUTTON_PRESS_MASK, STRUCTURE_NOTIFY_MASK = 1 << 0, 1 << 2, 1 << 17
XA_CARDINAL = 6


class Key(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("root", ctypes.c_ulong),
                ("subwindow", ctypes.c_ulong), ("time", ctypes.c_ulong), ("x", ctypes.c_int), ("y", ctypes.c_int),
                ("x_root", ctypes.c_int), ("y_root", ctypes.c_int), ("state", ctypes.c_uint),
                ("keycode", ctypes.c_uint), ("same_screen", ctypes.c_int)]


class Configure(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("event", ctypes.c_ulong), ("window", ctypes.c_ulong),
                ("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int)]


class Message(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("l", ctypes.c_long * 5)]


class Event(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("key", Key), ("configure", Configure), ("message", Message),
                ("pad", ctypes.c_long * 24)]


def main():
    parent, log_path, status = int(sys.argv[1], 0), sys.argv[2], int(sys.argv[3])
    log = open(log_path, "a", buffering=1)

    def terminated(signum, frame):
        log.write("terminated\n")
        sys.exit(143)

    if sys.argv[4:] != ["ignore-term"]:
        signal.signal(signal.SIGTERM, terminated)
    dpy = x11.XOpenDisplay(None)
    if not dpy:
        sys.exit(2)
    win = x11.XCreateSimpleWindow(dpy, parent, 0, 0, 1, 1, 0, 0, 0x336699)
    x11.XSelectInput(dpy, win, KEY_PRESS_MASK | BUTTON_PRESS_MASK | STRUCTURE_NOTIFY_MASK)
    xembed = x11.XInternAtom(dpy, b"_XEMBED", 0)
    info = x11.XInternAtom(dpy, b"_XEMBED_INFO", 0)
    flags = (ctypes.c_long * 2)(0, 1)  # version 0, XEMBED_MAPPED
    x11.XChangeProperty(dpy, win, info, info, 32, 0, flags, 2)
    x11.XMapWindow(dpy, win)
    x11.XFlush(dpy)
    size = None
    ev = Event()
    while True:
        x11.XNextEvent(dpy, ctypes.byref(ev))
        if ev.type == CLIENT_MESSAGE and ev.message.message_type == xembed:
            name = {0: "embedded", 1: "activate", 2: "deactivate", 4: "focus-in", 5: "focus-out"}.get(ev.message.l[1])
            if name:
                log.write(name + "\n")
        elif ev.type == CONFIGURE_NOTIFY and ev.configure.window == win:
            if (ev.configure.width, ev.configure.height) != size:
                size = (ev.configure.width, ev.configure.height)
                log.write(f"size {size[0]} {size[1]}\n")
        elif ev.type == KEY_PRESS:
            name = (x11.XKeysymToString(x11.XLookupKeysym(ctypes.byref(ev.key), 0)) or b"?").decode()
            log.write(f"key {name}\n")
            if name == "x":
                log.close()
                sys.exit(status)
        elif ev.type == BUTTON_PRESS:
            log.write(f"button {ev.key.x} {ev.key.y}\n")


if __name__ == "__main__":
    main()
