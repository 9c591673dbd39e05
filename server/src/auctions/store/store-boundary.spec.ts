import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The auction store is the only writer of `auctions`: outside server/src/auctions/store/, no
 * source may hold SQL that writes the table or a TypeORM write on AuctionEntity. A textual
 * scan, so it also catches a write the type checker cannot tell from a read (raw SQL).
 * Migrations are exempt: they change the schema before any server runs, and stay as written.
 */
const SRC = join(__dirname, '..', '..');
const EXEMPT = [join('auctions', 'store') + sep, join('infrastructure', 'database', 'migrations') + sep];

/** SQL writing the table: UPDATE, INSERT INTO, DELETE FROM, MERGE INTO, TRUNCATE (quoted or schema-qualified too). */
const SQL_WRITE =
  /\b(?:UPDATE(?:\s+ONLY)?|INSERT\s+INTO|DELETE\s+FROM(?:\s+ONLY)?|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?(?:\s+ONLY)?)\s+(?:"?public"?\s*\.\s*)?"?auctions"?(?![\w"])/i;

/** TypeORM's writing methods, on a repository or an EntityManager. */
const WRITE_METHODS =
  'save|insert|update|upsert|delete|remove|softDelete|softRemove|restore|recover|increment|decrement|clear';

/** `manager.update(AuctionEntity, …)`, `getRepository(AuctionEntity).save(…)`, query-builder writes. */
const ENTITY_WRITES = [
  new RegExp(`\\.(?:${WRITE_METHODS})\\(\\s*AuctionEntity\\b`),
  new RegExp(`getRepository\\(\\s*AuctionEntity\\s*\\)\\s*\\.\\s*(?:${WRITE_METHODS})\\(`),
  /\.update\(\s*AuctionEntity\b/,
  /\.insert\(\s*\)\s*\.into\(\s*AuctionEntity\b/,
  /\.delete\(\s*\)\s*\.from\(\s*AuctionEntity\b/,
];

/** Names bound to an AuctionEntity repository (`const repo = …getRepository(AuctionEntity)`, `Repository<AuctionEntity>`). */
const REPOSITORY_NAMES =
  /(\w+)\s*(?::\s*Repository<\s*AuctionEntity\s*>|=\s*[\w.]*getRepository\(\s*AuctionEntity\s*\))/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The writes to `auctions` that `text` holds, each as a short description. */
function auctionWrites(text: string): string[] {
  const found: string[] = [];
  const sql = text.match(SQL_WRITE);
  if (sql) found.push(`SQL "${sql[0].replace(/\s+/g, ' ')}"`);
  for (const pattern of ENTITY_WRITES) {
    const write = text.match(pattern);
    if (write) found.push(`TypeORM "${write[0]}"`);
  }
  for (const [, name] of text.matchAll(REPOSITORY_NAMES)) {
    const write = text.match(new RegExp(`\\b${name}\\s*\\.\\s*(?:${WRITE_METHODS})\\(`));
    if (write) found.push(`TypeORM "${write[0]}" on an AuctionEntity repository`);
  }
  return found;
}

describe('auction store boundary', () => {
  it('no source outside the store writes the auctions table', () => {
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => !EXEMPT.some((dir) => path.startsWith(dir)))
      .flatMap((path) => auctionWrites(readFileSync(join(SRC, path), 'utf8')).map((write) => `${path}: ${write}`));
    expect(offenders).toEqual([]);
  });

  it('recognises each kind of write, and lets reads through', () => {
    const writes = [
      'db.query(`UPDATE auctions SET view_count = 1`)',
      'query(`update  "auctions" a set x = 1`)',
      '`INSERT INTO public.auctions (id) VALUES ($1)`',
      '`DELETE FROM auctions WHERE id = $1`',
      '`TRUNCATE TABLE auctions`',
      'manager.update(AuctionEntity, { id }, { status })',
      'tx.getRepository(AuctionEntity).save(row)',
      'const repo = this.db.getRepository(AuctionEntity);\nawait repo.increment({ id }, "viewCount", 1);',
      '@InjectRepository(AuctionEntity) private readonly auctions: Repository<AuctionEntity>;\nthis.auctions.delete(id);',
      'qb.update(AuctionEntity).set({ status }).execute()',
      'qb.insert().into(AuctionEntity).values(row)',
      'qb.delete().from(AuctionEntity).where("id = :id")',
    ];
    for (const text of writes) expect({ text, found: auctionWrites(text).length > 0 }).toEqual({ text, found: true });

    const reads = [
      'db.query(`SELECT * FROM auctions a WHERE a.id = $1`)',
      '`UPDATE bids SET is_cancelled = true WHERE auction_id = $1`',
      '`INSERT INTO auctions_archive_log (id) VALUES ($1)`',
      'const repo = this.db.getRepository(AuctionEntity);\nawait repo.findOneBy({ id });',
      'manager.find(AuctionEntity, { where: { sellerId } })',
      'qb.select().from(AuctionEntity, "a")',
    ];
    for (const text of reads) expect({ text, found: auctionWrites(text) }).toEqual({ text, found: [] });
  });
});
