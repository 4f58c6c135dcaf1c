"""Other X clients cannot steer the program: a synthetic ConfigureNotify
does not resize it, a flood of resource changes does not stall it, and a
huge resource database does not slow its start."""

import signal

from harness import EVENT_TIMEOUT, UITest
from xclient import Client


class TestHostileClients(UITest):
    def test_a_synthetic_configure_notify_is_not_a_resize(self):
        app = self.launch_at_rest()
        with Client(self.server.display) as other:
            other.send_configure(app.window, 16384, 16384)
        # A real resize afterwards is reported, and is the only one.
        app.resize(700, 500)
        ev = app.wait_for("resized")
        self.assertEqual((ev["width"], ev["height"]), (700, 500))
        self.assertEqual([e for e in app.since() if e["event"] == "resized"], [ev])

    def flood(self, app):
        """A megabyte of resources, then 50,000 notes that they changed:
        read each time, that is 50 GB to parse."""
        data = "".join(f"program{i}.label: a label of some forty bytes\n" for i in range(22_000)).encode()
        with Client(self.server.display) as other:
            other.set_root_property("RESOURCE_MANAGER", data + b"Xft.dpi: 96\n")
            other.touch_root_property("RESOURCE_MANAGER", 50_000)
        def remove():
            with Client(self.server.display) as other:
                other.delete_root_property("RESOURCE_MANAGER")
        self.addCleanup(remove)
        return data

    def test_a_flood_of_resource_changes_leaves_sigterm_answered(self):
        app = self.launch_at_rest()
        self.flood(app)
        app.proc.send_signal(signal.SIGTERM)
        self.assertEqual(app.wait_exit(timeout=EVENT_TIMEOUT), 128 + signal.SIGTERM)

    def test_after_a_flood_the_last_change_still_counts(self):
        app = self.launch_at_rest()
        data = self.flood(app)
        app.mark()
        with Client(self.server.display) as other:
            other.set_root_property("RESOURCE_MANAGER", data + b"Xft.dpi: 192\n")
        self.assertEqual(app.wait_for("scaleChanged")["scale"], 2)

    def test_a_huge_resource_database_does_not_stall_the_start(self):
        # 24 MB of resources, Xft.dpi among them at the end, past the 1 MiB
        # the program reads itself. Xlib would parse all of it on Xft's
        # first look-up, in a time that grows faster than the text: about
        # 20 s for this shape here, against 5 s allowed for `ready`.
        lines = [f"program{i}.label: a label of some forty bytes\n" for i in range(500_000)]
        data = ("".join(lines) + "Xft.dpi: 96\n").encode()
        self.assertGreater(len(data), 20_000_000)
        with Client(self.server.display) as other:
            other.set_root_property("RESOURCE_MANAGER", data)
        def remove():
            with Client(self.server.display) as other:
                other.delete_root_property("RESOURCE_MANAGER")
        self.addCleanup(remove)
        app = self.launch(ready=False)
        app.wait_ready(timeout=EVENT_TIMEOUT)
