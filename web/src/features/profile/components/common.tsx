/** Small pieces shared by the own and the public profile. */
import type { Rating, UserStats } from '@mazad/contracts';
import { useId, type ReactNode } from 'react';
import { Stars } from '@/components/display';
import { formatDateTime, LOCALE, TIME_ZONE, UNDEFINED_DATE } from '@/lib/format';
import { initialsAvatar } from '@/lib/names';
import { GENERIC_USER, NO_COMMENT } from '../lib/messages';

const dayFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** A calendar day in Amman (member since), or "تاريخ غير محدد". */
export function formatDay(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dayFormat.format(date) : UNDEFINED_DATE;
}

export function Avatar({
  name,
  src,
  size = 48,
}: {
  name: string | null | undefined;
  src?: string | null;
  size?: number;
}) {
  return (
    <img
      className="profile-avatar"
      src={src || initialsAvatar(name)}
      alt=""
      width={size}
      height={size}
      style={{ inlineSize: size, blockSize: size }}
    />
  );
}

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

export interface DataRow {
  key: string;
  /** One cell per column; the first is the row's header (the item's title). */
  cells: ReactNode[];
}

/**
 * A labelled table. Wide screens see a table (scrolling sideways inside its frame when needed);
 * phones see one card per row, each value with its column name (from `data-label`).
 */
export function DataTable({
  label,
  columns,
  rows,
  hideCaption,
}: {
  label: string;
  columns: string[];
  rows: DataRow[];
  hideCaption?: boolean;
}) {
  const id = useId();
  return (
    <div className="profile-table-wrap" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="profile-table">
        <caption id={id} className={hideCaption ? 'visually-hidden' : 'profile-table__caption'}>
          {label}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index} data-label={columns[index]}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="profile-empty muted">{children}</p>;
}

/** Ratings received: rater avatar and name, stars, comment or the no-comment label, auction, date. */
export function RatingsList({ ratings, emptyText }: { ratings: Rating[]; emptyText: string }) {
  if (ratings.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <ul className="profile-ratings">
      {ratings.map((rating) => (
        <li key={rating._id} className="profile-rating card">
          <div className="profile-rating__head">
            <Avatar name={rating.from?.name} src={rating.from?.avatar} size={40} />
            <div className="profile-rating__who">
              <strong>{rating.from?.name || GENERIC_USER}</strong>
              <Stars value={rating.stars} />
            </div>
          </div>
          <p className={`profile-rating__comment ${rating.comment?.trim() ? '' : 'muted'}`}>
            {rating.comment?.trim() || NO_COMMENT}
          </p>
          <p className="profile-rating__meta muted">
            <span>
              المزاد: <bdi>{rating.auction?.title || '—'}</bdi>
            </span>
            <span>{formatDateTime(rating.createdAt)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
