import type { ArchivedAuction } from '@mazad/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArchiveCard } from './archive-card';

describe('archive card', () => {
  it("shows the category's label, not its stored value (إلكترونيات → تقنية)", () => {
    const auction = { _id: 'ar-1', title: 'هاتف', category: 'إلكترونيات', status: 'مباع' } as ArchivedAuction;
    render(<ArchiveCard auction={auction} userId="u-1" />);
    const category = screen.getByText('الفئة').nextElementSibling;
    expect(category).toHaveTextContent('تقنية');
    expect(screen.queryByText('إلكترونيات')).not.toBeInTheDocument();
  });
});
