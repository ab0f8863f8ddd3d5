import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/*
 * The lingering close (ARCHITECTURE.md, "The server"; README.md, LINGER_TIMEOUT). Some answers
 * go out before the request's body has been read: an unknown form, a media type or a declared
 * length refused from the head, a rate limit, a limit passed half-way. Such a connection
 * cannot serve another request, so the answer says `Connection: close`; but closing it while
 * the client is still sending makes the kernel answer the unread bytes with a reset, and a
 * client still writing its body then loses the answer (EPIPE, ECONNRESET). So, as nginx does:
 * the answer and the end of the server's side go out at once, the rest of the body is read and
 * dropped, and the connection closes once the body has all arrived or the client has closed,
 * or, for a client that keeps sending, after LINGER_TIMEOUT or the route's body limit and
 * LINGER_MARGIN_BYTES more, whichever comes first.
 */

/** Read and dropped past a route's body limit after an early answer: a file a few MB too large still gets its answer. */
export const LINGER_MARGIN_BYTES = 4 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

interface LingerBounds {
  ms: number;
  bytes: number;
}

/**
 * Every answer sent while its request's body is still arriving closes the connection, after
 * lingering for at most `timeoutMs` (0: closed at once) and the route's `bodyLimit` and
 * LINGER_MARGIN_BYTES. On the root instance, before any route, so it serves them all.
 */
export function installLingeringClose(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onSend', function lingerWhenUnread(request, reply, payload, done) {
    const body = request.raw;
    // app.inject's requests have no socket to close.
    if (!body.complete && body.socket instanceof Socket) {
      reply.header('connection', 'close');
      if (timeoutMs > 0) closeAfterBody(body.socket, body, { ms: timeoutMs, bytes: request.routeOptions.bodyLimit + LINGER_MARGIN_BYTES });
    }
    done(null, payload);
  });
}

/**
 * From the answer on, the rest of the body is read and dropped (counted against the bounds).
 * Node ends an answer that closes its connection with the socket's destroySoon() (close once
 * written): for this one, the server's side ends once the answer is written, and the socket
 * closes once the body has all been read too, or at the bounds.
 */
function closeAfterBody(socket: Socket, body: IncomingMessage, bounds: LingerBounds): void {
  // Once per connection, even if a second answer is tried (an error while sending the first).
  if (lingering.has(socket)) return;
  lingering.add(socket);
  let dropped = 0;
  const cutOff = () => socket.destroy();
  const timer = setTimeout(cutOff, bounds.ms);
  const drop = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > bounds.bytes) cutOff();
  };
  // Now, not once the answer is written: Node would discard an unread body's bytes uncounted.
  body.on('data', drop);
  body.resume();
  socket.once('close', () => {
    clearTimeout(timer);
    body.off('data', drop);
  });
  const closeWhenWritten = socket.destroySoon;
  socket.destroySoon = function lingeringClose() {
    socket.destroySoon = closeWhenWritten;
    if (body.readableEnded) {
      closeWhenWritten.call(socket);
      return;
    }
    socket.end();
    body.once('end', () => closeWhenWritten.call(socket));
  };
}
