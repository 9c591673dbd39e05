import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP pass-through to a real service (PostgreSQL, Redis) that a test can cut and restore, so
 * the application sees the service really go away: its connections drop and new ones are
 * refused, with the driver's own errors, and nothing shared by other tests is touched.
 */
export class TcpProxy {
  private server?: Server;
  private readonly open = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private targetPort: number,
  ) {}

  /** `url` with its host and port replaced by this proxy's. */
  static async in(url: string): Promise<{ proxy: TcpProxy; url: string }> {
    const parsed = new URL(url);
    const proxy = new TcpProxy(parsed.hostname, Number(parsed.port));
    await proxy.listen();
    parsed.host = `127.0.0.1:${proxy.port}`;
    return { proxy, url: parsed.toString() };
  }

  /** Accepts connections again (on the same port after a cut). */
  async listen(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.open.add(socket);
        socket.once('close', () => this.open.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /**
   * Sends new connections to another port of the same host, as a load balancer does once a
   * replica leaves; open connections stay where they are.
   */
  retarget(port: number): void {
    this.targetPort = port;
  }

  /** Drops every open connection and refuses new ones until listen() is called again. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.open) socket.destroy();
    await closed;
  }
}
