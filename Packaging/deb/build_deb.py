#!/usr/bin/env python3
# drawer-x11 is licensed under the Apache License, Version 2.0; see LICENSE.
"""Turns an installed tree into drawer-x11's Debian package.

    python3 Packaging/deb/build_deb.py --root DIR --out DIR --maintainer 'NAME <EMAIL>'
                                        [--date 'RFC 2822 DATE']

DIR is what `make install DESTDIR=DIR PREFIX=/usr` wrote. The script makes it
a Debian binary package in place, as debhelper would have:

- the version is the installed binary's --version, made a Debian version:
  git describe's 0.13.0-3-gabc1234-dirty is 0.13.0+3.gabc1234.dirty, which
  sorts after 0.13.0 and before 0.13.1 (the package is native: no revision);
- the manual pages and the documents over 4 kB are compressed with gzip -9n;
  LICENSE goes, since copyright (machine-readable, DEP-5) names the licence
  in /usr/share/common-licenses; changelog.gz is a Debian changelog entry
  for this build, which points at CHANGELOG.md.gz;
- DEBIAN/control with the Depends dpkg-shlibdeps finds for the binary's
  libraries, and Installed-Size; DEBIAN/md5sums;
- dpkg-deb --root-owner-group --build writes OUT/drawer-x11_VERSION_ARCH.deb.

It prints the package's path. Any failure is one line naming the step, and
status 1.
"""

import argparse
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

PACKAGE = "drawer-x11"
HERE = os.path.dirname(os.path.abspath(__file__))

DESCRIPTION = """\
Description: drawer panel over a map, and a dmenu-like picker, for X11
 drawer-x11 shows a panel that slides over a map in an X11 window: dragged
 between named resting places from any of the window's four edges, released
 by DrawerKit's, FloatingPanel's or OverlayContainer's rules, with rubber
 banding, cards, shadows, light and dark themes and HiDPI scaling.
 .
 With --pick it is a picker for scripts, as dmenu is: rows arrive on standard
 input while the window is open, typing filters them, and Return prints the
 chosen row. With --events it reports every state change as JSON lines, and
 --control takes commands from a FIFO. drawer-replay replays a session
 recorded with --record, without X, and prints the same events.
"""


class Failed(Exception):
    pass


def run(argv, **kw):
    r = subprocess.run(argv, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        detail = (r.stderr or r.stdout).strip().splitlines()
        raise Failed(f"{argv[0]} failed ({r.returncode}): {detail[-1] if detail else 'no message'}")
    return r.stdout


def debian_version(program_version):
    """0.13.0, 0.13.0-3-gabc1234[-dirty] or 0.12.0-gabc1234[-dirty] as a
    Debian version: the first '-' becomes '+', the others '.'."""
    if not re.fullmatch(r"[0-9][0-9A-Za-z.+-]*", program_version):
        raise Failed(f"the binary's version {program_version!r} cannot be a Debian version")
    return program_version.replace("-", "+", 1).replace("-", ".")


def gzip_file(path):
    """gzip -9n: no name, no time stamp, so the bytes depend on the content only."""
    with open(path, "rb") as f:
        data = f.read()
    with open(path + ".gz", "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as z:
            z.write(data)
    os.chmod(path + ".gz", 0o644)
    os.remove(path)


def installed_size_kib(root):
    """Installed-Size as dpkg-gencontrol counts it: each file's size rounded
    up to KiB, one for each directory and symlink."""
    total = 0
    for dirpath, dirnames, filenames in os.walk(root):
        if os.path.relpath(dirpath, root).split(os.sep)[0] == "DEBIAN":
            continue
        total += len(dirnames)
        for name in filenames:
            path = os.path.join(dirpath, name)
            total += 1 if os.path.islink(path) else (os.path.getsize(path) + 1023) // 1024
    return total


# The libraries drawer-x11 opens with dlopen when it first needs them
# (Sources/CXOnDemand), which dpkg-shlibdeps cannot see: RandR and Xinerama
# for the monitors, libxkbcommon for keys typed without an input method,
# librsvg for the rows' SVG icons (Sources/CRsvg).
OPENED_LATER = ["libxrandr2", "libxinerama1", "libxkbcommon0", "librsvg2-2"]


def depends(root, binary):
    """dpkg-shlibdeps' Depends for `binary`, run in a scratch debian/ tree,
    and the libraries it opens later (`OPENED_LATER`)."""
    with tempfile.TemporaryDirectory() as scratch:
        os.mkdir(os.path.join(scratch, "debian"))
        with open(os.path.join(scratch, "debian", "control"), "w") as f:
            f.write(f"Source: {PACKAGE}\n\nPackage: {PACKAGE}\nArchitecture: any\n")
        out = run(["dpkg-shlibdeps", "-O", "--warnings=0", os.path.abspath(binary)], cwd=scratch)
    m = re.search(r"^shlibs:Depends=(.+)$", out, re.M)
    if not m:
        raise Failed("dpkg-shlibdeps printed no shlibs:Depends")
    return ", ".join([m.group(1).strip()] + OPENED_LATER)


def md5sums(root):
    lines = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        rel_dir = os.path.relpath(dirpath, root)
        if rel_dir.split(os.sep)[0] == "DEBIAN":
            continue
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                digest = hashlib.md5(f.read()).hexdigest()
            lines.append(f"{digest}  {os.path.relpath(path, root)}\n")
    return "".join(lines)


def build(root, out, maintainer, date):
    doc = os.path.join(root, "usr/share/doc", PACKAGE)
    binary = os.path.join(root, "usr/bin", PACKAGE)
    man1 = os.path.join(root, "usr/share/man/man1")
    manual = os.path.join(man1, PACKAGE + ".1")
    for path in (doc, binary, manual):
        if not os.path.exists(path):
            raise Failed(f"{path} is missing: run make install DESTDIR={root} PREFIX=/usr first")
    words = run([binary, "--version"]).split()
    if len(words) != 2 or words[0] != PACKAGE:
        raise Failed(f"{binary} --version printed {' '.join(words)!r}, not '{PACKAGE} VERSION'")
    version = debian_version(words[1])
    arch = run(["dpkg", "--print-architecture"]).strip()

    for name in sorted(os.listdir(man1)):
        gzip_file(os.path.join(man1, name))
    os.remove(os.path.join(doc, "LICENSE"))
    shutil.copyfile(os.path.join(HERE, "copyright"), os.path.join(doc, "copyright"))
    os.chmod(os.path.join(doc, "copyright"), 0o644)
    changelog = os.path.join(doc, "changelog")
    with open(changelog, "w", encoding="utf-8") as f:
        f.write(f"{PACKAGE} ({version}) unstable; urgency=medium\n\n"
                f"  * Built from drawer-x11 {words[1]}.\n"
                f"  * CHANGELOG.md.gz beside this file lists the changes.\n\n"
                f" -- {maintainer}  {date}\n")
    # What dh_compress compresses: the changelog, and documents over 4 kB,
    # the guides in docs/ among them.
    for dirpath, dirnames, filenames in os.walk(doc):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            top = dirpath == doc
            if (top and name == "changelog") or (not (top and name == "copyright") and os.path.getsize(path) > 4096):
                gzip_file(path)

    control_dir = os.path.join(root, "DEBIAN")
    os.makedirs(control_dir, mode=0o755, exist_ok=True)
    control = (f"Package: {PACKAGE}\nVersion: {version}\nArchitecture: {arch}\nMaintainer: {maintainer}\n"
               f"Installed-Size: {installed_size_kib(root)}\nDepends: {depends(root, binary)}\n"
               f"Section: x11\nPriority: optional\n" + DESCRIPTION)
    for name, text in (("control", control), ("md5sums", md5sums(root))):
        with open(os.path.join(control_dir, name), "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(os.path.join(control_dir, name), 0o644)

    os.makedirs(out, exist_ok=True)
    deb = os.path.join(out, f"{PACKAGE}_{version}_{arch}.deb")
    run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", root, deb])
    return deb


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", required=True, help="the tree make install wrote with PREFIX=/usr")
    ap.add_argument("--out", required=True, help="where the .deb goes")
    ap.add_argument("--maintainer", required=True, help="NAME <EMAIL>")
    ap.add_argument("--date", help="the changelog entry's date, RFC 2822 (default: now)")
    args = ap.parse_args()
    try:
        date = args.date or run(["date", "-R"]).strip()
        print(build(args.root, args.out, args.maintainer, date))
    except (Failed, OSError) as e:
        print(f"build_deb.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
