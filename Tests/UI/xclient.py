"""A second X client for the tests, through libX11 by ctypes: what xdotool
and xprop cannot do — probe the keyboard grab, send a synthetic
ConfigureNotify, flood a property."""

import ctypes

_x11 = ctypes.CDLL("libX11.so.6")
_x11.XOpenDisplay.restype = ctypes.c_void_p
_x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
_x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
_x11.XDefaultRootWindow.restype = ctypes.c_ulong
_x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
_x11.XGrabKeyboard.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                               ctypes.c_ulong]
_x11.XUngrabKeyboard.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
_x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
_x11.XFlush.argtypes = [ctypes.c_void_p]
_x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
_x11.XInternAtom.restype = ctypes.c_ulong
_x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
_x11.XDeleteProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
_x11.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int,
                                 ctypes.c_int, ctypes.c_char_p, ctypes.c_int]

GRAB_SUCCESS, ALREADY_GRABBED = 0, 1
CONFIGURE_NOTIFY = 22
STRUCTURE_NOTIFY_MASK = 1 << 17
XA_STRING = 31
PROP_MODE_REPLACE, PROP_MODE_APPEND = 0, 2


class _Configure(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("event", ctypes.c_ulong), ("window", ctypes.c_ulong),
                ("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                ("border_width", ctypes.c_int), ("above", ctypes.c_ulong), ("override_redirect", ctypes.c_int)]


class _Event(ctypes.Union):
    _fields_ = [("xconfigure", _Configure), ("pad", ctypes.c_long * 24)]


class Client:
    """One connection to `display`, closed by `close()` or a with block."""

    def __init__(self, display):
        self.dpy = _x11.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open display {display}")
        self.root = _x11.XDefaultRootWindow(self.dpy)

    def close(self):
        if self.dpy:
            _x11.XCloseDisplay(self.dpy)
            self.dpy = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def keyboard_grabbed_elsewhere(self):
        """True when another client holds the keyboard: our own grab is
        refused. A grab we get is given back at once."""
        status = _x11.XGrabKeyboard(self.dpy, self.root, 1, 1, 1, 0)
        if status == GRAB_SUCCESS:
            _x11.XUngrabKeyboard(self.dpy, 0)
        _x11.XSync(self.dpy, 0)
        return status == ALREADY_GRABBED

    def send_configure(self, window, width, height):
        """A synthetic ConfigureNotify claiming `window` is width x height."""
        ev = _Event()
        ev.xconfigure.type = CONFIGURE_NOTIFY
        ev.xconfigure.event = window
        ev.xconfigure.window = window
        ev.xconfigure.width = width
        ev.xconfigure.height = height
        if not _x11.XSendEvent(self.dpy, window, 0, STRUCTURE_NOTIFY_MASK, ctypes.byref(ev)):
            raise RuntimeError("XSendEvent failed")
        _x11.XSync(self.dpy, 0)

    def set_root_property(self, name, data):
        """Sets the root's property `name` to the bytes `data` (STRING), in
        pieces of 4 MiB: a request is at most 16 MiB with BIG-REQUESTS."""
        atom = _x11.XInternAtom(self.dpy, name.encode(), 0)
        piece = 4 << 20
        for start in range(0, max(len(data), 1), piece):
            chunk = data[start:start + piece]
            mode = PROP_MODE_REPLACE if start == 0 else PROP_MODE_APPEND
            _x11.XChangeProperty(self.dpy, self.root, atom, XA_STRING, 8, mode, chunk, len(chunk))
            _x11.XSync(self.dpy, 0)

    def delete_root_property(self, name):
        _x11.XDeleteProperty(self.dpy, self.root, _x11.XInternAtom(self.dpy, name.encode(), 0))
        _x11.XSync(self.dpy, 0)

    def touch_root_property(self, name, times):
        """`times` PropertyNotify events for the root's property `name`
        (appending nothing changes nothing but still notifies)."""
        atom = _x11.XInternAtom(self.dpy, name.encode(), 0)
        for i in range(times):
            _x11.XChangeProperty(self.dpy, self.root, atom, XA_STRING, 8, PROP_MODE_APPEND, b"", 0)
            if i % 1000 == 999:
                _x11.XFlush(self.dpy)
        _x11.XSync(self.dpy, 0)
