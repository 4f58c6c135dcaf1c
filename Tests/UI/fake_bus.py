"""Hostile D-Bus peers on a unix socket, for test_access_hostile.py.

    bus = FakeBus(directory, mode)     # listening at once; bus.address is its unix: address
    bus.wait(lambda: bus.stalled, 5)   # the bridge was let in, and now nobody reads
    bus.close()

Modes:
  silent  accepts every connection and never reads or writes a byte, as a
          hung (or SIGSTOPped) bus daemon does once the kernel took the
          connection
  stall   speaks just enough D-Bus to let a client in: the SASL exchange,
          the Hello's answer (the name :1.1) and the answer to the
          registry's Embed; then it stops reading, and keeps the socket open
  launcher
          a session bus whose bus launcher answers GetAddress with
          `answer`, after the same SASL exchange and Hello

One thread serves it; Python 3.11 standard library only.
"""

import os
import socket
import struct
import threading
import time

GUID = "0123456789abcdef0123456789abcdef"


def _pad(n, align):
    return (align - n % align) % align


class _Writer:
    """A little-endian D-Bus message body or header, a value at a time."""

    def __init__(self):
        self.b = bytearray()

    def align(self, n):
        self.b += b"\0" * _pad(len(self.b), n)

    def byte(self, v):
        self.b += bytes([v])

    def u32(self, v):
        self.align(4)
        self.b += struct.pack("<I", v)

    def string(self, s):
        data = s.encode()
        self.u32(len(data))
        self.b += data + b"\0"

    def signature(self, s):
        data = s.encode()
        self.b += bytes([len(data)]) + data + b"\0"


def method_return(serial, reply_to, destination, signature, write_body):
    """A METHOD_RETURN from the bus to `destination` answering `reply_to`."""
    body = _Writer()
    write_body(body)
    fields = _Writer()
    for code, sig, value in ((5, "u", reply_to), (6, "s", destination), (7, "s", "org.freedesktop.DBus"),
                             (8, "g", signature)):
        fields.align(8)
        fields.byte(code)
        fields.signature(sig)
        {"u": fields.u32, "s": fields.string, "g": fields.signature}[sig](value)
    head = struct.pack("<cBBBIII", b"l", 2, 1, 1, len(body.b), serial, len(fields.b))
    msg = head + bytes(fields.b)
    msg += b"\0" * _pad(len(msg), 8)
    return msg + bytes(body.b)


def parse_message(buf):
    """(serial, member, length) of the message at the start of `buf`, or
    None when it is not all there. Little-endian only (what sd-bus sends)."""
    if len(buf) < 16:
        return None
    if buf[0:1] != b"l":
        raise ValueError("a big-endian message")
    body_len, serial, fields_len = struct.unpack_from("<III", buf, 4)
    header_end = 16 + fields_len + _pad(16 + fields_len, 8)
    if len(buf) < header_end + body_len:
        return None
    member = None
    i = 16
    while i < 16 + fields_len:
        i += _pad(i, 8)
        code = buf[i]
        sig_len = buf[i + 1]
        sig = buf[i + 2:i + 2 + sig_len].decode()
        i += 3 + sig_len
        if sig in ("s", "o"):
            i += _pad(i, 4)
            (n,) = struct.unpack_from("<I", buf, i)
            value = buf[i + 4:i + 4 + n].decode()
            i += 4 + n + 1
        elif sig == "g":
            n = buf[i]
            value = buf[i + 1:i + 1 + n].decode()
            i += n + 2
        elif sig == "u":
            i += _pad(i, 4)
            (value,) = struct.unpack_from("<I", buf, i)
            i += 4
        else:
            raise ValueError(f"header field of type {sig}")
        if code == 3:
            member = value
    return serial, member, header_end + body_len


class FakeBus:
    def __init__(self, directory, mode, answer=None):
        self.mode = mode
        self.answer = answer
        self.path = os.path.join(directory, f"{mode}-bus")
        self.address = "unix:path=" + self.path
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.path)
        self.listener.listen(16)
        self.connections = []
        self.stalled = False  # a client was let in and is no longer read
        self.accepted = 0
        self.error = None
        self._closing = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def wait(self, probe, timeout):
        """Polls `probe()` every 10 ms until it is true; False after `timeout`."""
        deadline = time.monotonic() + timeout
        while not probe():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)  # polling a flag set by the server's thread, bounded by the deadline
        return True

    def close(self):
        self._closing = True
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        for c in self.connections:
            c.close()
        self.thread.join(2)

    def _serve(self):
        while not self._closing:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.accepted += 1
            self.connections.append(conn)
            if self.mode in ("stall", "launcher"):
                try:
                    self._let_in(conn)
                    self.stalled = True
                except (OSError, ValueError) as e:
                    self.error = f"{type(e).__name__}: {e}"

    def _let_in(self, conn):
        """The SASL exchange line by line, as dbus-daemon answers it; then
        the Hello and the Embed (or GetAddress) answered, and nothing read
        after that."""
        conn.settimeout(5)
        buf = b""
        if conn.recv(1) != b"\0":
            raise ValueError("no leading NUL byte")
        while True:
            while b"\r\n" not in buf:
                chunk = conn.recv(4096)
                if not chunk:
                    raise ValueError("the client left during authentication")
                buf += chunk
            line, buf = buf.split(b"\r\n", 1)
            words = line.split()
            if words[:2] == [b"AUTH", b"EXTERNAL"]:
                conn.sendall(b"DATA\r\n" if len(words) == 2 else f"OK {GUID}\r\n".encode())
            elif words[:1] == [b"DATA"]:
                conn.sendall(f"OK {GUID}\r\n".encode())
            elif words[:1] == [b"NEGOTIATE_UNIX_FD"]:
                conn.sendall(b"AGREE_UNIX_FD\r\n")
            elif words[:1] == [b"BEGIN"]:
                break
            else:
                conn.sendall(b"ERROR\r\n")
        serial = 1
        answered = set()
        last = "GetAddress" if self.mode == "launcher" else "Embed"
        while answered != {"Hello", last}:
            parsed = parse_message(buf)
            if parsed is None:
                chunk = conn.recv(65536)
                if not chunk:
                    raise ValueError("the client left before its Embed")
                buf += chunk
                continue
            reply_to, member, length = parsed
            buf = buf[length:]
            if member == "Hello":
                conn.sendall(method_return(serial, reply_to, ":1.1", "s", lambda w: w.string(":1.1")))
            elif member == "Embed":
                def desktop(w):
                    w.align(8)
                    w.string(":1.0")
                    w.string("/org/a11y/atspi/accessible/root")
                conn.sendall(method_return(serial, reply_to, ":1.1", "(so)", desktop))
            elif member == "GetAddress" and self.mode == "launcher":
                conn.sendall(method_return(serial, reply_to, ":1.1", "s", lambda w: w.string(self.answer)))
            else:
                continue
            answered.add(member)
            serial += 1
