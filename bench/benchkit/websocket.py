"""A minimal blocking WebSocket client (RFC 6455) for menud's web transport: the upgrade with
the page's cookie and Origin, masked text frames out, text frames in. Small on purpose, so
the time it adds to a round trip is about what the Unix-socket client adds to its own."""
import base64
import os
import socket
import struct


class WebSocketClient:
    def __init__(self, port, token, timeout=30):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        host = f"127.0.0.1:{port}"
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET /rpc HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://{host}\r\n"
                   f"Cookie: menud_token={token}\r\n\r\n")
        self.sock.sendall(request.encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("menud closed the connection during the upgrade")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise RuntimeError(f"the upgrade was refused: {head.splitlines()[0]!r}")
        self.mask = os.urandom(4)

    def send(self, payload):
        """One masked text frame (the payloads here are short: one mask for the connection is
        enough for a benchmark; the server unmasks whatever the key)."""
        length = len(payload)
        if length < 126:
            header = bytes([0x81, 0x80 | length])
        else:
            header = bytes([0x81, 0x80 | 126]) + struct.pack(">H", length)
        mask = self.mask
        masked = bytes(b ^ mask[i & 3] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("menud closed the WebSocket")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        """The next text message's bytes (pings answered on the way)."""
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
            if opcode == 0x8:
                raise RuntimeError("menud closed the WebSocket")
            if opcode == 0x9:
                self.sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + self.mask +
                                  bytes(b ^ self.mask[i & 3] for i, b in enumerate(payload)))

    def close(self):
        self.sock.close()
