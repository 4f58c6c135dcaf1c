#!/usr/bin/env python3
"""Records which of the program's functions run, and when, to lay them out
together in the release binary.

    python3 Packaging/order/record_order.py --binary PATH [--runs N] [--out FILE]

The release build links with lld's --symbol-ordering-file (Package.swift):
the functions named in Packaging/order/drawer-x11.order come first in the
text, in that order. The kernel maps a binary's code 64 KB at a time
around each page it touches, so code that runs at the start, spread over
the 10 MB of the static Swift runtime and libraries, made most of the
text resident; gathered, it takes a few dozen such blocks.

Each run starts the program on a private Xvfb (the UI suite's harness)
under `perf record`, sampling at its highest rate: a plain window to its
`ready` event and a drag of its panel, then a pick of a thousand rows, a
typed query and Esc. A function's place is the earliest moment, from the
program's start, it was seen in any run; functions too brief to be
sampled keep the linker's own order. Run it again (`make order`) when the
start-up path changes; a name that no longer exists is passed over.
The status is 0, or 2 with one line on stderr when a run fails.
"""

import argparse
import os
import select
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "UI"))
import harness  # noqa: E402  (Xvfb, as the real-window suite starts it)

# perf's highest sampling rate allowed by default (kernel.perf_event_max_sample_rate).
SAMPLE_HZ = "49000"
READY_SECONDS = 30


def wait_for(out, needle, seconds):
    """Reads `out` until a line holding `needle` arrives; returns all read."""
    seen = b""
    deadline = time.monotonic() + seconds
    while needle not in seen:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([out], [], [], left)[0]:
            raise RuntimeError(f"no {needle.decode()} within {seconds} s")
        chunk = os.read(out.fileno(), 65536)
        if not chunk:
            raise RuntimeError(f"the program ended before {needle.decode()}")
        seen += chunk
    return seen


def recorded(server, binary, data, argv, drive, stdin=subprocess.DEVNULL):
    """Runs the program under perf with `argv`, lets `drive` act once it is
    ready, and stops it. The events come through a pipe of their own: a
    pick's standard output carries the pick."""
    r, w = os.pipe()
    try:
        perf = subprocess.Popen(
            ["perf", "record", "-q", "-F", SAMPLE_HZ, "-e", "cpu-clock", "-o", data, "--", binary,
             "--events", f"/dev/fd/{w}", *argv],
            env=server.env(), stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(w,))
    finally:
        os.close(w)
    events = os.fdopen(r, "rb", buffering=0)
    try:
        lines = wait_for(events, b'"ready"', READY_SECONDS)
        drive(lines)
    finally:
        # perf passes SIGTERM on to the program and writes its file.
        perf.terminate()
        perf.wait(timeout=30)
        events.close()


def drag(server):
    def act(lines):
        server.run("xdotool", "mousemove", "400", "240", "mousedown", "1", timeout=10)
        for y in range(240, 60, -6):
            server.run("xdotool", "mousemove", "400", str(y), timeout=10)
        server.run("xdotool", "mouseup", "1", "sleep", "0.6", timeout=10)
    return act


def typing(server):
    def act(lines):
        server.run("xdotool", "type", "--delay", "30", "42", timeout=10)
        server.run("xdotool", "key", "Down", "sleep", "0.2", "key", "Escape", timeout=10)
    return act


def symbols(data, binary):
    """(seconds from the first sample, mangled name) of each sample in `binary`."""
    out = subprocess.run(
        ["perf", "script", "--no-demangle", "-i", data, "-F", "time,ip,sym,dso"],
        capture_output=True, text=True, check=True).stdout
    suffix = "(" + os.path.realpath(binary) + ")"
    first = None
    for line in out.splitlines():
        line = line.strip()
        stamp, _, rest = line.partition(":")
        try:
            t = float(stamp)
        except ValueError:
            continue
        first = t if first is None else first
        if not rest.endswith(suffix):
            continue
        words = rest[: -len(suffix)].split(None, 1)
        if len(words) == 2 and not words[1].startswith("[unknown]"):
            yield t - first, words[1].strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, help="the release drawer-x11")
    ap.add_argument("--runs", type=int, default=20, help="runs of each scenario (default 20)")
    ap.add_argument("--out", default=os.path.join(HERE, "drawer-x11.order"))
    args = ap.parse_args()
    if args.runs < 1 or not os.access(args.binary, os.X_OK):
        print("record_order: --binary must be an executable and --runs at least 1", file=sys.stderr)
        return 2
    earliest = {}
    rows = "".join(f"row {i}\n" for i in range(1000)).encode()
    with tempfile.TemporaryDirectory(prefix="drawer-order-") as tmp:
        server = harness.XServer()
        try:
            for run in range(args.runs):
                for name, argv, drive, feed in (
                    ("window", ["--geometry", "800x600"], drag(server), None),
                    ("pick", ["--pick", "--geometry", "640x480"], typing(server), rows),
                ):
                    data = os.path.join(tmp, f"{name}-{run}.data")
                    source = None
                    if feed is not None:
                        source = open(os.path.join(tmp, "rows"), "wb+")
                        source.write(feed)
                        source.seek(0)
                    try:
                        recorded(server, args.binary, data, argv, drive, stdin=source or subprocess.DEVNULL)
                    finally:
                        if source:
                            source.close()
                    for t, symbol in symbols(data, args.binary):
                        if t < earliest.get(symbol, float("inf")):
                            earliest[symbol] = t
                    os.unlink(data)
        except (RuntimeError, subprocess.SubprocessError, OSError) as e:
            print(f"record_order: {e}", file=sys.stderr)
            return 2
        finally:
            server.stop()
    ordered = sorted(earliest, key=lambda s: (earliest[s], s))
    with open(args.out, "w") as f:
        f.write("".join(s + "\n" for s in ordered))
    print(f"record_order: {len(ordered)} functions in {os.path.relpath(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
