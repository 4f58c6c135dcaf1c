"""Bad input and missing displays: exit 64 with one line naming the flag
before any window opens, 66 for an unreadable --items file, 69 without a
display."""

import os

from harness import UITest, run_program


class TestBadInput(UITest):
    def check_usage(self, cases, env=None):
        """cases: (argv, names): each run exits 64 within 2 s, printing one
        stderr line that contains one of `names`, and never gets ready."""
        env = self.server.env() if env is None else env
        for argv, names in cases:
            with self.subTest(argv=argv):
                status, out, err, secs = run_program(*argv, "--events", env=env)
                self.assertEqual(status, 64, f"{argv}: status {status}, stderr {err!r}")
                lines = err.strip().splitlines()
                self.assertEqual(len(lines), 1, f"{argv}: stderr should be one line: {err!r}")
                self.assertTrue(any(n in lines[0] for n in names), f"{argv}: {lines[0]!r} names none of {names}")
                self.assertNotIn('"ready"', out, f"{argv}: a window opened")

    @staticmethod
    def each(flag, *values, names=None):
        return [((flag, v), names or (flag,)) for v in values]

    def test_bad_numbers(self):
        self.check_usage(
            self.each("--partial-height", "abc", "-5", "nan", "inf", "")
            + self.each("--rows", "-1", "1.5", "many")
            + self.each("--taps-to-dismiss", "-1", "11", "two")
            + self.each("--taps-to-expand", "-2", "x")
            + self.each("--corner-radius", "-3", "wide")
            + self.each("--flick-threshold", "-1", "fast")
            + self.each("--upper-mark-gap", "nan", "-1")
            + self.each("--lower-mark-gap", "x")
            + self.each("--border-thickness", "-1")
            + self.each("--shadow-radius", "-1", "500")
            + self.each("--status-bar-height", "-2")
            + self.each("--handle-top", "abc")
            + self.each("--collapsed-height", "-1")
            + self.each("--collapsed-height", "300", names=("--collapsed-height", "--partial-height")))

    def test_lenient_numbers_are_refused(self):
        # Hex, underflow, overflow, digit separators, padding and non-ASCII
        # digits: only plain decimals are numbers.
        self.check_usage(
            self.each("--partial-height", "0x10", "1e-400", "1e400", "0x1p3", "1_0", " 5", "5 ", "\uff15", "1e", ".")
            + self.each("--rows", "0x10", "1e3", "+", "9" * 30)
            + self.each("--duration", "1e-320")
            + self.each("--shadow-offset", "0x1,2", "1e-400,0")
            + self.each("--timing", "cubic:0x1,0,1,1", "spring:1e-400")
            + self.each("--full-expansion", "gap:0x10", "gap:1e400")
            + self.each("--geometry", "0x10x600", "800x1e3"))

    def test_moot_flags_are_still_checked(self):
        self.check_usage([
            (("--no-handle", "--handle-size", "0x6"), ("--handle-size",)),
            (("--no-handle", "--handle-color", "nope"), ("--handle-color",)),
            (("--no-handle", "--handle-top", "-1"), ("--handle-top",)),
        ])

    def test_bad_durations(self):
        self.check_usage(
            self.each("--duration", "-1", "61", "abc", "nan", "inf")
            + self.each("--double-click-time", "0", "-100", "x"))

    def test_bad_opacity(self):
        self.check_usage(self.each("--shadow-opacity", "1.5", "-0.1", "half", "nan"))

    def test_bad_colours(self):
        self.check_usage(
            self.each("--border-color", "notacolor", "#12345", "#ggg", "", "ff0000")
            + self.each("--handle-color", "#1234567")
            + self.each("--shadow-color", "rgb(1,2,3)"))

    def test_bad_geometry(self):
        # As XParseGeometry reads them: "800" alone is a width, but an x
        # offset needs its y offset.
        self.check_usage(
            self.each("--geometry", "0x600", "axb", "-800x600", "800x", "800x600x3", "+10", "10x10+5")
            + self.each("--handle-size", "0x6", "40", "40x-1")
            + self.each("--shadow-offset", "1", "a,b", "1,2,3"))

    def test_bad_choices(self):
        self.check_usage(
            self.each("--timing", "bogus", "spring:0,1", "spring:1,x", "cubic:2,0,0,1", "cubic:0.1,0.2", "")
            + self.each("--full-expansion", "bogus", "gap:-5", "gap:x", "gap:")
            + self.each("--initial-state", "dismissed", "bogus", "")
            + self.each("--initial-state", "collapsed", names=("--initial-state", "--collapsed-height"))
            + [(("--initial-state", "partial", "--no-partial-expansion"), ("--initial-state", "--no-partial-expansion"))]
            + self.each("--corner-mode", "bogus", "")
            + self.each("--handle-corner-radius", "-1", "round"))

    def test_unknown_flag(self):
        self.check_usage([
            (("--bogus",), ("--bogus",)),
            (("--bogus", "1"), ("--bogus",)),
            (("-z",), ("-z",)),
            (("stray",), ("stray",)),
            (("--duration",), ("--duration",)),  # a flag without its value
        ])

    def test_partial_height_larger_than_window(self):
        self.check_usage([
            (("--partial-height", "700"), ("--partial-height",)),
            (("--geometry", "800x200", "--partial-height", "250"), ("--partial-height",)),
            (("--partial-height", "600.5"), ("--partial-height",)),
        ])

    def test_usage_checked_before_display(self):
        env = self.server.env()
        del env["DISPLAY"]
        self.check_usage(self.each("--duration", "-1") + [(("--bogus",), ("--bogus",))], env=env)

    def check_no_display(self, env):
        status, out, err, secs = run_program("--events", env=env)
        self.assertEqual(status, 69, f"status {status}, stderr {err!r}")
        self.assertEqual(len(err.strip().splitlines()), 1, f"stderr should be one line: {err!r}")
        self.assertNotIn('"ready"', out)

    def test_display_unset_exits_69(self):
        env = self.server.env()
        del env["DISPLAY"]
        self.check_no_display(env)

    def test_no_server_exits_69(self):
        self.assertFalse(os.path.exists("/tmp/.X11-unix/X9999"))
        self.check_no_display(self.server.env(DISPLAY=":9999"))

    def test_unreadable_items_exits_66(self):
        for path in ("/nonexistent/items.txt", "/"):
            with self.subTest(path=path):
                status, out, err, secs = run_program("--items", path, "--events", env=self.server.env())
                self.assertEqual(status, 66, f"status {status}, stderr {err!r}")
                lines = err.strip().splitlines()
                self.assertEqual(len(lines), 1, f"stderr should be one line: {err!r}")
                self.assertIn(path, lines[0])
                self.assertNotIn('"ready"', out)

    def test_help_and_version(self):
        status, out, err, _ = run_program("--help", env=self.server.env())
        self.assertEqual(status, 0, err)
        for flag in ("--partial-height", "--timing", "--events", "--full-expansion"):
            self.assertIn(flag, out)
        status, out, err, _ = run_program("--version", env=self.server.env())
        self.assertEqual(status, 0, err)
        self.assertEqual(len(out.strip().splitlines()), 1, out)
