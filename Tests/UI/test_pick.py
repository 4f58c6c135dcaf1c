"""--pick through real pipes: the window opens before the input ends, Return
prints the selected row and exits 0, Esc and a closed window exit 1 with
nothing printed, typing filters, --multi and --print-index."""

import json
import os
import shlex
import subprocess
import tempfile
import time

import harness
from harness import EVENT_TIMEOUT, UITest, send_wm_delete


class Pick:
    """One `PRODUCER | drawer-x11 --pick --events FILE ...` pipeline: stdout
    is the pick; the events go to a file, read as they are written."""

    def __init__(self, test, producer, *flags):
        self.server = test.server
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-pick-")
        self.events_path = os.path.join(self.dir.name, "events.jsonl")
        command = " ".join(shlex.quote(a) for a in [harness.BINARY, "--pick", "--events", self.events_path, *flags])
        self.proc = subprocess.Popen(
            ["sh", "-c", f"{producer} | exec {command}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=self.server.env(), start_new_session=True)
        test.addCleanup(self.stop)
        self.window = None

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 9)
            self.proc.wait()
        self.dir.cleanup()

    def events(self):
        try:
            with open(self.events_path) as f:
                return [json.loads(l) for l in f if l.endswith("\n")]
        except FileNotFoundError:
            return []

    def wait_for(self, name, pred=lambda e: True, timeout=EVENT_TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            found = [e for e in self.events() if e["event"] == name and pred(e)]
            if found:
                return found[0]
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise AssertionError(f"no {name} event; events: {self.events()}; stderr: {self.stderr()}")
            time.sleep(0.02)  # the file is polled; the deadline bounds it

    def stderr(self):
        return "" if self.proc.poll() is None else self.proc.stderr.read().decode(errors="replace")

    def ready(self):
        ev = self.wait_for("ready")
        self.window = ev["window"]
        self.server.run("xdotool", "windowfocus", str(self.window), check=False)
        return ev

    def keys(self, *names):
        for n in names:
            self.server.xdotool("key", n)

    def type(self, text):
        # Not server.xdotool: `type` would type its trailing round trip too.
        self.server.run("xdotool", "type", "--delay", "30", text)
        self.server.xdotool("sleep", "0")

    def finish(self, timeout=EVENT_TIMEOUT):
        out, err = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, out.decode(), err.decode(errors="replace")


class TestPick(UITest):
    def test_down_down_return_prints_the_third_row(self):
        p = Pick(self, "printf 'a\\nb\\nc\\n'")
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 3 and not e["loading"])
        p.keys("Down", "Down", "Return")
        self.assertEqual(p.finish(), (0, "c\n", ""))
        self.assertEqual(p.events()[-1], {"event": "exit", "status": 0})

    def test_escape_cancels_with_status_1(self):
        p = Pick(self, "printf 'a\\nb\\n'")
        p.ready()
        p.keys("Escape")
        status, out, err = p.finish()
        self.assertEqual((status, out), (1, ""))

    def test_closing_the_window_cancels(self):
        p = Pick(self, "printf 'a\\n'")
        p.ready()
        send_wm_delete(self.server.display, p.window)
        self.assertEqual(p.finish()[:2], (1, ""))

    def test_rows_show_while_the_producer_is_still_writing(self):
        # The producer sleeps 3 s between its rows: the first must reach the
        # list, and be picked, while it sleeps.
        p = Pick(self, "(echo a; sleep 3; echo b)")
        p.ready()
        ev = p.wait_for("rows", lambda e: e["count"] >= 1)
        self.assertEqual(ev, {"event": "rows", "count": 1, "total": 1, "loading": True})
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "a\n"))

    def test_an_empty_input_shows_no_rows_and_cancels(self):
        p = Pick(self, "true")
        p.ready()
        p.wait_for("rows", lambda e: not e["loading"])
        p.keys("Return")  # nothing to accept: the pick goes on
        p.keys("Escape")
        self.assertEqual(p.finish()[:2], (1, ""))

    def empty_text_width(self, p):
        """The ink width of the line an empty list shows in its middle, once it is drawn."""
        def probe(_):
            img = harness.Image(self.server.run("xwd", "-silent", "-id", str(p.window)))
            ink = [x for y in range(img.height // 2 - 60, img.height // 2 + 60) for x in range(0, img.width, 1)
                   if harness.brightness(img.pixel(x, y)) < 600]
            return max(ink) - min(ink) + 1 if ink else None

        deadline = time.monotonic() + EVENT_TIMEOUT
        value, since = None, time.monotonic()
        while True:  # the same width for 0.3 s: drawn and still
            v = probe(None)
            if v != value:
                value, since = v, time.monotonic()
            elif v and time.monotonic() - since >= 0.3:
                return v
            if time.monotonic() > deadline:
                raise AssertionError(f"no still empty-list text (last width {value})")

    def test_a_filter_that_matches_nothing_says_no_matches(self):
        empty = Pick(self, "true")
        empty.ready()
        empty.wait_for("rows", lambda e: not e["loading"])
        no_rows = self.empty_text_width(empty)
        empty.keys("Escape")
        empty.finish()
        p = Pick(self, "printf 'alpha\\nbeta\\n'")
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 2 and not e["loading"])
        p.type("zzz")
        self.assertEqual(p.wait_for("filtered", lambda e: e["query"] == "zzz")["count"], 0)
        # "No matches" is longer than "No rows" in any proportional font.
        self.assertGreater(self.empty_text_width(p), no_rows + 15, "the empty filter says something else")
        p.keys("Escape")
        p.finish()

    def test_typing_filters_a_million_rows(self):
        p = Pick(self, "seq 1000000")
        p.ready()
        p.wait_for("rows", lambda e: e["total"] == 1000000 and not e["loading"], timeout=30)
        p.type("99999")
        ev = p.wait_for("filtered", lambda e: e["query"] == "99999", timeout=20)
        # 99999, 199999 … 899999 and 999990 … 999999 hold "99999".
        self.assertEqual(ev["count"], 19)
        counts = [e["count"] for e in p.events() if e["event"] == "filtered"]
        self.assertEqual(len(counts), 5, "one filtered event per keystroke")
        self.assertEqual(counts, sorted(counts, reverse=True))
        p.keys("BackSpace")
        self.assertEqual(p.wait_for("filtered", lambda e: e["query"] == "9999")["count"], counts[3])
        p.keys("ctrl+u", "9", "9", "9", "9", "9", "Down", "Return")
        self.assertEqual(p.finish(timeout=20)[:2], (0, "199999\n"))

    def test_fuzzy_and_smart_case(self):
        p = Pick(self, "printf 'Makefile\\nmain.swift\\nREADME.md\\n'", "--match", "fuzzy")
        p.ready()
        p.type("mkf")
        self.assertEqual(p.wait_for("filtered", lambda e: e["query"] == "mkf")["count"], 1)
        p.keys("ctrl+u")
        p.type("M")
        self.assertEqual(p.wait_for("filtered", lambda e: e["query"] == "M")["count"], 2, "upper case matches exactly")
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "Makefile\n"))

    def test_multi_marks_rows_and_prints_them_in_list_order(self):
        p = Pick(self, "printf 'a\\nb\\nc\\nd\\n'", "--multi")
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 4)
        p.keys("End", "space", "Home", "space", "Return")
        self.assertEqual(p.finish()[:2], (0, "a\nd\n"))

    def test_print_index_and_a_click(self):
        p = Pick(self, "printf 'zero\\none\\ntwo\\n'", "--print-index")
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 3)
        self.server.run("xdotool", "search", "--sync", "--onlyvisible", "--name", "drawer-x11", check=False)
        # The picker opens at full: rows start under the header.
        geometry = self.server.run("xwininfo", "-id", str(p.window)).decode()
        vals = dict(l.strip().split(":", 1) for l in geometry.splitlines() if ":" in l)
        x0, y0 = int(vals["Absolute upper-left X"]), int(vals["Absolute upper-left Y"])
        ready = [e for e in p.events() if e["event"] == "ready"][0]
        top = ready["drawerTop"]
        # Header (handle and title) then rows of 56 px: the middle of row 1.
        self.server.xdotool("mousemove", x0 + 200, y0 + top + 60 + 56 + 28, "click", "1")
        self.assertEqual(p.finish()[:2], (0, "1\n"))

    def test_shift_return_prints_the_query(self):
        p = Pick(self, "printf 'a\\n'")
        p.ready()
        p.type("new")
        p.wait_for("filtered", lambda e: e["query"] == "new")
        p.keys("shift+Return")
        self.assertEqual(p.finish()[:2], (0, "new\n"))

    def test_bad_combinations_are_refused(self):
        for flags, words in [(["--pick", "--events"], "--events needs a FILE"),
                             (["--multi"], "--multi needs --pick"),
                             (["--pick", "--control", "-"], "--control -")]:
            r = subprocess.run([harness.BINARY, *flags], env=self.server.env(), capture_output=True,
                               stdin=subprocess.DEVNULL, timeout=10)
            self.assertEqual(r.returncode, 64, flags)
            self.assertIn(words, r.stderr.decode(), flags)
            self.assertEqual(r.stderr.decode().count("\n"), 1, flags)
