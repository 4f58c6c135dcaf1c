"""What the window calls itself and where it goes, and the X resources, on
real windows with real tools: xprop reads WM_CLASS, the titles, the client
machine, the command, the icon and the window type; xwininfo reads where
-g/--geometry put the window; xrdb loads resources that change what shows
(the handle's colour, the panel's edge), that a flag overrides, that are
looked up under --name and --class, whose bad values stop the program before
any window, and that a recorded trace keeps for drawer-replay."""

import json
import os
import re
import socket
import subprocess
import tempfile

import test_pick
from harness import EVENT_TIMEOUT, UITest, drawer_top, run_program

# The default handle: 40x6 px, 8 px under the sheet's top, centred across
# it (test_scale measures it), so its middle is 8 + 3 px under the top.
HANDLE_MIDDLE = 8 + 3


def properties(server, window, *names, formats=()):
    """xprop's lines for `names` of `window`, each as `NAME(TYPE) = value`
    (or `NAME(TYPE):` and indented lines); `formats` are (name, format)
    pairs for xprop's -f."""
    argv = ["xprop", "-id", str(window)]
    for name, fmt in formats:
        argv += ["-f", name, fmt]
    return server.run(*argv, *names).decode()


def strings(value):
    """The quoted strings of an xprop value, octal escapes (\\320) undone to
    bytes and read as UTF-8."""
    def unescape(m):
        code = m.group(1)
        return bytes([int(code, 8)]) if len(code) == 3 else code

    return [re.sub(rb"\\([0-7]{3}|.)", unescape, quoted.encode()).decode("utf-8")
            for quoted in re.findall(r'"((?:[^"\\]|\\.)*)"', value)]


def geometry(server, window):
    """(x, y, width, height) of a window (or "-root") as xwininfo reports it."""
    argv = ["xwininfo", "-root"] if window == "-root" else ["xwininfo", "-id", str(window)]
    out = server.run(*argv).decode(errors="replace")
    vals = dict(line.strip().split(":", 1) for line in out.splitlines() if ":" in line)
    return tuple(int(vals[k]) for k in ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height"))


class TestIdentity(UITest):
    def test_default_names_machine_command_and_type(self):
        app = self.launch()
        out = properties(self.server, app.window, "WM_CLASS", "WM_NAME", "_NET_WM_NAME", "WM_CLIENT_MACHINE",
                         "WM_COMMAND", "_NET_WM_WINDOW_TYPE", "_NET_WM_PID")
        props = dict(line.split(" = ", 1) for line in out.splitlines() if " = " in line)
        self.assertEqual(strings(props["WM_CLASS(STRING)"]), ["drawer-x11", "Drawer-x11"], out)
        self.assertEqual(strings(props["_NET_WM_NAME(UTF8_STRING)"]), ["drawer-x11"], out)
        self.assertEqual(strings(props["WM_NAME(STRING)"]), ["drawer-x11"], out)
        self.assertEqual(strings(props["WM_CLIENT_MACHINE(STRING)"]), [socket.gethostname()], out)
        # WM_COMMAND is the command line that started the window.
        self.assertEqual(strings(props["WM_COMMAND(STRING)"]), list(app.proc.args), out)
        self.assertEqual(props["_NET_WM_WINDOW_TYPE(ATOM)"], "_NET_WM_WINDOW_TYPE_NORMAL", out)
        self.assertEqual(props["_NET_WM_PID(CARDINAL)"], str(app.proc.pid), out)

    def test_class_name_and_title_from_flags(self):
        title = "Карта · 地図 · خريطة 🗺"
        app = self.launch("-c", "Places", "--name", "places", "--title", title)
        out = properties(self.server, app.window, "WM_CLASS", "_NET_WM_NAME", "_NET_WM_ICON_NAME",
                         formats=(("_NET_WM_NAME", "8x"), ("_NET_WM_ICON_NAME", "8x")))
        props = dict(line.split(" = ", 1) for line in out.splitlines() if " = " in line)
        self.assertEqual(strings(props["WM_CLASS(STRING)"]), ["places", "Places"], out)
        # The UTF-8 names byte for byte, as xprop reads them raw.
        for name in ("_NET_WM_NAME(UTF8_STRING)", "_NET_WM_ICON_NAME(UTF8_STRING)"):
            raw = bytes(int(b, 16) for b in props[name].split(", "))
            self.assertEqual(raw, title.encode("utf-8"), f"{name}: {raw!r}")
        # A Latin-1 title is a plain STRING for window managers that read WM_NAME.
        app.stop()
        app = self.launch("--title", "Bus stops")
        self.assertIn('WM_NAME(STRING) = "Bus stops"', properties(self.server, app.window, "WM_NAME"))

    def test_a_picks_title_is_its_prompt_unless_title_is_given(self):
        for flags, want in ((("--prompt", "Open file:"), "Open file:"),
                            (("--prompt", "Открыть:"), "Открыть:"),
                            (("--prompt", "Open file:", "--title", "Files"), "Files")):
            with self.subTest(flags=flags):
                p = test_pick.Pick(self, "printf 'a\\nb\\n'", *flags)
                p.ready()
                out = properties(self.server, p.window, "WM_NAME", "_NET_WM_NAME",
                                 formats=(("_NET_WM_NAME", "8x"),))
                props = dict(line.split(" = ", 1) for line in out.splitlines() if " = " in line)
                raw = bytes(int(b, 16) for b in props["_NET_WM_NAME(UTF8_STRING)"].split(", "))
                self.assertEqual(raw.decode("utf-8"), want, out)
                wm_name = next(v for k, v in props.items() if k.startswith("WM_NAME("))
                if want.isascii():
                    self.assertEqual(strings(wm_name), [want], out)
                else:
                    # Not Latin-1: WM_NAME is a compound text of the same title.
                    self.assertNotIn("drawer-x11", wm_name, out)
                p.keys("Escape")
                self.assertEqual(p.finish()[0], 1)

    def test_the_icon_is_there_at_ready_in_four_sizes(self):
        app = self.launch()  # launch() returns at `ready`: the icon must be set by then
        out = properties(self.server, app.window, "-notype", "_NET_WM_ICON", formats=(("_NET_WM_ICON", "32c"),))
        self.assertTrue(out.startswith("_NET_WM_ICON = "), out[:200])
        values = [int(v) for v in out.split(" = ", 1)[1].split(",")]
        sizes, i = [], 0
        while i < len(values):
            self.assertLessEqual(i + 2, len(values), f"a size without its pixels at {i}")
            w, h = values[i], values[i + 1]
            pixels = values[i + 2:i + 2 + w * h]
            self.assertEqual(len(pixels), w * h, f"{w}x{h}: {len(pixels)} pixels")
            alphas = {p >> 24 for p in pixels}
            # Drawn, not blank: opaque pixels and transparent corners.
            self.assertIn(255, alphas, f"{w}x{h}: no opaque pixel")
            self.assertIn(0, alphas, f"{w}x{h}: no transparent pixel")
            sizes.append((w, h))
            i += 2 + w * h
        self.assertEqual(sizes, [(16, 16), (32, 32), (48, 48), (128, 128)])

    def test_a_picker_is_a_dialog(self):
        p = test_pick.Pick(self, "printf 'one\\ntwo\\n'")
        p.ready()
        out = properties(self.server, p.window, "_NET_WM_WINDOW_TYPE")
        self.assertEqual(out.strip(), "_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_DIALOG")
        p.keys("Escape")
        status, printed, err = p.finish()
        self.assertEqual((status, printed), (1, ""), err)


class TestGeometry(UITest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.screen = geometry(cls.server, "-root")[2:]

    def placed(self, *flags):
        """Launches; (x, y, width, height) from xwininfo, the size hints as
        xprop shows them, and the `ready` event."""
        app = self.launch(*flags)
        hints = properties(self.server, app.window, "WM_NORMAL_HINTS")
        return geometry(self.server, app.window), hints, app.events[0]

    def test_negative_offsets_measure_from_the_far_edges(self):
        sw, sh = self.screen
        where, hints, ready = self.placed("-g", "300x200-0-0")
        self.assertEqual(where, (sw - 300, sh - 200, 300, 200), hints)
        self.assertEqual((ready["width"], ready["height"]), (300, 200))
        self.assertIn(f"user specified location: {sw - 300}, {sh - 200}", hints)
        self.assertIn("user specified size: 300 by 200", hints)
        self.assertIn("window gravity: SouthEast", hints)
        where, hints, _ = self.placed("--geometry", "=300x200-15+25")
        self.assertEqual(where, (sw - 300 - 15, 25, 300, 200), hints)
        self.assertIn("window gravity: NorthEast", hints)

    def test_positive_offsets_without_a_size(self):
        where, hints, ready = self.placed("-g", "+10+20")
        self.assertEqual(where, (10, 20, 800, 600), hints)
        self.assertIn("user specified location: 10, 20", hints)
        self.assertIn("window gravity: NorthWest", hints)
        self.assertNotIn("user specified size", hints)

    def test_a_size_alone_leaves_the_place_to_the_window_manager(self):
        for text, size in (("300x200", (300, 200)), ("500", (500, 600)), ("x250", (800, 250))):
            with self.subTest(geometry=text):
                where, hints, ready = self.placed("-g", text)
                self.assertEqual(where[2:], size, hints)
                self.assertEqual((ready["width"], ready["height"]), size)
                self.assertIn(f"user specified size: {size[0]} by {size[1]}", hints)
                self.assertNotIn("location", hints)
                self.assertNotIn("gravity", hints)

    def test_sizes_and_offsets_are_logical_px(self):
        sw, sh = self.screen
        where, hints, ready = self.placed("--scale", "2", "-g", "200x150+10+10")
        self.assertEqual(where, (20, 20, 400, 300), hints)
        self.assertEqual((ready["width"], ready["height"]), (200, 150))
        self.assertIn("user specified location: 20, 20", hints)
        self.assertIn("user specified size: 400 by 300", hints)
        where, hints, _ = self.placed("--scale", "2", "-g", "200x150-10-5")
        self.assertEqual(where, (sw - 400 - 20, sh - 300 - 10, 400, 300), hints)

    def test_bad_geometry_exits_64_naming_the_flag(self):
        for text in ("+10", "10x10+5", "300x200+", "300x200+1+2+3", "300x", "15x15", "300x200 "):
            with self.subTest(geometry=text):
                status, out, err, _ = run_program("-g", text, "--events", env=self.server.env())
                self.assertEqual(status, 64, err)
                lines = err.strip().splitlines()
                self.assertEqual(len(lines), 1, err)
                self.assertIn("--geometry", lines[0])
                self.assertIn(f"(got {text})", lines[0])
                self.assertNotIn('"ready"', out)


class TestResources(UITest):
    """Each test loads its resources with xrdb on this class's server."""

    def setUp(self):
        self.xrdb(None)
        self.addCleanup(self.xrdb, None)

    def xrdb(self, text):
        """Loads `text` as the display's resources with xrdb (without the
        C preprocessor), or removes them all with None."""
        if text is None:
            self.server.run("xrdb", "-remove")
            return
        with tempfile.NamedTemporaryFile("w", suffix=".Xresources") as f:
            f.write(text)
            f.flush()
            self.server.run("xrdb", "-nocpp", "-load", f.name)

    def handle_colour(self, *flags):
        """Launches, and once the panel rests and the middle of the handle
        stays one colour, returns that colour; the run is then stopped."""
        app = self.launch_at_rest(*flags)
        x, y = app.width // 2, app.drawer_top + HANDLE_MIDDLE
        colour = app.poll_stable(lambda img: img.pixel(x, y), what="the handle's middle")
        app.stop()
        return colour

    @staticmethod
    def is_colour(colour, name):
        wanted = {"red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255)}[name]
        return all(abs(a - b) <= 40 for a, b in zip(colour, wanted))

    def assertColour(self, colour, name):
        self.assertTrue(self.is_colour(colour, name), f"the handle is {colour}, not {name}")

    def assertNotColour(self, colour, name):
        self.assertFalse(self.is_colour(colour, name), f"the handle is {colour}: {name}")

    def test_xrdb_colours_the_handle_and_a_flag_wins(self):
        default = self.handle_colour()
        self.assertNotColour(default, "red")
        self.xrdb("drawer-x11.handleColor: #ff0000\n")
        self.assertColour(self.handle_colour(), "red")
        # The command line over the resource.
        self.assertColour(self.handle_colour("--handle-color", "#0000ff"), "blue")

    def test_resources_are_looked_up_under_name_and_class(self):
        self.xrdb("drawer-x11.handleColor: #ff0000\nother.handleColor: #00ff00\n")
        self.assertColour(self.handle_colour(), "red")
        self.assertColour(self.handle_colour("--name", "other"), "green")
        # Class bindings, and a loose binding.
        self.xrdb("Drawer-x11.HandleColor: #0000ff\n")
        self.assertColour(self.handle_colour(), "blue")
        self.xrdb("Places.HandleColor: #ff0000\n")
        self.assertColour(self.handle_colour("-c", "Places"), "red")
        self.xrdb("*handleColor: #00ff00\n")
        self.assertColour(self.handle_colour(), "green")
        # Xrm's precedence: the class at the first level beats skipping it.
        self.xrdb("*handleColor: #00ff00\nDrawer-x11.HandleColor: #0000ff\n")
        self.assertColour(self.handle_colour(), "blue")

    def test_an_edge_resource_puts_the_panel_on_the_left(self):
        self.xrdb("drawer-x11*edge: left\n")
        app = self.launch()
        self.assertNotIn("drawerTop", app.events[0], "ready reports a bottom panel's top")
        # The sheet fills the window's left side from the top down, and
        # nothing of it shows right of its extent.
        extent = app.extent
        img = app.poll(lambda i: i if drawer_top(i, extent // 2) == 0 and drawer_top(i, extent + 150) is None else None,
                       what=f"a left panel {extent} px wide")
        self.assertEqual(drawer_top(img, app.width - 5), None)

    def test_a_geometry_resource_places_the_window(self):
        self.xrdb("drawer-x11.geometry: 300x200-0-0\n")
        app = self.launch()
        sw, sh = geometry(self.server, "-root")[2:]
        self.assertEqual(geometry(self.server, app.window), (sw - 300, sh - 200, 300, 200))

    def test_a_shadow_resource_holds_several_shadows(self):
        # Two hard shadows above the sheet, drawn first to last: red 20 px
        # up, then blue 10 px up over its lower half.
        self.xrdb("drawer-x11.shadow: #ff0000,1,0,0,-20 ; #0000ff,1,0,0,-10\n")
        app = self.launch_at_rest()
        x, top = app.width // 2, app.drawer_top
        img = app.poll(lambda i: i if self.is_colour(i.pixel(x, top - 15), "red") else None, what="the red shadow")
        self.assertColour(img.pixel(x, top - 5), "blue")

    def check_refused(self, names, *flags):
        """The run exits 64 before any window, printing one line on stderr
        that contains every one of `names`; returns that line."""
        status, out, err, _ = run_program(*flags, "--events", env=self.server.env())
        self.assertEqual(status, 64, err)
        lines = err.strip().splitlines()
        self.assertEqual(len(lines), 1, err)
        for name in names:
            self.assertIn(name, lines[0])
        self.assertNotIn('"ready"', out)
        return lines[0]

    def test_a_bad_resource_exits_64_naming_it(self):
        self.xrdb("drawer-x11.edge: diagonal\n")
        line = self.check_refused(["X resource drawer-x11.edge"])
        self.assertEqual(line, "drawer-x11: X resource drawer-x11.edge must be bottom, top, left or right (got diagonal)")
        # A flag given spares the resource; so does another --name.
        self.launch("--edge", "left").stop()
        self.launch("--name", "other").stop()

        self.xrdb("Drawer-x11.NoHandle: maybe\n")
        line = self.check_refused(["X resource drawer-x11.noHandle", "maybe"])
        self.assertNotIn("--no-handle", line)
        self.xrdb("drawer-x11*geometry: 300x\n")
        self.check_refused(["X resource drawer-x11.geometry", "300x"])
        # fontconfig's own check comes after the resources are in.
        self.xrdb("drawer-x11.font: Sans:weight=bogus\n")
        self.check_refused(["X resource drawer-x11.font", "Sans:weight=bogus"])

    def test_resources_that_contradict_each_other_are_both_named(self):
        self.xrdb("drawer-x11.detents: a=10,b=50%\ndrawer-x11.partialHeight: 30\n")
        self.check_refused(["X resource drawer-x11.detents", "X resource drawer-x11.partialHeight"])

    def test_a_flag_sets_aside_the_resource_it_cannot_be_combined_with(self):
        self.xrdb("drawer-x11.detents: a=10,b=50%\n")
        app = self.launch("--partial-height", "250")
        app.settle(since=0)
        self.assertEqual(app.drawer_top, app.height - 250, "DrawerKit's partial state, not the resource's detents")

    def test_a_recorded_run_with_resources_replays_to_the_same_events(self):
        self.xrdb("drawer-x11.partialHeight: 200\ndrawer-x11*noDismissInStages: on\nDrawer-x11.Duration: 0.15\n")
        app = self.launch("--record", "trace.jsonl", "--report-moves")
        app.settle(since=0)
        self.assertEqual(app.drawer_top, app.height - 200, "the resource's partial height")
        app.mark()
        app.key("Home")
        self.assertEqual(app.settle()["to"], "fullyExpanded")
        app.mark()
        app.key("Escape")  # without stages: from full straight down
        self.assertEqual(app.settle()["to"], "dismissed")
        app.key("q")
        self.assertEqual(app.wait_exit(), 0)
        shown = [{k: v for k, v in e.items() if k != "_t"} for e in app.events
                 if e["event"] not in {"ready", "resized", "exit", "frameStats", "rows"}]
        # The replay runs without the display, so without its resources.
        self.xrdb(None)
        env = dict(os.environ)
        env.pop("DISPLAY", None)
        replay = os.path.join(os.path.dirname(app.proc.args[0]), "drawer-replay")
        done = subprocess.run([replay, os.path.join(app.cwd.name, "trace.jsonl")], capture_output=True, env=env,
                              timeout=EVENT_TIMEOUT * 4)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        replayed = [json.loads(l) for l in done.stdout.decode().splitlines()]
        self.assertGreater(len(shown), 5)
        self.assertEqual(replayed, shown)
