import { jordanMobile } from '@mazad/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Phones rewritten per statement (one UPDATE … FROM unnest per batch). */
const BATCH = 1000;

/**
 * Stored phones in their one form (R-NUMBER-INPUT): every phone that reads as a Jordanian mobile
 * in any common spelling (0791234567, +962 79 123 4567, ٠٧٩…: contracts' jordanMobile) becomes
 * +9627XXXXXXXX, as the forms and the API now store them. A phone that does not (empty for the
 * console's first admin and load-test members, another country's number, a landline) is left as
 * it was: nothing can be guessed from it, and the member is asked for a Jordanian mobile the next
 * time they save their profile. Matching by phone (a Telegram contact, the console's search)
 * compares the last 9 digits, so both forms keep being found.
 *
 * No `down`: the earlier spellings are not kept, and +9627XXXXXXXX reads the same everywhere.
 */
export class JordanMobilePhones1796530000000 implements MigrationInterface {
  name = 'JordanMobilePhones1796530000000';

  async up(q: QueryRunner): Promise<void> {
    const rows: { id: string; phone: string }[] = await q.query(`SELECT id, phone FROM users WHERE phone <> ''`);
    const changes = rows.flatMap(({ id, phone }) => {
      const stored = jordanMobile(phone);
      return stored && stored !== phone ? [{ id, phone: stored }] : [];
    });
    for (let i = 0; i < changes.length; i += BATCH) {
      const batch = changes.slice(i, i + BATCH);
      await q.query(
        `UPDATE users u SET phone = c.phone
           FROM unnest($1::uuid[], $2::text[]) AS c(id, phone)
          WHERE u.id = c.id`,
        [batch.map((c) => c.id), batch.map((c) => c.phone)],
      );
    }
  }

  async down(): Promise<void> {
    // Nothing to undo: see above.
  }
}
