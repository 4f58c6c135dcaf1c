"""dmenu, as it is: the program run through a link named dmenu (first on
PATH) takes dmenu 5.2's flags and keys, lies along the monitor's top or
bottom edge, and runs dmenu's own scripts (suckless-tools' dmenu_run,
pass's passmenu) unchanged."""

import json
import os
import subprocess
import tempfile
import time

import harness
import xclient
from harness import EVENT_TIMEOUT, Image, UITest, XServer, is_red, near, run_program
from test_desktop import geometry

SCREEN = (1280, 1024)
# The light theme's selection fill (Theme.light.selection), which shows once
# the rows have arrived and the first is selected.
SELECTION = (212, 227, 250)
PASSMENU = "/usr/share/doc/pass/examples/dmenu/passmenu"


def dmenu_window(server):
    """The dmenu bar's window id, None while there is none."""
    out = server.run("xwininfo", "-root", "-tree").decode()
    for line in out.splitlines():
        if '("dmenu" "dmenu")' in line:
            return int(line.split()[0], 16)
    return None


class Dmenu:
    """One `sh -c COMMAND` run with a temporary directory first on PATH
    that holds a link named dmenu to the program, and HOME there too."""

    def __init__(self, test, command, path_extra=(), env=None):
        self.server = test.server
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-dmenu-")
        self.bin = os.path.join(self.dir.name, "bin")
        os.mkdir(self.bin)
        os.symlink(harness.BINARY, os.path.join(self.bin, "dmenu"))
        self.env = self.server.env(PATH=":".join([self.bin, *path_extra, "/usr/bin", "/bin"]), HOME=self.dir.name,
                                   XDG_CACHE_HOME=os.path.join(self.dir.name, "cache"), **(env or {}))
        self.command = command
        self.proc = None
        self.window = None
        test.addCleanup(self.stop)

    def start(self):
        # A session of its own: dmenu_run leaves its pipeline running in
        # the background, which the cleanup ends with the group.
        # Standard error in a file: a pipe would stay open as long as the
        # background pipeline runs.
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(["sh", "-c", self.command], stdout=subprocess.PIPE, stderr=self.err,
                                     env=self.env, start_new_session=True)
        return self

    def stop(self):
        try:
            os.killpg(self.proc.pid, 9)
        except (ProcessLookupError, PermissionError, AttributeError):
            pass
        if self.proc and self.proc.poll() is None:
            self.proc.wait()
        if self.proc:
            self.proc.stdout.close()
            self.err.close()
        self.dir.cleanup()

    def screenshot(self):
        return Image(self.server.run("xwd", "-silent", "-id", str(self.window)))

    def shown(self, probe=lambda img: any(near(img.pixel(img.width - 8, y), SELECTION) for y in range(img.height))
              or any(near(img.pixel(x, img.height // 2), SELECTION) for x in range(0, img.width, 2)),
              timeout=EVENT_TIMEOUT):
        """Waits until the bar is there and `probe` holds for a screenshot
        of it (by default: a row is selected, so the rows have arrived);
        returns the last screenshot."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            try:
                self.window = self.window or dmenu_window(self.server)
                if self.window:
                    img = self.screenshot()
                    if probe(img):
                        return img
                    last = "probe false"
            except (RuntimeError, ValueError, IndexError) as e:  # not mapped yet
                last = e
            if time.monotonic() > deadline:
                raise AssertionError(f"no dmenu bar ({last!r}); stderr: {self.stderr()}")
            time.sleep(0.02)  # polling the server, bounded by the deadline

    def still(self, span=0.15, timeout=EVENT_TIMEOUT):
        """The bar's screenshot once it has not changed for `span` s: the
        slide has ended."""
        deadline = time.monotonic() + timeout
        last, since = None, time.monotonic()
        while True:
            img = self.screenshot()
            now = time.monotonic()
            if last is None or img.data != last.data:
                last, since = img, now
            elif now - since >= span:
                return img
            if now > deadline:
                raise AssertionError("the bar kept moving")

    def geometry(self):
        return geometry(self.server, self.window)[:5]

    def type(self, text):
        self.server.run("xdotool", "type", "--delay", "30", text)

    def keys(self, *names):
        for n in names:
            self.server.xdotool("key", n)

    def finish(self, timeout=EVENT_TIMEOUT):
        out, _ = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, out.decode(), self.stderr()

    def stderr(self):
        self.err.seek(0)
        return self.err.read().decode(errors="replace")


class TestDmenu(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer(f"{SCREEN[0]}x{SCREEN[1]}x24")

    def pick(self, flags, rows="alpha\\nbeta\\n"):
        return Dmenu(self, f"printf '{rows}' | dmenu {flags}").start()

    def test_return_prints_the_row_typed_with_i_in_another_case(self):
        d = self.pick("-i -p go")
        d.shown()
        d.type("BE")
        d.keys("Return")
        self.assertEqual(d.finish(), (0, "beta\n", ""))

    def test_return_with_no_matching_row_prints_the_typed_text(self):
        d = self.pick("-p go")
        d.shown()
        d.type("delta")
        d.keys("Return")
        self.assertEqual(d.finish(), (0, "delta\n", ""))

    def test_shift_return_prints_the_typed_text_though_a_row_matches(self):
        d = self.pick("")
        d.shown()
        d.type("al")
        d.keys("shift+Return")
        self.assertEqual(d.finish(), (0, "al\n", ""))

    def test_control_return_prints_and_goes_on_and_escape_exits_1(self):
        d = self.pick("")
        d.shown()
        d.type("be")
        d.keys("ctrl+Return")
        d.keys("BackSpace", "BackSpace")
        d.type("al")
        d.keys("ctrl+Return", "Escape")
        self.assertEqual(d.finish(), (1, "beta\nalpha\n", ""))

    def test_escape_prints_nothing_and_exits_1(self):
        d = self.pick("-p go")
        d.shown()
        d.keys("Escape")
        self.assertEqual(d.finish(), (1, "", ""))

    def test_a_one_line_bar_along_the_top_and_l_makes_it_a_list(self):
        d = self.pick("")
        d.shown()
        x, y, w, one, redirect = d.geometry()
        self.assertEqual((x, y, w, redirect), (0, 0, SCREEN[0], "yes"))
        self.assertLess(one, 100, "a header and one row")
        d.keys("Escape")
        self.assertEqual(d.finish()[0], 1)
        d = self.pick("-l 10")
        d.shown()
        x, y, w, ten, _ = d.geometry()
        self.assertEqual((x, y, w), (0, 0, SCREEN[0]))
        self.assertGreaterEqual(ten - one, 9 * 20, "nine rows more")
        self.assertEqual((ten - one) % 9, 0, "rows of one height")

    def test_without_l_one_line_as_deep_as_the_font_with_the_matches_side_by_side(self):
        """dmenu 5.2: the prompt, the input in a third of the width, then as
        many matches as fit, the selected one in -sb, and `>` at the right
        end when more follow; the bar is one line of text and 2 px."""
        rows = "\\n".join(["xterm", "koi8rxterm", "lxterm", "uxterm"] + [f"tool{i:02}" for i in range(60)])
        d = self.pick("-nb '#000000' -nf '#ffffff' -sb '#ff0000' -sf '#000000' -fn 'DejaVu Sans-10'", rows=rows + "\\n")
        img = d.shown(lambda img: any(is_red(img.pixel(x, img.height // 2)) for x in range(0, img.width, 2)))
        _, _, _, h, _ = d.geometry()
        self.assertLess(h, 24, "one line of a 10 pt font and 2 px")
        d.type("xte")

        def matches_side_by_side(img):
            mid = img.height // 2
            red = [x for x in range(img.width) if is_red(img.pixel(x, mid))]
            if not red or red[0] < img.width // 3:
                return False
            # White text of other matches to the right of the selected box.
            ink = [x for x in range(red[-1] + 1, img.width) if any(
                sum(img.pixel(x, y)[:3]) > 600 for y in range(img.height))]
            return len(ink) > 0 and ink[-1] - ink[0] > 100

        d.shown(matches_side_by_side)
        d.keys("Right", "Right", "Return")
        self.assertEqual(d.finish(), (0, "lxterm\n", ""))

    def test_more_matches_than_fit_show_a_more_mark_and_page_on(self):
        rows = "\\n".join(f"program-{i:03}" for i in range(200))
        d = self.pick("-nb '#000000' -nf '#ffffff' -sb '#ff0000' -sf '#000000'", rows=rows + "\\n")
        img = d.shown(lambda img: any(is_red(img.pixel(x, img.height // 2)) for x in range(0, img.width, 2)))
        right_end = [x for x in range(img.width - 20, img.width) if any(
            sum(img.pixel(x, y)[:3]) > 600 for y in range(img.height))]
        self.assertTrue(right_end, "a `>` at the right end")
        d.keys(*["Right"] * 30)
        d.keys("Return")
        self.assertEqual(d.finish(), (0, "program-030\n", ""))

    def test_two_words_in_any_order_pick_the_row_with_both(self):
        d = self.pick("-l 5", rows="web/gitlab.com\\nweb/github.com\\nmail/hub\\n")
        d.shown()
        d.type("hub web")
        d.keys("Return")
        self.assertEqual(d.finish(), (0, "web/github.com\n", ""))

    def test_it_appears_at_once_and_escape_ends_it_at_once(self):
        """No slide either way, as dmenu: the first frame the bar shows is
        the whole bar, and Esc ends the program with no frame after."""
        events = os.path.join(tempfile.mkdtemp(prefix="drawer-dmenu-events-"), "events.jsonl")
        self.addCleanup(lambda: os.path.exists(events) and os.unlink(events))
        d = Dmenu(self, f"printf 'alpha\\nbeta\\n' | '{harness.BINARY}' --pick --bar top --lines 0 --class dmenu --name dmenu --events {events}")
        d.start()
        d.shown()
        d.keys("Escape")
        status, out, _ = d.finish()
        self.assertEqual((status, out), (1, ""))
        with open(events) as f:
            names = [json.loads(line)["event"] for line in f]
        self.assertNotIn("moved", names, "no slide in or out")
        self.assertEqual(names[-1], "exit")
        self.assertNotIn("dismissed", names, "Esc ends it before any slide-out")

    def test_b_lies_along_the_bottom(self):
        d = self.pick("-b -l 3")
        d.shown()
        x, y, w, h, redirect = d.geometry()
        self.assertEqual((x, y + h, w, redirect), (0, SCREEN[1], SCREEN[0], "yes"))

    def test_the_colours_are_dmenus(self):
        d = self.pick("-nb '#000000' -nf '#ffffff' -sb '#ff0000' -sf '#000000' -l 3")
        d.shown(lambda img: any(is_red(img.pixel(img.width - 8, y)) for y in range(img.height)))
        img = d.still()
        self.assertTrue(any(is_red(img.pixel(img.width - 8, y)) for y in range(img.height)), "-sb fills the selection")
        # The list's fill below the rows, and the header's, are -nb's.
        self.assertEqual(img.pixel(img.width - 8, img.height - 2)[:3], (0, 0, 0))
        self.assertEqual(img.pixel(img.width // 2, 2)[:3], (0, 0, 0))

    def test_drawer_x11_dmenu_is_the_same(self):
        d = Dmenu(self, f"printf 'alpha\\nbeta\\n' | '{harness.BINARY}' dmenu -b").start()
        d.shown()
        _, y, _, h, _ = d.geometry()
        self.assertEqual(y + h, SCREEN[1])
        d.type("gam")
        d.keys("Return")
        self.assertEqual(d.finish(), (0, "gam\n", ""))

    def test_w_puts_the_bar_inside_that_window_along_its_edge(self):
        parent = self.launch("-g", "600x400+100+150")
        d = self.pick(f"-w {parent.window} -b -l 2")
        d.shown()
        x, y, w, h, _ = d.geometry()
        self.assertEqual((x, w, y + h), (100, 600, 150 + 400))
        children = self.server.run("xwininfo", "-children", "-id", str(parent.window)).decode()
        self.assertIn(hex(d.window), children)
        d.type("al")
        d.keys("Return")
        self.assertEqual(d.finish(), (0, "alpha\n", ""))
        d = self.pick("-w 0x7fffffff")
        self.assertEqual(
            d.finish(),
            (1, "", "drawer-x11: --parent 0x7fffffff cannot hold the window: there is no such window on this display\n"))

    def test_w_naming_a_window_that_cannot_hold_the_bar_exits_1_and_grabs_nothing(self):
        """dmenu exits 1 when it cannot use -w's window; so does the program,
        for an InputOnly window and a destroyed one, without leaving the
        keyboard grabbed or a window behind."""
        input_only = xclient.InputOnlyWindow(self.server.display)
        self.addCleanup(input_only.close)
        with xclient.Client(self.server.display) as keeper:
            gone = xclient.destroyed_window(keeper)
            for window, why in ((input_only.window, "it is an InputOnly window, which shows nothing"),
                                (gone, "there is no such window on this display")):
                d = self.pick(f"-w {window}")
                self.assertEqual(
                    d.finish(), (1, "", f"drawer-x11: --parent {hex(window)} cannot hold the window: {why}\n"))
                self.assertIsNone(dmenu_window(self.server))
                with xclient.Client(self.server.display) as other:
                    self.assertFalse(other.keyboard_grabbed_elsewhere(), "the keyboard is free again")
            # The drawer-x11 flag itself, while another client holds the
            # keyboard: the window is refused before any try for the grab,
            # which would add a line saying the keyboard is held.
            with xclient.Client(self.server.display) as holder:
                self.assertTrue(holder.hold_keyboard())
                status, out, err, _ = run_program("--parent", str(input_only.window), "--bar", "top", "--pick",
                                                  env=self.server.env(), timeout=EVENT_TIMEOUT)
            self.assertEqual(
                (status, out, err),
                (1, "", f"drawer-x11: --parent {hex(input_only.window)} cannot hold the window: "
                        "it is an InputOnly window, which shows nothing\n"))

    def test_an_unknown_flag_is_dmenus_usage_and_v_its_version(self):
        d = Dmenu(self, "dmenu -x </dev/null").start()
        status, out, err = d.finish()
        self.assertEqual((status, out), (1, ""))
        self.assertEqual(
            err, "usage: dmenu [-bfiv] [-l lines] [-p prompt] [-fn font] [-m monitor]\n"
            "             [-nb color] [-nf color] [-sb color] [-sf color] [-w windowid]\n")
        d = Dmenu(self, "dmenu -v").start()
        status, out, err = d.finish()
        self.assertEqual((status, err), (0, ""))
        self.assertRegex(out, r"^drawer-x11 \S+\n$")


class TestDmenuOnTwoMonitors(UITest):
    @classmethod
    def setUpClass(cls):
        cls.server = XServer(f"{SCREEN[0]}x{SCREEN[1]}x24")
        # Xvfb's one output cut in two side by side, as test_monitors does.
        cls.server.run("xrandr", "--setmonitor", "LEFT", "640/169x1024/271+0+0", "screen")
        cls.server.run("xrandr", "--setmonitor", "RIGHT", "640/169x1024/271+640+0", "none")

    def test_m_picks_the_monitor_of_that_number(self):
        d = Dmenu(self, "printf 'alpha\\n' | dmenu -m 1 -b").start()
        d.shown()
        x, y, w, h, _ = d.geometry()
        self.assertEqual((x, w, y + h), (640, 640, SCREEN[1]))
        d.keys("Escape")
        self.assertEqual(d.finish()[0], 1)
        d = Dmenu(self, "printf 'alpha\\n' | dmenu -m 0").start()
        d.shown()
        self.assertEqual(d.geometry()[:3], (0, 0, 640))


class TestDmenuScripts(UITest):
    """dmenu's own scripts, as Debian ships them, with the link first on PATH."""

    def test_dmenu_run_runs_the_program_picked(self):
        d = Dmenu(self, "dmenu_run")
        programs = os.path.join(d.dir.name, "programs")
        os.mkdir(programs)
        made = os.path.join(d.dir.name, "ran")
        script = os.path.join(programs, "hello-drawer")
        with open(script, "w") as f:
            f.write(f"#!/bin/sh\necho \"$0\" > '{made}'\n")
        os.chmod(script, 0o755)
        d.env["PATH"] = programs + ":" + d.env["PATH"]
        d.start()
        d.shown()
        d.type("hello-dr")
        d.keys("Return")
        deadline = time.monotonic() + EVENT_TIMEOUT
        while not os.path.exists(made):
            self.assertLess(time.monotonic(), deadline, f"hello-drawer did not run; stderr: {d.stderr()}")
            time.sleep(0.02)  # polling for the file, bounded by the deadline
        with open(made) as f:
            self.assertEqual(f.read().strip(), script)

    def test_passmenu_copies_the_password_picked(self):
        d = Dmenu(self, f"bash {PASSMENU} -p pass")
        store = os.path.join(d.dir.name, "store")
        os.makedirs(os.path.join(store, "mail"))
        for name in ("mail/work.gpg", "mail/home.gpg", "bank.gpg"):
            open(os.path.join(store, name), "w").close()
        # pass itself is stubbed: it says what it was asked.
        stubs = os.path.join(d.dir.name, "stubs")
        os.mkdir(stubs)
        asked = os.path.join(d.dir.name, "asked")
        with open(os.path.join(stubs, "pass"), "w") as f:
            f.write(f"#!/bin/sh\necho \"$@\" > '{asked}'\n")
        os.chmod(os.path.join(stubs, "pass"), 0o755)
        d.env["PATH"] = stubs + ":" + d.env["PATH"]
        d.env["PASSWORD_STORE_DIR"] = store
        d.start()
        d.shown()
        # Two words, in another order than the path's: dmenu's rule.
        d.type("work mail")
        d.keys("Return")
        self.assertEqual(d.finish()[0], 0)
        with open(asked) as f:
            self.assertEqual(f.read(), "show -c mail/work\n")
