#!/usr/bin/env python3
"""Runs the real-window suite against one drawer-x11 binary.

    python3 Tests/UI/run.py --binary PATH [--examples DIR] [--skip NAME ...] [--jobs N] [NAME ...]

A NAME selects tests by module (test_startup), class (TestTaps), method
(test_escape_dismisses), dotted suffix (TestTaps.test_outside_click_dismisses)
or shell pattern on the full id (*flick*). The last line printed is
`ui: N passed, M failed` (plus `, K skipped`); the status is 1 on any failure.
"""

import argparse
import fnmatch
import os
import re
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, HERE)


def flatten(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from flatten(t)
        else:
            yield t


def selected(test_id, names):
    if not names:
        return True
    parts = test_id.split(".")
    for name in names:
        if name in parts or test_id == name or test_id.endswith("." + name):
            return True
        if fnmatch.fnmatchcase(test_id, name) or fnmatch.fnmatchcase(test_id, "*." + name):
            return True
    return False


class Result(unittest.TextTestResult):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.started = []

    def startTest(self, test):
        self.started.append(test.id())
        super().startTest(test)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, help="the drawer-x11 executable")
    ap.add_argument("--examples", default="", help="the directory holding the Examples/ programs (make examples)")
    ap.add_argument("--skip", action="append", default=[], metavar="NAME",
                    help="leave out the scenarios NAME selects (as NAME below; may be given again)")
    ap.add_argument("-q", "--quiet", action="store_true", help="one character per test")
    ap.add_argument("--jobs", type=int, default=1, metavar="N",
                    help="run the scenarios' modules in N processes at once, each with its own X servers")
    ap.add_argument("--module", action="append", default=[], help=argparse.SUPPRESS)  # a job's share
    ap.add_argument("names", nargs="*", help="scenarios to run (default: all)")
    args = ap.parse_args()

    binary = os.path.abspath(args.binary)
    os.environ["DRAWER_X11_BINARY"] = binary
    import harness
    harness.BINARY = binary
    if args.examples:
        harness.EXAMPLES = os.path.abspath(args.examples)

    loader = unittest.TestLoader()
    tests = [t for t in flatten(loader.discover(HERE, pattern="test_*.py", top_level_dir=HERE))]
    broken = [t for t in tests if type(t).__name__ == "_FailedTest"]  # modules that failed to import
    tests = [t for t in tests if t not in broken and selected(t.id(), args.names)
             and not (args.skip and selected(t.id(), args.skip))
             and (not args.module or t.id().split(".")[0] in args.module)] + broken
    if args.jobs > 1 and not args.module and tests and not broken:
        return run_jobs(args, tests)
    if not tests:
        print(f"run.py: no scenario matches {' '.join(args.names)}", file=sys.stderr)
        print("ui: 0 passed, 1 failed")
        return 2
    if not os.access(binary, os.X_OK):
        print(f"run.py: {binary} is not an executable file", file=sys.stderr)
        print(f"ui: 0 passed, {len(tests)} failed")
        return 1

    start = time.monotonic()
    runner = unittest.TextTestRunner(stream=sys.stdout, verbosity=1 if args.quiet else 2, resultclass=Result)
    try:
        result = runner.run(unittest.TestSuite(tests))
    except KeyboardInterrupt:
        harness.stop_everything()
        print("\nui: interrupted", file=sys.stderr)
        return 130

    def test_of(t):
        return getattr(t, "test_case", t)  # a subTest's parent

    failed = {test_of(t).id() for t, _ in result.failures + result.errors + [(u, "") for u in result.unexpectedSuccesses]}
    # An error in setUpClass shows as one "setUpClass (module.Class)" entry:
    # every selected test of that class counts as failed.
    for holder in failed.copy():
        if holder.startswith(("setUpClass", "tearDownClass")):
            cls = holder.split("(", 1)[1].rstrip(")")
            failed.discard(holder)
            failed |= {t.id() for t in tests if t.id().startswith(cls + ".")} or {holder}
    skipped = {test_of(t).id() for t, _ in result.skipped} - failed
    passed = [i for i in result.started if i not in failed and i not in skipped]
    print(f"ui suite took {time.monotonic() - start:.1f} s")
    line = f"ui: {len(passed)} passed, {len(failed)} failed"
    if skipped:
        line += f", {len(skipped)} skipped"
    print(line)
    return 1 if failed else 0


def run_jobs(args, tests):
    """Runs the selected scenarios in `args.jobs` child processes, a share
    of the modules each (the most scenarios first, each to the share with
    the fewest so far), and sums their counts. A scenario mostly waits on
    its X server, so shares side by side take about the time of the
    largest. Each child's output is printed whole once it ends."""
    counts = {}
    for t in tests:
        module = t.id().split(".")[0]
        counts[module] = counts.get(module, 0) + 1
    shares = [[] for _ in range(args.jobs)]
    sizes = [0] * args.jobs
    for module in sorted(counts, key=lambda m: (-counts[m], m)):
        i = sizes.index(min(sizes))
        shares[i].append(module)
        sizes[i] += counts[module]
    start = time.monotonic()
    children = []
    for share in (s for s in shares if s):
        argv = [sys.executable, os.path.abspath(__file__), "--binary", os.path.abspath(args.binary)]
        if args.examples:
            argv += ["--examples", os.path.abspath(args.examples)]
        for name in args.skip:
            argv += ["--skip", name]
        if args.quiet:
            argv.append("-q")
        for module in share:
            argv += ["--module", module]
        argv += args.names
        out = tempfile.TemporaryFile()
        children.append((subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT), out))
    passed = failed = skipped = 0
    status = 0
    for child, out in children:
        code = child.wait()
        out.seek(0)
        text = out.read().decode(errors="replace")
        out.close()
        sys.stdout.write(text)
        sys.stdout.flush()
        summary = [l for l in text.splitlines() if l.startswith("ui: ")]
        match = re.match(r"ui: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?", summary[-1]) if summary else None
        if match is None:
            failed += 1  # a child that died without its count
            status = 1
            continue
        passed += int(match[1])
        failed += int(match[2])
        skipped += int(match[3] or 0)
        status = status or code
    print(f"ui suite took {time.monotonic() - start:.1f} s in {len(children)} jobs")
    line = f"ui: {passed} passed, {failed} failed"
    if skipped:
        line += f", {skipped} skipped"
    print(line)
    return 1 if failed or status else 0


if __name__ == "__main__":
    sys.exit(main())
