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

    def hold_keyboard(self):
        """Grabs the keyboard until this client closes; True when it got it."""
        status = _x11.XGrabKeyboard(self.dpy, self.root, 1, 1, 1, 0)
        _x11.XSync(self.dpy, 0)
        return status == GRAB_SUCCESS

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


_x11.XDefaultScreen.argtypes = [ctypes.c_void_p]
_x11.XDisplayWidth.argtypes = [ctypes.c_void_p, ctypes.c_int]
_x11.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
_x11.XDefaultDepth.argtypes = [ctypes.c_void_p, ctypes.c_int]
_x11.XCreatePixmap.restype = ctypes.c_ulong
_x11.XCreatePixmap.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
_x11.XCreateGC.restype = ctypes.c_void_p
_x11.XCreateGC.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_void_p]
_x11.XFreeGC.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
_x11.XSetForeground.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_ulong]
_x11.XFillRectangle.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                ctypes.c_uint, ctypes.c_uint]
_x11.XSetWindowBackgroundPixmap.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
_x11.XClearWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
_x11.XSetCloseDownMode.argtypes = [ctypes.c_void_p, ctypes.c_int]
_x11.XSetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
_x11.XGetSelectionOwner.restype = ctypes.c_ulong
_x11.XGetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
_x11.XCreateSimpleWindow.restype = ctypes.c_ulong
_x11.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                     ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_ulong]

XA_PIXMAP = 20
RETAIN_PERMANENT = 1

# The wallpaper's colours: a checkerboard of WALLPAPER_CELL px cells, the
# dark and the light colour in turn, and a band of the third colour across
# its top, so that a copy shifted or flipped would not match.
WALLPAPER_CELL = 40
WALLPAPER_COLORS = ((0x20, 0x60, 0xA0), (0xE0, 0xC0, 0x40), (0xC0, 0x30, 0x20))


def wallpaper_color(x, y):
    """The wallpaper's (r, g, b) at root position (x, y)."""
    if y < WALLPAPER_CELL // 2:
        return WALLPAPER_COLORS[2]
    return WALLPAPER_COLORS[(x // WALLPAPER_CELL + y // WALLPAPER_CELL) % 2]


def _pixel(rgb):
    return (rgb[0] << 16) | (rgb[1] << 8) | rgb[2]


def set_wallpaper(display, color=wallpaper_color):
    """Paints `color` (x, y) -> (r, g, b), in cells of 40x20 px, as the
    root's background pixmap, named in
    _XROOTPMAP_ID as desktop setters do (a compositor draws the desktop
    from it); kept when this client goes (RetainPermanent)."""
    dpy = _x11.XOpenDisplay(display.encode())
    if not dpy:
        raise RuntimeError(f"cannot open display {display}")
    screen = _x11.XDefaultScreen(dpy)
    root = _x11.XDefaultRootWindow(dpy)
    w, h = _x11.XDisplayWidth(dpy, screen), _x11.XDisplayHeight(dpy, screen)
    pixmap = _x11.XCreatePixmap(dpy, root, w, h, _x11.XDefaultDepth(dpy, screen))
    gc = _x11.XCreateGC(dpy, pixmap, 0, None)
    c = WALLPAPER_CELL
    for y in range(0, h, c // 2):
        for x in range(0, w, c):
            _x11.XSetForeground(dpy, gc, _pixel(color(x, y)))
            _x11.XFillRectangle(dpy, pixmap, gc, x, y, c, c // 2)
    _x11.XFreeGC(dpy, gc)
    _x11.XSetWindowBackgroundPixmap(dpy, root, pixmap)
    _x11.XClearWindow(dpy, root)
    data = ctypes.c_ulong(pixmap)
    for name in (b"_XROOTPMAP_ID", b"ESETROOT_PMAP_ID"):
        _x11.XChangeProperty(dpy, root, _x11.XInternAtom(dpy, name, 0), XA_PIXMAP, 32, PROP_MODE_REPLACE,
                             ctypes.cast(ctypes.byref(data), ctypes.c_char_p), 1)
    _x11.XSetCloseDownMode(dpy, RETAIN_PERMANENT)
    _x11.XSync(dpy, 0)
    _x11.XCloseDisplay(dpy)


def selection_owned(display, name):
    """Whether a client owns the selection `name` on `display`."""
    with Client(display) as c:
        return _x11.XGetSelectionOwner(c.dpy, _x11.XInternAtom(c.dpy, name.encode(), 0)) != 0


class CompositorSelection:
    """Owns _NET_WM_CM_S0 as a compositing manager would, without compositing:
    what a program sees of a compositor that it cannot use."""

    def __init__(self, display):
        self.client = Client(display)
        dpy = self.client.dpy
        self.window = _x11.XCreateSimpleWindow(dpy, self.client.root, 0, 0, 1, 1, 0, 0, 0)
        _x11.XSetSelectionOwner(dpy, _x11.XInternAtom(dpy, b"_NET_WM_CM_S0", 0), self.window, 0)
        _x11.XSync(dpy, 0)

    def close(self):
        self.client.close()


class SilentSelectionOwner(CompositorSelection):
    """Owns the selection `name` and never answers a request for it: the
    owner a paste must give up on, without hanging."""

    def __init__(self, display, name):
        self.client = Client(display)
        dpy = self.client.dpy
        self.window = _x11.XCreateSimpleWindow(dpy, self.client.root, 0, 0, 1, 1, 0, 0, 0)
        _x11.XSetSelectionOwner(dpy, _x11.XInternAtom(dpy, name.encode(), 0), self.window, 0)
        _x11.XSync(dpy, 0)


_x11.XCreateWindow.restype = ctypes.c_ulong
_x11.XCreateWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                               ctypes.c_uint, ctypes.c_uint, ctypes.c_int, ctypes.c_uint, ctypes.c_void_p,
                               ctypes.c_ulong, ctypes.c_void_p]
_x11.XDestroyWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
INPUT_ONLY = 2


class InputOnlyWindow:
    """An InputOnly window on the root, `width` x `height` at (x, y), that
    lives as long as this client: a window with no pixels to draw in."""

    def __init__(self, display, x=100, y=100, width=600, height=400):
        self.client = Client(display)
        dpy = self.client.dpy
        # Depth 0 and CopyFromParent's visual, as InputOnly requires.
        self.window = _x11.XCreateWindow(dpy, self.client.root, x, y, width, height, 0, 0, INPUT_ONLY, None, 0, None)
        _x11.XSync(dpy, 0)

    def close(self):
        self.client.close()


def destroyed_window(client):
    """The id of a window `client` created and destroyed again; while
    `client` stays open, no other client can be given that id."""
    window = _x11.XCreateSimpleWindow(client.dpy, client.root, 0, 0, 10, 10, 0, 0, 0)
    _x11.XSync(client.dpy, 0)
    _x11.XDestroyWindow(client.dpy, window)
    _x11.XSync(client.dpy, 0)
    return window
