"""The header's title names a file only when there is one: /dev/null, a
shell's <(…) (/dev/fd/63, a pipe) and a FIFO get the neutral "Rows", so
their window looks as one reading an empty file called Rows does."""

import os
import tempfile

import harness
from harness import App, UITest


class TestSourceTitle(UITest):
    def at_rest(self, app):
        self.addCleanup(app.stop)
        app.wait_ready()
        app.wait_for("rows", lambda e: not e["loading"], since=0)
        app.settle(since=0)
        img = app.wait_still()
        app.stop()  # the next window opens where this one is
        return img

    def test_no_title_is_made_from_dev_null_a_pipe_or_a_fifo(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        named = os.path.join(folder.name, "Rows")
        open(named, "w").close()
        want = self.at_rest(App(self.server, "--items", named))
        fifo = os.path.join(folder.name, "feed")
        os.mkfifo(fifo)
        # The FIFO's writer: opens it, writes nothing, closes it.
        writer = harness._spawn(["sh", "-c", f": > {fifo}"])
        self.addCleanup(harness._stop, writer)
        for what, flags, argv in (
                ("/dev/null", ("--items", "/dev/null"), None),
                ("<(true)", (), ["bash", "-c", 'exec "$0" --items <(true) --events', harness.BINARY]),
                ("a FIFO", ("--items", fifo), None)):
            with self.subTest(source=what):
                got = self.at_rest(App(self.server, *flags, argv=argv))
                self.assertTrue(got.data == want.data, f"{what}: the window differs from an empty file called Rows's")
