"""A blocking WebSocket client (RFC 6455 by hand, standard library only) for menud's web
transport (docs/protocol.md, "WebSocket"): the upgrade with the page's cookie and Origin,
masked frames out, text messages in, pings answered and the close handshake. It can also send
what a browser never would (binary, fragmented or oversized frames, missing headers), which is
what the web transport's tests need, and it is small enough that the benchmark's round trips
over it cost about what a line client's cost over the Unix socket. Used by
Tests/WebIntegration and bench/benchkit/web.py; the page's cookie is `menud_token=` followed
by the token file's contents (`daemon.status` names the file)."""

import base64
import json
import os
import socket
import struct


class Refused(Exception):
    """The upgrade was answered with something other than 101."""

    def __init__(self, status, body):
        super().__init__(f"HTTP {status}")
        self.status = status
        self.body = body


class WebSocket:
    """One blocking WebSocket client. `receive()` returns a text message's text, or raises
    ConnectionError with the close code once the server closes."""

    def __init__(self, port, cookie=None, origin="default", host=None, path="/rpc", timeout=20):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        # Requests are small and answered one by one: Nagle's delay would be most of a round trip.
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        host = host or f"127.0.0.1:{port}"
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if origin == "default":
            origin = f"http://{host}"
        if origin is not None:
            lines.append(f"Origin: {origin}")
        if cookie is not None:
            lines.append(f"Cookie: {cookie}")
        self.socket.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise Refused(0, b"")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = int(head.split(b" ")[1])
        if status != 101:
            self.socket.close()
            raise Refused(status, self.buffer)
        self.close_code = None
        self.next_id = 1

    def send_frame(self, opcode, payload, fin=True):
        header = bytes([(0x80 if fin else 0) | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if length < 65536 else _mask_large(payload, mask)
        self.socket.sendall(header + mask + masked)

    def send_text(self, text):
        self.send_frame(0x1, text.encode() if isinstance(text, str) else text)

    def send_json(self, message):
        self.send_text(json.dumps(message))

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.socket.recv(1 << 20)
            if not chunk:
                raise ConnectionError("closed without a close frame")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        """The next text message's text."""
        return self.receive_bytes().decode()

    def receive_bytes(self):
        """The next text message's bytes (pings answered, a close frame answered and raised as
        ConnectionError with its code)."""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x1:
                return payload
            if opcode == 0x9:
                self.send_frame(0xA, payload)
            elif opcode == 0x8:
                self.close_code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                try:
                    self.send_frame(0x8, payload[:2])
                except OSError:
                    pass
                raise ConnectionError(f"closed with {self.close_code}")

    def receive_json(self):
        return json.loads(self.receive())

    def call(self, method, params=None):
        """Sends a request and returns its answer (notifications on the way are skipped)."""
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        self.next_id += 1
        if params is not None:
            request["params"] = params
        self.send_json(request)
        while True:
            message = self.receive_json()
            if message.get("id") == request["id"]:
                return message

    def notification(self, method):
        while True:
            message = self.receive_json()
            if message.get("method") == method and "id" not in message:
                return message

    def close(self):
        try:
            self.send_frame(0x8, struct.pack(">H", 1000))
        except OSError:
            pass
        self.socket.close()


def _mask_large(payload, mask):
    """XOR with the mask a word at a time: a byte loop is too slow for a megabyte."""
    repeated = (mask * (len(payload) // 4 + 1))[:len(payload)]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(repeated, "little")).to_bytes(len(payload), "little")
