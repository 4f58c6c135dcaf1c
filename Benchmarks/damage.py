"""The area the X server was asked to redraw in one window, from the DAMAGE
extension (libXdamage through ctypes; standard library only).

A damage object at DamageReportRawRectangles level reports every drawing
request's rectangle on the window; their areas are summed, so a pixel
drawn twice counts twice: this is the work the server did, not the
union of what changed.

    meter = DamageMeter(server.display, app.window)
    meter.reset()          # forget what came before
    ... the drag ...
    pixels = meter.total() # round trip, then every report so far
    meter.close()
"""

import ctypes

REPORT_RAW_RECTANGLES = 0
DAMAGE_NOTIFY = 0  # event number within the extension


class _Rectangle(ctypes.Structure):
    _fields_ = [("x", ctypes.c_short), ("y", ctypes.c_short),
                ("width", ctypes.c_ushort), ("height", ctypes.c_ushort)]


class _DamageNotify(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("drawable", ctypes.c_ulong), ("damage", ctypes.c_ulong),
                ("level", ctypes.c_int), ("more", ctypes.c_int), ("timestamp", ctypes.c_ulong),
                ("area", _Rectangle), ("geometry", _Rectangle)]


class _Event(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("damage", _DamageNotify), ("pad", ctypes.c_long * 24)]


_ERROR_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
_errors = []


@_ERROR_HANDLER
def _record_error(display, event):
    # Xlib's default handler exits the process; a window that went away
    # under the meter is recorded instead.
    _errors.append(event)
    return 0


def _libraries():
    x11 = ctypes.CDLL("libX11.so.6")
    xd = ctypes.CDLL("libXdamage.so.1")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XSetErrorHandler.argtypes = [_ERROR_HANDLER]
    x11.XSetErrorHandler.restype = ctypes.c_void_p
    for name in ("XSync",):
        getattr(x11, name).argtypes = [ctypes.c_void_p, ctypes.c_int]
    for name in ("XPending", "XCloseDisplay"):
        getattr(x11, name).argtypes = [ctypes.c_void_p]
    x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Event)]
    xd.XDamageQueryExtension.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
    xd.XDamageCreate.restype = ctypes.c_ulong
    xd.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]
    xd.XDamageDestroy.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    return x11, xd


class DamageMeter:
    """Sums the rectangles of every drawing request on one window."""

    def __init__(self, display, window):
        self.x11, self.xd = _libraries()
        self.x11.XSetErrorHandler(_record_error)
        self.dpy = self.x11.XOpenDisplay(display.encode())
        if not self.dpy:
            raise RuntimeError(f"cannot open display {display} for the damage meter")
        base, err = ctypes.c_int(), ctypes.c_int()
        if not self.xd.XDamageQueryExtension(self.dpy, ctypes.byref(base), ctypes.byref(err)):
            self.x11.XCloseDisplay(self.dpy)
            raise RuntimeError(f"display {display} has no DAMAGE extension")
        self.notify = base.value + DAMAGE_NOTIFY
        self.damage = self.xd.XDamageCreate(self.dpy, window, REPORT_RAW_RECTANGLES)
        self.pixels = 0
        self.reports = 0
        self.reset()

    def _drain(self):
        """Reads every event already queued, after a round trip: the server
        has then sent each report for requests it handled before ours."""
        self.x11.XSync(self.dpy, 0)
        ev = _Event()
        while self.x11.XPending(self.dpy):
            self.x11.XNextEvent(self.dpy, ctypes.byref(ev))
            if ev.type == self.notify:
                a = ev.damage.area
                self.pixels += a.width * a.height
                self.reports += 1

    def reset(self):
        """Forgets what was drawn up to now."""
        self._drain()
        self.pixels = 0
        self.reports = 0

    def total(self):
        """Pixels drawn into the window since reset()."""
        self._drain()
        return self.pixels

    def close(self):
        if self.dpy:
            self.xd.XDamageDestroy(self.dpy, self.damage)
            self.x11.XSync(self.dpy, 0)
            self.x11.XCloseDisplay(self.dpy)
            self.dpy = None
