import { LIMITS } from '@mazad/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Form, InputField, SubmitButton, useZodForm } from '@/components/form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useChallenge } from '../api/challenge';
import { resetOffer, signsIn, useRegister } from '../api/register';
import { messages, registerSchema, type RegisterFields } from '../lib/validation';
import { AuthCard } from './auth-card';
import { REGISTERED_MESSAGE, type LoginLocationState } from './login-screen';
import { MathChallenge } from './math-challenge';

export const RESET_QUESTION = 'هل تريد إعادة تعيين كلمة المرور؟';
export const RESET_FOR_PHONE_MESSAGE = 'يمكنك إعادة تعيين كلمة المرور للحساب المرتبط بهذا الرقم';

const EMPTY: RegisterFields = { name: '', email: '', phone: '', location: '', password: '', confirmPassword: '' };

/** /register (R-ACCOUNT-FIELDS, R-REGISTRATION-CHALLENGE). */
export function RegisterScreen() {
  const navigate = useNavigate();
  const register = useRegister();
  const challenge = useChallenge();
  const form = useZodForm(registerSchema, { defaultValues: EMPTY });
  const [answer, setAnswer] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const newChallenge = () => {
    setAnswer('');
    void challenge.refetch();
  };

  const canSubmit = Boolean(challenge.data?.challengeId) && answer.trim() !== '' && answer !== '-' && !busy;

  const onSubmit = async ({ confirmPassword: _confirm, ...fields }: RegisterFields) => {
    if (!challenge.data || !answer.trim()) {
      toast.error(messages.captchaRequired);
      return;
    }
    const result = await register.mutateAsync({
      ...fields,
      challengeId: challenge.data.challengeId,
      challengeAnswer: Number(answer),
    });
    if (signsIn(result)) {
      navigate(paths.home.getHref(), { replace: true });
    } else {
      const state: LoginLocationState = { message: REGISTERED_MESSAGE, email: fields.email };
      navigate(paths.login.getHref(), { replace: true, state });
    }
  };

  const onError = (error: unknown) => {
    // A challenge is single-use: whatever happened, the next try needs a new one.
    newChallenge();
    setConflict(resetOffer(error));
  };

  const onInvalid = () => {
    if (form.getFieldState('confirmPassword').error?.message === messages.passwordsDiffer)
      toast.error(messages.passwordsDiffer);
  };

  return (
    <AuthCard
      title="إنشاء حساب جديد"
      subtitle="انضم إلى مزاد وابدأ المزايدة والبيع"
      footer={
        <p>
          لديك حساب بالفعل؟ <Link to={paths.login.getHref()}>تسجيل الدخول</Link>
        </p>
      }
    >
      <Form form={form} className="form" onSubmit={onSubmit} onError={onError} onInvalid={onInvalid}>
        <InputField name="name" label="الاسم الكامل" autoComplete="name" maxLength={LIMITS.nameMax} />
        <InputField
          name="email"
          label="البريد الإلكتروني"
          type="email"
          autoComplete="email"
          dir="ltr"
          maxLength={LIMITS.emailMax}
        />
        <InputField name="phone" label="رقم الهاتف" format="phone" maxLength={LIMITS.phoneMax} />
        <InputField
          name="location"
          label="الموقع"
          autoComplete="address-level2"
          placeholder="مثال: عمّان"
          maxLength={LIMITS.locationMax}
        />
        <InputField
          name="password"
          label="كلمة المرور"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          maxLength={LIMITS.passwordMax}
        />
        <InputField
          name="confirmPassword"
          label="تأكيد كلمة المرور"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          maxLength={LIMITS.passwordMax}
        />
        <MathChallenge
          question={challenge.data?.question}
          loading={challenge.isFetching}
          failed={challenge.isError && !challenge.isFetching}
          answer={answer}
          onAnswerChange={setAnswer}
          onRefresh={newChallenge}
          disabled={busy}
        />
        <SubmitButton block disabled={!canSubmit}>
          إنشاء الحساب
        </SubmitButton>
      </Form>
      <ConfirmDialog
        open={conflict !== null}
        title="الحساب موجود مسبقاً"
        message={`${conflict ?? ''} ${RESET_QUESTION}`}
        confirmLabel="نعم، إعادة التعيين"
        cancelLabel="لا"
        onCancel={() => setConflict(null)}
        onConfirm={() => {
          setConflict(null);
          navigate(paths.forgotPassword.getHref(), {
            state: {
              phone: form.getValues('phone').trim(),
              email: form.getValues('email').trim(),
              message: RESET_FOR_PHONE_MESSAGE,
            },
          });
        }}
      />
    </AuthCard>
  );
}
