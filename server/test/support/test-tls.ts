import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';

export interface TestCertificate {
  key: Buffer;
  cert: Buffer;
}

/** A fresh self-signed certificate for 127.0.0.1 (P-256, a day), made with openssl. */
export function selfSignedCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'mazad-tls-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
        ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Node 24's API to change the process's trusted certificates (@types/node 20 does not know it yet). */
const trustStore = tls as unknown as {
  getCACertificates(type: 'default'): string[];
  setDefaultCACertificates(certs: string[]): void;
};

/**
 * Trusts `cert` in this test process, as a deployment trusts a private push service's CA with
 * NODE_EXTRA_CA_CERTS: every TLS client that names no CA of its own (the server's HTTP and SMTP
 * clients) accepts it, and no check is turned off. Returns the undo, for the fake's stop() (all
 * test files of a run share the process).
 */
export function trustInThisProcess(cert: Buffer): () => void {
  const before = new Set(trustStore.getCACertificates('default'));
  trustStore.setDefaultCACertificates([...before, cert.toString('utf8')]);
  const added = trustStore.getCACertificates('default').filter((c) => !before.has(c));
  return () =>
    trustStore.setDefaultCACertificates(trustStore.getCACertificates('default').filter((c) => !added.includes(c)));
}
