import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { InputField, SubmitButton } from './fields';
import { Form } from './form';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  name: z.string().trim().min(2, 'الاسم قصير'),
  email: z.string().trim().min(1, 'البريد مطلوب'),
});

function Probe({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => unknown }) {
  const form = useZodForm(schema, { defaultValues: { name: '', email: '' } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="نموذج">
      <InputField name="name" label="الاسم" />
      <InputField name="email" label="البريد" sanitize={(v) => v.replace(/\s/g, '')} />
      <SubmitButton>إرسال</SubmitButton>
    </Form>
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'إرسال' }));

describe('Form', () => {
  it('shows each refused field under it, marks it invalid, focuses the first and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<Probe onSubmit={onSubmit} />);
    send();
    const name = screen.getByLabelText('الاسم');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('الاسم قصير');
    expect(screen.getByLabelText('البريد')).toHaveAccessibleDescription('البريد مطلوب');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands the checked values over and keeps the submit button disabled while they are sent', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Probe onSubmit={onSubmit} />);
    fill('الاسم', '  ليلى ');
    fill('البريد', 'la yla@example.jo');
    send();
    await waitFor(() => expect(screen.getByRole('button', { name: 'إرسال' })).toBeDisabled());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'ليلى', email: 'layla@example.jo' });
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'إرسال' })).toBeEnabled());
  });

  it("puts the server's field errors on their fields and focuses the first one", async () => {
    const refusal = new ApiError('البيانات المدخلة غير صالحة', 400, {
      code: 'VALIDATION_ERROR',
      errors: [
        { field: 'unknownField', message: 'لا يظهر' },
        { field: 'email', message: 'البريد الإلكتروني مسجل مسبقاً' },
        { field: 'name', message: 'الاسم غير مقبول' },
      ],
    });
    render(
      <Probe
        onSubmit={() => {
          throw refusal;
        }}
      />,
    );
    fill('الاسم', 'ليلى');
    fill('البريد', 'layla@example.jo');
    send();
    const email = screen.getByLabelText('البريد');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('البريد الإلكتروني مسجل مسبقاً');
    expect(screen.getByLabelText('الاسم')).toHaveAccessibleDescription('الاسم غير مقبول');
    expect(screen.queryByText('لا يظهر')).not.toBeInTheDocument();
  });
});
