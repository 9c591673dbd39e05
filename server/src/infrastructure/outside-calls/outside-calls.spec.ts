import { createServer, type Server, type ServerResponse } from 'node:http';
import { BoundedHttp, OutsideCallError } from './outside-calls';

/** A local HTTP service answering each request as `answer` says. */
async function service(answer: (res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/x`, server };
}

describe('BoundedHttp', () => {
  const bounds = { deadlineMs: 500, answerCapBytes: 1024 };
  let http: BoundedHttp;
  let server: Server | undefined;
  beforeEach(() => (http = new BoundedHttp(bounds)));
  afterEach(async () => {
    await http.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  const failure = async (url: string) => {
    const err = await http.post(url, {}, 'x').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OutsideCallError);
    return err as OutsideCallError;
  };

  it('returns the status and the body of a whole answer within its bounds', async () => {
    let url: string;
    ({ url, server } = await service((res) => res.writeHead(201).end('ok')));
    const answer = await http.post(url, {}, 'x');
    expect(answer).toEqual({ status: 201, body: Buffer.from('ok') });
  });

  it('aborts at the deadline an answer trickling a byte at a time (no idle timeout fires)', async () => {
    let url: string;
    ({ url, server } = await service((res) => {
      res.writeHead(200, { 'Content-Length': '1000' });
      const timer = setInterval(() => res.write('x'), 50);
      res.on('close', () => clearInterval(timer));
    }));
    const started = Date.now();
    expect((await failure(url)).reason).toBe('deadline');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('aborts an answer over the cap without reading the rest', async () => {
    let url: string;
    let written = 0;
    ({ url, server } = await service((res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 'x');
      const more = () => {
        while (written < 50 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
      };
      res.on('drain', more);
      more();
    }));
    expect((await failure(url)).reason).toBe('too-large');
    expect(written).toBeLessThan(50 * 1024 * 1024);
  });

  it('fails an answer cut after its headers', async () => {
    let url: string;
    ({ url, server } = await service((res) => {
      res.writeHead(200, { 'Content-Length': '100' });
      res.write('0123456789', () => res.socket?.destroy());
    }));
    expect((await failure(url)).reason).toBe('network');
  });
});
