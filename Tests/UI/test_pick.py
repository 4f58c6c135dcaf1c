"""--pick through real pipes: the window opens before the input ends, Return
prints the selected row and exits 0, Esc and a closed window exit 1 with
nothing printed, typing filters, --multi and --print-index."""

import json
import os
import shlex
import signal
import subprocess
import tempfile
import time

import harness
from harness import EVENT_TIMEOUT, UITest, send_wm_delete


class Pick:
    """One `PRODUCER | drawer-x11 --pick --events FILE ...` pipeline: stdout
    is the pick; the events go to a file, read as they are written."""

    def __init__(self, test, producer, *flags, stdout=subprocess.PIPE):
        self.server = test.server
        self.dir = tempfile.TemporaryDirectory(prefix="drawer-pick-")
        self.events_path = os.path.join(self.dir.name, "events.jsonl")
        command = " ".join(shlex.quote(a) for a in [harness.BINARY, "--pick", "--events", self.events_path, *flags])
        self.proc = subprocess.Popen(
            ["sh", "-c", f"{producer} | exec {command}"], stdout=stdout, stderr=subprocess.PIPE,
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

    def program_pid(self):
        """The program's process id: not the shell that runs the pipeline
        and waits for it, but its drawer-x11 child."""
        with open(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children") as f:
            children = [int(c) for c in f.read().split()]

        def name(pid):
            with open(f"/proc/{pid}/comm") as f:
                return f.read().strip()

        program = [c for c in children if name(c) == "drawer-x11"]
        if len(program) != 1:
            raise AssertionError(f"not one drawer-x11 among the pipeline's children {children}")
        return program[0]

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
        return self.proc.returncode, (out or b"").decode(), err.decode(errors="replace")


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
        # Best first: 99999 itself, then the rows starting with it.
        p.keys("ctrl+u", "9", "9", "9", "9", "9", "Down", "Return")
        self.assertEqual(p.finish(timeout=20)[:2], (0, "999990\n"))

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
        # The header (a title line, no handle: 38 px) then compact rows of
        # 29 px: the middle of row 1.
        self.server.xdotool("mousemove", x0 + 200, y0 + top + 38 + 29 + 14, "click", "1")
        self.assertEqual(p.finish()[:2], (0, "1\n"))

    def test_shift_return_with_print_index_prints_minus_one(self):
        # "3" typed is not row 3: typed text has no row number.
        p = Pick(self, "printf 'zero\\none\\ntwo\\nthree\\n'", "--print-index")
        p.ready()
        p.type("3")
        p.wait_for("filtered", lambda e: e["query"] == "3")
        p.keys("shift+Return")
        self.assertEqual(p.finish()[:2], (0, "-1\n"))

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


class TestRofiHabits(UITest):
    """rofi -dmenu's flags and dmenu's Return on typed text, in a real window."""

    def test_return_with_no_matching_row_prints_the_typed_text(self):
        p = Pick(self, "printf 'alpha\\n'")
        p.ready()
        p.type("zeta")
        p.wait_for("filtered", lambda e: e["query"] == "zeta" and e["count"] == 0)
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "zeta\n"))

    def test_no_custom_never_prints_typed_text(self):
        p = Pick(self, "printf 'alpha\\n'", "--no-custom")
        p.ready()
        p.type("zeta")
        p.wait_for("filtered", lambda e: e["query"] == "zeta")
        p.keys("Return", "shift+Return", "Escape")
        self.assertEqual(p.finish()[:2], (1, ""))

    def test_ignore_case(self):
        p = Pick(self, "printf 'alpha\\nbeta\\n'", "-i")
        p.ready()
        p.type("BE")
        self.assertEqual(p.wait_for("filtered", lambda e: e["query"] == "BE")["count"], 1)
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "beta\n"))

    def test_query_starts_typed(self):
        p = Pick(self, "printf 'alpha\\nbeta\\ngamma\\n'", "--query", "ga")
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 1 and e["total"] == 3 and not e["loading"])
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "gamma\n"))

    def test_select_selects_the_row_once_it_arrives(self):
        # The row comes a second after the window opens.
        p = Pick(self, "(printf 'a\\nb\\n'; sleep 1; printf 'c\\nd\\n')", "--select", "c")
        p.ready()
        p.wait_for("rows", lambda e: not e["loading"], timeout=10)
        p.wait_for("selected", lambda e: e.get("row") == 2)
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "c\n"))

    def test_auto_select_picks_the_last_row_left(self):
        p = Pick(self, "printf 'alpha\\nbeta\\n'", "--auto-select")
        p.ready()
        p.wait_for("rows", lambda e: not e["loading"])
        p.type("be")
        self.assertEqual(p.finish()[:2], (0, "beta\n"), "no Return needed")

    def test_password_is_printed_but_never_in_the_events(self):
        p = Pick(self, "true", "--password")
        p.ready()
        p.type("hunter2")
        p.wait_for("filtered", lambda e: e["count"] == 0 and len([x for x in p.events() if x["event"] == "filtered"]) == 7)
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "hunter2\n"))
        with open(p.events_path) as f:
            text = f.read()
        self.assertNotIn("hunter", text)
        self.assertNotIn('"query"', text)


class TestMesg(UITest):
    """--mesg: a line of its own under the header's title, in a real window."""

    def text_bands(self, p):
        """The runs of rows holding dark ink at the header's left, from the
        panel's top down 120 px, once the window is drawn and still."""
        top = p.wait_for("ready")["drawerTop"]

        def probe():
            img = harness.Image(self.server.run("xwd", "-silent", "-id", str(p.window)))
            # The left third: clear of the handle, the count and the empty list's text.
            dark = [y for y in range(top, min(img.height, top + 120))
                    if any(harness.brightness(img.pixel(x, y)) < 600 for x in range(0, img.width // 3))]
            bands = []
            for y in dark:
                if bands and y == bands[-1][1] + 1:
                    bands[-1][1] = y
                else:
                    bands.append([y, y])
            return bands

        deadline = time.monotonic() + EVENT_TIMEOUT
        value, since = None, time.monotonic()
        while True:  # the same bands for 0.3 s: drawn and still
            v = probe()
            if v != value:
                value, since = v, time.monotonic()
            elif v and time.monotonic() - since >= 0.3:
                return v
            if time.monotonic() > deadline:
                raise AssertionError(f"no still header (last {value})")

    def test_the_message_is_a_line_under_the_title(self):
        bands = {}
        for flags in [(), ("--mesg", "Pick a row, or type one")]:
            p = Pick(self, "true", "--prompt", "Go", *flags)
            p.ready()
            p.wait_for("rows", lambda e: not e["loading"])
            bands[flags] = self.text_bands(p)
            p.keys("Escape")
            self.assertEqual(p.finish()[:2], (1, ""))
        plain, with_message = bands[()], bands[("--mesg", "Pick a row, or type one")]
        self.assertEqual(len(plain), 1, plain)
        self.assertEqual(len(with_message), 2, with_message)
        self.assertLessEqual(abs(with_message[0][0] - plain[0][0]), 1, "the title stays where it was")
        self.assertGreater(with_message[1][0], with_message[0][1], "the message is below the title")


class TestQueryEditing(UITest):
    """The caret's keys through a real keyboard."""

    def test_left_then_typing_inserts_before_the_last_character(self):
        p = Pick(self, "printf 'aXb\\nab\\n'")
        p.ready()
        p.type("ab")
        p.wait_for("filtered", lambda e: e["query"] == "ab")
        p.keys("Left")
        p.type("X")
        self.assertEqual(p.wait_for("filtered", lambda e: e["query"] != "ab" and e["query"] != "a")["query"], "aXb")
        p.keys("ctrl+a", "Delete", "ctrl+e", "BackSpace")
        self.assertEqual(p.wait_for("filtered", lambda e: e["query"] == "X")["count"], 1)
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "aXb\n"))

    def still_window(self, p):
        """The left half of the window's top 200 rows once the same for 0.3 s."""
        deadline = time.monotonic() + EVENT_TIMEOUT
        value, since = None, time.monotonic()
        while True:
            img = harness.Image(self.server.run("xwd", "-silent", "-id", str(p.window)))
            v = [img.pixel(x, y) for y in range(0, min(img.height, 200)) for x in range(0, img.width // 2)]
            if v != value:
                value, since = v, time.monotonic()
            elif time.monotonic() - since >= 0.3:
                return v, img.width // 2
            if time.monotonic() > deadline:
                raise AssertionError("the window does not hold still")

    def test_the_caret_is_drawn_where_it_stands(self):
        p = Pick(self, "printf 'abc\\n'", "--prompt", "Go")
        p.ready()
        top = p.wait_for("ready")["drawerTop"]
        p.type("abc")
        p.wait_for("filtered", lambda e: e["query"] == "abc")
        at_end, width = self.still_window(p)
        p.keys("Left", "Left")
        moved, _ = self.still_window(p)
        changed = [(i % width, i // width) for i, (a, b) in enumerate(zip(at_end, moved)) if a != b]
        self.assertTrue(changed, "Left moved nothing that shows")
        # Only the header changed, and only around the query's text.
        self.assertTrue(all(top <= y < top + 60 for _, y in changed), changed[:5])
        xs = sorted({x for x, _ in changed})
        self.assertLess(xs[-1] - xs[0], 40, "two characters' width apart")
        p.keys("Escape")
        p.finish()


class TestPickOutput(UITest):
    """The answer on standard output is written whole, as the rows' bytes,
    or the pick fails with status 74 and one line on standard error."""

    def test_a_late_reader_gets_the_whole_row(self):
        r, w = os.pipe()
        self.addCleanup(os.close, r)
        p = Pick(self, "(head -c 1000000 /dev/zero | tr '\\0' x; echo; echo short)", stdout=w)
        os.close(w)
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 2 and not e["loading"])
        p.keys("Return")
        p.wait_for("activated", lambda e: e["row"] == 0)
        # Nobody reads yet: the pipe fills, and the program waits for its
        # reader instead of exiting with what the pipe took. Its exit-time
        # wait for events is 2 s; the reader comes later than that.
        with self.assertRaises(subprocess.TimeoutExpired, msg="exited before the pick was read"):
            p.proc.wait(timeout=4)
        chunks = []
        while chunk := os.read(r, 1 << 16):
            chunks.append(chunk)
        out = b"".join(chunks)
        self.assertEqual(p.proc.wait(timeout=EVENT_TIMEOUT), 0, p.stderr())
        self.assertEqual(len(out), 1_000_001)
        self.assertEqual(out, b"x" * 1_000_000 + b"\n")
        self.assertEqual(p.stderr(), "")
        self.assertEqual(p.events()[-1], {"event": "exit", "status": 0})

    def test_a_signal_ends_the_wait_for_a_late_reader(self):
        r, w = os.pipe()
        self.addCleanup(os.close, r)
        p = Pick(self, "(head -c 1000000 /dev/zero | tr '\\0' x; echo)", stdout=w)
        os.close(w)
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 1 and not e["loading"])
        p.keys("Return")
        p.wait_for("activated", lambda e: e["row"] == 0)
        os.kill(p.program_pid(), signal.SIGTERM)
        self.assertEqual(p.proc.wait(timeout=EVENT_TIMEOUT), 143)
        err = p.stderr()
        self.assertEqual(err.count("\n"), 1, err)
        self.assertIn("not written whole", err)
        self.assertEqual(p.events()[-1], {"event": "exit", "status": 143})

    def test_a_row_that_is_not_utf8_is_printed_as_its_bytes(self):
        # A file name in Latin-1: shown and reported repaired, printed as given.
        p = Pick(self, "printf 'caf\\351.txt\\nb\\r\\n'")
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 2 and not e["loading"])
        p.keys("Return")
        out, err = p.proc.communicate(timeout=EVENT_TIMEOUT)
        self.assertEqual((p.proc.returncode, out, err), (0, b"caf\xe9.txt\n", b""))
        self.assertEqual(p.wait_for("activated")["text"], "caf\ufffd.txt")

    def assert_failed_write(self, p, why):
        status, _, err = p.finish()
        self.assertEqual(status, 74, err)
        self.assertEqual(err.count("\n"), 1, err)
        self.assertIn("cannot write the pick", err)
        self.assertIn(why, err)
        self.assertEqual(p.events()[-1], {"event": "exit", "status": 74})

    def test_a_full_device_fails_with_status_74(self):
        with open("/dev/full", "wb") as full:
            p = Pick(self, "printf 'a\\nb\\n'", stdout=full)
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 2)
        p.keys("Return")
        self.assert_failed_write(p, "No space left on device")

    def test_a_reader_gone_fails_with_status_74(self):
        r, w = os.pipe()
        p = Pick(self, "printf 'a\\nb\\n'", stdout=w)
        os.close(w)
        os.close(r)
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 2)
        p.keys("Return")
        self.assert_failed_write(p, "Broken pipe")
