#!/usr/bin/env python3
"""The install suite: `make install` into a scratch DESTDIR, checked as a user
of the installed program would find it, then `make uninstall`.

    python3 Tests/Install/test_install.py [NAME ...]

make install builds the release binary (the Swift runtime linked in) when
it is not built yet: a few minutes from nothing on two cores. The last line
is `install: N passed, M failed`; the status is 1 on any failure.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import xml.dom.minidom

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "Tests", "UI"))

PREFIX = "/usr/local"
UNDER = PREFIX.lstrip("/")

# Every file make install writes, with its mode, relative to DESTDIR: under
# PREFIX, and fish's completion where a default fish finds what is installed
# for every user when PREFIX is /usr/local.
FILES = {
    f"{UNDER}/bin/drawer-x11": 0o755,
    f"{UNDER}/bin/drawer-replay": 0o755,
    f"{UNDER}/share/man/man1/drawer-x11.1": 0o644,
    f"{UNDER}/share/man/man1/drawer-replay.1": 0o644,
    f"{UNDER}/share/bash-completion/completions/drawer-x11": 0o644,
    f"{UNDER}/share/zsh/site-functions/_drawer-x11": 0o644,
    "etc/fish/completions/drawer-x11.fish": 0o644,
    f"{UNDER}/share/applications/drawer-x11.desktop": 0o644,
    f"{UNDER}/share/icons/hicolor/48x48/apps/drawer-x11.png": 0o644,
    f"{UNDER}/share/icons/hicolor/128x128/apps/drawer-x11.png": 0o644,
    f"{UNDER}/share/icons/hicolor/scalable/apps/drawer-x11.svg": 0o644,
    f"{UNDER}/share/doc/drawer-x11/README.md": 0o644,
    f"{UNDER}/share/doc/drawer-x11/LICENSE": 0o644,
    f"{UNDER}/share/doc/drawer-x11/CHANGELOG.md": 0o644,
}
# The guides the README links, beside it as they are beside it in the tree.
FILES.update({f"{UNDER}/share/doc/drawer-x11/docs/{name}": 0o644
              for name in sorted(os.listdir(os.path.join(ROOT, "docs"))) if name.endswith(".md")})

# Where each shell's completion goes for PREFIX=/usr (the package), relative
# to DESTDIR: the directories Debian 12's shells search for packages.
PACKAGE_COMPLETIONS = {
    "bash": "usr/share/bash-completion/completions/drawer-x11",
    "zsh": "usr/share/zsh/vendor-completions/_drawer-x11",
    "fish": "usr/share/fish/vendor_completions.d/drawer-x11.fish",
}

EDGES = ["bottom", "top", "left", "right"]


def make(*args):
    """Runs make in the repository; fails the test with its output's end."""
    r = subprocess.run(["make", "--no-print-directory", *args], cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError(f"make {' '.join(args)}: status {r.returncode}\n{(r.stdout + r.stderr)[-4000:]}")
    return r.stdout


def run(argv, env=None):
    """Runs a tool; its status, stdout and stderr as text."""
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60)


def toolchain_root():
    """The toolchain's directory above bin/swift (e.g. /opt/swift/usr), or None."""
    swift = shutil.which("swift")
    return os.path.dirname(os.path.dirname(os.path.realpath(swift))) if swift else None


def hidden_toolchain_argv(argv, empty):
    """argv run in a mount namespace where an empty directory covers the
    toolchain, with PATH=/usr/bin:/bin and no LD_LIBRARY_PATH; the script
    first makes sure the toolchain is really gone."""
    toolchain = toolchain_root()
    unshare = [shutil.which("unshare"), "--mount"] + ([] if os.geteuid() == 0 else ["--map-root-user"])
    script = ('set -e; if [ -n "$1" ]; then "$3" --bind "$2" "$1"; '
              'if [ -e "$1/bin/swift" ]; then echo "the toolchain is still there" >&2; exit 99; fi; fi; '
              'shift 3; exec env -u LD_LIBRARY_PATH PATH=/usr/bin:/bin "$@"')
    return unshare + ["sh", "-c", script, "hide-toolchain", toolchain or "", empty, shutil.which("mount"), *argv]


class Installed(unittest.TestCase):
    """One make install into a scratch DESTDIR, shared by the checks."""

    @classmethod
    def setUpClass(cls):
        cls.scratch = tempfile.TemporaryDirectory(prefix="drawer-install-")
        cls.destdir = os.path.join(cls.scratch.name, "root")
        start = time.monotonic()
        make("install", f"DESTDIR={cls.destdir}", f"PREFIX={PREFIX}")
        print(f"make install took {time.monotonic() - start:.1f} s", file=sys.stderr)
        cls.prefix = cls.destdir + PREFIX
        cls.bin = os.path.join(cls.prefix, "bin", "drawer-x11")
        cls.empty = os.path.join(cls.scratch.name, "empty")
        os.mkdir(cls.empty)

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    def path(self, relative):
        return os.path.join(self.prefix, relative)

    # -- the tree

    def test_every_file_is_there_with_its_mode_and_nothing_else(self):
        found = {}
        for dirpath, dirnames, filenames in os.walk(self.destdir):
            for name in dirnames:
                mode = os.stat(os.path.join(dirpath, name)).st_mode & 0o7777
                self.assertEqual(mode, 0o755, f"directory {os.path.join(dirpath, name)} is {mode:o}")
            for name in filenames:
                path = os.path.join(dirpath, name)
                found[os.path.relpath(path, self.destdir)] = os.lstat(path).st_mode & 0o7777
        self.assertEqual(found, FILES)

    # -- the binary

    def assert_stripped_and_self_contained(self, binary):
        sections = run(["readelf", "--sections", "--wide", binary]).stdout
        self.assertIn(".text", sections)
        self.assertNotRegex(sections, r"\.symtab|\.debug_", f"{binary} is not stripped")
        ldd = run(["ldd", binary])
        self.assertEqual(ldd.returncode, 0, ldd.stderr)
        self.assertNotRegex(ldd.stdout, r"libswift|libFoundation|libdispatch|not found")
        toolchain = toolchain_root()
        if toolchain:
            self.assertNotIn(toolchain, ldd.stdout)
        dynamic = run(["readelf", "--dynamic", binary]).stdout
        self.assertNotRegex(dynamic, r"RPATH|RUNPATH", "an installed binary needs no run path")

    def test_the_binary_is_stripped_and_needs_no_swift_library(self):
        self.assert_stripped_and_self_contained(self.bin)

    def test_drawer_replay_is_installed_and_helps_with_the_toolchain_hidden(self):
        replay = self.path("bin/drawer-replay")
        self.assert_stripped_and_self_contained(replay)
        r = run(hidden_toolchain_argv([replay, "--help"], self.empty))
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        self.assertTrue(r.stdout.startswith("USAGE: drawer-replay FILE [FLAGS]\n"), r.stdout[:200])
        self.assertIn("Exit status:", r.stdout)
        version = run(hidden_toolchain_argv([replay, "--version"], self.empty))
        self.assertEqual((version.returncode, version.stderr), (0, ""))
        self.assertEqual(version.stdout.split(), ["drawer-replay", run([self.bin, "--version"]).stdout.split()[1]])

    def test_the_binary_says_its_version_with_the_toolchain_hidden(self):
        r = run(hidden_toolchain_argv([self.bin, "--version"], self.empty))
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        self.assertRegex(r.stdout, r"^drawer-x11 [0-9]+\.[0-9]+\.[0-9]+(-[0-9]+)?(-g[0-9a-f]{4,})?(-dirty)?\n$")
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        commit = re.search(r"-g([0-9a-f]+)", r.stdout)
        if head.returncode == 0 and commit:
            self.assertTrue(head.stdout.strip().startswith(commit.group(1)) or commit.group(1).startswith(head.stdout.strip()),
                            f"{r.stdout.strip()} is not HEAD {head.stdout.strip()}")

    def test_the_binary_opens_a_window_with_the_toolchain_hidden(self):
        import harness
        server = harness.XServer()
        try:
            rows = os.path.join(self.scratch.name, "rows.txt")
            with open(rows, "w") as f:
                f.write("Harbour Café\nMarket Hall\n")
            harness.BINARY = self.bin
            app = harness.App(server, argv=hidden_toolchain_argv([self.bin, "--items", rows, "--events"], self.empty),
                              env=server.env())
            app.wait_ready()
            self.assertEqual(app.wait_for("rows", loading=False)["total"], 2)
            app.key("q")
            self.assertEqual(app.wait_exit(), 0, app.stderr())
        finally:
            server.stop()

    # -- the manual

    def test_the_manual_renders_without_warnings(self):
        page = self.path("share/man/man1/drawer-x11.1")
        env = dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8")
        r = run(["man", "-l", page], env=env)
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        groff = run(["groff", "-mandoc", "-ww", "-z", page])
        self.assertEqual((groff.returncode, groff.stderr), (0, ""))
        text = r.stdout
        heads = re.findall(r"^([A-Z][A-Z ]+)$", text, re.M)
        self.assertEqual(heads, ["NAME", "SYNOPSIS", "DESCRIPTION", "EVENTS", "ENVIRONMENT", "FILES", "EXIT STATUS",
                                 "EXAMPLES", "SEE ALSO"])
        version = run([self.bin, "--version"]).stdout.strip()
        self.assertIn(version, text.strip().splitlines()[-1], "the footer names the version")
        description = text.split("\nDESCRIPTION\n")[1].split("\nEVENTS\n")[0]
        for said_elsewhere in ("Exit status:", "Examples:", "stdout carries one JSON"):
            self.assertNotIn(said_elsewhere, description)
        self.assertNotIn("subcommand", text)
        # Every flag --help lists has its item in the page, and every exit
        # status is there.
        help_flags = set(re.findall(r"(?m)^ +(?:-[a-zA-Z], )?(--[a-z][a-z0-9-]*)", run([self.bin, "--help"]).stdout))
        with open(page, encoding="utf-8") as f:
            # `.It Fl -edge Ar EDGE`, `.It Fl h , -help`: Fl adds a dash.
            items = {"-" + word for line in f.read().splitlines() if line.startswith(".It Fl ")
                     for word in line.split() if re.fullmatch(r"-[a-z][a-z0-9-]*", word)}
        self.assertGreater(len(help_flags), 50)
        self.assertEqual(help_flags - items, set(), "flags without an item in the page")
        statuses = text.split("\nEXIT STATUS\n")[1].split("\nEXAMPLES\n")[0]
        for status in ("0", "1", "64", "66", "69", "70", "73", "74", "128 + N"):
            self.assertRegex(statuses, rf"(?m)^     {re.escape(status)}\b")

    def test_man_finds_the_pages_under_the_prefix(self):
        env = dict(os.environ, MANPATH=self.path("share/man"))
        for name in ("drawer-x11", "drawer-replay"):
            r = run(["man", "-w", name], env=env)
            self.assertEqual(r.stdout.strip(), self.path(f"share/man/man1/{name}.1"), r.stderr)

    def test_the_manual_keeps_every_character_of_the_help(self):
        # The manual plugin writes only ASCII: "Gaussian σ" became
        # "Gaussian  is half of it".
        page = self.path("share/man/man1/drawer-x11.1")
        r = run(["man", "-l", page], env=dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8"))
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        text = " ".join(r.stdout.split())
        self.assertIn("(Gaussian σ is half of it)", text)
        help_text = run([self.bin, "--help"]).stdout
        beyond_ascii = {c for c in help_text if not c.isascii()}
        self.assertNotEqual(beyond_ascii, set())
        self.assertEqual({c for c in beyond_ascii if c not in text}, set(), "characters of --help the page lost")

    def test_the_replay_manual_renders_without_warnings(self):
        page = self.path("share/man/man1/drawer-replay.1")
        r = run(["man", "-l", page], env=dict(os.environ, MANWIDTH="80", LC_ALL="C.UTF-8"))
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        groff = run(["groff", "-mandoc", "-ww", "-z", page])
        self.assertEqual((groff.returncode, groff.stderr), (0, ""))
        text = r.stdout
        heads = re.findall(r"^([A-Z][A-Z ]+)$", text, re.M)
        self.assertEqual(heads, ["NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS", "EXAMPLES", "SEE ALSO"])
        version = run([self.path("bin/drawer-replay"), "--version"]).stdout.strip()
        self.assertIn(version, text.strip().splitlines()[-1], "the footer names the version")
        self.assertNotIn("subcommand", text)
        self.assertNotIn("Exit status:", text)
        statuses = text.split("\nEXIT STATUS\n")[1].split("\nEXAMPLES\n")[0]
        for status in ("0", "64", "65", "66"):
            self.assertRegex(statuses, rf"(?m)^     {status}\b")
        self.assertIn("drawer-x11(1)", text.split("\nSEE ALSO\n")[1])

    def test_whatis_and_apropos_read_each_name_line_as_the_program_says_it(self):
        # mandb indexes the installed pages into a cache of the test's own
        # (MANDB_MAP), as it would /usr/local/share/man; whatis showed the
        # plugin's quotes around the description, and apropos found no
        # picker.
        man = self.path("share/man")
        conf = os.path.join(self.scratch.name, "man_db.conf")
        cache = os.path.join(self.scratch.name, "man-cache")
        os.makedirs(cache, exist_ok=True)
        with open(conf, "w") as f:
            f.write(f"MANDB_MAP\t{man}\t{cache}\n")
        env = dict(os.environ, MANPATH=man, LC_ALL="C.UTF-8")
        r = run(["mandb", "-C", conf, "-q", man], env=env)
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        for name in ("drawer-x11", "drawer-replay"):
            abstract = json_help(self.path(f"bin/{name}"))["command"]["abstract"]
            r = run(["whatis", "-C", conf, "-l", name], env=env)
            self.assertEqual((r.returncode, r.stderr), (0, ""))
            self.assertRegex(r.stdout, rf"^{name} \(1\) +- [^\n]*\n$")
            self.assertEqual(r.stdout.split(" - ", 1)[1].strip(), abstract.rstrip("."))
        r = run(["apropos", "-C", conf, "-l", "picker"], env=env)
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        self.assertEqual([line.split()[0] for line in r.stdout.splitlines()], ["drawer-x11"])

    # -- the desktop entry and the icons

    def test_the_desktop_entry_validates_and_names_what_is_installed(self):
        entry = self.path("share/applications/drawer-x11.desktop")
        r = run(["desktop-file-validate", entry])
        self.assertEqual((r.returncode, r.stdout, r.stderr), (0, "", ""))
        with open(entry, encoding="utf-8") as f:
            keys = dict(line.split("=", 1) for line in f.read().splitlines() if "=" in line and not line.startswith("#"))
        self.assertEqual(keys["Icon"], "drawer-x11")
        self.assertEqual(keys["Exec"].split()[0], "drawer-x11")

    def test_the_icons_are_the_sizes_their_directories_say(self):
        for size in (48, 128):
            with open(self.path(f"share/icons/hicolor/{size}x{size}/apps/drawer-x11.png"), "rb") as f:
                head = f.read(24)
            self.assertEqual(head[:8], b"\x89PNG\r\n\x1a\n")
            self.assertEqual((int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")), (size, size))
        svg = xml.dom.minidom.parse(self.path("share/icons/hicolor/scalable/apps/drawer-x11.svg"))
        self.assertEqual(svg.documentElement.tagName, "svg")

    # -- the completions: each loads where its shell looks, and completes --edge

    def shell_env(self):
        return dict(os.environ, PATH=self.path("bin") + ":/usr/bin:/bin", HOME=self.scratch.name,
                    XDG_DATA_DIRS=self.path("share"), XDG_CONFIG_HOME=self.scratch.name)

    def test_bash_loads_the_completion_and_completes_edges(self):
        script = self.path("share/bash-completion/completions/drawer-x11")
        self.assertEqual(run(["bash", "-n", script]).returncode, 0)
        self.assertEqual(self.bash_completions("drawer-x11 --edge "), EDGES)
        self.assertEqual(self.bash_completions("drawer-x11 --edge r"), ["right"])

    def bash_completions(self, line, env=None, wrap=lambda argv: argv):
        """What bash-completion offers for `line`: it finds the script
        through XDG_DATA_DIRS (by default /usr/local/share:/usr/share), and
        the function it registered answers with COMP_WORDS set as bash sets
        it. `env` replaces shell_env(); `wrap` wraps the argv."""
        probe = r'''
            source /usr/share/bash-completion/bash_completion
            __load_completion drawer-x11 || { echo "no completion loaded for drawer-x11" >&2; exit 1; }
            handler=$(complete -p drawer-x11 | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
            COMP_LINE=$LINE COMP_POINT=${#LINE}
            read -ra COMP_WORDS <<< "$LINE"
            [[ $LINE == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMPREPLY=()
            "$handler" drawer-x11 "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\n' "${COMPREPLY[@]}"
        '''
        r = run(wrap(["bash", "-c", probe]), env=dict(env or self.shell_env(), LINE=line))
        self.assertEqual((r.returncode, r.stderr), (0, ""))
        return r.stdout.split()

    def test_fish_loads_the_completion_and_completes_edges(self):
        directory = os.path.join(self.destdir, "etc/fish/completions")
        self.assertEqual(run(["fish", "--no-execute", os.path.join(directory, "drawer-x11.fish")]).returncode, 0)
        self.assertEqual(fish_completions(directory, "drawer-x11 --edge ", self.shell_env()), EDGES)
        self.assertEqual(fish_completions(directory, "drawer-x11 --edge t", self.shell_env()), ["top"])

    def test_zsh_loads_the_completion_and_completes_edges(self):
        directory = self.path("share/zsh/site-functions")
        self.assertEqual(run(["zsh", "-n", os.path.join(directory, "_drawer-x11")]).returncode, 0)
        self.assertEqual(zsh_completions(directory, "drawer-x11 --edge ", self.shell_env()), EDGES)
        self.assertEqual(zsh_completions(directory, "drawer-x11 --edge l", self.shell_env()), ["left"])

    def test_custom_completions_answer_through_the_programs_parsing(self):
        # An option whose values the program computes (`completion: .custom`)
        # is completed by running `drawer-x11 ---completion ...`, which goes
        # through parseCommandLine. Each shell must get an answer, without
        # an error on the way.
        import json
        info = json.loads(run([self.bin, "--experimental-dump-help"]).stdout)
        custom = [a for a in info["command"]["arguments"]
                  if "custom" in a.get("completionKind", {}) and a.get("names")]
        if not custom:
            self.skipTest("no option has a custom completion yet")
        env = self.shell_env()
        share = self.path("share")
        for argument in custom:
            flag = "--" + next(n["name"] for n in argument["names"] if n["kind"] == "long")
            with self.subTest(flag=flag):
                line = f"drawer-x11 {flag} "
                bash = self.bash_completions(line)
                zsh = zsh_completions(f"{share}/zsh/site-functions", line, env)
                fish = fish_completions(os.path.join(self.destdir, "etc/fish/completions"), line, env)
                self.assertEqual(zsh, bash)
                self.assertEqual(fish, bash)

    def default_shell_env(self, path):
        """A login's environment, nothing set for the shells: no
        XDG_DATA_DIRS, a HOME without configuration. fish's generated
        completions are there already, so its first start leaves no job
        behind."""
        home = os.path.join(self.scratch.name, "home")
        os.makedirs(os.path.join(home, ".local/share/fish/generated_completions"), exist_ok=True)
        return {"HOME": home, "PATH": path, "LANG": "C.UTF-8"}

    def assert_default_shells_complete(self, binds, path):
        """bash, zsh and fish as a user meets them, with what install wrote
        bind-mounted where it would be without DESTDIR, each complete
        `--edge ` from its own search path alone."""
        def wrap(argv):
            return at_real_paths_argv(argv, binds)
        env = self.default_shell_env(path)
        with self.subTest(shell="bash"):
            self.assertEqual(self.bash_completions("drawer-x11 --edge ", env, wrap), EDGES)
        with self.subTest(shell="zsh"):
            self.assertEqual(zsh_completions(None, "drawer-x11 --edge ", env, wrap), EDGES)
        with self.subTest(shell="fish"):
            self.assertEqual(fish_completions(None, "drawer-x11 --edge ", env, wrap), EDGES)

    def test_each_shell_finds_its_completion_at_the_prefix_by_default(self):
        # PREFIX itself, and /etc/fish/completions when install wrote there.
        binds = [(self.prefix, PREFIX)]
        fish = os.path.join(self.destdir, "etc/fish/completions")
        if os.path.isdir(fish):
            binds.append((fish, "/etc/fish/completions"))
        self.assert_default_shells_complete(binds, f"{PREFIX}/bin:/usr/bin:/bin")

    def test_the_package_puts_each_completion_where_debians_shells_look(self):
        # make deb installs with PREFIX=/usr: Debian's zsh does not search
        # /usr/share/zsh/site-functions. Only the three directories are
        # bound over the system's.
        destdir = os.path.join(self.scratch.name, "package")
        make("-o", "dist", "install", f"DESTDIR={destdir}", "PREFIX=/usr")
        binds = []
        for relative in PACKAGE_COMPLETIONS.values():
            self.assertTrue(os.path.isfile(os.path.join(destdir, relative)), relative)
            binds.append((os.path.join(destdir, os.path.dirname(relative)), "/" + os.path.dirname(relative)))
        self.assert_default_shells_complete(binds, f"{destdir}/usr/bin:/usr/bin:/bin")

    # -- uninstall

    def test_uninstall_takes_away_every_file_and_nothing_else(self):
        # On a copy, so the other checks keep their tree; with a file of
        # someone else's in a shared directory, which must stay.
        destdir = os.path.join(self.scratch.name, "uninstall")
        shutil.copytree(self.destdir, destdir, symlinks=True)
        other = os.path.join(destdir + PREFIX, "share/applications/other.desktop")
        with open(other, "w") as f:
            f.write("[Desktop Entry]\n")
        make("uninstall", f"DESTDIR={destdir}", f"PREFIX={PREFIX}")
        left = []
        for dirpath, dirnames, filenames in os.walk(destdir):
            left += [os.path.join(dirpath, name) for name in filenames]
            self.assertNotIn("drawer-x11", os.path.relpath(dirpath, destdir).split(os.sep))
        self.assertEqual(left, [other])
        # The directories install made are gone, but for those that hold
        # the other file.
        directories = {os.path.relpath(dirpath, destdir) for dirpath, _, _ in os.walk(destdir)} - {"."}
        self.assertEqual(directories, {"usr", UNDER, f"{UNDER}/share", f"{UNDER}/share/applications"})
        # Uninstalling what is not there is no error.
        make("uninstall", f"DESTDIR={destdir}", f"PREFIX={PREFIX}")

    def test_uninstall_leaves_a_fresh_destdir_empty(self):
        destdir = os.path.join(self.scratch.name, "fresh")
        os.mkdir(destdir)
        make("-o", "dist", "install", f"DESTDIR={destdir}", f"PREFIX={PREFIX}")
        make("uninstall", f"DESTDIR={destdir}", f"PREFIX={PREFIX}")
        self.assertEqual(os.listdir(destdir), [])

    def test_uninstall_without_destdir_leaves_the_system_as_it_was(self):
        # A fresh Debian 12's /usr/local and /etc/fish (base-files makes
        # the first's directories, zsh its site-functions, fish-common the
        # second), as scratch copies mounted over the real ones: install
        # and uninstall without DESTDIR leave them as they were, the
        # standard directories there even when empty.
        skeleton = os.path.join(self.scratch.name, "system")
        usr_local, etc_fish = os.path.join(skeleton, "usr-local"), os.path.join(skeleton, "etc-fish")
        for directory in ("bin", "etc", "games", "include", "lib", "sbin", "src", "share/man", "share/zsh/site-functions"):
            os.makedirs(os.path.join(usr_local, directory))
        for directory in ("completions", "conf.d", "functions"):
            os.makedirs(os.path.join(etc_fish, directory))
        with open(os.path.join(etc_fish, "config.fish"), "w") as f:
            f.write("# the system's\n")

        def tree():
            return sorted(os.path.relpath(os.path.join(dirpath, name), skeleton)
                          for dirpath, dirnames, filenames in os.walk(skeleton) for name in dirnames + filenames)
        before = tree()
        # What 0.13.0 installed where a default fish never looked goes too.
        formerly = os.path.join(usr_local, "share/fish/vendor_completions.d/drawer-x11.fish")
        os.makedirs(os.path.dirname(formerly))
        open(formerly, "w").close()
        binds = [(usr_local, "/usr/local"), (etc_fish, "/etc/fish")]
        for target in ("install", "uninstall"):
            argv = ["make", "--no-print-directory", "-o", "dist", target, f"PREFIX={PREFIX}"]
            r = subprocess.run(at_real_paths_argv(argv, binds), cwd=ROOT, capture_output=True, text=True, timeout=120)
            self.assertEqual(r.returncode, 0, (r.stdout + r.stderr)[-4000:])
            if target == "install":
                self.assertIn("usr-local/bin/drawer-replay", tree())
                self.assertIn("etc-fish/completions/drawer-x11.fish", tree())
        self.assertEqual(tree(), before)

    # -- the package check

    def test_deb_check_removes_its_chroot_whether_it_passes_or_fails(self):
        # What is under test is deb-check's own clean-up, so debootstrap and
        # chroot are stand-ins: the first makes a root with a 1 MiB file in
        # it, the second is where the check would run; each ends with the
        # status it is given. /proc and /dev/pts are really mounted in the
        # check's namespace.
        if os.geteuid() != 0:
            self.skipTest("make deb-check runs as root")
        stubs = os.path.join(self.scratch.name, "stubs")
        debs = os.path.join(self.scratch.name, "debs")
        os.makedirs(stubs, exist_ok=True)
        os.makedirs(debs, exist_ok=True)
        open(os.path.join(debs, "drawer-x11_0.0.0_amd64.deb"), "w").close()
        scripts = {
            "debootstrap": '#!/bin/sh\nroot="$3"\nmkdir -p "$root/tmp" "$root/etc" "$root/proc" "$root/dev/pts" '
                           '"$root/var/cache"\nhead -c 1048576 /dev/zero > "$root/var/cache/archive"\n'
                           'exit "$DEBOOTSTRAP_STATUS"\n',
            "chroot": '#!/bin/sh\nexit "$CHROOT_STATUS"\n',
        }
        for name, text in scripts.items():
            with open(os.path.join(stubs, name), "w") as f:
                f.write(text)
            os.chmod(os.path.join(stubs, name), 0o755)
        debcheck = os.path.join(self.scratch.name, "deb-check")
        for debootstrap, chroot, passes in (("0", "0", True), ("0", "3", False), ("1", "0", False)):
            with self.subTest(debootstrap=debootstrap, chroot=chroot):
                env = dict(os.environ, PATH=stubs + ":" + os.environ["PATH"], DEBOOTSTRAP_STATUS=debootstrap,
                           CHROOT_STATUS=chroot)
                r = subprocess.run(["make", "--no-print-directory", "-o", "deps-debcheck", "-o", "deb", "deb-check",
                                    f"DEBCHECK={debcheck}", f"DEB_DIR={debs}"],
                                   cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
                self.assertEqual(r.returncode == 0, passes, r.stdout + r.stderr)
                self.assertFalse(os.path.exists(debcheck), "the chroot is left")


def json_help(binary):
    """The program's --experimental-dump-help."""
    import json
    return json.loads(run([binary, "--experimental-dump-help"]).stdout)


def at_real_paths_argv(argv, binds):
    """argv run in a mount namespace where each (source, target) of `binds`
    is bind-mounted over target: what make install wrote into DESTDIR is
    where it would be without one, and the rest of the system is as it
    was."""
    unshare = [shutil.which("unshare"), "--mount"] + ([] if os.geteuid() == 0 else ["--map-root-user"])
    script = ('set -e; mount="$1"; shift; while [ "$1" != -- ]; do "$mount" --bind "$1" "$2"; shift 2; done; '
              'shift; exec "$@"')
    pairs = [path for pair in binds for path in pair]
    return unshare + ["sh", "-c", script, "at-real-paths", shutil.which("mount"), *pairs, "--", *argv]


def pty_completions(argv, setup, line, env):
    """What an interactive shell's completion offers for `line`. The shell
    runs on a pty; `setup` makes ^T complete the line, printing each match
    as <<match:TEXT>> and then <<done>>, which the reader waits for (up to
    30 s). The marks are put together at run time, so the echo of what is
    typed never contains them."""
    import pty
    import select
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, dict(env, TERM="dumb"))  # the child never returns
    out = b""
    try:
        os.write(fd, (setup + line + "\x14").encode())
        deadline = time.monotonic() + 30
        while b"<<done>>" not in out:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise AssertionError(f"{argv[0]} did not complete in 30 s:\n" + out.decode(errors="replace")[-2000:])
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise AssertionError(f"{argv[0]} exited:\n" + out.decode(errors="replace")[-2000:])
            out += chunk
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
    matches = re.findall(rb"<<match:([^>\r\n]*)>>", out)
    return list(dict.fromkeys(m.decode().split("\t")[0] for m in matches))


def zsh_completions(fpath_dir, line, env, wrap=lambda argv: argv):
    """zsh's matches for `line`, with `fpath_dir` first in fpath for
    compinit (None: zsh's own fpath): a wrapper around compadd prints each
    match it is given. `wrap` wraps the argv."""
    setup = ((f"fpath=({fpath_dir} $fpath); " if fpath_dir else "") + "autoload -Uz compinit && compinit -u -D\n"
             "compadd() {\n"
             "  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"$@\"; return; fi\n"
             "  local -a hits; builtin compadd -A hits \"$@\"\n"
             "  local h; for h in $hits; do print -r -- \"<<\"\"match:$h>>\"; done\n"
             "  builtin compadd \"$@\"\n"
             "}\n"
             "complete-then-mark() { zle complete-word; print -r -- \"<<\"\"done>>\" }\n"
             "zle -N complete-then-mark; bindkey '^T' complete-then-mark\n")
    return pty_completions(wrap(["zsh", "-f", "-i"]), setup, line, env)


def fish_completions(directory, line, env, wrap=lambda argv: argv):
    """fish's matches for `line`, with `directory` first in
    fish_complete_path; None: a default fish, its configuration read, so
    that fish_complete_path is its own. Interactive, since the scripts'
    custom completions read the command line, which `fish -c` does not
    have. `wrap` wraps the argv."""
    setup = ((f"set -p fish_complete_path {directory}\n" if directory else "") +
             "function complete-then-mark; for c in (complete -C (commandline))\n"
             "echo '<<''match:'$c'>>'; end; echo '<<''done>>'; end\n"
             "bind \\ct complete-then-mark\n")
    argv = ["fish", "--no-config", "-i"] if directory else ["fish", "-i"]
    return pty_completions(wrap(argv), setup, line, env)


def main():
    names = sys.argv[1:]
    suite = unittest.TestLoader().loadTestsFromTestCase(Installed)
    if names:
        suite = unittest.TestSuite(t for t in suite if any(name in t.id() for name in names))
        if not suite.countTestCases():
            print(f"test_install.py: no check matches {' '.join(names)}", file=sys.stderr)
            return 2
    start = time.monotonic()
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    if any("setUpClass" in str(t) for t, _ in result.errors):
        failed = suite.countTestCases()
    skipped = len(result.skipped)
    print(f"install suite took {time.monotonic() - start:.1f} s")
    line = f"install: {max(0, result.testsRun - failed - skipped)} passed, {failed} failed"
    print(line + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed or not result.wasSuccessful() else 0


if __name__ == "__main__":
    sys.exit(main())
