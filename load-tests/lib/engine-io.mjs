/**
 * Just enough of the Engine.IO v4 / Socket.IO v5 wire protocol for a lean watcher over plain
 * `ws` (https://socket.io/docs/v4/socket-io-protocol/), default namespace only:
 *
 *   server → `0{"sid":…,"pingInterval":…}`   open (engine.io)     client → `40` or `40{auth}` connect
 *   server → `40{"sid":…}`                    connected            client → `42<ack>["event",…]` event
 *   server → `2`                              ping                 client → `3` pong
 *   server → `42["event",…]` / `43<ack>[…]`   event / acknowledgement
 *   server → `44{"message":…}`                connect error        server → `41` disconnect, `1` close
 *
 * One text frame per packet on the websocket transport (no payload separator there).
 */

/** The websocket URL of a server's Socket.IO endpoint (`http://h:p` → `ws://h:p/socket.io/…`). */
export function socketUrl(httpUrl, path = '/socket.io/') {
  const url = new URL(path, httpUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('EIO', '4');
  url.searchParams.set('transport', 'websocket');
  return url.toString();
}

/** The engine.io pong answering a ping. */
export const PONG = '3';

/** Socket.IO CONNECT to the default namespace, with the handshake's `auth` when given. */
export function encodeConnect(auth) {
  return auth === undefined ? '40' : `40${JSON.stringify(auth)}`;
}

/** Socket.IO EVENT: `42[ackId]["name",...args]`. */
export function encodeEvent(name, args = [], ackId) {
  return `42${ackId ?? ''}${JSON.stringify([name, ...args])}`;
}

const ENGINE = { 0: 'open', 1: 'close', 2: 'ping', 3: 'pong', 4: 'message', 6: 'noop' };
const SOCKET = { 0: 'connect', 1: 'disconnect', 2: 'event', 3: 'ack', 4: 'connect_error' };

/**
 * Decodes one text frame. Returns `{ type, ... }` with type one of open (data), close, ping,
 * pong, noop, connect (data), disconnect, event (name, args, ackId), ack (ackId, args),
 * connect_error (data), or `unknown`.
 */
export function decodePacket(frame) {
  const text = typeof frame === 'string' ? frame : frame.toString('utf8');
  const engine = ENGINE[text[0]];
  if (!engine) return { type: 'unknown', raw: text };
  if (engine === 'open') return { type: 'open', data: JSON.parse(text.slice(1)) };
  if (engine !== 'message') return { type: engine };
  const kind = SOCKET[text[1]];
  if (!kind) return { type: 'unknown', raw: text };
  let i = 2;
  if (text[i] === '/') i = text.indexOf(',', i) + 1; // a namespace other than "/": skipped
  let ackId;
  const digits = /^\d+/.exec(text.slice(i, i + 20));
  if (digits) {
    ackId = Number(digits[0]);
    i += digits[0].length;
  }
  const body = text.length > i ? JSON.parse(text.slice(i)) : undefined;
  if (kind === 'event') return { type: 'event', name: body[0], args: body.slice(1), ackId };
  if (kind === 'ack') return { type: 'ack', ackId, args: body };
  return { type: kind, data: body };
}

/**
 * True when `frame` (a Buffer or string) is the Socket.IO event `name` without an ack id
 * (`42["name",`), checked on the bytes so watchers need not decode what they do not read.
 */
export function isEventFrame(frame, name) {
  const prefix = eventPrefix(name);
  if (typeof frame === 'string') return frame.startsWith(prefix.text);
  return frame.length >= prefix.bytes.length && frame.subarray(0, prefix.bytes.length).equals(prefix.bytes);
}

const prefixes = new Map();
function eventPrefix(name) {
  let prefix = prefixes.get(name);
  if (!prefix) {
    const text = `42[${JSON.stringify(name)},`;
    prefixes.set(name, (prefix = { text, bytes: Buffer.from(text) }));
  }
  return prefix;
}

/**
 * The integer after the last `"name":` in a JSON frame (a Buffer or string), read on the bytes
 * so a watcher need not decode a frame for one field; null when absent. A key inside a JSON
 * string has its quotes escaped, so only a real key matches.
 */
export function lastIntegerField(frame, name) {
  const key = `"${name}":`;
  const at = frame.lastIndexOf(key);
  if (at < 0) return null;
  let value = 0;
  let digits = 0;
  for (let i = at + key.length; i < frame.length; i++, digits++) {
    const c = typeof frame === 'string' ? frame.charCodeAt(i) : frame[i];
    if (c < 0x30 || c > 0x39) break;
    value = value * 10 + (c - 0x30);
  }
  return digits ? value : null;
}
