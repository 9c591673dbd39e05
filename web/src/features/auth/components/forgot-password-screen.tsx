import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Form, InputField, SubmitButton, useZodForm } from '@/components/form';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordSchema, resetRequestSchema } from '../lib/validation';
import { AuthCard } from './auth-card';
import type { LoginLocationState } from './login-screen';

/** Navigation state from a registration conflict (409 EMAIL_TAKEN offers a reset). */
export interface ForgotPasswordLocationState {
  phone?: string;
  email?: string;
  message?: string;
}

/** /forgot-password: email → code sent to it + new password → /login. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as ForgotPasswordLocationState;
  const requestReset = useRequestPasswordReset();
  const reset = useResetPassword();
  const requestForm = useZodForm(resetRequestSchema, { defaultValues: { email: state.email ?? '' } });
  const resetForm = useZodForm(resetPasswordSchema, { defaultValues: { code: '', password: '', confirmPassword: '' } });
  const [request, setRequest] = useState<{ userId: string; email: string; question: string } | null>(null);

  const onRequest = async ({ email }: { email: string }) => {
    const result = await requestReset.mutateAsync(email);
    setRequest({ userId: result.userId, email, question: result.verificationQuestion });
  };

  const onReset = async ({ code, password }: { code: string; password: string }) => {
    if (!request) return;
    await reset.mutateAsync({ userId: request.userId, verificationAnswer: code, password });
    const loginState: LoginLocationState = {
      email: request.email,
      message: 'تم تحديث كلمة المرور، يمكنك تسجيل الدخول الآن',
    };
    navigate(paths.login.getHref(), { replace: true, state: loginState });
  };

  return (
    <AuthCard
      title="استعادة كلمة المرور"
      subtitle={request ? 'أدخل رمز التحقق وكلمة المرور الجديدة' : 'أدخل بريدك الإلكتروني لنرسل لك رمز التحقق'}
      footer={
        <p>
          تذكرت كلمة المرور؟ <Link to={paths.login.getHref()}>تسجيل الدخول</Link>
        </p>
      }
    >
      {state.message && (
        <Notice tone="info">
          {state.message}
          {state.phone && (
            <>
              {': '}
              <bdi dir="ltr">{state.phone}</bdi>
            </>
          )}
        </Notice>
      )}
      {!request ? (
        <Form form={requestForm} className="form" onSubmit={onRequest}>
          <InputField name="email" label="البريد الإلكتروني" type="email" autoComplete="email" dir="ltr" />
          <SubmitButton block>متابعة</SubmitButton>
        </Form>
      ) : (
        <Form form={resetForm} className="form" onSubmit={onReset}>
          <p className="auth-card__prompt">{request.question}</p>
          <InputField name="code" label="رمز التحقق" format="code" className="field--code" />
          <InputField
            name="password"
            label="كلمة المرور الجديدة"
            type="password"
            autoComplete="new-password"
            dir="ltr"
          />
          <InputField
            name="confirmPassword"
            label="تأكيد كلمة المرور الجديدة"
            type="password"
            autoComplete="new-password"
            dir="ltr"
          />
          <SubmitButton block>تحديث كلمة المرور</SubmitButton>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRequest(null);
              resetForm.resetField('code');
            }}
          >
            تغيير البريد الإلكتروني أو إعادة إرسال الرمز
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
