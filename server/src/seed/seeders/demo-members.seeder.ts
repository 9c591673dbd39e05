import { Injectable } from '@nestjs/common';
import { PasswordService } from '../../auth';
import { DEMO_MEMBERS, DEMO_REGISTRATION_SOURCE } from '../demo-members';
import type { DemoMember, DemoSeedContext, DemoSeeder } from '../demo-seeder';

interface Row {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  registration_source: string;
}

/**
 * Creates the demo members (demo-members.ts) that are missing, and keeps the password of the
 * existing demo members equal to DEMO_PASSWORD (so the password npm start prints always works).
 * An account that uses a demo email but was not created by the seed is never touched. Each
 * member's hash is made by the product's own PasswordService (its argon2id settings, its own
 * random salt): no shared hash, and a demo login costs what any login costs.
 */
@Injectable()
export class DemoMembersSeeder implements DemoSeeder {
  readonly name = 'members';

  constructor(private readonly passwords: PasswordService) {}

  async seed({ manager, members, password }: DemoSeedContext): Promise<void> {
    const emails = DEMO_MEMBERS.map((m) => m.email);
    const load = (): Promise<Row[]> =>
      manager.query(`SELECT id, name, email, password_hash, registration_source FROM users WHERE email = ANY($1)`, [
        emails,
      ]);

    let rows = await load();
    const missing = DEMO_MEMBERS.filter((m) => !rows.some((row) => row.email === m.email));
    const hash = () => this.passwords.hash(password);

    for (const m of missing) {
      // ON CONFLICT: an account registered (or seeded) meanwhile under that email is left alone.
      await manager.query(
        `INSERT INTO users (name, email, phone, location, password_hash, is_verified, registration_source)
         VALUES ($1, $2, $3, $4, $5, true, $6)
         ON CONFLICT (email) DO NOTHING`,
        [m.name, m.email, m.phone, m.location, await hash(), DEMO_REGISTRATION_SOURCE],
      );
    }
    if (missing.length) rows = await load();

    const hashes = new Map<string, number>();
    for (const row of rows) hashes.set(row.password_hash, (hashes.get(row.password_hash) ?? 0) + 1);
    for (const row of rows) {
      if (row.registration_source !== DEMO_REGISTRATION_SOURCE) continue;
      if (await this.passwords.verify(row.password_hash, password)) {
        // Same password, but a hash made by an older seed (other argon2 settings, one salt for
        // every member): replace it with the product's own, one salt per member.
        if (this.passwords.needsRehash(row.password_hash) || hashes.get(row.password_hash)! > 1) {
          await manager.query(`UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2`, [
            await hash(),
            row.id,
          ]);
        }
        continue;
      }
      // DEMO_PASSWORD changed (e.g. .data/demo-admin.json was regenerated): follow it, and end
      // the sessions signed with the old one, as any password change does.
      await manager.query(
        `UPDATE users SET password_hash = $1, token_version = token_version + 1, updated_at = now()
         WHERE id = $2 AND registration_source = $3`,
        [await hash(), row.id, DEMO_REGISTRATION_SOURCE],
      );
    }

    for (const m of DEMO_MEMBERS) {
      const row = rows.find((r) => r.email === m.email);
      if (row) members.set(m.key, { id: row.id, key: m.key, name: row.name, email: row.email } satisfies DemoMember);
    }
  }
}
