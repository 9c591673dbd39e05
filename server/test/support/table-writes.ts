import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A textual scan for the writes to one table, for the stores' boundary specs (the auction store,
 * server/src/auctions/store/; the account store, server/src/users/store/): SQL that writes the
 * table, and TypeORM writes on its entity. Textual, so it also catches a write the type checker
 * cannot tell from a read (raw SQL).
 */
export interface WrittenTable {
  /** The table's name in SQL (`auctions`). */
  table: string;
  /** Its TypeORM entity class (`AuctionEntity`). */
  entity: string;
}

/** TypeORM's writing methods, on a repository or an EntityManager. */
const WRITE_METHODS =
  'save|insert|update|upsert|delete|remove|softDelete|softRemove|restore|recover|increment|decrement|clear';

/** The writes to the table that `text` holds, each as a short description. */
export function tableWrites(text: string, { table, entity }: WrittenTable): string[] {
  // SQL writing the table: UPDATE, INSERT INTO, DELETE FROM, MERGE INTO, TRUNCATE (quoted or schema-qualified too).
  const sqlWrite = new RegExp(
    `\\b(?:UPDATE(?:\\s+ONLY)?|INSERT\\s+INTO|DELETE\\s+FROM(?:\\s+ONLY)?|MERGE\\s+INTO|TRUNCATE(?:\\s+TABLE)?(?:\\s+ONLY)?)\\s+(?:"?public"?\\s*\\.\\s*)?"?${table}"?(?![\\w"])`,
    'i',
  );
  // `manager.update(Entity, …)`, `getRepository(Entity).save(…)`, query-builder writes.
  const entityWrites = [
    new RegExp(`\\.(?:${WRITE_METHODS})\\(\\s*${entity}\\b`),
    new RegExp(`getRepository\\(\\s*${entity}\\s*\\)\\s*\\.\\s*(?:${WRITE_METHODS})\\(`),
    new RegExp(`\\.insert\\(\\s*\\)\\s*\\.into\\(\\s*${entity}\\b`),
    new RegExp(`\\.delete\\(\\s*\\)\\s*\\.from\\(\\s*${entity}\\b`),
  ];
  // Names bound to a repository of the entity (`const repo = …getRepository(Entity)`, `Repository<Entity>`).
  const repositoryNames = new RegExp(
    `(\\w+)\\s*(?::\\s*Repository<\\s*${entity}\\s*>|=\\s*[\\w.]*getRepository\\(\\s*${entity}\\s*\\))`,
    'g',
  );

  const found: string[] = [];
  const sql = text.match(sqlWrite);
  if (sql) found.push(`SQL "${sql[0].replace(/\s+/g, ' ')}"`);
  for (const pattern of entityWrites) {
    const write = text.match(pattern);
    if (write) found.push(`TypeORM "${write[0]}"`);
  }
  for (const [, name] of text.matchAll(repositoryNames)) {
    const write = text.match(new RegExp(`\\b${name}\\s*\\.\\s*(?:${WRITE_METHODS})\\(`));
    if (write) found.push(`TypeORM "${write[0]}" on a ${entity} repository`);
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Every write to the table in the .ts files under `root` (as `path: write`), but in the paths
 * `exempt` names (relative to `root`: a folder ends with the path separator, else one file).
 */
export function writesOutside(root: string, table: WrittenTable, exempt: string[]): string[] {
  return sources(root)
    .map((path) => relative(root, path))
    .filter((path) => !exempt.some((allowed) => path.startsWith(allowed)))
    .flatMap((path) => tableWrites(readFileSync(join(root, path), 'utf8'), table).map((write) => `${path}: ${write}`));
}
