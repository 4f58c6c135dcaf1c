"""Release policies, the rubber band and removal, on the real window:
FloatingPanel's projection and OverlayContainer's nearest rule driving
DrawerKit's three states; a drag past full that stretches and settles back;
no dismissal by drag without removal; and the flags' combinations."""

from harness import UITest, drawer_top, line, run_program

SLOW, FAST, HOLD = 0.02, 0.008, 0.15


class TestReleasePolicies(UITest):
    def release_outcome(self, app):
        ended = app.wait_for("dragEnded")
        ev = app.settle()
        return ended, ev

    def test_projection_moves_on_only_past_half_the_way(self):
        # partial at 300, full at 0: the redirection point is 150 px of
        # projection, 0.499 s of the release speed.
        app = self.launch_at_rest("--release", "projection")
        x = app.width // 2 + 100
        app.mark()
        app.drag(line(x, 330, x, 290, 4), SLOW, hold=HOLD)  # 40 px, then still
        ended, ev = self.release_outcome(app)
        self.assertEqual((ended["rule"], ev["to"]), ("returned", "partiallyExpanded"), app.describe(app.cursor))
        app.wait_drawer_at(300)
        app.mark()
        app.drag(line(x, 330, x, 230, 10), FAST)  # about 1250 px/s upward
        ended, ev = self.release_outcome(app)
        self.assertEqual((ended["rule"], ev["to"]), ("projected", "fullyExpanded"), app.describe(app.cursor))

    def test_projection_removal_and_adjacent_states(self):
        app = self.launch_at_rest("--release", "projection", "--collapsed-height", "80")
        x = app.width // 2 + 100
        self.expand(app)
        # A hard flick down from full reaches partial only: one state at a time.
        app.drag(line(x, 30, x, 200, 10), FAST)
        ended, ev = self.release_outcome(app)
        self.assertEqual(ev["to"], "partiallyExpanded", app.describe(app.cursor))
        app.wait_drawer_at(300)
        app.mark()
        # From partial, 2000+ px/s down at 300 px from dismissed: removal.
        app.drag(line(x, 330, x, 480, 10), FAST)
        ended, ev = self.release_outcome(app)
        self.assertEqual((ended["rule"], ev["to"]), ("removal", "dismissed"), app.describe(app.cursor))

    def test_nearest_takes_the_closest_state(self):
        app = self.launch_at_rest("--release", "nearest")
        x = app.width // 2 + 100
        app.mark()
        app.drag(line(x, 330, x, 170, 16), SLOW, hold=HOLD)  # drawer top 140: nearer full
        ended, ev = self.release_outcome(app)
        self.assertEqual((ended["rule"], ev["to"]), ("nearest", "fullyExpanded"), app.describe(app.cursor))

    def test_without_removal_a_flick_down_stops_at_the_lowest_state(self):
        app = self.launch_at_rest("--removal", "off", "--collapsed-height", "80")
        x = app.width // 2 + 100
        app.mark()
        app.drag(line(x, 330, x, 590, 12), FAST)
        ended, ev = self.release_outcome(app)
        self.assertEqual(ev["to"], "collapsed", app.describe(app.cursor))
        app.wait_drawer_at(520)
        app.mark()
        app.key("Escape")  # a key still dismisses
        app.wait_for("dismissed")


class TestRubberBand(UITest):
    def test_a_drag_past_full_stretches_and_settles_back(self):
        app = self.launch_at_rest("--rubber-band", "fp", "--full-expansion", "gap:100")
        self.expand(app)
        self.assertEqual(app.drawer_top, 100)
        x = app.width // 2 + 100
        # Press on the header and pull 100 px up past full, holding on.
        app.drag(line(x, 130, x, 30, 10), SLOW, release=False)
        # FloatingPanel's curve: 100 px past full on 600 shows about 50.
        top = app.drawer_top_at(x)
        self.assertTrue(45 <= top <= 56, f"stretched top at {top}")
        img = app.last
        self.assertTrue(all(sum(img.pixel(x, y)) > 600 for y in range(top + 4, 598, 40)), "no gap below the sheet")
        app.mark()
        app.release()
        ev = app.settle()
        self.assertEqual((ev["to"], ev["drawerTop"]), ("fullyExpanded", 100))
        app.wait_drawer_at(100)

    def test_without_a_rubber_band_full_is_a_wall(self):
        app = self.launch_at_rest("--full-expansion", "gap:100")
        self.expand(app)
        x = app.width // 2 + 100
        app.drag(line(x, 130, x, 30, 10), SLOW, release=False)
        self.assertEqual(app.drawer_top_at(x), 100)
        app.release()


class TestReleaseFlags(UITest):
    def test_combinations_that_make_no_sense_name_both_flags(self):
        env = self.server.env()
        for argv, names in (
            (["--skip-states"], ("--skip-states", "--release")),
            (["--release", "nearest", "--skip-states"], ("--skip-states", "--release")),
            (["--removal", "on:3"], ("--removal", "--release")),
            (["--release", "bogus"], ("--release",)),
            (["--rubber-band", "oc:0"], ("--rubber-band",)),
            (["--rubber-band", "springy"], ("--rubber-band",)),
            (["--removal", "on:0x3", "--release", "projection"], ("--removal",)),
        ):
            with self.subTest(argv=argv):
                status, out, err, _ = run_program(*argv, env=env)
                self.assertEqual(status, 64, err)
                lines = err.strip().splitlines()
                self.assertEqual(len(lines), 1, err)
                for n in names:
                    self.assertIn(n, lines[0])
