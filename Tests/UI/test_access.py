"""AT-SPI2 on the real window (issue 28): under `dbus-run-session`, with
at-spi2-core's bus launcher and registry, pyatspi finds drawer-x11's tree
(application, frame, list, items named by the rows) within 5 s; Down moves
SELECTED and FOCUSED with their events; typing changes the entry's text
and the list's children; the default action on an item prints it and
exits 0; an open detail exposes its text; --no-accessibility, and a
desktop without an accessibility bus, leave the program off the bus.

The same checker (access_checker.py, run by Debian's python3 inside the
session) is held to a small GTK 4 list (gtk_list.py), where the checks
apply: the tree and Down. GTK 4.8 keeps filtered-out rows in its tree,
returns no text from a search entry, and gives list rows no action, so
only the typing's text-changed events are asked of it."""

import json
import os
import subprocess

import harness
from harness import UITest

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"  # Debian's: the one with gi and pyatspi
ROWS = ["alpha", "beta", "gamma", "delta", "epsilon", "bell"]
TITLE = "Places"


class AccessCase(UITest):
    def check(self, scenario, via, *command, rows=ROWS):
        """Runs the checker's `scenario` on `command` in a fresh D-Bus
        session; returns what it saw."""
        env = self.server.env(ROWS=json.dumps(rows), GDK_BACKEND="x11", GSK_RENDERER="cairo")
        for name in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"):
            env.pop(name, None)
        r = subprocess.run(
            ["dbus-run-session", "--", PYTHON, os.path.join(HERE, "access_checker.py"), scenario, via, "--",
             *command], env=env, capture_output=True, timeout=90)
        lines = r.stdout.decode(errors="replace").strip().splitlines()
        self.assertTrue(lines, f"the checker printed nothing; status {r.returncode}: {r.stderr.decode()[-3000:]}")
        result = json.loads(lines[-1])
        self.assertNotIn("error", result, json.dumps(result, indent=1))
        # libatspi's own complaints about the program (its warnings go to stderr).
        result["checker_stderr"] = r.stderr.decode(errors="replace")
        return result

    def assert_tree(self, result, application):
        self.assertEqual(result["application"], application)
        self.assertLess(result["seconds"], 5.0)
        self.assertEqual([f["name"] for f in result["frames"]], [TITLE])
        self.assertIn("active", result["frames"][0]["states"])
        self.assertIn(result["list_role"], ("list", "list box"))
        self.assertEqual(result["items"][:3], ROWS[:3])

    def assert_down_twice(self, result):
        self.assertEqual(result["before"], [ROWS[0]])
        after = result["after"]
        self.assertTrue({"selected", "focused"} <= set(after[ROWS[2]]), after)
        self.assertEqual([n for n, s in after.items() if "selected" in s], [ROWS[2]])
        self.assertEqual([n for n, s in after.items() if "focused" in s], [ROWS[2]])
        told = {(e["type"], e["source"], e["detail1"]) for e in result["events"]}
        for kind in ("selected", "focused"):
            self.assertIn((f"object:state-changed:{kind}", ROWS[2], 1), told)
            self.assertIn((f"object:state-changed:{kind}", ROWS[0], 0), told)


class TestAccess(AccessCase):
    def drawer(self, *flags):
        return [harness.BINARY, "--title", TITLE, *flags]

    def test_the_tree_appears_and_down_moves_the_selection(self):
        # The bus found through the root window's AT_SPI_BUS alone.
        result = self.check("tree", "root", *self.drawer("--pick"))
        self.assert_tree(result, "drawer-x11")
        self.assertEqual(result["toolkit"], "drawer-x11")
        roles = [(t["depth"], t["role"]) for t in result["tree"][:5]]
        self.assertEqual(
            roles, [(0, "application"), (1, "frame"), (2, "panel"), (3, "entry"), (3, "list box")])
        self.assertEqual(result["items"], ROWS)
        x, y, width, height = result["frame_extents"]
        self.assertTrue(width > 0 and height > 0 and x >= 0 and y >= 0, result["frame_extents"])
        self.assert_down_twice(result)
        descendants = [e["data"] for e in result["events"] if e["type"] == "object:active-descendant-changed"]
        self.assertEqual(descendants, [ROWS[1], ROWS[2]])
        # libatspi asks for /org/a11y/atspi/cache's GetItems, and logs
        # "Unknown object '/org/a11y/atspi/cache'" when nobody answers.
        self.assertNotIn("Unknown object", result["checker_stderr"])
        self.assertNotIn("Error in GetItems", result["checker_stderr"])

    def test_typing_changes_the_entry_and_the_rows(self):
        # The bus found through the launcher on the session bus.
        result = self.check("type", "session", *self.drawer("--pick"))
        self.assertEqual(result["missed"], [])
        self.assertEqual(result["entry_before"], "")
        self.assertEqual(result["entry_after"], "be")
        self.assertEqual(result["items_after"], ["beta", "bell"])
        kinds = {e["type"] for e in result["events"]}
        self.assertIn("object:text-changed:insert", kinds)
        self.assertIn("object:children-changed:remove", kinds)

    def test_the_default_action_prints_the_row_and_exits_0(self):
        result = self.check("action", "session", *self.drawer("--pick"))
        self.assertEqual(result["actions"], ["activate"])
        self.assertTrue(result["did"])
        self.assertEqual((result["status"], result["stdout"]), (0, "beta\n"))

    def test_an_open_detail_exposes_its_text(self):
        result = self.check("detail", "session", *self.drawer("--items", "-"))
        self.assertTrue(result["selected_child"])
        self.assertEqual(result["detail"], ROWS[0])

    def test_no_accessibility_stays_off_the_bus(self):
        for flags, env in ((["--no-accessibility"], []), ([], ["env", "NO_AT_BRIDGE=1"])):
            with self.subTest(flags=flags, env=env):
                result = self.check("absent", "session", *env, *self.drawer("--items", "-", "--events", *flags))
                self.assertTrue(result["ready"])
                self.assertEqual(result["sockets"], 1, "the X connection alone")
                self.assertFalse(result["connected"])
        # The same run with the bridge on is on the bus: the check can fail.
        result = self.check("absent", "session", *self.drawer("--items", "-", "--events"))
        self.assertGreater(result["sockets"], 1)
        self.assertTrue(result["connected"])

    def test_without_an_accessibility_bus_nothing_is_started(self):
        env = self.server.env()
        for name in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "XDG_RUNTIME_DIR"):
            env.pop(name, None)
        self.server.run("xprop", "-root", "-remove", "AT_SPI_BUS", check=False)
        app = harness.App(self.server, "--title", TITLE, env=env)
        self.addCleanup(app.stop)
        app.wait_ready()
        pid = app.proc.pid
        sockets = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
        self.assertEqual(sum(s.startswith("socket:") for s in sockets), 1, f"the X connection alone: {sockets}")
        with open(f"/proc/{pid}/maps") as f:
            self.assertNotIn("libsystemd", f.read(), "sd-bus is loaded only for a bus")
        self.assertEqual(app.stderr(), "", "a desktop without the bus is no failure")


class TestAccessGtk(AccessCase):
    """The checker against GTK 4's own bridge, to keep it honest."""

    def gtk(self):
        return [PYTHON, os.path.join(HERE, "gtk_list.py"), "--title", TITLE]

    def test_the_tree_appears_and_down_moves_the_selection(self):
        result = self.check("tree", "root", *self.gtk())
        self.assert_tree(result, "gtk-list")
        self.assertEqual(result["toolkit"], "GTK")
        self.assert_down_twice(result)

    def test_typing_is_told(self):
        result = self.check("type", "session", *self.gtk())
        self.assertIn("object:text-changed:insert", {e["type"] for e in result["events"]})
