"""Hostile input against the real program: huge rows and windows, an events
reader that stops reading or made stdout non-blocking, signals in every
phase, closed standard descriptors, endless item sources. Never a crash, a
hang or a lost line."""

import fcntl
import json
import os
import signal
import subprocess
import tempfile
import termios
import time

from harness import (BINARY, App, UITest, XServer, _live, _spawn, _stop, line, run_program,
                     run_program_usage)


def pairs_hold(events):
    """Every willTransition is answered by one didTransition or
    transitionCancelled with the same ends, and every dragBegan by one
    dragEnded or dragCancelled. Returns a description of the first break."""
    open_move, dragging = None, False
    for e in events:
        name = e["event"]
        if name == "willTransition":
            if open_move:
                return f"willTransition while {open_move} is open"
            open_move = (e["from"], e["to"])
        elif name in ("didTransition", "transitionCancelled"):
            if open_move != (e["from"], e["to"]):
                return f"{name} {e} answers {open_move}"
            open_move = None
        elif name == "dragBegan":
            if dragging:
                return "dragBegan twice"
            dragging = True
        elif name in ("dragEnded", "dragCancelled"):
            if not dragging:
                return f"{name} without dragBegan"
            dragging = False
    if open_move:
        return f"willTransition {open_move} never answered"
    if dragging:
        return "dragBegan never ended"
    return None


def unread_bytes(fd):
    """Bytes waiting in the pipe behind `fd` (FIONREAD)."""
    buf = bytearray(4)
    fcntl.ioctl(fd, termios.FIONREAD, buf)
    return int.from_bytes(buf, "little")


def wait_until(condition, timeout, what):
    """Checks `condition` until it holds; fails after `timeout` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.01)  # polling a condition, bounded by the deadline


class TestLongRows(UITest):
    def test_ten_megabyte_row_draws_and_is_reported_whole(self):
        with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
            f.write(b"Short row\n" + b"W" * 10_000_000 + b"\n" + "é".encode() * 300_000 + b"\nLast row\n")
            path = f.name
        self.addCleanup(os.unlink, path)
        app = self.launch_at_rest("--items", path, "--row-height", "100")
        self.expand(app)
        # With the header between 10 and 110 px, rows 1 and 2 cross y=210
        # and y=310. Both long rows are drawn across the window's width.
        img = app.wait_still()
        dark = {x for y in range(120, 330, 3) for x in range(0, app.width, 2) if sum(img.pixel(x, y)) < 300}
        self.assertGreater(len(dark), 250, "the long rows draw no text across the window")
        app.mark()
        app.click(app.width // 2, 210)
        ev = app.wait_for("selected", timeout=15)
        self.assertEqual(ev["row"], 1)
        self.assertEqual(len(ev["text"]), 10_000_000, "the selected event carries the whole row")
        app.mark()
        app.click(app.width // 2, 310)
        ev = app.wait_for("selected", timeout=15)
        self.assertEqual(ev["text"], "é" * 300_000)
        app.key("q")
        self.assertEqual(app.wait_exit(15), 0)
        self.assertEqual(app.stderr(), "", "no X error, no message")


class TestHugeWindows(UITest):
    def test_resizes_past_the_protocol_limits_keep_running(self):
        app = self.launch_at_rest()
        for w, h in ((32_000, 600), (600, 32_000), (800, 600)):
            app.mark()
            app.resize(w, h)
            ev = app.wait_for("resized", timeout=30)
            self.assertEqual((ev["width"], ev["height"]), (w, h))
        self.assertEqual(ev["drawerTop"], 300)
        app.wait_drawer_at(300, timeout=10)
        self.expand(app)
        app.key("q")
        self.assertEqual(app.wait_exit(10), 0)
        self.assertNotIn("X error", app.stderr())


class TestEventsReader(UITest):
    def flood(self, app, keys=300):
        """Up and Down `keys` times each: two event lines a key or more."""
        self.server.run("xdotool", "key", "--repeat", str(keys), "--delay", "1", "Up", "Down", timeout=60)

    def test_unread_pipe_never_blocks_the_program(self):
        app = self.launch("--event-buffer-limit", "4096")
        self.flood(app)
        # Nothing is read: the program must still see q and leave, after
        # giving the reader its bounded chance.
        app.key("q")
        status = app.wait_exit(15, read=False)
        self.assertEqual(status, 0, app.describe())
        while app._pump(0.2):
            pass
        err = app.stderr()
        notices = [l for l in err.splitlines() if "not being read" in l]
        self.assertEqual(len(notices), 1, err)
        lost = [l for l in err.splitlines() if "were not written" in l]
        self.assertEqual(len(lost), 1, err)
        self.assertGreater(int(lost[0].split(": ", 1)[1].split()[0]), 0, lost[0])
        # What did get through is whole lines of JSON.
        self.assertEqual(app.noise, [], "half lines in the stream")
        self.assertTrue(app.events, "nothing was written at all")

    def test_overflow_is_reported_in_the_stream_when_it_drains(self):
        app = self.launch("--event-buffer-limit", "4096")
        self.flood(app)
        ev = app.wait_for("overflow", timeout=15)
        self.assertGreater(ev["dropped"], 0)
        app.key("q")
        self.assertEqual(app.wait_exit(10), 0)
        self.assertEqual(app.noise, [])
        names = [e["event"] for e in app.events]
        # One gap or more (a burst of input can overrun the buffer twice),
        # each reported where it happened.
        self.assertGreaterEqual(names.count("overflow"), 1)
        self.assertEqual(names[-1], "exit")
        self.assertEqual(len([l for l in app.stderr().splitlines() if "not being read" in l]), 1)

    def test_sigterm_while_the_reader_stalls(self):
        app = self.launch("--event-buffer-limit", "4096")
        self.flood(app, keys=200)
        app.proc.send_signal(signal.SIGTERM)
        self.assertEqual(app.wait_exit(15), 143)

    def test_nonblocking_stdout_loses_nothing(self):
        app = App(self.server, nonblocking_stdout=True)
        self.addCleanup(app.stop)
        app.wait_ready()
        app.mark()
        # The reader lags: the pipe fills and the program sees EAGAIN.
        self.flood(app, keys=400)
        app.key("q")
        self.assertEqual(app.wait_exit(20), 0, app.describe())
        self.assertEqual(app.noise, [], "half or spliced lines")
        names = [e["event"] for e in app.events]
        self.assertNotIn("overflow", names)
        self.assertEqual(names[-1], "exit")
        self.assertIsNone(pairs_hold(app.events))
        # Every key press was reported: 400 Ups and 400 Downs each start a move.
        self.assertGreaterEqual(names.count("willTransition"), 800)


class TestSignals(UITest):
    def test_hangup_and_user_signals_exit_cleanly(self):
        # SIGQUIT too: the Swift runtime would take it as a crash and print a
        # backtrace without exiting.
        for sig in (signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM, signal.SIGINT, signal.SIGTERM,
                    signal.SIGQUIT):
            with self.subTest(signal=sig.name):
                app = self.launch_at_rest()
                app.proc.send_signal(sig)
                self.assertEqual(app.wait_exit(), 128 + sig, app.describe())
                last = app.events[-1]
                self.assertEqual((last["event"], last.get("status")), ("exit", 128 + sig))
                self.assertEqual(app.stderr(), "")

    def test_a_signal_ignored_by_the_parent_stays_ignored(self):
        # As under nohup: SIGHUP ignored before exec is inherited, and kept.
        env = self.server.env()
        p = _spawn(["/bin/sh", "-c", 'trap "" HUP; exec "$0" --events', BINARY], env=env, stdout=subprocess.PIPE,
                   stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        self.addCleanup(_stop, p)
        first = p.stdout.readline()
        self.assertIn(b'"ready"', first)
        p.send_signal(signal.SIGHUP)
        p.send_signal(signal.SIGTERM)  # handled: the HUP before it changed nothing
        out = p.stdout.read().decode()
        self.assertEqual(p.wait(10), 143, out)
        _live.pop(p.pid, None)
        self.assertTrue(out.rstrip().endswith('{"event":"exit","status":143}'), out)

    def test_sigterm_mid_move_answers_the_will_transition(self):
        # A move that lasts a minute: the signal surely lands during it.
        app = self.launch_at_rest("--duration", "60", "--timing", "linear")
        app.key("Up")
        app.wait_for("willTransition", to="fullyExpanded")
        app.proc.send_signal(signal.SIGTERM)
        self.assertEqual(app.wait_exit(), 143)
        after = app.since()
        names = [e["event"] for e in after]
        self.assertIn("transitionCancelled", names, app.describe(app.cursor))
        self.assertNotIn("didTransition", names)
        self.assertIsNone(pairs_hold(app.events), app.describe())

    def test_sigterm_mid_drag_cancels_the_drag(self):
        app = self.launch_at_rest()
        x = app.width // 2 + 100
        app.drag(line(x, app.drawer_top + 30, x, app.drawer_top - 100, 6), 0.01, release=False)
        app.wait_for("dragBegan")
        app.proc.send_signal(signal.SIGTERM)
        self.assertEqual(app.wait_exit(), 143)
        app.release()
        self.assertIn("dragCancelled", [e["event"] for e in app.since()])
        self.assertIsNone(pairs_hold(app.events), app.describe())

    def test_server_death_mid_move_answers_the_will_transition(self):
        server = XServer()
        self.addCleanup(server.stop)
        app = App(server, "--duration", "60", "--timing", "linear")
        self.addCleanup(app.stop)
        app.wait_ready()
        app.server.run("xdotool", "key", "Up")
        app.wait_for("willTransition", to="fullyExpanded")
        server.kill()
        self.assertEqual(app.wait_exit(3), 74)
        self.assertIn("transitionCancelled", [e["event"] for e in app.events])
        self.assertIsNone(pairs_hold(app.events), app.describe())

    def test_server_death_leaves_a_whole_trace(self):
        server = XServer()
        self.addCleanup(server.stop)
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        path = os.path.join(folder.name, "trace.jsonl")
        app = App(server, "--record", path, "--duration", "60", "--timing", "linear")
        self.addCleanup(app.stop)
        app.wait_ready()
        app.server.run("xdotool", "key", "Up")
        app.wait_for("willTransition", to="fullyExpanded")
        server.kill()
        self.assertEqual(app.wait_exit(3), 74)
        with open(path) as f:
            inputs = [json.loads(l) for l in f.read().splitlines()]
        self.assertEqual(inputs[-1]["in"], "finish", "the trace ends where the program did")
        done = subprocess.run([os.path.join(os.path.dirname(BINARY), "drawer-replay"), path],
                              capture_output=True, timeout=20)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        replayed = [json.loads(l)["event"] for l in done.stdout.decode().splitlines()]
        shown = [e["event"] for e in app.events if e["event"] not in ("ready", "resized", "exit", "frameStats", "rows")]
        self.assertEqual(replayed, shown)
        self.assertIn("transitionCancelled", replayed)

    def test_signal_while_rows_stream_from_a_slow_pipe(self):
        r, w = os.pipe()
        self.addCleanup(os.close, w)
        app = App(self.server, "--items", "-", stdin=r)
        os.close(r)
        self.addCleanup(app.stop)
        os.write(w, b"first row\n")
        wait_until(lambda: unread_bytes(w) == 0, 5, "the program reads the first row")
        start = time.monotonic()
        app.proc.send_signal(signal.SIGINT)
        self.assertEqual(app.wait_exit(), 130)
        self.assertLess(time.monotonic() - start, 2)
        # The window opened at once, before the input ended: what it did is
        # reported, and the exit last.
        self.assertEqual(app.events[-1], {"event": "exit", "status": 130, **{k: v for k, v in app.events[-1].items() if k == "_t"}})
        self.assertEqual(app.stderr(), "")

    def test_signal_while_a_fifo_waits_for_its_writer(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        fifo = os.path.join(tmp.name, "rows")
        os.mkfifo(fifo)
        app = App(self.server, "--items", fifo)
        self.addCleanup(app.stop)

        def has_opened():
            fds = f"/proc/{app.proc.pid}/fd"
            try:
                return any(os.readlink(os.path.join(fds, n)) == fifo for n in os.listdir(fds))
            except OSError:
                return False

        wait_until(has_opened, 5, "the program opens the FIFO, which has no writer")
        app.proc.send_signal(signal.SIGTERM)
        self.assertEqual(app.wait_exit(), 143)

        # A writer that opens and then says nothing: the read is interrupted.
        app = App(self.server, "--items", fifo)
        self.addCleanup(app.stop)
        writer = None

        def opened():
            nonlocal writer
            try:
                writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                return True
            except OSError:  # ENXIO: no reader yet
                return False

        wait_until(opened, 5, "the program opens the FIFO")
        self.addCleanup(os.close, writer)
        app.proc.send_signal(signal.SIGHUP)
        self.assertEqual(app.wait_exit(), 129)

    def test_escape_during_a_drag_cancels_it_and_settles(self):
        app = self.launch_at_rest()
        x = app.width // 2 + 100
        app.drag(line(x, app.drawer_top + 30, x, app.drawer_top - 120, 6), 0.01, release=False)
        app.wait_for("dragBegan")
        app.key("Escape")
        app.wait_for("dragCancelled", state="partiallyExpanded")
        ev = app.settle()
        self.assertEqual(ev["to"], "partiallyExpanded")
        app.release()
        app.wait_drawer_at(300)
        self.assertNotIn("dragEnded", [e["event"] for e in app.since()])
        self.assertIsNone(pairs_hold(app.events), app.describe())


class TestEscaping(UITest):
    def test_a_control_line_of_a_million_quotes_is_answered_at_once(self):
        # Each quote is escaped in the ack: escaping that copied the line
        # so far at every quote froze the loop for over a minute.
        folder = tempfile.TemporaryDirectory(prefix="drawer-hostile-")
        self.addCleanup(folder.cleanup)
        fifo = os.path.join(folder.name, "control")
        os.mkfifo(fifo)
        rows = os.path.join(folder.name, "rows")
        with open(rows, "w") as f:
            f.write("one\n")
        app = self.launch_at_rest("--control", fifo, "--items", rows)
        command = "append " + '"' * 1_000_000
        with open(fifo, "w") as f:
            f.write(command + "\n")
        ev = app.wait_for(None, lambda e: e["event"] in ("ack", "error") and e.get("command") == command)
        self.assertEqual(ev["event"], "ack")
        with open(fifo, "w") as f:
            f.write("quit\n")
        self.assertEqual(app.wait_exit(), 0)
        self.assertEqual(app.noise, [])

    def test_a_selected_row_of_a_million_tabs_is_reported_at_once(self):
        with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
            f.write(b"one\n" + b"\t" * 1_000_000 + b"\n")
            path = f.name
        self.addCleanup(os.unlink, path)
        app = self.launch_at_rest("--items", path)
        app.mark()
        app.key("Up")
        app.settle()
        app.mark()
        app.key("Down")
        app.key("Down")
        ev = app.wait_for("selected", row=1)
        self.assertEqual(ev["text"], "\t" * 1_000_000)
        app.key("q")
        self.assertEqual(app.wait_exit(), 0)


class TestFifos(UITest):
    """Files named on the command line or in a trace that are FIFOs: nothing
    waits in open(2) for a process that may never come."""

    def fifo(self):
        folder = tempfile.TemporaryDirectory(prefix="drawer-hostile-")
        self.addCleanup(folder.cleanup)
        path = os.path.join(folder.name, "fifo")
        os.mkfifo(path)
        return path

    def test_an_output_fifo_without_a_reader_fails_at_once(self):
        for flag in ("--record", "--events"):
            with self.subTest(flag=flag):
                status, out, err, _ = run_program(flag, self.fifo(), env=self.server.env(), timeout=10)
                self.assertEqual(status, 73, err)
                self.assertEqual(len(err.splitlines()), 1, err)
                self.assertIn(f"{flag}: cannot create", err)
                self.assertIn("no process reads", err)

    def test_a_record_fifo_with_a_reader_gets_the_trace(self):
        path = self.fifo()
        reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        self.addCleanup(os.close, reader)
        app = App(self.server, "--record", path)
        self.addCleanup(app.stop)
        app.wait_ready()
        app.key("q")
        self.assertEqual(app.wait_exit(), 0)
        os.set_blocking(reader, True)
        trace = b""
        while chunk := os.read(reader, 1 << 16):
            trace += chunk
        header = json.loads(trace.split(b"\n", 1)[0])
        self.assertEqual(header["trace"], 1)
        self.assertEqual(json.loads(trace.splitlines()[-1])["in"], "finish")

    def test_a_replay_reads_no_file_the_trace_names(self):
        replay = os.path.join(os.path.dirname(BINARY), "drawer-replay")
        source = os.path.join(os.path.dirname(__file__), "..", "DrawerScriptingTests", "Traces",
                              "nearest-flick-select-key-dismiss.jsonl")
        with open(source) as f:
            header, *steps = f.read().splitlines()
        folder = tempfile.TemporaryDirectory(prefix="drawer-hostile-")
        self.addCleanup(folder.cleanup)
        secret = os.path.join(folder.name, "secret")
        with open(secret, "w") as f:
            f.write("".join(f"secret {i}\n" for i in range(200)))
        # The session read its rows from a file: a `rows` step says how many.
        rows = json.dumps({"t": json.loads(steps[0])["t"], "in": "rows", "count": 200})

        def selected(done):
            return [e["text"] for e in map(json.loads, done.stdout.decode().splitlines()) if e["event"] == "selected"]

        for items in (self.fifo(), secret):
            with self.subTest(items=items):
                fields = json.loads(header)
                fields["args"] = ["--items", items] + fields["args"]
                trace = os.path.join(folder.name, "trace.jsonl")
                with open(trace, "w") as f:
                    f.write("\n".join([json.dumps(fields), steps[0], rows] + steps[1:]) + "\n")
                # A FIFO nobody writes would hold a replay that opens it for ever.
                done = subprocess.run([replay, trace], capture_output=True, timeout=20)
                self.assertEqual(done.returncode, 0, done.stderr.decode())
                self.assertEqual(selected(done), ["", ""])
        done = subprocess.run([replay, trace, "--read-items"], capture_output=True, timeout=20)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        self.assertEqual(selected(done), ["secret 7", "secret 8"], "asked to, the replay reads the rows' texts")


class TestDescriptorsAndSources(UITest):
    def test_closed_stdin_and_stderr(self):
        shell = ["/bin/sh", "-c", 'exec "$0" --events <&- 2>&-', BINARY]
        app = App(self.server, argv=shell)
        self.addCleanup(app.stop)
        app.wait_ready()
        app.key("q")
        self.assertEqual(app.wait_exit(), 0)
        self.assertEqual(app.events[-1]["event"], "exit")

    def test_all_standard_descriptors_closed(self):
        # With --events: a closed stdout taken by the signal pipe would feed
        # the program its own events as signals.
        p = _spawn(["/bin/sh", "-c", 'exec "$0" --events <&- >&- 2>&-', BINARY], env=self.server.env())
        self.addCleanup(_stop, p)
        # No stdout to read `ready` from: find the window by its _NET_WM_PID,
        # and wait until it has taken the keyboard, as it does once mapped.
        out = self.server.run("xdotool", "search", "--sync", "--onlyvisible", "--pid", str(p.pid), timeout=15).split()
        self.assertTrue(out, "no window")
        # Each closed one is /dev/null, so no pipe the program opens later
        # (its signal pipe) takes its number.
        links = {fd: os.readlink(f"/proc/{p.pid}/fd/{fd}") for fd in (0, 1, 2)}
        self.assertEqual(links, {0: "/dev/null", 1: "/dev/null", 2: "/dev/null"})
        wait_until(lambda: self.server.run("xdotool", "getwindowfocus").split() == out[:1], 10, "focus")
        self.server.run("xdotool", "key", "q")
        self.assertEqual(p.wait(10), 0)
        _live.pop(p.pid, None)

    def test_endless_source_stops_at_the_row_length_limit(self):
        status, out, err, secs, peak_kib = run_program_usage("--items", "/dev/zero", env=self.server.env(), timeout=30)
        self.assertEqual(status, 66, err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertIn("longer than 64 MiB", err)
        self.assertLess(peak_kib, 400 * 1024, "memory grew past the limit's worth")

    def test_random_item_bytes_open_a_window_or_exit_66(self):
        import random
        rng = random.Random(9)
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        for case in range(6):
            pieces = []
            for _ in range(rng.randint(0, 40)):
                kind = rng.randrange(5)
                if kind == 0:
                    pieces.append(bytes(rng.randrange(256) for _ in range(rng.randint(0, 60))))
                elif kind == 1:
                    pieces.append(b"\x00" * rng.randint(1, 30))
                elif kind == 2:
                    pieces.append(b"\r\n")
                elif kind == 3:
                    pieces.append(b"\xff\xfe\xc3\x28\xe2\x82" + "漢字 ☃".encode())
                else:
                    pieces.append(b"y" * rng.randint(0, 200_000) + b"\n")
            path = os.path.join(tmp.name, f"items{case}")
            with open(path, "wb") as f:
                f.write(b"".join(pieces))
            with self.subTest(case=case):
                app = App(self.server, "--items", path)
                try:
                    ev = app.wait_for("ready", timeout=15, since=0)
                    self.assertIn(ev["state"], ("partiallyExpanded",))
                    app.key("q")
                    self.assertEqual(app.wait_exit(), 0)
                finally:
                    app.stop()
                self.assertEqual(app.noise, [])


class TestHostileValues(UITest):
    def test_control_characters_are_escaped_in_messages(self):
        env = self.server.env()
        for argv in (["--duration", "\x1b]0;owned\x07"], ["--geometry", "80\nx60"], ["--bo\x1b[2Jgus"],
                     ["--border-color", "\x9b31m"], ["stray\u202e"], ["--items", "/nonexistent/\x1bx"]):
            with self.subTest(argv=argv):
                status, out, err, _ = run_program(*argv, env=env)
                self.assertIn(status, (64, 66), err)
                self.assertEqual(len(err.splitlines()), 1, repr(err))
                bad = [c for c in err.rstrip("\n") if ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f or c == "\u202e"]
                self.assertEqual(bad, [], repr(err))

    def test_argument_fuzz_gives_one_clean_line(self):
        import random
        rng = random.Random(4)
        flags = ["--partial-height", "--rows", "--duration", "--timing", "--geometry", "--shadow-offset",
                 "--handle-size", "--border-color", "--full-expansion", "--initial-state", "--corner-mode",
                 "--no-handle", "--debug", "--help", "--version", "--bogus", "-x", "--"]
        values = ["0x10", "1e-400", "1e400", "nan", "-1", "", "800x600", "spring:0.5", "gap:10", "\x1b[31m",
                  "\x00", "é", "9" * 40, "1,2", "red", "full", "1_0", "+5", ".5"]
        env = self.server.env()
        del env["DISPLAY"]  # a valid line stops at the display: no window in a fuzz run
        for case in range(150):
            argv = [rng.choice(flags + values) for _ in range(rng.randint(1, 5))]
            argv = [a.replace("\x00", "") for a in argv]  # a C argv cannot hold NUL
            with self.subTest(argv=argv):
                status, out, err, _ = run_program(*argv, env=env)
                self.assertIn(status, (0, 64, 66, 69), err)
                lines = err.splitlines()
                self.assertEqual(len(lines), 0 if status == 0 else 1, repr(err))
                self.assertFalse(any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f for l in lines for c in l), repr(err))
