import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { runSql } from '../../infrastructure/database/run-sql';

/** Where a write runs: the pool, or the caller's transaction or connection (its EntityManager). */
export type AccountExecutor = DataSource | EntityManager;

/** A member's sign-up (and a load-test member's). Emails arrive normalized (trimmed, lower-cased). */
export interface NewAccount {
  name: string;
  email: string;
  phone: string;
  location: string;
  passwordHash: string;
  /** How the account came to be (shown in the console); the column's default when absent. */
  registrationSource?: string;
  /** Made by an operator for a load test (`users.load_test`): exempt from the rate limits. */
  loadTest?: boolean;
}

/** An account made verified by the server itself: the first administrator, a demo member. */
export interface ProvidedAccount {
  name: string;
  email: string;
  phone: string;
  location: string;
  passwordHash: string;
  registrationSource: string;
  isAdmin: boolean;
}

/** The fields of the profile form (PUT /api/users/{id}), trimmed. */
export interface ProfileFields {
  name: string;
  phone: string;
  location: string;
}

/** Name every deleted member shows from now on (their bids, messages, ratings, sales stay). */
export const DELETED_USER_NAME = 'مستخدم محذوف';

/**
 * The one owner of writes to `users`: every change of an account's row is a named operation
 * here, one statement each, on the pool or in the caller's transaction (`AccountExecutor`).
 * server/src/users/store/store-boundary.spec.ts fails when another file writes the table. Reads
 * stay with their features (AccountsService for the account flows, the queries, the read side).
 *
 * Its security rules, tested in server/test/account-store.e2e-spec.ts:
 * - Token version (R-TOKEN-REVOCATION). A token is valid only while its version equals the
 *   row's `token_version` (TokenService), so bumping it ends every session of the account. It
 *   moves by exactly one, in the same statement as the change that calls for it: a new password (the member's own
 *   change, a reset with a code, an operator's, the demo seed following DEMO_PASSWORD),
 *   logout-everywhere, and deletion. Nothing else moves it: verification, profile, photo,
 *   e-mail and Telegram changes, a new hash of the same password (`rehashPassword`) and the
 *   bootstrap's promotion keep the sessions (the admin flag is read from the row on every
 *   request, so a promotion needs no new token). The store only writes the row: a caller that
 *   ends sessions while members are connected then closes their sockets
 *   (TokenService.sessionsEnded; a deletion through UserDeletedEvent).
 * - Deletion (R-ADMIN-DELETES, docs/adr/0006-admin-deletes.md). A member's row is never
 *   removed: `anonymise` keeps the id, so every bid, message, rating and sale that refers to it stays valid, and
 *   blanks everything else (name DELETED_USER_NAME, a unique tombstone e-mail, no phone,
 *   location, photo or Telegram link, a password no hash matches, not verified, not admin,
 *   the token version bumped, `deleted_at` set). A deleted row stays deleted: a reset or an
 *   operator's password only writes live rows. Only a load test's members are removed outright
 *   (`purge`).
 */
@Injectable()
export class AccountStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts an unverified member, not admin; a taken email surfaces as a unique violation. Answers its id. */
  async createMember(account: NewAccount): Promise<string> {
    const { registrationSource, loadTest, ...fields } = account;
    const id = await this.insert(this.db, {
      ...fields,
      isVerified: false,
      isAdmin: false,
      // Absent: the column's default.
      ...(registrationSource !== undefined ? { registrationSource } : {}),
      ...(loadTest !== undefined ? { loadTest } : {}),
    });
    return id!;
  }

  /**
   * Inserts a verified account unless one has that email already (ON CONFLICT DO NOTHING: safe
   * with several replicas starting at once, and an account registered meanwhile is left alone).
   * Answers its id, or null when the email was taken.
   */
  provideAccount(executor: AccountExecutor, account: ProvidedAccount): Promise<string | null> {
    return this.insert(executor, { ...account, isVerified: true }, { ifAbsent: true });
  }

  /** The member proved their address (a verification code). */
  async markVerified(id: string): Promise<void> {
    await this.update(this.db, id, 'is_verified = true');
  }

  /** Logout everywhere: retires every token of the account. */
  async endSessions(id: string): Promise<void> {
    await this.update(this.db, id, 'token_version = token_version + 1');
  }

  /**
   * A new password: the member's own change, or the demo seed following DEMO_PASSWORD (`only`:
   * the row must still carry that registration source). Retires every token.
   */
  async changePassword(
    executor: AccountExecutor,
    id: string,
    passwordHash: string,
    only?: { registrationSource: string },
  ): Promise<void> {
    await this.writePassword(executor, id, passwordHash, { registrationSource: only?.registrationSource });
  }

  /**
   * A reset with a code: proves control of the email, so it verifies the account as well.
   * Retires every token. False when there is no live account: a deleted one keeps its tombstone
   * (a code issued before the deletion must not bring it back to life).
   */
  resetPassword(id: string, passwordHash: string): Promise<boolean> {
    return this.writePassword(this.db, id, passwordHash, { liveOnly: true, verifies: true });
  }

  /**
   * An operator sets a member's password (admin API), in the transaction that records it
   * (R-AUDIT-LOG). Retires every token. False when there is no live account.
   */
  setPasswordByOperator(executor: AccountExecutor, id: string, passwordHash: string): Promise<boolean> {
    return this.writePassword(executor, id, passwordHash, { liveOnly: true });
  }

  /**
   * The same password under a new hash (other argon2 settings, its own salt): not a change of
   * password, so the sessions stay.
   */
  async rehashPassword(executor: AccountExecutor, id: string, passwordHash: string): Promise<void> {
    await this.update(executor, id, 'password_hash = $2', [passwordHash]);
  }

  /** A confirmed new email, normalized (a unique violation if another account took it meanwhile). */
  async setEmail(id: string, email: string): Promise<void> {
    await this.update(this.db, id, 'email = $2', [email]);
  }

  /** The Telegram chat that receives the member's codes. */
  async linkTelegram(id: string, chatId: string): Promise<void> {
    await this.update(this.db, id, 'telegram_chat_id = $2', [chatId]);
  }

  /**
   * The profile form, in the caller's transaction. `unlinkTelegram`: the phone changed, so the
   * Telegram link (made by sharing that phone's contact) no longer proves anything.
   */
  async updateProfile(tx: EntityManager, id: string, fields: ProfileFields, unlinkTelegram: boolean): Promise<void> {
    await this.update(
      tx,
      id,
      `name = $2, phone = $3, location = $4${unlinkTelegram ? ', telegram_chat_id = NULL' : ''}`,
      [fields.name, fields.phone, fields.location],
    );
  }

  /** The profile photo's URL, in the caller's transaction (which holds the row's lock). */
  async setProfileImage(tx: EntityManager, id: string, url: string): Promise<void> {
    await this.update(tx, id, 'profile_image = $2', [url]);
  }

  /**
   * Makes administrator an account the admin bootstrap created (`registrationSource`: its mark),
   * never another (docs/adr/0008-admin-bootstrap-never-promotes-members.md).
   */
  async promoteBootstrappedAdmin(id: string, registrationSource: string): Promise<void> {
    await runSql(
      this.db,
      `UPDATE users SET is_admin = true, updated_at = now() WHERE id = $1 AND registration_source = $2`,
      [id, registrationSource],
    );
  }

  /**
   * Deletes a member by anonymising their row (see the class comment), in the caller's
   * transaction, which holds the row's lock and has checked that it is not deleted yet.
   */
  async anonymise(tx: EntityManager, id: string): Promise<void> {
    await runSql(
      tx,
      `UPDATE users
          SET name = $2, email = 'deleted-' || id || '@deleted.invalid', phone = '', location = '',
              password_hash = '!deleted', profile_image = NULL, telegram_chat_id = NULL, is_verified = false,
              is_admin = false, token_version = token_version + 1, deleted_at = now(), updated_at = now()
        WHERE id = $1`,
      [id, DELETED_USER_NAME],
    );
  }

  /**
   * Removes rows outright: only for a disposable deployment's load-test members (the fixtures'
   * clean-up, which removes their auctions, bids, messages and ratings first).
   */
  async purge(tx: EntityManager, ids: string[]): Promise<void> {
    await runSql(tx, `DELETE FROM users WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** One INSERT of the given columns (camelCase, as the entity names them); the others take their defaults. */
  private async insert(
    executor: AccountExecutor,
    row: Record<string, string | boolean>,
    options: { ifAbsent?: boolean } = {},
  ): Promise<string | null> {
    const columns = Object.keys(row).map((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
    const { rows } = await runSql<{ id: string }>(
      executor,
      `INSERT INTO users (${columns.join(', ')})
       VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
       ${options.ifAbsent ? 'ON CONFLICT (email) DO NOTHING' : ''}
       RETURNING id`,
      Object.values(row),
    );
    return rows[0]?.id ?? null;
  }

  /** Sets `assignments` (over $2…, `values`) and `updated_at` on the row `id`. */
  private async update(executor: AccountExecutor, id: string, assignments: string, values: unknown[] = []) {
    await runSql(executor, `UPDATE users SET ${assignments}, updated_at = now() WHERE id = $1`, [id, ...values]);
  }

  /** Stores a new password hash and bumps the token version in the same statement. True when a row changed. */
  private async writePassword(
    executor: AccountExecutor,
    id: string,
    passwordHash: string,
    rules: { liveOnly?: boolean; verifies?: boolean; registrationSource?: string },
  ): Promise<boolean> {
    const { affected } = await runSql(
      executor,
      `UPDATE users
          SET password_hash = $2, token_version = token_version + 1,${rules.verifies ? ' is_verified = true,' : ''} updated_at = now()
        WHERE id = $1${rules.liveOnly ? ' AND deleted_at IS NULL' : ''} AND ($3::text IS NULL OR registration_source = $3)`,
      [id, passwordHash, rules.registrationSource ?? null],
    );
    return affected > 0;
  }
}
