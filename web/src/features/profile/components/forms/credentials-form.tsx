import type { User } from '@mazad/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form, InputField, SubmitButton } from '@/components/form';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { useChangeCredentials } from '../../api/change-credentials';
import { checkCredentials, type CredentialsValues } from '../../lib/display';
import * as m from '../../lib/messages';
import { EmailCodeForm } from './email-code-form';

/**
 * «بيانات الدخول»: a new email or password, confirmed by the current password, with its three
 * toasts; a new email is applied only with the code sent to it (EmailCodeForm).
 */
export function CredentialsForm({ user }: { user: User }) {
  const { token, signIn } = useSession();
  const titleId = useId();
  // Checked on submit, one toast at a time in the rules' order (checkCredentials), not field by field.
  const form = useForm<CredentialsValues>({
    defaultValues: { currentPassword: '', email: user.email, newPassword: '' },
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const save = useChangeCredentials({
    onSuccess: (result) => {
      // A new password retires older tokens: continue with the one in the answer.
      signIn(result.token, result.user);
      form.reset({ currentPassword: '', email: result.user.email, newPassword: '' });
      setPendingEmail(result.pendingEmail ?? null);
      toast.success(result.message || (result.pendingEmail ? m.EMAIL_CODE_SENT : m.CREDENTIALS_UPDATED));
    },
    onError: (error) => toast.error(errorMessage(error, m.CREDENTIALS_UPDATE_ERROR)),
  });

  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>بيانات الدخول</h2>
      {pendingEmail ? <EmailCodeForm pendingEmail={pendingEmail} onDone={() => setPendingEmail(null)} /> : null}
      <Form
        form={form}
        className="form"
        hidden={pendingEmail !== null}
        onSubmit={(values) => {
          const check = checkCredentials(values, user.email, token);
          if (!check.ok) return void toast.error(check.message);
          return save.mutateAsync(check.body);
        }}
      >
        <InputField name="email" label="البريد الإلكتروني" type="email" dir="ltr" autoComplete="email" />
        <InputField
          name="newPassword"
          label="كلمة المرور الجديدة (اختياري)"
          type="password"
          dir="ltr"
          autoComplete="new-password"
        />
        <InputField
          name="currentPassword"
          label="كلمة المرور الحالية"
          type="password"
          dir="ltr"
          autoComplete="current-password"
          hint="مطلوبة لتأكيد أي تغيير"
        />
        <div className="profile-actions">
          <SubmitButton>تحديث بيانات الدخول</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
