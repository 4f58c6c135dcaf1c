"""Every way a pick can end ends it at once: a drag or a flick to dismiss,
`dismiss` or `quit` on the control channel, a closed window. Nothing else
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

    def test_a_drag_to_dismiss_ends_the_pick_without_another_event(self):
        p = Pick(self, self.rows())
        ev = p.ready()
        top = ev["drawerTop"]
        # From the header to the bottom edge, slowly enough to be a drag,
        # then nothing: the pointer stays where it was let go.
        args = ["mousemove", 400, top + 20, "mousedown", 1]
        for i in range(1, 13):
            args += ["sleep", 0.02, "mousemove", 400, top + 20 + (ev["height"] - top - 10) * i // 12]
        args += ["mouseup", 1]
        self.server.xdotool(*args)
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
