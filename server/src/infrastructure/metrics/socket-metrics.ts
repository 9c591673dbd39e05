import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import { Metrics } from './metrics';

/** An engine.io packet as `packetCreate` hands it over (the encoded Socket.IO packet in `data`). */
interface EnginePacket {
  type: string;
  data?: string | Buffer | ArrayBuffer;
}

/**
 * The socket metrics of one Socket.IO server, counted as things happen (no work at scrape time):
 * - mazad_socket_connections: engine.io connections, +1 when opened, −1 when closed;
 * - mazad_socket_rooms: rooms whose name starts with `roomPrefix` (the auction rooms) that this
 *   process's adapter holds, from the adapter's `create-room` / `delete-room` events;
 * - mazad_socket_messages_sent_total / mazad_socket_bytes_sent_total: every `message` packet the
 *   engine creates for a socket (`packetCreate`), i.e. each Socket.IO packet once per socket it
 *   is written to, and its encoded size in UTF-8 bytes. A broadcast encodes its packet once and
 *   hands the same string to every socket, so its size is computed once (the last size is kept).
 */
@Injectable()
export class SocketMetrics {
  private lastData?: string;
  private lastBytes = 0;

  constructor(private readonly metrics: Metrics) {}

  /** Call once the server exists, with its adapter set (the rooms are the main namespace's). */
  observe(server: Server, roomPrefix: string): void {
    const { socketConnections, socketRooms, socketMessagesSent, socketBytesSent } = this.metrics;
    const countPacket = (packet: EnginePacket) => {
      if (packet.type !== 'message') return;
      socketMessagesSent.inc();
      socketBytesSent.inc(this.bytesOf(packet.data));
    };
    server.engine.on('connection', (socket: NodeJS.EventEmitter) => {
      socketConnections.inc();
      socket.on('packetCreate', countPacket);
      socket.once('close', () => socketConnections.dec());
    });
    const adapter = server.of('/').adapter;
    adapter.on('create-room', (room: string) => room.startsWith(roomPrefix) && socketRooms.inc());
    adapter.on('delete-room', (room: string) => room.startsWith(roomPrefix) && socketRooms.dec());
  }

  private bytesOf(data: EnginePacket['data']): number {
    if (data === undefined) return 0;
    if (typeof data !== 'string') return data.byteLength;
    if (data !== this.lastData) {
      this.lastData = data;
      this.lastBytes = Buffer.byteLength(data);
    }
    return this.lastBytes;
  }
}
