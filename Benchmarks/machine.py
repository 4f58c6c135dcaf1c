"""The machine a benchmark ran on: CPU model, cores, memory, operating
system, Swift and Xvfb versions. Each is read from /proc, /etc/os-release
or the tool itself; what cannot be read is reported as "unknown"."""

import os
import re
import subprocess


def cpu_model():
    """The first `model name` of /proc/cpuinfo."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def memory_gib():
    """MemTotal of /proc/meminfo, GiB."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) / 2**20
    except OSError:
        pass
    return None


def os_name():
    """PRETTY_NAME of /etc/os-release, and the kernel release."""
    name = "unknown"
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    name = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return f"{name}, Linux {os.uname().release}"


def swift_version(swift="swift"):
    """`Swift version X` from the first line of `swift --version`."""
    try:
        out = subprocess.run([swift, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    m = re.search(r"Swift version (\S+)", out)
    return m.group(1) if m else "unknown"


def xvfb_version():
    """The xvfb package's upstream version (Xvfb itself has no --version)."""
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "xvfb"], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    m = re.match(r"^(?:\d+:)?([^-]+)", out.strip())
    return m.group(1) if m else "unknown"


def describe(swift="swift"):
    """Everything above as a dict, for the JSON and the table's header."""
    return {"cpu": cpu_model(), "cores": os.cpu_count(), "ram_gib": memory_gib(), "os": os_name(),
            "swift": swift_version(swift), "xvfb": xvfb_version()}


def one_line(m):
    ram = f"{m['ram_gib']:.1f} GiB RAM" if m["ram_gib"] else "RAM unknown"
    return f"{m['cpu']}, {m['cores']} cores, {ram}, {m['os']}, Swift {m['swift']}, Xvfb {m['xvfb']}"
