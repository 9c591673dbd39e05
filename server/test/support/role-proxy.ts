import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * The load balancer of a deployment split by role (MAZAD_ROLES), as docker/nginx.conf routes it:
 * WebSocket upgrades on /socket.io go to the gateways in turn, with no stickiness; every other
 * request goes to the api process. A gateway that refuses the connection (it died) is skipped
 * for the next one, as nginx's `proxy_next_upstream` does, so its clients' reconnections land
 * on a live gateway.
 *
 * Written on node:http and node:net rather than a proxy package: the test needs the upgrade's
 * target recorded and that failover, both a few lines here; `http-proxy` is unmaintained and
 * warns on current Node.js, and its rewrite needs Node.js 22 while the server still supports 20.
 */
export class RoleProxy {
  /** The gateway port of each WebSocket upgrade, in the order they were proxied. */
  readonly upgrades: number[] = [];
  private readonly server: Server;
  private readonly open = new Set<Socket>();
  private turn = 0;
  port = 0;

  constructor(
    private readonly apiPort: number,
    private readonly gatewayPorts: number[],
  ) {
    this.server = createServer((req, res) => {
      const upstream = request(
        { host: '127.0.0.1', port: this.apiPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    this.server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
      this.track(client);
      if (!req.url?.startsWith('/socket.io/')) return client.destroy();
      this.toGateway(req, client, head, this.gatewayPorts.length);
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** Splices the upgrade onto the next gateway's TCP connection; `tries` gateways at most. */
  private toGateway(req: IncomingMessage, client: Socket, head: Buffer, tries: number) {
    const port = this.gatewayPorts[this.turn++ % this.gatewayPorts.length];
    const upstream = this.track(connect(port, '127.0.0.1'));
    let connected = false;
    upstream.once('error', () => {
      if (!connected && tries > 1) this.toGateway(req, client, head, tries - 1);
      else client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      this.upgrades.push(port);
      let lines = `${req.method} ${req.url} HTTP/1.1\r\n`;
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
      upstream.write(`${lines}\r\n`);
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    });
  }

  private track(socket: Socket): Socket {
    this.open.add(socket);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => this.open.delete(socket));
    return socket;
  }
}
