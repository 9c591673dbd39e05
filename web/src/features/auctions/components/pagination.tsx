export interface PaginationProps {
  page: number;
  hasPrev: boolean;
  hasNext: boolean;
  onChange: (page: number) => void;
}

/** Previous, "صفحة N", next; previous and next appear only when that page exists (R-LIST-PAGING). */
export function Pagination({ page, hasPrev, hasNext, onChange }: PaginationProps) {
  if (!hasPrev && !hasNext) return null;
  return (
    <nav className="pagination" aria-label="التنقل بين الصفحات">
      {hasPrev && (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => onChange(page - 1)}>
          <span aria-hidden="true">→</span> السابق
        </button>
      )}
      <span className="pagination__current" aria-current="page">
        صفحة <bdi dir="ltr">{page}</bdi>
      </span>
      {hasNext && (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => onChange(page + 1)}>
          التالي <span aria-hidden="true">←</span>
        </button>
      )}
    </nav>
  );
}
