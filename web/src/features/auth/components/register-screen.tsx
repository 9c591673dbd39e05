import { LIMITS } from '@mazad/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useChallenge } from '../api/challenge';
import { register, REGISTER_FALLBACK_ERROR } from '../api/register';
import { useSession } from '../hooks/use-session';
import { hasErrors, messages, validateRegister, type FieldErrors, type RegisterFields } from '../lib/validation';
import { AuthCard } from './auth-card';
import { REGISTERED_MESSAGE, type LoginLocationState } from './login-screen';
import { MathChallenge } from './math-challenge';

export const RESET_QUESTION = 'هل تريد إعادة تعيين كلمة المرور؟';
export const RESET_FOR_PHONE_MESSAGE = 'يمكنك إعادة تعيين كلمة المرور للحساب المرتبط بهذا الرقم';

const EMPTY: RegisterFields = { name: '', email: '', phone: '', location: '', password: '', confirmPassword: '' };

/** /register (R-ACCOUNT-FIELDS, R-REGISTRATION-CHALLENGE). */
export function RegisterScreen() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const challenge = useChallenge();
  const [fields, setFields] = useState<RegisterFields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RegisterFields>>({});
  const [submitted, setSubmitted] = useState(false);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const newChallenge = () => {
    setAnswer('');
    void challenge.refetch();
  };

  const update = (name: keyof RegisterFields) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...fields, [name]: event.target.value };
    setFields(next);
    // After a first submit, errors follow the typing.
    if (submitted) setErrors(validateRegister(next));
  };

  const canSubmit = Boolean(challenge.data?.challengeId) && answer.trim() !== '' && answer !== '-' && !busy;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateRegister(fields);
    setErrors(found);
    if (found.confirmPassword === messages.passwordsDiffer) toast.error(messages.passwordsDiffer);
    if (hasErrors(found)) return;
    if (!challenge.data || !answer.trim()) {
      toast.error(messages.captchaRequired);
      return;
    }
    setBusy(true);
    try {
      const result = await register({
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
        location: fields.location.trim(),
        password: fields.password,
        challengeId: challenge.data.challengeId,
        challengeAnswer: Number(answer),
      });
      if (result.token && result.user) {
        signIn(result.token, result.user);
        toast.success('تم إنشاء الحساب وتسجيل الدخول بنجاح');
        navigate(paths.home.getHref(), { replace: true });
      } else {
        toast.success('تم إنشاء الحساب، يرجى إكمال التحقق');
        const state: LoginLocationState = { message: REGISTERED_MESSAGE, email: fields.email.trim() };
        navigate(paths.login.getHref(), { replace: true, state });
      }
    } catch (error) {
      console.error('[register]', error);
      setBusy(false);
      // A challenge is single-use: whatever happened, the next try needs a new one.
      newChallenge();
      if (error instanceof ApiError && error.status === 409 && error.body?.redirectToReset) {
        setConflict(error.message);
        return;
      }
      if (error instanceof ApiError && error.body?.errors?.length) {
        const fromServer: FieldErrors<RegisterFields> = {};
        for (const item of error.body.errors) {
          if (item.field in EMPTY) fromServer[item.field as keyof RegisterFields] = item.message;
        }
        setErrors(fromServer);
      }
      toast.error(errorMessage(error, REGISTER_FALLBACK_ERROR));
    }
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
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="الاسم الكامل"
          name="name"
          autoComplete="name"
          maxLength={LIMITS.nameMax}
          value={fields.name}
          onChange={update('name')}
          error={errors.name}
        />
        <TextField
          label="البريد الإلكتروني"
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          maxLength={LIMITS.emailMax}
          value={fields.email}
          onChange={update('email')}
          error={errors.email}
        />
        <TextField
          label="رقم الهاتف"
          name="phone"
          type="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={LIMITS.phoneMax}
          value={fields.phone}
          onChange={update('phone')}
          error={errors.phone}
        />
        <TextField
          label="الموقع"
          name="location"
          autoComplete="address-level2"
          placeholder="مثال: عمّان"
          maxLength={LIMITS.locationMax}
          value={fields.location}
          onChange={update('location')}
          error={errors.location}
        />
        <TextField
          label="كلمة المرور"
          name="password"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          maxLength={LIMITS.passwordMax}
          value={fields.password}
          onChange={update('password')}
          error={errors.password}
        />
        <TextField
          label="تأكيد كلمة المرور"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          maxLength={LIMITS.passwordMax}
          value={fields.confirmPassword}
          onChange={update('confirmPassword')}
          error={errors.confirmPassword}
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
        <Button type="submit" block loading={busy} disabled={!canSubmit}>
          إنشاء الحساب
        </Button>
      </form>
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
            state: { phone: fields.phone.trim(), email: fields.email.trim(), message: RESET_FOR_PHONE_MESSAGE },
          });
        }}
      />
    </AuthCard>
  );
}
