"""--embed with an XEmbed client (embed_client.py, which does what st's -w
does): its window sits in the panel's body and moves with a drag without
being resized, typed keys reach it, its exit slides the panel out and ends
the program with its status, the program's end stops it, and a client
that fails to embed ends the program with 69 and one line."""

import os
import shlex
import shutil
import sys
import tempfile
import time

from harness import EVENT_TIMEOUT, ControlFifo, UITest, line, run_program
from test_desktop import geometry

CLIENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "embed_client.py")
STTERM = shutil.which("stterm")
XTERM = shutil.which("xterm")


class TestEmbed(UITest):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-embed-")
        self.addCleanup(self.dir.cleanup)
        self.log = os.path.join(self.dir.name, "client.log")

    def command(self, status=7):
        return " ".join(shlex.quote(a) for a in [sys.executable, CLIENT]) + f" %w {shlex.quote(self.log)} {status}"

    def client_log(self):
        try:
            with open(self.log) as f:
                return f.read().splitlines()
        except FileNotFoundError:
            return []

    def wait_log(self, entry, timeout=EVENT_TIMEOUT, count=1):
        """Polls the client's log until it holds `entry` `count` times;
        returns the log."""
        deadline = time.monotonic() + timeout
        while (lines := self.client_log()).count(entry) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"no {entry!r} from the client within {timeout} s: {lines}")
            time.sleep(0.02)  # polling the client's file, bounded by the deadline
        return lines

    def wait_client_window(self, app, name):
        """Polls the server until a client's window is in the socket."""
        deadline = time.monotonic() + EVENT_TIMEOUT
        while self.server.run("xwininfo", "-tree", "-id", str(app.window)).decode().count("child") < 2:
            self.assertLess(time.monotonic(), deadline, f"{name}'s window never came into the socket")
            time.sleep(0.02)  # polling the server, bounded by the deadline

    def socket(self, app):
        """The socket (the drawer window's one child): (x, y, width, height)."""
        out = self.server.run("xwininfo", "-children", "-id", str(app.window)).decode()
        child = [l.split()[0] for l in out.splitlines() if l.strip().startswith("0x")]
        self.assertEqual(len(child), 1, out)
        return geometry(self.server, int(child[0], 16))[:4]

    def test_the_client_sits_in_the_body_and_moves_with_a_drag_without_a_resize(self):
        app = self.launch_at_rest("--embed", self.command())
        log = self.wait_log("focus-in")
        self.assertEqual(log[:4], ["size 800 547", "embedded", "activate", "focus-in"], "sized, then told")
        x, y, w, h = self.socket(app)
        self.assertEqual((x, w, h), (app.origin[0], 800, 547))
        self.assertGreater(y - app.origin[1], app.drawer_top, "below the header")
        app.drag(line(400, app.drawer_top + 10, 400, 100, 12), 0.02, hold=0.2)
        top = app.settle()["drawerTop"]
        self.assertLess(top, app.drawer_top)
        x2, y2, w2, h2 = self.socket(app)
        self.assertEqual((w2, h2), (w, h), "moved, not resized")
        self.assertEqual(y2 - y, top - app.drawer_top, "moved as far as the panel")
        self.assertEqual([l for l in self.client_log() if l.startswith("size")], ["size 800 547"])

    def test_keys_reach_the_client_and_its_exit_slides_out_and_ends_with_its_status(self):
        app = self.launch_at_rest("--embed", self.command(status=7))
        self.wait_log("focus-in")
        self.server.xdotool("key", "a", "q", "Escape")
        self.assertEqual(self.wait_log("key Escape")[-3:], ["key a", "key q", "key Escape"])
        self.assertIsNone(app.proc.poll(), "q and Esc were the client's")
        app.mark()
        self.server.xdotool("key", "x")
        self.assertEqual(app.settle()["to"], "dismissed", app.describe(app.cursor))
        self.assertEqual(app.wait_exit(), 7, app.describe(app.cursor))

    def test_the_programs_end_stops_the_client(self):
        control = ControlFifo(self)
        app = self.launch_at_rest("--embed", self.command(), *control.flags())
        self.wait_log("focus-in")
        # Hidden, the client loses the focus and the keys; shown, it has them again.
        control.send("dismiss")
        self.wait_log("deactivate")
        self.server.xdotool("key", "a")
        control.send("present")
        self.assertEqual(self.wait_log("focus-in", count=2)[-4:], ["focus-out", "deactivate", "activate", "focus-in"])
        app.wait_for("didTransition", to="partiallyExpanded")
        self.server.xdotool("key", "b")
        self.assertNotIn("key a", self.wait_log("key b"), "not while hidden")
        control.send("quit")
        self.assertEqual(app.wait_exit(), 0)
        self.wait_log("terminated")

    def test_over_the_desktop_keys_and_clicks_reach_the_client(self):
        app = self.launch("--desktop", "--embed", self.command())
        app.settle(since=0)
        self.wait_log("focus-in")
        self.server.xdotool("key", "b")
        self.wait_log("key b")
        x, y, w, h = self.socket(app)
        self.server.xdotool("mousemove", x + 30, y + 40, "click", 1)
        self.wait_log("button 30 40")
        self.assertIsNone(app.proc.poll(), "a click on the client is no click outside")

    def test_stterm_takes_the_typed_keys_and_its_exit_ends_the_program(self):
        self.assertIsNotNone(STTERM, "stterm is not installed (make test installs it)")
        typed = os.path.join(self.dir.name, "typed")
        app = self.launch_at_rest("--embed", f"{STTERM} -w %w -e /bin/sh")
        # Keys wait in st's terminal until its shell reads them: st's
        # window in the socket is all there is to wait for.
        self.wait_client_window(app, "st")
        self.server.run("xdotool", "type", "--delay", "20", f"echo typed > {typed}; exit")
        app.mark()
        self.server.xdotool("key", "Return")
        self.assertEqual(app.settle()["to"], "dismissed", app.describe(app.cursor))
        # st ends with 0 when it reaps the shell first, and with 1 when its
        # read of the terminal fails first ("couldn't read from shell"):
        # either way the program ends with st's own status.
        self.assertIn(app.wait_exit(), (0, 1), app.describe(app.cursor))
        with open(typed) as f:
            self.assertEqual(f.read(), "typed\n")

    def test_xterm_into_the_socket_takes_the_typed_keys_and_its_exit_ends_the_program(self):
        self.assertIsNotNone(XTERM, "xterm is not installed (make test installs it)")
        typed = os.path.join(self.dir.name, "typed")
        # xterm ignores keys sent to it unless told to take them.
        app = self.launch_at_rest("--embed", f"{XTERM} -into %w -xrm '*allowSendEvents: true' -e /bin/sh")
        # xterm is created elsewhere and reparented into the socket.
        self.wait_client_window(app, "xterm")
        x, y, w, h = self.socket(app)
        self.assertGreater(y - app.origin[1], app.drawer_top, "in the panel's body, below the header")
        self.server.run("xdotool", "type", "--delay", "20", f"echo typed > {typed}; exit")
        app.mark()
        self.server.xdotool("key", "Return")
        self.assertEqual(app.settle()["to"], "dismissed", app.describe(app.cursor))
        self.assertEqual(app.wait_exit(), 0, app.describe(app.cursor))
        with open(typed) as f:
            self.assertEqual(f.read(), "typed\n")

    def test_a_command_that_ends_before_embedding_exits_69(self):
        status, out, err, _ = run_program("--embed", "exit 3; %w", env=self.server.env(), timeout=5)
        self.assertEqual(status, 69, err)
        self.assertEqual(
            err.strip().splitlines(),
            ["drawer-x11: --embed: the command ended with status 3 before it put a window in its place"])

    def test_a_client_that_never_embeds_exits_69_after_5_s(self):
        start = time.monotonic()
        status, out, err, _ = run_program("--embed", "exec sleep 30 %w", env=self.server.env(), timeout=8)
        self.assertEqual(status, 69, err)
        self.assertGreaterEqual(time.monotonic() - start, 5)
        self.assertEqual(
            err.strip().splitlines(), ["drawer-x11: --embed: the command put no window in its place within 5 s"])

    def test_a_command_without_percent_w_is_refused(self):
        status, _, err, _ = run_program("--embed", "stterm", env=self.server.env())
        self.assertEqual(status, 64)
        self.assertIn("--embed must be a shell command with %w", err)

    def test_embed_resize_sizes_the_client_at_each_detent_it_rests_at(self):
        control = ControlFifo(self)
        app = self.launch(
            "--edge", "top", "--detents", "half=50%,full=90%", "--initial", "half", "--embed-resize", "--embed",
            self.command(), *control.flags())
        first = self.wait_log("focus-in")
        sizes = [l for l in first if l.startswith("size")]
        app.mark()
        control.send("move full")
        app.settle()
        deadline = time.monotonic() + EVENT_TIMEOUT
        while True:
            log = self.client_log()
            if len([l for l in log if l.startswith("size")]) > len(sizes):
                break
            self.assertLess(time.monotonic(), deadline, f"no new size at full: {log}")
            time.sleep(0.02)  # polling the client's file, bounded by the deadline
        half, full = [int(l.split()[2]) for l in log if l.startswith("size")][-2:]
        self.assertGreater(full, half + 200, "sized at half, then at full")
        x, y, w, h = self.socket(app)
        self.assertEqual(h, full)
        self.assertGreaterEqual(y, app.origin[1], "its top row in view")
