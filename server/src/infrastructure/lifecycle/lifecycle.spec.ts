import { Lifecycle } from './lifecycle';

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('Lifecycle', () => {
  it('is not draining until told, then stays draining', () => {
    const lifecycle = new Lifecycle();
    expect(lifecycle.draining).toBe(false);
    lifecycle.beginDrain();
    lifecycle.beginDrain();
    expect(lifecycle.draining).toBe(true);
  });

  it('is idle at once when nothing is in flight', async () => {
    await expect(new Lifecycle().idle()).resolves.toBeUndefined();
  });

  it('becomes idle only once every tracked piece of work settled, failures included', async () => {
    const lifecycle = new Lifecycle();
    const ok = deferred();
    const failing = deferred();
    void lifecycle.track(ok.promise);
    lifecycle.track(failing.promise).catch(() => undefined);
    let idle = false;
    void lifecycle.idle().then(() => (idle = true));

    ok.resolve();
    await flush();
    expect([idle, lifecycle.inFlight]).toEqual([false, 1]);

    failing.reject(new Error('refused'));
    await flush();
    expect([idle, lifecycle.inFlight]).toEqual([true, 0]);
  });

  it('hands back the tracked work unchanged', async () => {
    const lifecycle = new Lifecycle();
    await expect(lifecycle.track(Promise.resolve(42))).resolves.toBe(42);
    await expect(lifecycle.track(Promise.reject(new Error('no')))).rejects.toThrow('no');
  });

  it('keeps the readiness checks, flushes and hand-offs registered, by name', () => {
    const lifecycle = new Lifecycle();
    const check = () => Promise.resolve();
    const flush = () => 0;
    const handOff = () => Promise.resolve();
    lifecycle.addReadinessCheck('sockets', check);
    lifecycle.addFlush('bid broadcasts', flush);
    lifecycle.addHandOff('sockets', handOff);
    expect([...lifecycle.readinessChecks]).toEqual([['sockets', check]]);
    expect([...lifecycle.flushSteps]).toEqual([['bid broadcasts', flush]]);
    expect([...lifecycle.handOffSteps]).toEqual([['sockets', handOff]]);
  });
});
