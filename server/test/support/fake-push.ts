import { createECDH, ECDH, randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:https';
// web-push's own decoder of RFC 8188 (its dependency): the fake decrypts what the server encrypted.
import { decrypt } from 'http_ece';
import { selfSignedCertificate, trustInThisProcess } from './test-tls';

/** A browser's subscription: its keys made here, as a browser makes them (P-256 ECDH, 16-byte secret). */
export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  device: string;
  payload: { title: string; body: string; url: string; tag: string };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A local push service (https, a self-signed certificate the test process trusts) standing in
 * for FCM or Mozilla's, accepted by the application through PUSH_EXTRA_ORIGINS (`origin`): each
 * `/push/<device>` is one subscription's endpoint. It decrypts every message with the device's
 * private key (aes128gcm), so a test sees what a browser would show, and answers as
 * `answers[device]` says (201 by default; 410 = expired, 500 = try later).
 */
export class FakePushService {
  readonly received: ReceivedPush[] = [];
  /** Attempts per device, answered or not. */
  readonly attempts = new Map<string, number>();
  /** The next answers of a device: taken one by one, then 201. */
  readonly answers = new Map<string, number[]>();
  private readonly devices = new Map<string, FakeDevice>();
  private server?: Server;
  private untrust?: () => void;
  origin = '';

  async start(): Promise<this> {
    const { key, cert } = selfSignedCertificate();
    this.untrust = trustInThisProcess(cert);
    this.server = createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
        this.attempts.set(id, (this.attempts.get(id) ?? 0) + 1);
        const status = this.answers.get(id)?.shift() ?? 201;
        const device = this.devices.get(id);
        if (status === 201 && device) {
          const plain = decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.ecdh,
            authSecret: device.authSecret.toString('base64url'),
          });
          this.received.push({ device: id, payload: JSON.parse(plain.toString('utf8')), headers: req.headers });
        }
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.untrust?.();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** A new browser subscription whose endpoint is this service. */
  device(): FakeDevice {
    const id = randomBytes(8).toString('hex');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const device = {
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      ecdh,
      authSecret,
    };
    this.devices.set(id, device);
    return device;
  }

  static idOf(device: FakeDevice): string {
    return device.endpoint.slice(device.endpoint.lastIndexOf('/') + 1);
  }

  receivedBy(device: FakeDevice): ReceivedPush[] {
    return this.received.filter((r) => r.device === FakePushService.idOf(device));
  }
}
