"""The X11 widget from outside: a package of its own, made here in a temporary
directory from docs/Library.md's "Show a panel in your own X window" and
"Configure the panel, start it hidden, end with its dismissal" (their
Package.swift and main.swift files, verbatim), depending on this checkout by
path and copying nothing from it, puts a drawer over its own drawn content in
its own window, driven by its own loop.

The package builds with the scratch path .build/outside-package of this
checkout, kept between runs, from a directory at the same place each run:
after the first, a build compiles only what changed (a second run builds in
about a second; the first, about a minute once the project has been built).
"""

import hashlib
import os
import re
import subprocess
import tempfile
import unittest

from harness import App, XServer, drawer_top, ink_bands, is_drawer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The guide's programs, in the order of its ~~~swift blocks (its other
# blocks are the engine's, which LibraryExampleTests compiles).
TARGETS = ("Demo", "ListDemo", "Sheet")
BUILD_TIMEOUT = 1200  # a first build compiles the whole project on 2 loaded cores


def guide_blocks():
    """The guide's ~~~swift blocks, in order: Package.swift, then each of
    TARGETS' main.swift."""
    with open(os.path.join(ROOT, "docs", "Library.md"), encoding="utf-8") as f:
        text = f.read()
    blocks = re.findall(r"^~~~swift\n(.*?)^~~~$", text, re.S | re.M)
    if len(blocks) != 1 + len(TARGETS):
        raise AssertionError(f"docs/Library.md has {len(blocks)} ~~~swift blocks, not Package.swift and {TARGETS}")
    return blocks


def write_if_changed(path, text):
    """Writes `text` to `path` unless it holds it already: an unchanged file
    keeps its time, and the build its objects."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


_built = None


def build_outside():
    """The package's executables' directory, built once for the run."""
    global _built
    if _built is None:
        _built = build_demo()
    return _built


def build_demo():
    """Makes the package beside a link named drawer-x11 to this checkout (as
    the guide has it), builds it, and returns the executable's path.

    The temporary directory is named after the checkout, and made again at
    the same place each run: SwiftPM plans a build by the package's path, and
    a new path each run would compile the whole project again."""
    package_swift, *mains = guide_blocks()
    tag = hashlib.sha256(ROOT.encode()).hexdigest()[:12]
    top = os.path.join(tempfile.gettempdir(), f"drawer-x11-outside-{os.getuid()}-{tag}")
    demo = os.path.join(top, "Demo")
    for target in TARGETS:
        os.makedirs(os.path.join(demo, "Sources", target), exist_ok=True)
    link = os.path.join(top, "drawer-x11")
    if not os.path.islink(link) or os.readlink(link) != ROOT:
        if os.path.lexists(link):
            os.unlink(link)
        os.symlink(ROOT, link)
    write_if_changed(os.path.join(demo, "Package.swift"), package_swift)
    for target, main_swift in zip(TARGETS, mains):
        write_if_changed(os.path.join(demo, "Sources", target, "main.swift"), main_swift)
    scratch = os.path.join(ROOT, ".build", "outside-package")
    # The plan is made anew each time (a fraction of a second): a cached one
    # would still name the checkout's files as they were at the last run.
    argv = ["swift", "build", "--package-path", demo, "--scratch-path", scratch, "--disable-build-manifest-caching"]
    r = subprocess.run(argv, capture_output=True, timeout=BUILD_TIMEOUT)
    if r.returncode != 0:
        raise AssertionError("the outside package did not build:\n" + (r.stdout + r.stderr).decode(errors="replace")[-4000:])
    path = subprocess.run(argv + ["--show-bin-path"], capture_output=True, timeout=120, check=True)
    return path.stdout.decode().strip()


def reddish(c):
    return c[0] > c[1] + 40 and c[0] > c[2] + 40


def greenish(c):
    return c[1] > c[0] + 40 and c[1] > c[2] + 30


class OutsideProgram(unittest.TestCase):
    """One program of the outside package (`program`), built once, on an
    X server of the class's own."""

    program = None

    @classmethod
    def setUpClass(cls):
        cls.binary = os.path.join(build_outside(), cls.program)
        cls.server = XServer()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()


class TestOutsidePackage(OutsideProgram):
    program = "Demo"

    def setUp(self):
        self.app = App(self.server, argv=[self.binary]).wait_ready()
        self.addCleanup(self.app.stop)

    def top(self):
        """The panel's top edge in the window (it comes up from the bottom)."""
        return self.app.height - self.app.extent

    def test_the_panel_lies_over_the_apps_own_content_with_its_own_window_inside(self):
        app = self.app
        img = app.screenshot()
        top = self.top()
        self.assertGreater(top, 170, "the panel starts below the drawn rectangle")
        # The app's drawing shows behind the panel, under the dim: darker
        # than its own red, and still red.
        behind = img.pixel(140, 100)
        self.assertTrue(reddish(behind), behind)
        self.assertLess(behind[0], 250, f"the dim darkens the app's red: {behind}")
        # The panel's surface in the project's look, its header above the body.
        self.assertTrue(is_drawer(img.pixel(app.width // 2 + 120, int(top) + 12)), img.pixel(app.width // 2 + 120, int(top) + 12))
        # The app's own child window fills the body below the header.
        body = img.pixel(app.width // 2, int((top + app.height) / 2) + 20)
        self.assertTrue(greenish(body), body)

    def test_a_drag_moves_the_panel_and_its_flexible_window_follows(self):
        app = self.app
        top = self.top()
        mark = app.mark()
        # The header: the drag's grip, above the child window.
        x = app.width // 2 + 120
        app.drag([(x, top + 10), (x, top - 20), (x, top - 60), (x, 30)], step_delay=0.03, hold=0.3)
        moved = app.wait_for("didTransition", since=mark)
        self.assertNotEqual(moved["to"], app.state)
        self.assertGreater(moved["extent"], app.extent)
        new_top = app.height - moved["extent"]
        # Flexible: at rest the child window takes the larger body, to its bottom.
        img = app.poll(lambda i: i if greenish(i.pixel(app.width // 2, app.height - 12)) else None,
                       what="the child window at the body's bottom")
        self.assertTrue(greenish(img.pixel(app.width // 2, int(new_top) + 80)), img.pixel(app.width // 2, int(new_top) + 80))


    def test_the_panel_follows_the_apps_window_when_it_is_resized(self):
        app = self.app
        self.server.run("xdotool", "windowsize", str(app.window), "800", "600")
        # The panel's surface reaches the new width and the new bottom, with
        # the app's own window in its body.
        def followed(img):
            if img.width != 800 or img.height != 600:
                return None
            top = drawer_top(img, 760)
            if top is None or not greenish(img.pixel(760, 590)):
                return None
            return top
        top = app.poll(followed, what="the panel across the resized window")
        self.assertGreater(top, 200)


class TestOutsideList(OutsideProgram):
    """ListDemo: the built-in list in a top-level window, run by the widget's
    own loop."""

    program = "ListDemo"

    def test_the_list_shows_in_its_own_window_and_q_ends_the_run(self):
        app = App(self.server, argv=[self.binary])
        self.addCleanup(app.stop)
        # No events to read: the window is found by its title (bounded by
        # the tool's own timeout).
        found = self.server.run("xdotool", "search", "--sync", "--name", "^Fruit$", timeout=10).split()
        self.assertEqual(len(found), 1, found)
        app.window = int(found[0])
        info = self.server.run("xwininfo", "-id", str(app.window)).decode()
        vals = dict(line.strip().split(":", 1) for line in info.splitlines() if ":" in line)
        app.width, app.height = int(vals["Width"]), int(vals["Height"])
        self.assertEqual((app.width, app.height), (480, 600))
        app.origin = app.window_origin()
        # Drawn: the panel's surface, and its rows' dark text on it.
        def drawn(img):
            top = drawer_top(img, app.width // 2 + 100)
            if top is None:
                return None
            lines = [band for band in ink_bands(img, 0, app.width // 2) if band[0] > top]
            return (top, lines) if len(lines) >= 3 else None
        top, lines = app.poll(drawn, what="the panel with its title and rows")
        self.assertLess(top, app.height - 100)
        self.server.run("xdotool", "windowfocus", str(app.window), check=False)
        app.key("q")
        self.assertEqual(app.wait_exit(timeout=5, read=False), 0)


def greyish(c):
    return max(c) - min(c) < 24


class TestOutsideSheet(OutsideProgram):
    """Sheet: a configured panel that starts hidden, comes on a click on the
    app's own button, holds the app's rigid window under a title, casts its
    shadow, and ends the run when pulled away."""

    program = "Sheet"

    def setUp(self):
        app = self.app = App(self.server, argv=[self.binary])
        self.addCleanup(app.stop)
        # No ready line: the window is found by its name (bounded by the
        # tool's own timeout).
        found = self.server.run("xdotool", "search", "--sync", "--name", "^Sheet$", timeout=10).split()
        self.assertEqual(len(found), 1, found)
        app.window, app.width, app.height = int(found[0]), 640, 480
        # Hidden: the app's page and its button, and no panel.
        def page(img):
            return greyish(img.pixel(320, 400)) and img.pixel(100, 60)[2] > 150 and drawer_top(img, 420) is None
        app.poll(page, what="the app's page without a panel")
        app.origin = app.window_origin()
        # A press beside the button is the app's, not a click that presents
        # the hidden panel.
        app.click(400, 150)
        app.wait_for("appPress", x=400, y=150)
        self.assertIsNone(drawer_top(app.screenshot(), 420))

    def present(self):
        """Clicks the app's button and waits for the panel at half; its top."""
        app = self.app
        mark = app.mark()
        app.click(100, 60)
        ev = app.wait_for("didTransition", since=mark, to="half")
        self.assertEqual(ev["window"], app.window)
        return int(app.height - ev["extent"])

    def test_a_click_on_the_apps_button_presents_it_configured_titled_and_shadowed(self):
        app = self.app
        top = self.present()
        self.assertEqual(top, 240, "the configured detent: half of 480")
        img = app.poll(lambda i: i if drawer_top(i, 420) == top else None, what="the panel drawn at half")
        # The title, dark text on the header's left, above the app's window.
        bands = [b for b in ink_bands(img, 16, 200) if top < b[0] < top + 40]
        self.assertTrue(bands, "the header shows its title")
        # The shadow: the page just above the panel is darker than further up.
        near, far = img.pixel(420, top - 3), img.pixel(420, top - 60)
        self.assertTrue(greyish(far), far)
        self.assertLess(sum(near), sum(far) - 30, f"a shadow above the panel: {near} against {far}")
        # Rigid: the app's window is as wide as the panel, whatever its own
        # width, and as long as the body at full, past the window's bottom.
        for x in (4, 320, 635):
            self.assertTrue(greenish(img.pixel(x, app.height - 2)), (x, img.pixel(x, app.height - 2)))

    def test_pulling_it_away_ends_the_run_with_status_0(self):
        app = self.app
        top = self.present()
        x = 420
        # Down to the last detent, then past it.
        mark = app.mark()
        app.drag([(x, top + 10), (x, top + 80), (x, top + 160), (x, app.height - 2)], step_delay=0.05, hold=0.3)
        ev = app.wait_for("didTransition", since=mark)
        self.assertEqual(ev["to"], "peek")
        top = int(app.height - ev["extent"])
        # FloatingPanel's rule: released moving, its speed over the distance
        # left to hidden (5.5/s) removes it.
        mark = app.mark()
        app.drag([(x, top + 10), (x, top + 40), (x, top + 70), (x, app.height - 2)], step_delay=0.05)
        app.wait_for("dismissed", since=mark)
        self.assertEqual(app.wait_exit(timeout=5), 0)
        self.assertTrue(any(ev["event"] == "ended" and ev["status"] == 0 for ev in app.events), app.describe())

    def test_a_tap_outside_dismisses_it_and_ends_the_run(self):
        app = self.app
        self.present()
        mark = app.mark()
        app.click(320, 120)
        app.wait_for("dismissed", since=mark)
        self.assertEqual(app.wait_exit(timeout=5), 0)

if __name__ == "__main__":
    # `make test` builds the package beside the rest of the suite, before
    # these scenarios run: the build, and where its programs are.
    print(build_outside())
