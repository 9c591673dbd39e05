import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FALLBACK_IMAGE } from '@/components/display';
import { Gallery, NO_IMAGES_TEXT } from './gallery';

const THREE = ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'];
const counter = () => document.querySelector('.gallery__counter')!.textContent!.replace(/\s+/g, ' ').trim();
const mainImage = () => document.querySelector<HTMLImageElement>('.gallery__image')!;

describe('Gallery', () => {
  it('shows the first image and the counter "1 / 3"', () => {
    render(<Gallery images={THREE} title="ساعة" />);
    expect(counter()).toContain('1 / 3');
    expect(mainImage()).toHaveAttribute('src', THREE[0]);
    expect(mainImage()).toHaveAttribute('alt', 'ساعة - الصورة 1 من 3');
  });

  it('moves with next and previous, wrapping around', () => {
    render(<Gallery images={THREE} title="ساعة" />);
    fireEvent.click(screen.getByRole('button', { name: 'الصورة التالية' }));
    expect(counter()).toContain('2 / 3');
    expect(mainImage()).toHaveAttribute('src', THREE[1]);
    fireEvent.click(screen.getByRole('button', { name: 'الصورة السابقة' }));
    fireEvent.click(screen.getByRole('button', { name: 'الصورة السابقة' }));
    expect(counter()).toContain('3 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'الصورة التالية' }));
    expect(counter()).toContain('1 / 3');
  });

  it('follows the right-to-left arrow keys, Home and End, and the thumbnails', () => {
    render(<Gallery images={THREE} title="ساعة" />);
    const main = screen.getByRole('button', { name: /اضغط للتكبير/ });
    fireEvent.keyDown(main, { key: 'ArrowLeft' });
    expect(counter()).toContain('2 / 3');
    fireEvent.keyDown(main, { key: 'ArrowRight' });
    expect(counter()).toContain('1 / 3');
    fireEvent.keyDown(main, { key: 'End' });
    expect(counter()).toContain('3 / 3');
    fireEvent.keyDown(main, { key: 'Home' });
    expect(counter()).toContain('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'عرض الصورة 2' }));
    expect(counter()).toContain('2 / 3');
    expect(screen.getByRole('button', { name: 'عرض الصورة 2' })).toHaveAttribute('aria-current', 'true');
  });

  it('shows the logo when an image fails to load', () => {
    render(<Gallery images={THREE} title="ساعة" />);
    fireEvent.error(mainImage());
    expect(mainImage()).toHaveAttribute('src', FALLBACK_IMAGE);
    // The thumbnail of the same image falls back too; the others keep their own.
    const thumbs = screen.getAllByTestId('gallery-thumb-image');
    expect(thumbs[0]).toHaveAttribute('src', FALLBACK_IMAGE);
    expect(thumbs[1]).toHaveAttribute('src', THREE[1]);
  });

  it('says there are no images when there are none', () => {
    render(<Gallery images={[]} title="ساعة" />);
    expect(screen.getByText(NO_IMAGES_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'الصورة التالية' })).not.toBeInTheDocument();
  });

  it('has no navigation for a single image', () => {
    render(<Gallery images={['/uploads/a.webp']} title="ساعة" />);
    expect(counter()).toContain('1 / 1');
    expect(screen.queryByRole('button', { name: 'الصورة التالية' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'الصور المصغرة' })).not.toBeInTheDocument();
  });

  it('loads thumbnails only within 2 positions of the current image, and keeps them loaded', () => {
    const five = ['/1.webp', '/2.webp', '/3.webp', '/4.webp', '/5.webp'];
    render(<Gallery images={five} title="ساعة" />);
    const list = screen.getByRole('list', { name: 'الصور المصغرة' });
    const loaded = () =>
      within(list)
        .queryAllByTestId('gallery-thumb-image')
        .map((img) => img.getAttribute('src'));
    expect(loaded()).toEqual(['/1.webp', '/2.webp', '/3.webp']);
    expect(within(list).getAllByTestId('gallery-thumb-placeholder')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'الصورة التالية' }));
    expect(loaded()).toEqual(['/1.webp', '/2.webp', '/3.webp', '/4.webp']);
    fireEvent.click(screen.getByRole('button', { name: 'الصورة التالية' }));
    expect(loaded()).toEqual(five);
  });

  it('opens a full-screen zoom dialog that Escape closes, returning focus', () => {
    render(<Gallery images={THREE} title="ساعة" />);
    const main = screen.getByRole('button', { name: /اضغط للتكبير/ });
    main.focus();
    fireEvent.click(main);
    const dialog = screen.getByRole('dialog', { name: /تكبير الصورة/ });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', THREE[0]);
    expect(within(dialog).getByRole('button', { name: 'إغلاق العرض المكبر' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', THREE[1]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(main).toHaveFocus();
  });
});
