#!/bin/sh
# drawer-x11 is licensed under the Apache License, Version 2.0; see LICENSE.
#
# Run by make deb-check inside a fresh Debian 12 chroot, with the package in
# /tmp: apt installs it (and fetches what it depends on) with man-db, then
# each program must say its version and man must show its page. Any failure
# ends the script with that command's status.
set -eu
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin
apt-get update -qq
apt-get install -y -qq --no-install-recommends man-db /tmp/drawer-x11_*.deb
echo "deb-check: drawer-x11 --version"
drawer-x11 --version
echo "deb-check: man drawer-x11 | head -n 12"
MANWIDTH=80 man drawer-x11 > /tmp/drawer-x11.man.txt
head -n 12 /tmp/drawer-x11.man.txt
echo "deb-check: drawer-replay --version, man drawer-replay | head -n 6"
drawer-replay --version
MANWIDTH=80 man drawer-replay > /tmp/drawer-replay.man.txt
head -n 6 /tmp/drawer-replay.man.txt
echo "deb-check: ok"
