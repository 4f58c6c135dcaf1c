"""--embed's whole process group ends with the program, however the program
ends: the command's shell runs the client (embed_client.py) with a
background child beside it, in a group of its own, and after every exit
(quit, a dismissal, the client's own exit, status 69, a signal, the X
server gone) no process of that group remains. A group that ignores
SIGTERM gets SIGKILL after the 2 s grace period, and the program's status
stays the documented one."""

import os
import shlex
import signal
import sys
import tempfile
import time

from harness import EVENT_TIMEOUT, App, ControlFifo, UITest, XServer, run_program

CLIENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "embed_client.py")
GRACE = 2.0  # GroupEnding.gracePeriod
GONE_WITHIN = 3.0  # after the program's exit


class TestEmbedGroup(UITest):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-embed-group-")
        self.addCleanup(self.dir.cleanup)
        self.log = os.path.join(self.dir.name, "client.log")
        self.pidfile = os.path.join(self.dir.name, "child.pid")

    def command(self, ignore_term=False, status=7):
        """The client, with a `sleep` in the background, after the shell
        wrote its own pid (the group's id: the program starts the shell in
        a group of its own); with `ignore_term` both ignore SIGTERM."""
        client = " ".join(shlex.quote(a) for a in [sys.executable, CLIENT])
        trap = "trap '' TERM; " if ignore_term else ""
        extra = " ignore-term" if ignore_term else ""
        return (f"{trap}sleep 1000 & echo $$ > {shlex.quote(self.pidfile)}; "
                f"exec {client} %w {shlex.quote(self.log)} {status}{extra}")

    def group(self):
        """The client's process group, as the shell wrote it (polled until
        it did); killed at cleanup whatever happens."""
        deadline = time.monotonic() + EVENT_TIMEOUT
        while True:
            try:
                with open(self.pidfile) as f:
                    text = f.read()
                if text.endswith("\n"):
                    break
            except FileNotFoundError:
                pass
            self.assertLess(time.monotonic(), deadline, "the command never wrote its child's pid")
            time.sleep(0.02)  # polling the shell's file, bounded by the deadline
        pgid = int(text)
        self.addCleanup(self.kill_group, pgid)
        return pgid

    @staticmethod
    def kill_group(pgid):
        try:
            os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def assert_group_gone(self, pgid, within=GONE_WITHIN):
        deadline = time.monotonic() + within
        while True:
            try:
                os.killpg(pgid, 0)
            except ProcessLookupError:
                return
            self.assertLess(time.monotonic(), deadline, f"process group {pgid} outlived the program by {within} s")
            time.sleep(0.02)  # polling the group, bounded by the deadline

    def wait_embedded(self):
        deadline = time.monotonic() + EVENT_TIMEOUT
        while True:
            try:
                with open(self.log) as f:
                    if "focus-in" in f.read().splitlines():
                        return
            except FileNotFoundError:
                pass
            self.assertLess(time.monotonic(), deadline, "the client never embedded")
            time.sleep(0.02)  # polling the client's log, bounded by the deadline

    def embedded_app(self, *flags, ignore_term=False, server=None):
        if server is None:
            app = self.launch_at_rest("--embed", self.command(ignore_term), *flags)
        else:
            app = App(server, "--embed", self.command(ignore_term), *flags)
            self.addCleanup(app.stop)
            app.wait_ready()
        pgid = self.group()
        self.wait_embedded()
        return app, pgid

    # Every way out, with a group that ends on SIGTERM.

    def test_quit(self):
        control = ControlFifo(self)
        app, pgid = self.embedded_app(*control.flags())
        control.send("quit")
        self.assertEqual(app.wait_exit(), 0)
        self.assert_group_gone(pgid)

    def test_a_dismissal(self):
        control = ControlFifo(self)
        app, pgid = self.embedded_app("--slide-in", *control.flags())
        control.send("dismiss")
        self.assertEqual(app.wait_exit(), 0)
        self.assert_group_gone(pgid)

    def test_the_clients_own_exit(self):
        app, pgid = self.embedded_app()
        self.server.xdotool("key", "x")
        self.assertEqual(app.wait_exit(), 7)
        self.assert_group_gone(pgid)

    def test_a_command_that_ends_before_embedding(self):
        command = f"sleep 1000 & echo $$ > {shlex.quote(self.pidfile)}; exit 3; %w"
        status, _, err, _ = run_program("--embed", command, env=self.server.env(), timeout=5)
        self.assertEqual(status, 69, err)
        self.assert_group_gone(self.group())

    def test_signals(self):
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            with self.subTest(signal=sig.name):
                for path in (self.log, self.pidfile):
                    if os.path.exists(path):
                        os.unlink(path)
                app, pgid = self.embedded_app()
                app.proc.send_signal(sig)
                self.assertEqual(app.wait_exit(), 128 + sig)
                self.assert_group_gone(pgid)

    def test_the_x_server_gone(self):
        server = XServer()
        self.addCleanup(server.stop)
        app, pgid = self.embedded_app(server=server)
        server.kill()
        self.assertEqual(app.wait_exit(3), 74)
        self.assert_group_gone(pgid)

    def test_orphans_that_end_while_the_program_runs_are_reaped(self):
        # The inner shell ends at once: its sleep is an orphan, handed to
        # the program (the group's subreaper), and ends 0.2 s later.
        orphan_file = os.path.join(self.dir.name, "orphan.pid")
        client = " ".join(shlex.quote(a) for a in [sys.executable, CLIENT])
        command = (f"sh -c 'sleep 0.2 & echo $! > {shlex.quote(orphan_file)}'; "
                   f"echo $$ > {shlex.quote(self.pidfile)}; exec {client} %w {shlex.quote(self.log)} 7")
        app = self.launch_at_rest("--embed", command)
        self.group()
        self.wait_embedded()
        with open(orphan_file) as f:
            orphan = int(f.read())
        deadline = time.monotonic() + GONE_WITHIN
        while os.path.exists(f"/proc/{orphan}"):
            self.assertLess(time.monotonic(), deadline, f"the orphan {orphan} stayed a zombie")
            # Any X event makes a pass of the loop, which reaps.
            self.server.xdotool("mousemove", 10 + int(time.monotonic() * 100) % 50, 10)
        self.assertIsNone(app.proc.poll())

    # A group that ignores SIGTERM.

    def test_a_group_that_ignores_sigterm_is_killed_after_the_grace_period(self):
        control = ControlFifo(self)
        app, pgid = self.embedded_app(*control.flags(), ignore_term=True)
        start = time.monotonic()
        control.send("quit")
        self.assertEqual(app.wait_exit(GRACE + 3), 0)
        self.assertLess(time.monotonic() - start, GRACE + 1.5, "the grace period is bounded")
        self.assert_group_gone(pgid)

    def test_a_group_that_ignores_sigterm_is_killed_after_a_signal(self):
        app, pgid = self.embedded_app(ignore_term=True)
        app.proc.send_signal(signal.SIGTERM)
        self.assertEqual(app.wait_exit(GRACE + 3), 143)
        self.assert_group_gone(pgid)
