"""--control: every command works through a FIFO and is acknowledged, and each
bad one is rejected with an error event that names it, while the program
goes on."""

import signal
import threading

from harness import ControlFifo, UITest


class TestControl(UITest):
    def launch_controlled(self, *flags, items="one\ntwo\nthree\nfour\n"):
        self.control = ControlFifo(self, items)
        return self.launch_at_rest(*self.control.flags(), *flags)

    def send(self, *lines):
        self.control.send(*lines)

    def answer(self, app, command):
        """The ack or error event for `command`."""
        return app.wait_for(None, lambda e: e["event"] in ("ack", "error") and e.get("command") == command)

    def test_every_command_is_acknowledged_and_works(self):
        app = self.launch_controlled()
        self.send("move fullyExpanded")
        self.assertEqual(self.answer(app, "move fullyExpanded")["event"], "ack")
        app.wait_for("didTransition", to="fullyExpanded")
        self.send("disable partiallyExpanded")
        self.assertEqual(self.answer(app, "disable partiallyExpanded")["event"], "ack")
        self.send("move partiallyExpanded")
        err = self.answer(app, "move partiallyExpanded")
        self.assertEqual(err["event"], "error")
        self.assertIn("disabled", err["message"])
        self.send("enable partiallyExpanded", "move partiallyExpanded")
        self.assertEqual(self.answer(app, "enable partiallyExpanded")["event"], "ack")
        app.wait_for("didTransition", to="partiallyExpanded")
        self.send("select 2")
        self.assertEqual(app.wait_for("selected")["text"], "three")
        self.send("append a fifth row")
        self.assertEqual(self.answer(app, "append a fifth row")["event"], "ack")
        app.wait_for("rows", count=5)
        self.send("select 4")
        self.assertEqual(app.wait_for("selected", row=4)["text"], "a fifth row")
        self.send("dismiss")
        app.wait_for("dismissed")
        self.send("present")
        app.wait_for("presented")
        self.send("clear")
        app.wait_for("rows", count=0)
        self.send("quit")
        self.assertEqual(app.wait_exit(), 0)

    def test_bad_commands_are_rejected_and_the_program_goes_on(self):
        app = self.launch_controlled()
        bad = ["jump", "move", "move nowhere", "select 99", "select -1", "enable dismissed", "quit now"]
        self.send(*bad)
        for command in bad:
            ev = self.answer(app, command)
            self.assertEqual(ev["event"], "error", command)
            self.assertTrue(ev["message"], command)
        self.send("move fullyExpanded")
        self.assertEqual(self.answer(app, "move fullyExpanded")["event"], "ack")
        app.wait_for("didTransition", to="fullyExpanded")

    def test_detents_replace_the_layout_and_a_move_lands_on_the_new_extent(self):
        app = self.launch_controlled("--detents", "tip=100,half=50%,full=-0")
        self.assertEqual(app.state, "half")
        self.send("detents tip=80,half=200,full=-60")
        self.assertEqual(self.answer(app, "detents tip=80,half=200,full=-60")["event"], "ack")
        app.wait_drawer_at(app.height - 200)
        self.send("move full")
        ev = app.settle()
        self.assertEqual((ev["to"], ev["extent"]), ("full", app.height - 60), app.describe(app.cursor))
        app.wait_drawer_at(60)
        # A layout without the detent the panel rests at: the nearest one.
        app.mark()
        self.send("detents low=120,high=70%")
        self.assertEqual(self.answer(app, "detents low=120,high=70%")["event"], "ack")
        app.wait_drawer_at(app.height - int(app.height * 0.7))
        self.send("detents low=120,high=nowhere", "move low")
        err = self.answer(app, "detents low=120,high=nowhere")
        self.assertEqual(err["event"], "error")
        self.assertIn("NAME=ANCHOR", err["message"])
        ev = app.settle()
        self.assertEqual((ev["to"], ev["extent"]), ("low", 120), app.describe(app.cursor))

    def test_toggle_hides_and_shows_the_panel(self):
        app = self.launch_controlled()
        self.send("toggle")
        self.assertEqual(app.settle()["to"], "dismissed")
        app.mark()
        self.send("toggle")
        self.assertEqual(app.settle()["to"], "partiallyExpanded")
        self.assertIsNone(app.proc.poll(), "without --slide-in a dismissal ends nothing")

    def test_generated_rows_refuse_append_and_clear(self):
        self.control = ControlFifo(self)
        app = self.launch_at_rest(*self.control.flags())
        self.send("append x", "clear")
        self.assertIn("--items", self.answer(app, "append x")["message"])
        self.assertEqual(self.answer(app, "clear")["event"], "error")

    def test_commands_from_stdin(self):
        app = self.launch_at_rest("--control", "-")
        # The harness gives the program no stdin: its end is read and the
        # program goes on.
        self.assertIsNone(app.proc.poll())


class TestControlOverADetail(UITest):
    """With a detail panel open, control commands act on the panel on top,
    as Esc does."""

    def launch_with_detail(self):
        self.control = ControlFifo(self, "".join(f"row {i} " + "with words to wrap " * 30 + "\n" for i in range(20)))
        app = self.launch_at_rest(*self.control.flags())
        app.mark()
        app.click(app.width // 2, 420, n=2)
        app.wait_for("activated", panel="list")
        app.wait_for("didTransition", panel="detail", to="half")
        app.mark()
        return app

    def send(self, line):
        self.control.send(line)

    def test_dismiss_closes_the_detail_first(self):
        app = self.launch_with_detail()
        self.send("dismiss")
        app.wait_for("ack", command="dismiss")
        app.wait_for("dismissed", panel="detail")
        app.settle()
        self.assertEqual([e for e in app.since() if e["event"] == "dismissed" and e["panel"] == "list"], [])
        # The list is back on top: the next dismissal is its own.
        app.mark()
        self.send("dismiss")
        app.wait_for("dismissed", panel="list")

    def test_move_moves_the_detail_on_top(self):
        app = self.launch_with_detail()
        self.send("move full")
        app.wait_for("ack", command="move full")
        app.wait_for("didTransition", panel="detail", to="full")
        self.assertEqual([e for e in app.since() if e["event"] == "willTransition" and e["panel"] == "list"], [])
        self.send("move fullyExpanded")
        err = app.wait_for("error", command="move fullyExpanded")
        self.assertIn("no detent named fullyExpanded", err["message"])


class TestManyDetents(UITest):
    """80,000 detents replaced by 80,000 others: each command is answered
    in seconds (it took minutes when each detent was looked up by name),
    and SIGTERM ends the run at once, also while such commands wait."""

    @staticmethod
    def detents(prefix, n=80_000):
        # Hex names and short anchors keep the line under the 1 MiB limit.
        return "detents " + ",".join(f"{prefix}{i:x}={i // 100}" for i in range(n))

    def answer(self, app, command, timeout):
        ev = app.wait_for(None, lambda e: e["event"] in ("ack", "error") and e.get("command") == command,
                          timeout=timeout)
        self.assertEqual(ev["event"], "ack", ev.get("message"))

    def test_80000_detents_twice_are_answered_and_sigterm_ends_at_once(self):
        control = ControlFifo(self)
        app = self.launch_at_rest(*control.flags())
        first, second = self.detents("a"), self.detents("b")
        self.assertLess(len(second), 1 << 20)
        control.send(first, second)
        # Generous for a loaded machine and a debug build; quadratic, the
        # second took about a quarter of an hour.
        for command in (first, second):
            self.answer(app, command, timeout=30)
        # The panel rests at a detent of the second list, and says so.
        refitted = [e for e in app.since() if e["event"] == "refitted"]
        self.assertTrue(refitted and refitted[-1]["state"].startswith("b"), refitted[-1:])

        # Four more, written from a thread (the FIFO fills while the
        # program works), and SIGTERM once the first is answered: the run
        # ends before the rest would have.
        app.mark()
        batch = [first, second, first, second]

        def write():
            try:
                control.send(*batch)
            except BrokenPipeError:
                pass  # the program ended first, as it should

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        self.answer(app, first, timeout=30)
        app.proc.send_signal(signal.SIGTERM)
        self.assertEqual(app.wait_exit(15), 143)
        acks = [e for e in app.since() if e["event"] == "ack"]
        self.assertLess(len(acks), len(batch), "the signal stopped the commands")
        writer.join(5)
