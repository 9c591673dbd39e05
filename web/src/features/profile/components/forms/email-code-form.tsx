import { Form, InputField, SubmitButton, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { useConfirmEmailChange } from '../../api/confirm-email-change';
import { emailCodeSchema } from '../../lib/display';
import * as m from '../../lib/messages';

/** The code sent to a new email: the change is made only once it is entered. */
export function EmailCodeForm({ pendingEmail, onDone }: { pendingEmail: string; onDone: () => void }) {
  const { updateUser } = useSession();
  const form = useZodForm(emailCodeSchema, { defaultValues: { code: '' } });
  const confirm = useConfirmEmailChange({
    onSuccess: (result) => {
      updateUser(result.user);
      toast.success(result.message || m.EMAIL_CHANGED);
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error, m.EMAIL_CHANGE_ERROR)),
  });
  return (
    <Form form={form} className="form" onSubmit={({ code }) => confirm.mutateAsync(code)}>
      {/* The server does not say whether the address is another account's (it mails that address a notice instead of a code). */}
      <p>
        إن كان <bdi dir="ltr">{pendingEmail}</bdi> متاحاً فقد أرسلنا إليه رمز تأكيد. لن يتغير بريدك قبل إدخاله، وإن لم
        يصلك الرمز فربما يكون هذا البريد مستخدماً لحساب آخر.
      </p>
      <InputField name="code" label="رمز التأكيد" format="code" />
      <div className="profile-actions">
        <SubmitButton>تأكيد البريد الإلكتروني</SubmitButton>
        <Button type="button" variant="secondary" onClick={onDone}>
          إلغاء
        </Button>
      </div>
    </Form>
  );
}
