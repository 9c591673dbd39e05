import { Injectable, OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/**
 * argon2id with the OWASP Password Storage Cheat Sheet parameters (19 MiB, 2 passes, 1 lane):
 * about 0.1 s per hash on our 2-core machines, where the library defaults (64 MiB, 3 passes,
 * 4 lanes) take 0.4–0.6 s and would make login the bottleneck. Hashes carry their parameters,
 * so older or stronger hashes keep verifying.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes new passwords and checks given ones. */
@Injectable()
export class PasswordService implements OnModuleInit {
  private dummyHash?: Promise<string>;

  onModuleInit(): void {
    // A warm-up nobody waits for. A failed one is forgotten (the next verify() makes the hash
    // again) instead of leaving a rejection nobody handles.
    this.dummy().catch(() => (this.dummyHash = undefined));
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /**
   * True when the password matches the hash. Without a hash (unknown account) a dummy hash
   * is checked anyway, so both answers take about as long.
   */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(await this.dummy(), password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }

  /** True when a hash was made with other settings than ARGON2_OPTIONS (rehash it on the next chance). */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, ARGON2_OPTIONS);
    } catch {
      return true;
    }
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
