import { AUDIT_LOG_CSV_COLUMNS, type AuditLogEntry } from '@mazad/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUCTION_CSV_COLUMNS } from './auctions/AuctionList';
import { BANNER_CSV_COLUMNS } from './banners/BannerList';
import { CONTACT_CSV_COLUMNS } from './contact/ContactMessageList';
import { csvExporter, csvText } from './csvExport';
import { USER_CSV_COLUMNS } from './users/UserList';

const entry: AuditLogEntry = {
  _id: 'e1',
  id: 'e1',
  actorId: 'a1',
  actorName: '=HYPERLINK("x") المشرف',
  action: 'bid.cancel',
  targetType: 'bid',
  targetId: 'b1',
  reason: 'خطأ في الكتابة، "مبلغ" زائد',
  before: { cancelled: false },
  after: { cancelled: true },
  createdAt: '2026-01-01T10:00:00.000Z',
};

const rows = (text: string) => text.slice(1).split('\r\n');

describe('CSV export (R-CSV-EXPORT)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the BOM, then the Arabic headers, CRLF between records', () => {
    const text = csvText(AUDIT_LOG_CSV_COLUMNS, [entry]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(rows(text)[0]).toBe('التاريخ,المشرف,معرّف المشرف,العملية,نوع الهدف,معرّف الهدف,السبب,قبل,بعد');
    expect(rows(text)).toHaveLength(3);
  });

  it('quotes as RFC 4180, shows actions in Arabic and neutralises formulas', () => {
    const [, row] = rows(csvText(AUDIT_LOG_CSV_COLUMNS, [entry]));
    expect(row).toBe(
      `2026-01-01T10:00:00.000Z,"'=HYPERLINK(""x"") المشرف",a1,إلغاء مزايدة,مزايدة,b1,"خطأ في الكتابة، ""مبلغ"" زائد","{""cancelled"":false}","{""cancelled"":true}"`,
    );
  });

  it('gives every console list Arabic headers', () => {
    for (const columns of [USER_CSV_COLUMNS, AUCTION_CSV_COLUMNS, BANNER_CSV_COLUMNS, CONTACT_CSV_COLUMNS]) {
      for (const { header } of columns) expect(header).toMatch(/[\u0600-\u06FF]/);
    }
    const [, banner] = rows(
      csvText(BANNER_CSV_COLUMNS, [
        { _id: 'b1', id: 'b1', text: '+خصم', link: null, isActive: true, order: 0, createdAt: '2026-01-01' },
      ]),
    );
    expect(banner).toBe("'+خصم,,نعم,0,2026-01-01,b1");
  });

  it('downloads the records as a UTF-8 file with its BOM', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', { ...URL, createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv') });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await csvExporter(AUDIT_LOG_CSV_COLUMNS, 'audit-log')([entry], vi.fn(), {} as never, 'audit-log');
    expect(click).toHaveBeenCalled();
    // jsdom's Blob has no arrayBuffer(): read it as a browser would.
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('التاريخ,المشرف');
  });
});
