import { FIELDS, LIMITS } from '@mazad/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeUser, renderWithApp } from '@/testing/test-utils';
import { EMPTY_FORM } from '../lib/auction-form';
import * as m from '../lib/messages';
import { AuctionForm } from './auction-form';

function renderForm(onSubmit = vi.fn(async () => {})) {
  renderWithApp(
    <AuctionForm
      mode="create"
      defaultValues={EMPTY_FORM}
      durations={['1h', '24h', '20s']}
      submitLabel="نشر المزاد"
      busyLabel="جارٍ رفع المزاد…"
      busy={false}
      progress={null}
      onSubmit={onSubmit}
    />,
    { user: makeUser(), api: { 'GET /api/messages/unread-count': () => ({ success: true, count: 0 }) } },
  );
  return onSubmit;
}

function image(name: string, size: number) {
  const file = new File([new Uint8Array(4)], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('auction form', () => {
  it('offers the durations the server allows, with Arabic names', async () => {
    renderForm();
    const select = await screen.findByLabelText('مدة المزاد');
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'اختر المدة',
      'ساعة واحدة',
      '24 ساعة',
      '20 ثانية',
    ]);
  });

  it('shows the buy-now message live while typing', async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText(/السعر الابتدائي/), { target: { value: '100' } });
    fireEvent.click(screen.getByLabelText('إضافة سعر شراء فوري'));
    const buyNow = await screen.findByLabelText(/سعر الشراء الفوري/);
    fireEvent.change(buyNow, { target: { value: '90' } });
    expect(await screen.findByText(FIELDS.buyNowPrice.messages.notAbove)).toBeInTheDocument();
    fireEvent.change(buyNow, { target: { value: '150' } });
    await waitFor(() => expect(screen.queryByText(FIELDS.buyNowPrice.messages.notAbove)).not.toBeInTheDocument());
  });

  it('refuses a file over 5 MB before any upload and shows thumbnails with remove buttons', async () => {
    renderForm();
    const input = await screen.findByLabelText(/صور المزاد/);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    fireEvent.change(input, {
      target: { files: [image('big.png', LIMITS.imageMaxBytes + 1), image('small.png', 1000)] },
    });
    expect(await screen.findByText(m.IMAGE_TOO_LARGE('big.png'))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'الصورة 1 (small.png)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'إزالة الصورة 1' }));
    expect(screen.queryByRole('img', { name: /small.png/ })).not.toBeInTheDocument();
  });

  it('puts every message at its field and asks for an image on submit', async () => {
    const onSubmit = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'نشر المزاد' }));
    for (const text of [
      FIELDS.auctionTitle.messages.required,
      FIELDS.auctionDescription.messages.required,
      FIELDS.auctionCategory.messages.required,
      FIELDS.auctionDuration.messages.required,
      FIELDS.startingPrice.messages.required,
      m.IMAGES_REQUIRED,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('عنوان المزاد')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('toasts when the rest is valid but no image was chosen', async () => {
    const onSubmit = renderForm();
    fireEvent.change(await screen.findByLabelText('عنوان المزاد'), { target: { value: 'ساعة' } });
    fireEvent.change(screen.getByLabelText('وصف المزاد'), { target: { value: 'ساعة جميلة' } });
    fireEvent.change(screen.getByLabelText('الفئة'), { target: { value: 'إكسسوارات' } });
    fireEvent.change(screen.getByLabelText('مدة المزاد'), { target: { value: '20s' } });
    fireEvent.change(screen.getByLabelText(/السعر الابتدائي/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'نشر المزاد' }));
    expect(await screen.findByText(m.NO_IMAGES_TOAST)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field messages at their fields", async () => {
    const refusal = new ApiError('البيانات المدخلة غير صالحة', 400, {
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'startingPrice', message: 'السعر الابتدائي كبير جداً' }],
    });
    const onSubmit = renderForm(vi.fn(() => Promise.reject(refusal)));
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    fireEvent.change(await screen.findByLabelText('عنوان المزاد'), { target: { value: 'ساعة' } });
    fireEvent.change(screen.getByLabelText('وصف المزاد'), { target: { value: 'ساعة جميلة' } });
    fireEvent.change(screen.getByLabelText('الفئة'), { target: { value: 'إكسسوارات' } });
    fireEvent.change(screen.getByLabelText('مدة المزاد'), { target: { value: '20s' } });
    fireEvent.change(screen.getByLabelText(/السعر الابتدائي/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/صور المزاد/), { target: { files: [image('a.png', 1000)] } });
    fireEvent.click(screen.getByRole('button', { name: 'نشر المزاد' }));
    expect(await screen.findByText('السعر الابتدائي كبير جداً')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(/السعر الابتدائي/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/السعر الابتدائي/)).toHaveFocus();
  });
});
