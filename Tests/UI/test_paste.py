"""Pasting into a pick's query through real selections: CLIPBOARD set by
xclip (Ctrl+V, Ctrl+Shift+V), PRIMARY (Shift+Insert, Ctrl+Y), Latin-1 text
offered only as STRING, a selection
large enough that xclip sends it by INCR, and an owner that never answers,
which the paste gives up on after 2 s without losing the query."""

import subprocess
import time

from harness import EVENT_TIMEOUT, UITest
from test_pick import Pick
from xclient import SilentSelectionOwner

# Larger than a request xclip sends whole (about 1 MiB on Xvfb): it
# answers INCR and writes the text in chunks.
INCR_SIZE = 3 << 20


class TestPaste(UITest):
    def own(self, selection, data, target="UTF8_STRING"):
        """xclip owns `selection` with `data` as `target` only, until the
        test ends; returns once the selection reads back as `data`."""
        owner = subprocess.Popen(
            ["xclip", "-quiet", "-selection", selection, "-t", target, "-i"], stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, env=self.server.env(), start_new_session=True)
        owner.stdin.write(data)
        owner.stdin.close()

        def stop():
            owner.kill()
            owner.wait()
        self.addCleanup(stop)
        deadline = time.monotonic() + EVENT_TIMEOUT
        while True:
            out = subprocess.run(["xclip", "-o", "-selection", selection, "-t", target], capture_output=True,
                                 env=self.server.env(), timeout=EVENT_TIMEOUT).stdout
            if out == data:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"xclip does not own {selection}")
            time.sleep(0.02)  # xclip forks its owner; the deadline bounds the wait

    def pick(self, *flags):
        p = Pick(self, "printf 'alpha\\nbeta two\\ngamma\\n'", *flags)
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 3 and not e["loading"])
        return p

    def test_ctrl_v_pastes_the_clipboard_at_the_caret_and_the_pick_prints_the_row(self):
        self.own("clipboard", b"ta t\n")
        p = self.pick()
        p.type("bewo")
        p.wait_for("filtered", lambda e: e["query"] == "bewo")
        p.keys("Left", "Left")
        p.keys("ctrl+v")
        self.assertEqual(p.wait_for("filtered", lambda e: e["query"] not in ("b", "be", "bew", "bewo"))["query"],
                         "beta two", "inserted at the caret, its newline gone")
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "beta two\n"))

    def test_ctrl_shift_v_pastes_the_clipboard(self):
        self.own("clipboard", b"gam")
        p = self.pick()
        p.keys("ctrl+shift+v")
        self.assertEqual(p.wait_for("filtered")["query"], "gam")
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "gamma\n"))

    def test_shift_insert_and_ctrl_y_paste_the_primary_selection(self):
        self.own("primary", b"alp\nha")
        self.own("clipboard", b"wrong")
        p = self.pick()
        p.keys("shift+Insert")
        self.assertEqual(p.wait_for("filtered")["query"], "alp ha", "PRIMARY's, a line break a space")
        p.keys("ctrl+u")
        p.wait_for("filtered", lambda e: e["query"] == "")
        p.keys("ctrl+y")
        p.wait_for("filtered", lambda e: len([x for x in p.events() if x["event"] == "filtered"]) == 3)
        self.assertEqual([e["query"] for e in p.events() if e["event"] == "filtered"], ["alp ha", "", "alp ha"])
        p.keys("Escape")
        self.assertEqual(p.finish()[:2], (1, ""))

    def test_latin1_text_offered_only_as_string_pastes_as_its_characters(self):
        # "café" in ISO 8859-1, offered only as STRING: UTF8_STRING is refused.
        self.own("clipboard", b"caf\xe9", target="STRING")
        p = Pick(self, "printf 'cafe\\ncaf\\303\\251 noir\\n'")
        p.ready()
        p.wait_for("rows", lambda e: e["count"] == 2 and not e["loading"])
        p.keys("ctrl+v")
        self.assertEqual(p.wait_for("filtered")["query"], "café")
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "café noir\n"))

    def test_a_large_clipboard_comes_by_incr_and_is_cut_to_the_longest_query(self):
        # Lines of 50 bytes, each line break a space; the cut falls mid-line.
        line = b"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLM\n"
        self.own("clipboard", line * (INCR_SIZE // len(line)))
        p = self.pick()
        started = time.monotonic()
        p.keys("ctrl+v")
        query = p.wait_for("filtered", timeout=EVENT_TIMEOUT + 10)["query"]
        self.assertEqual(len(query.encode()), 4096, "the query's longest")
        self.assertEqual(query, (line.replace(b"\n", b" ") * 82)[:4096].decode())
        error = p.wait_for("error")
        self.assertEqual(error["paste"], "CLIPBOARD")
        self.assertIn("were cut", error["message"])
        self.assertLess(time.monotonic() - started, 10)
        self.assertEqual(len([e for e in p.events() if e["event"] == "error"]), 1, "one notice")
        p.keys("Escape")
        self.assertEqual(p.finish()[:2], (1, ""))

    def test_an_owner_that_never_answers_is_given_up_after_two_seconds(self):
        owner = SilentSelectionOwner(self.server.display, "CLIPBOARD")
        self.addCleanup(owner.close)
        p = self.pick()
        p.type("ga")
        p.wait_for("filtered", lambda e: e["query"] == "ga")
        started = time.monotonic()
        p.keys("ctrl+v")
        # The window keeps working while the paste waits.
        p.type("m")
        p.wait_for("filtered", lambda e: e["query"] == "gam")
        error = p.wait_for("error", timeout=EVENT_TIMEOUT + 3)
        waited = time.monotonic() - started
        self.assertEqual(error, {"event": "error", "paste": "CLIPBOARD",
                                 "message": "the owner of CLIPBOARD did not answer within 2 s; nothing was pasted"})
        self.assertGreater(waited, 1.9)
        self.assertLess(waited, 4)
        p.keys("Return")
        self.assertEqual(p.finish()[:2], (0, "gamma\n"), "the query stayed")
