import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { JOD_HINT, PHONE_HINT } from '@mazad/contracts';
import { ApiError } from '@/lib/api-client';
import { fields } from '@/lib/field-schemas';
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

  it('numeric fields are text read as typed, each with its format said under it (R-NUMBER-INPUT)', async () => {
    const numbers = z.object({ price: fields.startingPrice, code: fields.otpCode, phone: fields.phone });
    const onSubmit = vi.fn();
    function Numbers() {
      const form = useZodForm(numbers, { defaultValues: { price: '', code: '', phone: '' } as never });
      return (
        <Form form={form} onSubmit={onSubmit}>
          <InputField name="price" label="السعر" type="number" min={1} step={0.01} />
          <InputField name="code" label="الرمز" format="code" />
          <InputField name="phone" label="الهاتف" format="phone" hint="لن يظهر لغيرك" />
          <SubmitButton>إرسال</SubmitButton>
        </Form>
      );
    }
    render(<Numbers />);
    const price = screen.getByLabelText('السعر');
    expect(price).toHaveAttribute('type', 'text');
    expect(price).toHaveAttribute('inputmode', 'decimal');
    expect(price).toHaveAttribute('dir', 'ltr');
    expect(price).not.toHaveAttribute('min');
    expect(price).toHaveAccessibleDescription(JOD_HINT);
    expect(screen.getByLabelText('الرمز')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('الهاتف')).toHaveAttribute('inputmode', 'tel');
    expect(screen.getByLabelText('الهاتف')).toHaveAccessibleDescription(`لن يظهر لغيرك ${PHONE_HINT}`);

    fill('السعر', '١٬٢٥٠٫٥');
    expect(screen.getByLabelText('السعر')).toHaveValue('١٬٢٥٠٫٥');
    fill('الرمز', '١٢٣ ٤٥٦٧');
    expect(screen.getByLabelText('الرمز')).toHaveValue('123456');
    fill('الهاتف', '٠٧٩ ١٢٣ ٤٥٦٧');
    send();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ price: 1250.5, code: '123456', phone: '+962791234567' }),
    );
  });
});
