/**
 * The lists' order and price range (/, its search results and /auctions): a select of the
 * orders the server knows (`AUCTION_SORTS`, plus «الأكثر صلة» for a search, its default) and a
 * price range in JOD, folded on a phone until it is used. Both live in the URL (the pages write
 * them through `withListChanges`).
 */
import { AUCTION_SORT_LABELS, AUCTION_SORTS, DEFAULT_AUCTION_SORT, type AuctionSort } from '@mazad/contracts';
import { useId, useState, type FormEvent } from 'react';
import { JodAmountInput } from '@/components/ui/jod-amount-input';
import { formatMoney } from '@/lib/format';
import { isAuctionSort } from '../lib/home-filters';
import { parsePriceBound, priceRangeError } from '../lib/price-range';

export const RELEVANCE_LABEL = 'الأكثر صلة';
const RELEVANCE = 'relevance';

export interface SortSelectProps {
  /** The URL's order; undefined: the default (relevance for a search, DEFAULT_AUCTION_SORT otherwise). */
  value: AuctionSort | undefined;
  searching: boolean;
  /** null: back to the default order. */
  onChange: (sort: AuctionSort | null) => void;
}

export function SortSelect({ value, searching, onChange }: SortSelectProps) {
  const id = useId();
  const selected = value ?? (searching ? RELEVANCE : DEFAULT_AUCTION_SORT);
  return (
    <div className="list-control">
      <label htmlFor={id} className="list-control__label">
        الترتيب
      </label>
      <select
        id={id}
        className="list-control__select"
        value={selected}
        onChange={(event) => {
          const next = event.target.value;
          if (next === RELEVANCE || (next === DEFAULT_AUCTION_SORT && !searching)) onChange(null);
          else if (isAuctionSort(next)) onChange(next);
        }}
      >
        {searching && <option value={RELEVANCE}>{RELEVANCE_LABEL}</option>}
        {AUCTION_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {AUCTION_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface PriceRangeProps {
  min: number | undefined;
  max: number | undefined;
  onChange: (range: { min?: number; max?: number }) => void;
}

/** "السعر: 10.000 – 50.000 د.أ", or the control's name when no range is set. */
export function priceRangeSummary(min: number | undefined, max: number | undefined): string {
  if (min === undefined && max === undefined) return 'نطاق السعر';
  if (max === undefined) return `السعر: من ${formatMoney(min ?? 0)}`;
  if (min === undefined) return `السعر: حتى ${formatMoney(max)}`;
  return `السعر: ${formatMoney(min)} – ${formatMoney(max)}`;
}

/**
 * The price range (the current price, both ends included): two amounts in JOD applied together,
 * and a clear button once a range is set. Folded (a disclosure) until opened or set, so a phone's
 * first screen keeps the auctions.
 */
export function PriceRange({ min, max, onChange }: PriceRangeProps) {
  const id = useId();
  const active = min !== undefined || max !== undefined;
  const [open, setOpen] = useState(active);
  const [error, setError] = useState<string | null>(null);
  // The fields start from the URL's range; a new range from the URL (back button) resets them.
  const rangeKey = `${min ?? ''}-${max ?? ''}`;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = parsePriceBound(String(form.get('minPrice') ?? ''));
    const to = parsePriceBound(String(form.get('maxPrice') ?? ''));
    const problem = priceRangeError(from, to);
    setError(problem);
    if (problem || from === 'invalid' || to === 'invalid') return;
    onChange({ min: from ?? undefined, max: to ?? undefined });
  };

  return (
    <details
      className={`price-range${active ? ' price-range--active' : ''}`}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="price-range__summary">
        <bdi>{priceRangeSummary(min, max)}</bdi>
      </summary>
      <form key={rangeKey} className="price-range__form" onSubmit={apply} noValidate aria-label="نطاق السعر">
        <div className="price-range__field">
          <label htmlFor={`${id}-min`}>من (د.أ)</label>
          <JodAmountInput
            id={`${id}-min`}
            name="minPrice"
            defaultValue={min ?? ''}
            placeholder="0"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="price-range__field">
          <label htmlFor={`${id}-max`}>إلى (د.أ)</label>
          <JodAmountInput
            id={`${id}-max`}
            name="maxPrice"
            defaultValue={max ?? ''}
            placeholder="∞"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div className="price-range__actions">
          <button type="submit" className="btn btn--primary btn--sm">
            تطبيق
          </button>
          {active && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                setError(null);
                onChange({});
              }}
            >
              مسح
            </button>
          )}
        </div>
        {error && (
          <p id={`${id}-error`} className="price-range__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
