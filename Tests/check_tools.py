#!/usr/bin/env python3
"""Checks that every program the Makefile, the suites and the benchmarks run
comes from a Debian package the Makefile installs.

    python3 Tests/check_tools.py [--bench]

The programs are collected from the code itself, so the check cannot drift:
each subprocess call in Tests/, Benchmarks/ and Packaging/ whose command is
a literal (or a shutil.which of one), and each command in the Makefile's
recipes and .ci/run. Each must be in
PACKAGES below, its package must be in one of the Makefile's *_DEBS lists
(or be part of every Debian system), and, for what `make test` runs, it
must be installed. What the benchmark runs (Benchmarks/ and the UI
harness it imports) must come from BENCH_DEBS, and with --bench (as
`make bench` calls it) it must be installed instead. Any failure is one
line naming the program and the package; the status is then 1.
"""

import ast
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Program -> the Debian 12 package that ships it.
PACKAGES = {
    "Xvfb": "xvfb",
    "xauth": "xauth",
    "xdotool": "xdotool",
    "xwd": "x11-apps",
    "xwininfo": "x11-utils",
    "xprop": "x11-utils",
    "xrdb": "x11-xserver-utils",
    "xrefresh": "x11-xserver-utils",
    "xrandr": "x11-xserver-utils",
    "xsetroot": "x11-xserver-utils",
    "stterm": "stterm",
    "xterm": "xterm",
    "picom": "picom",
    "openbox": "openbox",
    "xsettingsd": "xsettingsd",
    "setxkbmap": "x11-xkb-utils",
    "xlogo": "x11-apps",
    "xclock": "x11-apps",
    # test_rofi_modes: a window manager that keeps EWMH's client list and
    # desktops, for rofi's window mode.
    "openbox": "openbox",
    # test_paste owns the selections with it.
    "xclip": "xclip",
    "uim-xim": "uim-xim",
    "strace": "strace",
    # make order samples the release binary with it (Packaging/order).
    "perf": "linux-perf",
    # test_access: a D-Bus session, at-spi2-core's bus and registry.
    "dbus-daemon": "dbus-daemon",
    "dbus-run-session": "dbus-daemon",
    "dbus-send": "dbus-bin",
    "at-spi-bus-launcher": "at-spi2-core",
    "at-spi2-registryd": "at-spi2-core",
    # RowRankingTests (a unit test) compares its ranking with fzf --filter.
    "fzf": "fzf",
    # test_dmenu runs dmenu's own scripts: suckless-tools' dmenu_run (and the
    # dmenu_path and stest it calls), pass's passmenu through bash.
    "dmenu_run": "suckless-tools",
    "dmenu_path": "suckless-tools",
    "stest": "suckless-tools",
    "bash": "bash",
    "valgrind": "valgrind",
    # The peer and picker benches: the Qt Quick peer's runner, the pickers
    # beside --pick.
    "qml": "qml-qt6",
    "dmenu": "suckless-tools",
    "rofi": "rofi",
    # make bench unpacks the build before (git archive | tar).
    "tar": "tar",
    "pkg-config": "pkgconf",
    "sh": "dash",
    "grep": "grep",
    "cat": "coreutils",
    "ls": "coreutils",
    "id": "coreutils",
    "nice": "coreutils",
    "rm": "coreutils",
    "ln": "coreutils",
    "readlink": "coreutils",
    "touch": "coreutils",
    "tail": "coreutils",
    "dpkg-query": "dpkg",
    "dpkg": "dpkg",
    "dirname": "coreutils",
    "apt-get": "apt",
    "sudo": "sudo",
    # make install, make deb, make deb-check and the install suite.
    "install": "coreutils",
    "cp": "coreutils",
    "mkdir": "coreutils",
    "rmdir": "coreutils",
    "sort": "coreutils",
    "chroot": "coreutils",
    "date": "coreutils",
    "sed": "sed",
    "strip": "binutils",
    "readelf": "binutils",
    "ldd": "libc-bin",
    "unshare": "util-linux",
    "mountpoint": "util-linux",
    "mount": "mount",
    "man": "man-db",
    "mandb": "man-db",
    "whatis": "man-db",
    "apropos": "man-db",
    "groff": "groff-base",
    "desktop-file-validate": "desktop-file-utils",
    "bash": "bash",
    "zsh": "zsh",
    "fish": "fish",
    "dpkg-shlibdeps": "dpkg-dev",
    "dpkg-deb": "dpkg",
    "lintian": "lintian",
    "debootstrap": "debootstrap",
}

# Programs run by their full path outside PATH (Debian's libexec).
OUTSIDE_PATH = {
    "at-spi-bus-launcher": "/usr/libexec/at-spi-bus-launcher",
    "at-spi2-registryd": "/usr/libexec/at-spi2-registryd",
    "qml": "/usr/lib/qt6/bin/qml",
}


def find_program(program):
    """Where `program` is installed, on PATH or at its OUTSIDE_PATH place."""
    path = shutil.which(program)
    if path:
        return path
    place = OUTSIDE_PATH.get(program)
    return place if place and os.access(place, os.X_OK) else None


# Part of every Debian system (Essential: yes, or apt itself).
ESSENTIAL = {"dash", "grep", "coreutils", "dpkg", "apt", "bash", "sed", "findutils", "util-linux", "libc-bin", "tar"}

# The starting point the README names: not installed by the Makefile.
PRECONDITIONS = {"swift", "python3", "make", "git"}

# Only run when the Makefile is not run as root.
WHEN_NOT_ROOT = {"sudo"}

# Shell words that are not programs.
SHELL_WORDS = {"if", "then", "else", "elif", "fi", "for", "do", "done", "in", "while", "case", "esac", "echo",
               "printf", "test", "[", "true", "false", "exit", "cd", "set", "command", "export", "local", "return",
               "missing", "sudo=\"\";", "continue", "break", "||", "&&", "umask", "wait", "trap"}

SPAWNERS = {"Popen", "_spawn", "spawn", "run", "check_output", "check_call", "call"}


def python_programs(path):
    """Commands run by literal argv in one Python file: (program, line)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        first = node.args[0]
        if name in SPAWNERS and isinstance(first, (ast.List, ast.Tuple)) and first.elts:
            head = first.elts[0]
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                found.append((head.value, node.lineno))
        elif name in ("run", "which", "execvp", "execvpe") and isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.append((first.value, node.lineno))
    return [(os.path.basename(p), n) for p, n in found]


def shell_programs(lines):
    """First words of the commands in shell lines: (program, line)."""
    found = []
    for number, text in lines:
        # Make's variables and calls are not commands; a command
        # substitution starts one.
        # Make's $(NAME) stands for a tool the README names (swift, python3);
        # a shell variable in front of a command ($$sudo apt-get) is a prefix.
        for pattern, token in ((r"\$\(call [^()]*(\([^()]*\))*[^()]*\)", "@MAKE@"), (r"\$\([A-Za-z0-9_]+\)", "@MAKE@"),
                               (r"\$\$\{[A-Za-z0-9_]+\}", "@SHELL@"), (r"\$\$[A-Za-z0-9_]+", "@SHELL@"),
                               (r"\$\{[^}]*\}", "@SHELL@"), (r"\$[A-Za-z0-9_@#?]+", "@SHELL@")):
            text = re.sub(pattern, token, text)
        text = text.replace("$$(", ";").replace("$(", ";")
        for command in re.split(r"[;&|()]+|\bthen\b|\bdo\b|\belse\b", text):
            words = command.strip().lstrip("@-").split()
            while words and (re.match(r"^\w+=", words[0]) or words[0] in ("!", "exec")
                             or (words[0].strip("'\"") == "@SHELL@" and len(words) > 1)):
                words = words[1:]
            if not words:
                continue
            word = words[0].strip("'\"")
            if (word in SHELL_WORDS or word.startswith(("$", "@", "#", "-", "`", "/", ".")) or not re.match(r"^[\w./+-]+$", word)
                    or not re.search(r"[A-Za-z]", word)):
                continue
            found.append((os.path.basename(word), number))
    return found


def makefile():
    """The Makefile's recipe lines (continuations joined) and its *_DEBS lists."""
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        raw = f.read().splitlines()
    recipes, lists, joined, start = [], {}, "", None
    for i, text in enumerate(raw, 1):
        m = re.match(r"^(\w+_DEBS)\s*:=\s*(.*)$", text)
        if m:
            # A list may go on over lines ending in a backslash.
            words, n = m.group(2).rstrip("\\").split(), i
            while raw[n - 1].endswith("\\") and n < len(raw):
                words += raw[n].rstrip("\\").split()
                n += 1
            lists[m.group(1)] = words
        if text.startswith("\t") or joined:
            start = start or i
            joined += " " + text.rstrip("\\").strip()
            if not text.endswith("\\"):
                recipes.append((start, joined))
                joined, start = "", None
    # Expand $(NAME) references between the lists.
    def expand(words, depth=0):
        out = []
        for w in words:
            m = re.match(r"^\$\((\w+_DEBS)\)$", w)
            out += expand(lists.get(m.group(1), []), depth + 1) if m and depth < 5 else [w]
        return out
    return recipes, {name: set(expand(words)) for name, words in lists.items()}


def dpkg_owner(program):
    """The package dpkg says owns `program`'s file, or None. On a merged-/usr
    system dpkg may know /bin/dash as well as /usr/bin/dash: both are tried."""
    path = find_program(program)
    if not path or not shutil.which("dpkg"):
        return None
    candidates = []
    # The name first: /usr/bin/strip is binutils' link to an architecture's
    # binutils-ARCH program, and the Makefile installs binutils.
    for p in (path, os.path.realpath(path)):
        candidates += [p, re.sub(r"^/usr/(s?bin)/", r"/\1/", p), re.sub(r"^/(s?bin)/", r"/usr/\1/", p)]
    for candidate in dict.fromkeys(candidates):
        r = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        # dpkg names diversions (merged /usr's /usr/bin/sh) on lines of their own.
        owners = [line.split(":", 1)[0].strip() for line in r.stdout.splitlines() if not line.startswith("diversion ")]
        if r.returncode == 0 and owners:
            return owners[0]
    return None


# Programs the benchmark runs from a table rather than a literal command
# (peers.py's apps, pickers.py's pickers): where they are named.
BENCH_BY_NAME = {"qml": "Benchmarks/peers.py", "xlogo": "Benchmarks/peers.py", "dmenu": "Benchmarks/pickers.py",
                 "rofi": "Benchmarks/pickers.py"}

# Files outside Benchmarks/ that the benchmark imports and so runs.
BENCH_IMPORTS = {os.path.join("Tests", "UI", "harness.py")}


def uses_in_code():
    """Every program run, with where and by what: [(program, where, scopes)],
    scopes holding "test" (make test runs it) and/or "bench" (make bench)."""
    uses = []
    for folder, scope in (("Tests", "test"), ("Benchmarks", "bench"), ("Packaging", None)):
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, ROOT)
                    scopes = {scope} - {None} | ({"bench"} if rel in BENCH_IMPORTS else set())
                    for program, line in python_programs(path):
                        uses.append((program, f"{rel}:{line}", scopes))
    uses += [(program, where, {"bench"}) for program, where in BENCH_BY_NAME.items()]
    recipes, _ = makefile()
    for program, line in shell_programs(recipes):
        uses.append((program, f"Makefile:{line}", {"test"}))
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        ci = [(i, t) for i, t in enumerate(f.read().splitlines(), 1) if not t.lstrip().startswith("#")]
    for program, line in shell_programs(ci):
        uses.append((program, f".ci/run:{line}", {"test"}))
    return uses


def main():
    bench = "--bench" in sys.argv[1:]
    _, lists = makefile()
    installed = set().union(*lists.values()) if lists else set()
    for_tests = lists.get("TEST_DEBS", set()) | lists.get("BUILD_DEBS", set())
    for_bench = lists.get("BENCH_DEBS", set())

    # One entry per program: the first place that runs it, and every scope.
    programs = {}
    for program, where, scopes in uses_in_code():
        if program not in PRECONDITIONS:
            first, seen = programs.get(program, (where, set()))
            programs[program] = (first, seen | scopes)

    problems = []
    for program, (where, scopes) in programs.items():
        package = PACKAGES.get(program)
        if package is None:
            problems.append(f"{where} runs `{program}`, which Tests/check_tools.py maps to no Debian package")
            continue
        if package not in installed and package not in ESSENTIAL:
            problems.append(f"{where} runs `{program}` from the Debian package {package}, which the Makefile never installs")
            continue
        if "bench" in scopes and package not in for_bench and package not in ESSENTIAL:
            problems.append(f"the benchmark runs `{program}` from the Debian package {package}, which BENCH_DEBS lacks")
            continue
        owner = dpkg_owner(program)
        if owner and owner != package:
            problems.append(f"`{program}` comes from the Debian package {owner}, not {package} as Tests/check_tools.py says")
            continue
        if bench:
            wanted, target = "bench" in scopes, "deps-bench"
        else:
            wanted, target = "test" in scopes and (package in for_tests or package in ESSENTIAL), "deps-test"
        if program in WHEN_NOT_ROOT and os.geteuid() == 0:
            wanted = False
        if wanted and not find_program(program):
            problems.append(f"`{program}` is missing: install the Debian package {package} (make {target} does)")
    for p in problems:
        print(f"check_tools: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"check_tools: {len(programs)} programs, each from a package the Makefile installs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
