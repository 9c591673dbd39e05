import type { UserStats } from '@mazad/contracts';

export interface StatTile {
  label: string;
  value: number | undefined;
  tone?: 'primary' | 'success' | 'info' | 'danger' | 'warning';
}

export function StatTiles({ tiles, label }: { tiles: StatTile[]; label: string }) {
  return (
    <ul className="profile-stats" aria-label={label}>
      {tiles.map((tile) => (
        <li key={tile.label} className={`profile-stat profile-stat--${tile.tone ?? 'primary'}`}>
          <span className="profile-stat__value">
            <bdi dir="ltr">{tile.value ?? 0}</bdi>
          </span>
          <span className="profile-stat__label">{tile.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The six tiles of the own profile (R-PROFILE-TABS); unsold falls back to 0. */
export function ownStatTiles(stats: UserStats | undefined): StatTile[] {
  return [
    { label: 'إجمالي المزادات', value: stats?.totalAuctions, tone: 'primary' },
    { label: 'المزادات النشطة', value: stats?.activeAuctions, tone: 'success' },
    { label: 'المزادات المباعة', value: stats?.soldAuctions, tone: 'info' },
    { label: 'غير المباعة', value: stats?.unsoldAuctions ?? 0, tone: 'danger' },
    { label: 'إجمالي المزايدات', value: stats?.totalBids, tone: 'warning' },
    { label: 'المزادات الفائزة', value: stats?.wonAuctions, tone: 'success' },
  ];
}
