import { CATEGORIES, CATEGORY_ALL } from '@mazad/contracts';

export interface CategoryChipsProps {
  /** A category value, or 'الكل' / '' for every category. */
  value: string;
  onChange: (category: string) => void;
}

const CHIPS = [{ value: CATEGORY_ALL, label: 'الكل' }, ...CATEGORIES];

/** The category filter: "all" and every category with its label; the current one is pressed. */
export function CategoryChips({ value, onChange }: CategoryChipsProps) {
  const current = value && value !== CATEGORY_ALL ? value : CATEGORY_ALL;
  return (
    <div className="chips" role="group" aria-label="تصفية حسب الفئة">
      {CHIPS.map((chip) => (
        <button
          key={chip.value}
          type="button"
          className={`chip${chip.value === current ? ' chip--active' : ''}`}
          aria-pressed={chip.value === current}
          onClick={() => chip.value !== current && onChange(chip.value)}
        >
          {chip.label}
        </button>
      ))}
    </div>
  );
}
