"""The events tell the truth, in order: `ready` first, then the start-up
presentation's events, all with the extent drawn; a content detent that
refits while the panel rests there says so; a move's last `moved` comes
before its `didTransition`."""

from harness import ControlFifo, UITest


class TestEventOrder(UITest):
    def controlled(self, *flags, rows="one\ntwo\nthree\n"):
        self.control = ControlFifo(self, rows)
        return self.launch_at_rest(*self.control.flags(), *flags)

    def send(self, line):
        self.control.send(line)

    def test_start_up_events_follow_ready_and_report_the_drawn_extent(self):
        app = self.controlled("--detents", "fit=content,full=-24")
        names = [e["event"] for e in app.events]
        self.assertEqual(names[:4], ["ready", "willTransition", "didTransition", "presented"], names)
        ready, done = app.events[0], app.events[2]
        self.assertEqual((done["from"], done["to"]), ("dismissed", "fit"))
        self.assertEqual(done["extent"], ready["extent"], "the start-up move reports the extent ready reports")
        # What is drawn: the panel's top edge where both say it is.
        app.wait_drawer_at(ready["drawerTop"])

    def test_a_content_detent_that_refits_at_rest_is_reported(self):
        app = self.controlled("--detents", "fit=content,full=-24")
        before = app.extent
        app.mark()
        self.send("append a fourth row")
        ev = app.wait_for("refitted", state="fit")
        self.assertGreater(ev["extent"], before)
        app.wait_drawer_at(ev["drawerTop"])

    def test_the_last_moved_of_a_move_comes_before_its_did_transition(self):
        app = self.controlled("--report-moves")
        app.mark()
        self.send("move fullyExpanded")
        done = app.wait_for("didTransition", to="fullyExpanded")
        moves = [e for e in app.since() if e["event"] == "moved"]
        self.assertTrue(moves)
        self.assertEqual(moves[-1]["extent"], done["extent"], "the last moved is where the move ended")
        # Nothing of that move comes after its didTransition: the old order
        # sent the last moved in the same write, just after it.
        self.assertEqual(app.quiet(("moved",), 0.3, since=app.events.index(done) + 1), [])
