import { TIME_FILTER_LABELS, TIME_FILTERS, type TimeFilter as TimeFilterValue } from '@mazad/contracts';
import { useId } from 'react';
import { isTimeFilter } from '../lib/home-filters';

export interface TimeFilterProps {
  value: TimeFilterValue;
  onChange: (value: TimeFilterValue) => void;
}

export { isTimeFilter } from '../lib/home-filters';

/** Open auctions ending within a window (default: all times). */
export function TimeFilter({ value, onChange }: TimeFilterProps) {
  const id = useId();
  return (
    <div className="time-filter">
      <label htmlFor={id} className="time-filter__label">
        ينتهي
      </label>
      <select
        id={id}
        className="time-filter__select"
        value={value}
        onChange={(e) => isTimeFilter(e.target.value) && onChange(e.target.value)}
      >
        {TIME_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {TIME_FILTER_LABELS[filter]}
          </option>
        ))}
      </select>
    </div>
  );
}
