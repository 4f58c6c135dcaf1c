"""The README's flags table lists every flag the program's --help lists."""

import os
import re
import subprocess
import unittest

import harness

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")


class TestReadme(unittest.TestCase):
    def test_every_flag_is_in_the_readme(self):
        out = subprocess.run([harness.BINARY, "--help"], capture_output=True, text=True, timeout=10)
        self.assertEqual(out.returncode, 0, out.stderr)
        # Every group of flags (POSITION:, BEHAVIOUR:, ... OPTIONS:) after the usage line.
        options = out.stdout.split("USAGE:", 1)[1]
        flags = set(re.findall(r"^\s+(?:-[A-Za-z], )?(--[a-z][a-z-]*)", options, re.M))
        self.assertGreater(len(flags), 40)
        with open(README, encoding="utf-8") as f:
            table = {m for m in re.findall(r"^\| (?:`-[A-Za-z]`, )?`(--[a-z][a-z-]*)", f.read(), re.M)}
        self.assertEqual(sorted(flags - table), [], "flags missing from the README table")
        self.assertEqual(sorted(table - flags), [], "README lists flags the program does not have")
