"""The detail panel on the real window: Return on a selected row, or a
double click on a row, opens the row's whole text, wrapped, in a card over
the dimmed list; Escape, a click outside it and a drag down close it; the
list comes back with its selection, scroll position and pixels as they
were, and every event names its panel."""

import json
import os
import subprocess
import tempfile

from harness import UITest, line, brightness, is_drawer

WORDS = ("the quick brown fox jumps over a lazy dog while seven wise owls "
         "count every star above the quiet harbour until morning").split()
# A row longer than any line of the card: about 600 characters.
LONG = " ".join(WORDS[i % len(WORDS)] for i in range(110))
# Lines that come from the window rather than a panel.
WINDOW_EVENTS = {"ready", "resized", "exit", "frameStats", "rows", "scaleChanged"}
# The list's text inset and a side card's grip column (8 + 6 + 8 px around
# its upright handle), logical px.
TEXT_INSET = 20
GRIP = 22
# Past the indicator's second at full opacity and its quarter-second fade.
INDICATOR_GONE = 1.5


def write_items(rows):
    fd, path = tempfile.mkstemp(suffix=".txt")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    return path


def text_bands(img, x0, x1, y0, y1):
    """Runs of rows between y0 and y1 with dark (text) pixels in x0..x1: the lines of text."""
    bands, inside = 0, False
    for y in range(y0, y1):
        dark = any(brightness(img.pixel(x, y)) < 90 for x in range(x0, x1, 2))
        if dark and not inside:
            bands += 1
        inside = dark
    return bands


class TestDetail(UITest):
    def setUp(self):
        self.items = write_items([f"Row {i}: {LONG}" for i in range(60)])
        self.addCleanup(os.unlink, self.items)

    def open_with_return(self, app, row_y):
        app.mark()
        app.click(app.width // 2, row_y)
        selected = app.wait_for("selected", panel="list")
        app.mark()
        app.key("Return")
        activated = app.wait_for("activated", panel="list", row=selected["row"])
        self.assertTrue(activated["text"].startswith(f"Row {selected['row']}: "), activated)
        app.wait_for("presented", panel="detail")
        ev = app.wait_for("didTransition", panel="detail", to="half")
        return selected["row"], ev

    def test_return_opens_the_wrapped_text_and_escape_brings_the_list_back(self):
        app = self.launch("--items", self.items)
        app.settle(since=0)
        self.expand(app)
        # Scroll the list, then select a row further down.
        app.wheel(3, 400, 300)
        row, ev = None, None
        app.poll_stable(lambda i: hash(i.data), span=INDICATOR_GONE, what="the list at rest, indicator gone")
        app.mark()
        app.click(app.width // 2, 330)
        selected = app.wait_for("selected", panel="list")
        row = selected["row"]
        self.assertGreater(row, 4, "the wheel scrolled the list")
        before = app.wait_still()

        app.mark()
        app.key("Return")
        app.wait_for("activated", panel="list", row=row)
        app.wait_for("presented", panel="detail")
        ev = app.wait_for("didTransition", panel="detail", to="half")
        self.assertEqual(ev["from"], "dismissed")
        img = app.wait_still()
        # The card: 40 % of the window inside its 10 px margins (232 of
        # 580 px), text lines wrapped inside it, the list dimmed above it.
        top = ev["drawerTop"]
        self.assertEqual(top, 358, ev)
        lines = text_bands(img, 40, app.width - 40, top + 50, app.height - 12)
        self.assertGreaterEqual(lines, 6, "the row's text wraps to several lines")
        above = img.pixel(6, top - 40)
        self.assertLess(brightness(above), brightness(before.pixel(6, top - 40)), "the list is dimmed")
        self.assertFalse([e for e in app.since() if e.get("panel") not in ("list", "detail")])

        app.mark()
        app.key("Escape")
        app.wait_for("dismissed", panel="detail")
        after = app.wait_still()
        self.assertEqual([e["event"] for e in app.since() if e["panel"] == "list"], [], app.describe(app.cursor))
        self.assert_same(after, before, "after the detail closed")
        # The selection is still the list's: Return opens the same row again.
        app.mark()
        app.key("Return")
        app.wait_for("activated", panel="list", row=row)
        app.wait_for("didTransition", panel="detail", to="half")

    def test_under_reduced_motion_the_detail_does_not_slide(self):
        # Opened and closed: each move lands in one frame, as the list's do.
        for flags, slides in (((), True), (("--reduced-motion",), False)):
            with self.subTest(flags=flags):
                app = self.launch("--items", self.items, "--report-moves", *flags)
                app.settle(since=0)
                self.expand(app)
                _, opened = self.open_with_return(app, 330)
                app.mark()
                app.key("Escape")
                app.wait_for("dismissed", panel="detail")
                for start, end in ((0, app.events.index(opened)), (app.cursor, len(app.events))):
                    moves = [e for e in app.events[start:end] if e["event"] == "moved" and e["panel"] == "detail"]
                    if slides:
                        self.assertGreater(len(moves), 1, moves)
                    else:
                        self.assertLessEqual(len(moves), 1, moves)
                app.stop()

    def test_a_double_click_opens_it_and_a_click_outside_or_a_drag_down_closes_it(self):
        app = self.launch("--items", self.items)
        app.settle(since=0)
        app.mark()
        app.click(app.width // 2, 420, n=2)
        first = app.wait_for("selected", panel="list")
        app.wait_for("activated", panel="list", row=first["row"])
        app.wait_for("didTransition", panel="detail", to="half")
        # Above the card, over the dimmed list: outside it.
        app.mark()
        app.click(app.width // 2, 100)
        app.wait_for("exteriorTap", panel="detail")
        app.wait_for("dismissed", panel="detail")
        self.assertEqual([e for e in app.since() if e["event"] == "dismissed" and e["panel"] == "list"], [])

        app.mark()
        app.click(app.width // 2, 420, n=2)
        app.wait_for("activated", panel="list")
        ev = app.wait_for("didTransition", panel="detail", to="half")
        x, top = app.width // 2, ev["drawerTop"]
        # A fling removes the card (FloatingPanel's rule: removal takes a
        # release speed); a release that comes after the pointer stood
        # still has none and goes back to half, rightly. Beside builds on
        # two cores, xdotool can stall before its button release: that
        # drag, reported with velocity 0, was no fling, and is flung again.
        for attempt in range(3):
            app.mark()
            app.drag(line(x, top + 20, x, app.height - 20, 12), 0.02)
            ended = app.wait_for("dragEnded", panel="detail")
            if ended["target"] == "dismissed" or ended["velocity"] != 0:
                break
            app.wait_for("didTransition", panel="detail", to="half")
        self.assertEqual(ended["target"], "dismissed", ended)
        app.wait_for("dismissed", panel="detail")

    def test_a_session_with_a_detail_replays_to_the_same_events(self):
        app = self.launch("--items", self.items, "--record", "trace.jsonl", "--report-moves")
        app.settle(since=0)
        app.mark()
        app.click(app.width // 2, 420, n=2)
        ev = app.wait_for("didTransition", panel="detail", to="half")
        app.wheel(2, app.width // 2, ev["drawerTop"] + 120)
        # A narrower window wraps the text again: a recorded re-wrap.
        app.mark()
        app.resize(600, 600)
        app.wait_for("resized")
        app.key("Escape")
        app.wait_for("dismissed", panel="detail")
        app.key("q")
        app.wait_exit()
        shown = [{k: v for k, v in e.items() if k != "_t"} for e in app.events if e["event"] not in WINDOW_EVENTS]
        trace = os.path.join(app.cwd.name, "trace.jsonl")
        with open(trace, encoding="utf-8") as f:
            steps = [json.loads(l).get("in") for l in f]
        self.assertIn("push", steps)
        self.assertIn("lines", steps)
        replay = os.path.join(os.path.dirname(app.proc.args[0]), "drawer-replay")
        # --read-items: the events carry the rows' texts, from the session's file.
        done = subprocess.run([replay, trace, "--read-items"], capture_output=True, timeout=20)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        replayed = [json.loads(l) for l in done.stdout.decode().splitlines()]
        self.assertIn({"event": "presented", "panel": "detail"}, replayed)
        self.assertEqual(replayed, shown)

    def test_after_the_detail_closes_the_window_shows_what_a_fresh_one_does(self):
        # The bottom panel's content picture, a left panel and a card.
        for flags, row_at in ((("--items", self.items), (400, 430)),
                              (("--items", self.items, "--edge", "left", "--detents", "rail=72,open=340",
                                "--initial", "open"), (170, 300)),
                              (("--items", self.items, "--margins", "24,16,16,16", "--shadow", "#000,0.3,12,0,4"),
                               (400, 430))):
            with self.subTest(flags=flags):
                fresh = self.launch(*flags)
                fresh.settle(since=0)
                fresh.mark()
                fresh.click(*row_at)
                fresh.wait_for("selected")
                want = fresh.wait_still()
                fresh.stop()

                app = self.launch(*flags)
                app.settle(since=0)
                app.mark()
                app.click(*row_at)
                app.wait_for("selected")
                app.mark()
                app.key("Return")
                app.wait_for("didTransition", panel="detail", to="half")
                app.wait_still()
                app.mark()
                app.key("Escape")
                app.wait_for("dismissed", panel="detail")
                self.assert_same(app.wait_still(), want, "after the detail closed")

    def test_the_text_wraps_inside_the_card_on_every_edge(self):
        # A side card grows across with its extent: wrapped to its widest
        # (full) width, its text ran past the half card's edge and was cut.
        # It wraps to the detent the card rests at.
        for edge, row_at, grip_side in (("left", (170, 300), "right"), ("right", (630, 300), "left"),
                                        ("top", (400, 150), None)):
            with self.subTest(edge=edge):
                detents = ("--detents", "rail=72,open=340", "--initial", "open") if edge != "top" else ()
                app = self.launch("--items", self.items, "--edge", edge, *detents)
                app.settle(since=0)
                app.mark()
                app.click(*row_at, n=2)
                app.wait_for("didTransition", panel="detail", to="half")
                half = self.assert_text_inside_the_card(app, edge, grip_side)
                if edge != "top":
                    for key, detent in (("Up", "full"), ("Down", "half")):
                        app.mark()
                        app.key(key)
                        app.wait_for("didTransition", panel="detail", to=detent)
                        width = self.assert_text_inside_the_card(app, edge, grip_side)
                        if detent == "full":
                            self.assertGreater(width, half + 150, "at full the text takes the wider card")
                        else:
                            self.assertEqual(width, half, "back at half, wrapped as before")
                app.stop()

    def assert_text_inside_the_card(self, app, edge, grip_side):
        """Checks that the card's text keeps its inset on both sides, and
        returns how wide its ink is."""
        img = app.wait_still()
        # The card's sides, on a row of its body below the text (a top
        # card's body lies above its header).
        probe_y = app.height - 40 if edge != "top" else 20
        inside = [x for x in range(img.width) if is_drawer(img.pixel(x, probe_y))]
        self.assertTrue(inside, f"no card on y={probe_y}")
        left, right = min(inside), max(inside) + 1
        list_left = left + (GRIP if grip_side == "left" else 0)
        list_right = right - (GRIP if grip_side == "right" else 0)
        # The text's lines: ink between the card's sides.
        y0, y1 = (48, app.height - 60) if edge != "top" else (20, 185)
        ink = [x for y in range(y0, y1) for x in range(left, right)
               if brightness(img.pixel(x, y)) < 300 and not is_drawer(img.pixel(x, y))]
        self.assertTrue(ink, "the card shows text")
        first, last = min(ink), max(ink)
        self.assertLessEqual(abs((first - list_left) - TEXT_INSET), 3, (edge, first, list_left))
        self.assertLessEqual(last, list_right - TEXT_INSET + 3,
                             f"{edge}: text reaches x={last}, the list ends at {list_right}")
        self.assertGreaterEqual(text_bands(img, left, right, y0, y1), 5, "the row's text wraps")
        return last - first

    def assert_same(self, got, want, what):
        self.assertEqual((got.width, got.height), (want.width, want.height))
        if got.data != want.data:
            differing = [(x, y) for y in range(0, got.height, 2) for x in range(0, got.width, 2)
                         if got.pixel(x, y) != want.pixel(x, y)]
            self.fail(f"{what}: {len(differing)} sampled pixels differ, first {differing[:5]}")
