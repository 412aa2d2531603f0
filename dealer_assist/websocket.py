"""uvicorn's websocket protocol (websockets' sans-I/O implementation), with a close that lets the
client read why its socket was closed.

When a client's frame breaks the protocol or the size limit (a message over 1 MB), uvicorn sends
the close frame (1009, "... exceeds limit of 1048576 bytes") and closes the TCP connection at once.
The client is usually still sending the rest of its message; closing a socket with unread data
makes the kernel answer with a reset, and a reset can destroy the close frame before the client
has read it: the tablet then sees a dropped connection (1006) instead of the reason.  Measured
against a server in its own process, 2 MB messages lost their close frame in 137 of 300 attempts.

So after such a close frame this protocol does what RFC 6455 (section 7.1.1) and websockets' own
servers do: it ends its side of the stream (write_eof), goes on reading and dropping what the
client still sends, and closes when the client does, or after uvicorn's close timeout.
"""

from __future__ import annotations

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol


class WebSocketProtocol(WebSocketsSansIOProtocol):
    def data_received(self, data: bytes) -> None:
        if self.conn.parser_exc is not None and self.close_sent:
            # Already refused: the connection's parser discards what follows.
            self.conn.receive_data(data)
            return
        super().data_received(data)

    def handle_parser_exception(self) -> None:
        close = self.conn.close_sent  # None only if it failed before it was open
        code, reason = (close.code, close.reason) if close else (1006, "")
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        if self.transport.can_write_eof():
            self.transport.write_eof()
        if self.read_paused:  # flow control had paused reading: the rest must be read to be dropped
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(self.close_timeout, self.transport.close)
