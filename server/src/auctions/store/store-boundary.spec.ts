import { join, sep } from 'node:path';
import { tableWrites, writesOutside } from '../../../test/support/table-writes';

/**
 * The auction store is the only writer of `auctions`: outside server/src/auctions/store/, no
 * source may hold SQL that writes the table or a TypeORM write on AuctionEntity (the scan:
 * server/test/support/table-writes.ts). Migrations are exempt: they change the schema before
 * any server runs, and stay as written.
 */
const SRC = join(__dirname, '..', '..');
const AUCTIONS = { table: 'auctions', entity: 'AuctionEntity' };
const EXEMPT = [join('auctions', 'store') + sep, join('infrastructure', 'database', 'migrations') + sep];
const auctionWrites = (text: string) => tableWrites(text, AUCTIONS);

describe('auction store boundary', () => {
  it('no source outside the store writes the auctions table', () => {
    expect(writesOutside(SRC, AUCTIONS, EXEMPT)).toEqual([]);
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
