"""Every way a pick can end ends it at once: Esc, a slide-out,
`dismiss` or `quit` on the control channel, a closed window (a pick cannot
be dragged away: test_compact_pick). Nothing else
has to happen (no pointer motion, no other X event) for the program to
notice: the loop looks whether it should end before it sleeps."""

from harness import EVENT_TIMEOUT, ControlFifo, UITest, send_wm_delete
from test_pick import Pick


class TestPickEndings(UITest):
    def rows(self):
        return "printf 'one\\ntwo\\nthree\\n'"

    def control_pick(self):
        control = ControlFifo(self)
        p = Pick(self, self.rows(), *control.flags())
        p.ready()
        return p, control

    def test_a_slide_out_ends_the_pick_without_another_event(self):
        control = ControlFifo(self)
        p = Pick(self, self.rows(), "--slide-in", *control.flags())
        p.ready()
        p.wait_for("didTransition", lambda e: e["to"] == "fullyExpanded")
        # `dismiss` slides it out; its last frame's dismissal ends the run,
        # with the pointer still and no other event to wake the loop.
        control.send("dismiss")
        status, out, err = p.finish(timeout=EVENT_TIMEOUT)
        self.assertEqual((status, out), (1, ""), err)
        self.assertTrue(any(e["event"] == "dismissed" for e in p.events()))

    def test_dismiss_on_the_control_channel_ends_the_pick(self):
        p, control = self.control_pick()
        control.send("dismiss")
        status, out, err = p.finish(timeout=EVENT_TIMEOUT)
        self.assertEqual((status, out), (1, ""), err)

    def test_quit_on_the_control_channel_ends_the_pick(self):
        p, control = self.control_pick()
        control.send("quit")
        status, out, err = p.finish(timeout=EVENT_TIMEOUT)
        self.assertEqual((status, out), (1, ""), err)

    def test_closing_the_window_ends_the_pick(self):
        p = Pick(self, self.rows())
        p.ready()
        send_wm_delete(self.server.display, p.window)
        status, out, err = p.finish(timeout=EVENT_TIMEOUT)
        self.assertEqual((status, out), (1, ""), err)
