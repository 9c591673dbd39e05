import type { DataSource, EntityManager } from 'typeorm';

export interface SqlResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted. */
  affected: number;
}

/**
 * Runs one SQL statement and returns its rows and affected count in the same shape for
 * SELECT, INSERT, UPDATE and DELETE (DataSource.query returns [rows, count] for the last two).
 */
export async function runSql<T = Record<string, unknown>>(
  db: DataSource | EntityManager,
  sql: string,
  params: unknown[] = [],
): Promise<SqlResult<T>> {
  const runner = 'createQueryRunner' in db ? db.createQueryRunner() : db.queryRunner;
  if (!runner) throw new Error('runSql needs a DataSource or a transactional EntityManager');
  try {
    const result = await runner.query(sql, params, true);
    return { rows: (result.records ?? []) as T[], affected: result.affected ?? 0 };
  } finally {
    if ('createQueryRunner' in db) await runner.release();
  }
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
