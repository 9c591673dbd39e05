/** Auction categories. The value travels on the wire; the label is what the interface shows. */
export const CATEGORIES = [
  { value: 'إلكترونيات', label: 'تقنية' },
  { value: 'أثاث', label: 'أثاث' },
  { value: 'أزياء', label: 'أزياء' },
  { value: 'سيارات', label: 'سيارات' },
  { value: 'عقارات', label: 'عقارات' },
  { value: 'تبرعات', label: 'تبرعات' },
  { value: 'إكسسوارات', label: 'إكسسوارات' },
  { value: 'متنوعة', label: 'متنوعة' },
] as const;

export type Category = (typeof CATEGORIES)[number]['value'];

/** The filter value meaning "every category" (an empty value means the same). */
export const CATEGORY_ALL = 'الكل';

export const CATEGORY_VALUES: readonly Category[] = CATEGORIES.map((c) => c.value);

/** Older clients send these spellings; they are stored as the canonical value. */
const CATEGORY_ALIASES: Record<string, Category> = { ملابس: 'أزياء' };

/** Canonical category for an input value, or undefined when it is not a category. */
export function normalizeCategory(input: string | undefined | null): Category | undefined {
  if (input == null) return undefined;
  const trimmed = input.trim();
  if ((CATEGORY_VALUES as readonly string[]).includes(trimmed)) return trimmed as Category;
  return CATEGORY_ALIASES[trimmed];
}

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}
