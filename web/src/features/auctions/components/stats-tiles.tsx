import type { SiteStats } from '@mazad/contracts';
import { useSiteStats } from '../api';

const TILES: { key: keyof SiteStats; label: string }[] = [
  { key: 'totalAuctions', label: 'إجمالي المزادات' },
  { key: 'activeAuctions', label: 'المزادات النشطة' },
  { key: 'soldAuctions', label: 'المزادات المباعة' },
  { key: 'totalBids', label: 'إجمالي المزايدات' },
];

const numberFormat = new Intl.NumberFormat('en-US');

/** The four statistics tiles of the home page (GET /api/stats; failures show dashes). */
export function StatsTiles() {
  const { data } = useSiteStats();
  return (
    <section className="stats" aria-label="إحصائيات الموقع">
      {TILES.map((tile) => (
        <div key={tile.key} className="stats__tile card">
          <span className="stats__value">
            <bdi dir="ltr">{data ? numberFormat.format(data[tile.key]) : '—'}</bdi>
          </span>
          <span className="stats__label">{tile.label}</span>
        </div>
      ))}
    </section>
  );
}
