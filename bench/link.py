"""A TCP relay that makes a local server look distant: a one-way delay and a bandwidth
cap in each direction, as the line between a GM's machine and a hosted mail server has.

    with Link("127.0.0.1", 1143, rtt=0.030, mbit=50) as link:
        IMAPClient(link.host, port=link.port, ssl=False)

Bytes are forwarded in order; a chunk leaves when the link has sent the chunks before
it (``mbit``) and arrives half the round trip later (``rtt``). The relay runs in a
process of its own, so that it never waits for the measured program's interpreter lock.
"""

from __future__ import annotations

import contextlib
import queue
import socket
import subprocess
import sys
import threading
import time
from types import TracebackType

_CHUNK = 65536


class Relay:
    def __init__(self, host: str, port: int, *, rtt: float, mbit: float) -> None:
        self.target = (host, port)
        self.delay = rtt / 2
        self.rate = mbit * 1e6 / 8  # bytes a second
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.host, self.port = self.listener.getsockname()[:2]
        self.sockets: list[socket.socket] = [self.listener]

    def serve(self) -> None:
        self._accept()

    def close(self) -> None:
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            for sock in (client, server):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.sockets += [client, server]
            self._direction(client, server)
            self._direction(server, client)

    def _direction(self, source: socket.socket, sink: socket.socket) -> None:
        line: queue.Queue[tuple[float, bytes]] = queue.Queue()
        threading.Thread(target=self._read, args=(source, line), daemon=True).start()
        threading.Thread(target=self._write, args=(sink, line), daemon=True).start()

    def _read(self, source: socket.socket, line: queue.Queue[tuple[float, bytes]]) -> None:
        free = 0.0  # when the link has sent everything read so far
        while True:
            try:
                data = source.recv(_CHUNK)
            except OSError:
                data = b""
            if not data:
                line.put((0.0, b""))
                return
            free = max(time.monotonic(), free) + len(data) / self.rate
            line.put((free + self.delay, data))

    def _write(self, sink: socket.socket, line: queue.Queue[tuple[float, bytes]]) -> None:
        while True:
            arrives, data = line.get()
            if not data:
                with contextlib.suppress(OSError):
                    sink.shutdown(socket.SHUT_WR)
                return
            wait = arrives - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            try:
                sink.sendall(data)
            except OSError:
                return


class Link:
    """The relay in a child process, for as long as the ``with`` block lasts."""

    def __init__(self, host: str, port: int, *, rtt: float, mbit: float) -> None:
        command = [sys.executable, __file__, host, str(port), str(rtt), str(mbit)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.host, port_text = self.process.stdout.readline().split()
        self.port = int(port_text)

    def __enter__(self) -> Link:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.process.kill()
        self.process.wait()


if __name__ == "__main__":
    relay = Relay(sys.argv[1], int(sys.argv[2]), rtt=float(sys.argv[3]), mbit=float(sys.argv[4]))
    print(relay.host, relay.port, flush=True)
    relay.serve()
