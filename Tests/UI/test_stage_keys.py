"""Alt+Up and Alt+Down move the panel a stage where the plain arrows move
the list's selection: a panel at full comes back to partial by key."""

from harness import UITest
from test_pick import Pick


class TestStageKeys(UITest):
    def test_alt_down_leaves_full_and_alt_up_comes_back(self):
        app = self.launch_at_rest("--initial", "fullyExpanded")
        self.assertEqual(app.state, "fullyExpanded")
        app.key("Down")
        app.wait_for("selected", panel="list")
        app.mark()
        app.key("alt+Down")
        app.wait_for("didTransition", to="partiallyExpanded")
        self.assertEqual([e for e in app.since() if e["event"] == "selected"], [], "the selection stays")
        app.mark()
        app.key("alt+Up")
        app.wait_for("didTransition", to="fullyExpanded")

    def test_a_pick_moves_by_alt_arrows_only(self):
        p = Pick(self, "printf 'one\\ntwo\\n'", "--initial", "partiallyExpanded")
        self.assertEqual(p.ready()["state"], "partiallyExpanded")
        p.keys("Up", "alt+Up")
        p.wait_for("didTransition", lambda e: e["to"] == "fullyExpanded")
        self.assertEqual([e for e in p.events() if e["event"] == "willTransition"][-1]["from"], "partiallyExpanded")
        p.keys("Escape")
        self.assertEqual(p.finish()[0], 1)
