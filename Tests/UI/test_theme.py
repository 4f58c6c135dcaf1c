"""Themes on the real window: the dark theme's light text on a dark sheet,
high contrast, `--theme auto` following a real XSETTINGS manager
(xsettingsd), a user's surface colour getting text that contrasts with it,
and reduced motion, asked for or taken from the desktop."""

import ctypes
import ctypes.util
import os
import signal
import tempfile
import time

from harness import EVENT_TIMEOUT, ControlFifo, UITest, _spawn, _stop


def brightness(c):
    """The mean of the channels, 0 to 255."""
    return sum(c) / 3

# Row 0's title line at partial (drawer top 300, header 48, row 44 px):
# the text's row band, left of any detail text.
TITLE_BAND = (20, 150, 352, 366)


def sheet_and_ink(img, band=TITLE_BAND):
    """The sheet's colour (the most common in the band) and the text's ink
    (the pixel farthest from it in brightness)."""
    x0, x1, y0, y1 = band
    pixels = [img.pixel(x, y) for y in range(y0, y1) for x in range(x0, x1)]
    sheet = max(set(pixels), key=pixels.count)
    ink = max(pixels, key=lambda c: abs(brightness(c) - brightness(sheet)))
    return sheet, ink


class XSettingsOwner:
    """Whether a settings manager owns _XSETTINGS_S0, asked through Xlib."""

    def __init__(self, display):
        self.lib = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
        self.lib.XOpenDisplay.restype = ctypes.c_void_p
        self.lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.lib.XInternAtom.restype = ctypes.c_ulong
        self.lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        self.lib.XGetSelectionOwner.restype = ctypes.c_ulong
        self.lib.XGetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.display = self.lib.XOpenDisplay(display.encode())
        if not self.display:
            raise RuntimeError(f"cannot open {display}")
        self.atom = self.lib.XInternAtom(self.display, b"_XSETTINGS_S0", 0)

    def owned(self):
        return self.lib.XGetSelectionOwner(self.display, self.atom) != 0

    def close(self):
        self.lib.XCloseDisplay(self.display)


class TestTheme(UITest):
    def desktop_settings(self, lines):
        """Runs xsettingsd with `lines` as its configuration until the test
        ends, once it owns the selection; returns the configuration's path
        and the manager (which reads the file again on SIGHUP)."""
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        config = os.path.join(folder.name, "xsettingsd.conf")
        with open(config, "w") as f:
            f.write("".join(line + "\n" for line in lines))
        manager = _spawn(["xsettingsd", "-c", config], env=self.server.env(),
                         stdout=open(os.devnull, "wb"), stderr=open(os.devnull, "wb"))
        self.addCleanup(_stop, manager)
        owner = XSettingsOwner(self.server.display)
        self.addCleanup(owner.close)
        deadline = time.monotonic() + EVENT_TIMEOUT
        while not owner.owned():
            self.assertLess(time.monotonic(), deadline, "xsettingsd never took the selection")
            time.sleep(0.02)  # polling a condition, with a deadline
        return config, manager

    def shown(self, *flags):
        """Launches and waits until the presentation has settled (the
        harness's own drawer probe looks for the light sheet's colour)."""
        app = self.launch(*flags)
        app.settle(since=0)
        return app

    def test_the_dark_theme_draws_light_text_on_a_dark_sheet(self):
        app = self.shown("--theme", "dark")
        sheet, ink = sheet_and_ink(app.wait_still())
        self.assertLess(brightness(sheet), 70, sheet)
        self.assertGreater(brightness(ink), 200, ink)

    def test_the_light_theme_draws_dark_text_on_a_light_sheet(self):
        app = self.shown("--theme", "light")
        sheet, ink = sheet_and_ink(app.wait_still())
        self.assertGreater(brightness(sheet), 230, sheet)
        self.assertLess(brightness(ink), 60, ink)

    def test_a_dark_surface_of_the_users_gets_light_text(self):
        app = self.shown("--theme", "light", "--background-color", "#102040")
        sheet, ink = sheet_and_ink(app.wait_still())
        self.assertLess(brightness(sheet), 70, sheet)
        self.assertGreater(brightness(ink), 200, ink)

    def test_auto_follows_the_desktops_settings_manager(self):
        # Without a manager, auto is light.
        app = self.shown("--theme", "auto")
        sheet, _ = sheet_and_ink(app.wait_still())
        self.assertGreater(brightness(sheet), 230, sheet)
        app.stop()

        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        config = os.path.join(folder.name, "xsettingsd.conf")
        with open(config, "w") as f:
            f.write('Net/ThemeName "Adwaita-dark"\n')
        manager = _spawn(["xsettingsd", "-c", config], env=self.server.env(),
                         stdout=open(os.devnull, "wb"), stderr=open(os.devnull, "wb"))
        owner = XSettingsOwner(self.server.display)
        try:
            deadline = time.monotonic() + EVENT_TIMEOUT
            while not owner.owned():
                self.assertLess(time.monotonic(), deadline, "xsettingsd never took the selection")
                time.sleep(0.02)  # polling a condition, with a deadline
            app = self.shown("--theme", "auto")
            sheet, ink = sheet_and_ink(app.wait_still())
            self.assertLess(brightness(sheet), 70, sheet)
            self.assertGreater(brightness(ink), 200, ink)
            app.stop()
            # An explicit choice ignores the desktop.
            app = self.shown("--theme", "light")
            sheet, _ = sheet_and_ink(app.wait_still())
            self.assertGreater(brightness(sheet), 230, sheet)
        finally:
            owner.close()
            _stop(manager)


    def test_high_contrast_is_black_on_white_with_a_yellow_selection(self):
        control = ControlFifo(self)
        app = self.shown("--theme", "high-contrast", *control.flags())
        mark = app.mark()
        control.send("select 2")
        app.wait_for("ack", since=mark)
        img = app.wait_still()
        sheet, ink = sheet_and_ink(img, (20, 150, 400, 420))
        self.assertEqual(sheet, (255, 255, 255))
        self.assertLess(brightness(ink), 20, ink)
        pixels = {img.pixel(x, y) for y in range(348, 600, 4) for x in range(30, 700, 7)}
        yellow = [c for c in pixels if c[0] > 250 and 230 < c[1] < 245 and c[2] < 60]
        self.assertTrue(yellow, "the selected row's yellow")

    def test_auto_follows_a_high_contrast_desktop(self):
        self.desktop_settings(['Net/ThemeName "HighContrastInverse"'])
        app = self.shown("--theme", "auto")
        sheet, ink = sheet_and_ink(app.wait_still())
        self.assertEqual(sheet, (0, 0, 0))
        self.assertGreater(brightness(ink), 235, ink)


class TestReducedMotion(UITest):
    def moves_of_a_flick(self, *flags):
        """The `moved` events from a flick's release to its didTransition."""
        app = self.launch("--report-moves", *flags)
        app.settle(since=0)
        top = app.height - app.extent
        app.drag([(400, top + 20), (400, top - 10), (400, top - 60), (400, top - 110)], 0.01)
        ended = app.wait_for("dragEnded")
        done = app.wait_for("didTransition", since=app.events.index(ended))
        i, j = app.events.index(ended), app.events.index(done)
        return [e for e in app.events[i:j] if e["event"] == "moved"]

    def test_a_flick_slides_without_it(self):
        self.assertGreater(len(self.moves_of_a_flick()), 3)

    def test_reduced_motion_lands_at_once(self):
        self.assertLessEqual(len(self.moves_of_a_flick("--reduced-motion")), 1)

    def test_the_desktops_reduce_animation_is_followed(self):
        TestTheme.desktop_settings(self, ["Gtk/EnableAnimations 0"])
        self.assertLessEqual(len(self.moves_of_a_flick()), 1)

    def test_a_live_change_of_reduce_animation_is_followed(self):
        # xsettingsd reads its file again on SIGHUP and publishes the change.
        config, manager = TestTheme.desktop_settings(self, ["Gtk/EnableAnimations 1"])
        trace = os.path.join(os.path.dirname(config), "trace.jsonl")
        control = ControlFifo(self)
        app = self.launch("--report-moves", "--record", trace, *control.flags())
        app.settle(since=0)

        def moves_of(target):
            """The `moved` events of a move to `target`, up to its didTransition."""
            mark = app.mark()
            control.send(f"move {target}")
            done = app.settle()
            self.assertEqual(done["to"], target)
            return [e for e in app.events[mark:app.events.index(done)] if e["event"] == "moved"]

        self.assertGreater(len(moves_of("fullyExpanded")), 3, "animations on: it slides")
        with open(config, "w") as f:
            f.write("Gtk/EnableAnimations 0\n")
        manager.send_signal(signal.SIGHUP)
        # The trace records the change once the program has taken it.
        deadline = time.monotonic() + EVENT_TIMEOUT
        while '"in":"motion","reduced":true' not in open(trace).read():
            self.assertLess(time.monotonic(), deadline, "the change never reached the program")
            time.sleep(0.02)  # polling a condition, with a deadline
        self.assertLessEqual(len(moves_of("partiallyExpanded")), 1, "reduced: it lands at once")


class TestWayBackAndMarks(UITest):
    def test_at_full_the_handle_still_shows(self):
        # Full: the sheet's top at 0, the handle's middle row at 8 + 3.
        seen = {}
        for floor, flags in (("default", ()), ("drawerkit", ("--handle-min-alpha", "0"))):
            app = self.launch("--handle-color", "black", "--theme", "light", *flags)
            app.settle(since=0)
            app.mark()
            app.key("Home")
            self.assertEqual(app.settle()["to"], "fullyExpanded")
            seen[floor] = brightness(app.wait_still().pixel(400, 11))
            app.stop()
        # 40 % black over the light sheet (250) is about 150; faded out, the sheet.
        self.assertLess(abs(seen["default"] - 0.6 * 250), 12, seen)
        self.assertGreater(seen["drawerkit"], 240, seen)

    def test_debug_lines_show_over_the_drawer(self):
        # Partial at y = 300; the lower mark 40 px below it, over the drawer.
        app = self.launch("--debug", "--theme", "light")
        app.settle(since=0)
        img = app.wait_still()
        self.assertLess(brightness(img.pixel(100, 340)), 30, "the lower mark, black, over the sheet")
        self.assertLess(brightness(img.pixel(100, 260)), 30, "the upper mark, over the map")
