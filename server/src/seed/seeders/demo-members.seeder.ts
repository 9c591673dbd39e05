import { Injectable } from '@nestjs/common';
import { PasswordService } from '../../auth';
import { AccountStore } from '../../users';
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

  constructor(
    private readonly passwords: PasswordService,
    private readonly store: AccountStore,
  ) {}

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
      // An account registered (or seeded) meanwhile under that email is left alone.
      await this.store.provideAccount(manager, {
        name: m.name,
        email: m.email,
        phone: m.phone,
        location: m.location,
        passwordHash: await hash(),
        registrationSource: DEMO_REGISTRATION_SOURCE,
        isAdmin: false,
      });
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
          await this.store.rehashPassword(manager, row.id, await hash());
        }
        continue;
      }
      // DEMO_PASSWORD changed (e.g. .data/demo-admin.json was regenerated): follow it, and end
      // the sessions signed with the old one, as any password change does.
      await this.store.changePassword(manager, row.id, await hash(), { registrationSource: DEMO_REGISTRATION_SOURCE });
    }

    for (const m of DEMO_MEMBERS) {
      const row = rows.find((r) => r.email === m.email);
      if (row) members.set(m.key, { id: row.id, key: m.key, name: row.name, email: row.email } satisfies DemoMember);
    }
  }
}
