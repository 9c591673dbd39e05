import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Form, InputField, SubmitButton, useZodForm } from '@/components/form';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { useLogin, type LoginInput, type VerificationUserData } from '../api/login';
import { useVerifyAccount } from '../api/verify-account';
import { codeSchema, loginSchema } from '../lib/validation';
import { AuthCard } from './auth-card';

/** What other screens may hand to /login. */
export interface LoginLocationState {
  /** Shown in a green banner (e.g. after registration). */
  message?: string;
  email?: string;
  /** Opens the activation mode for this user. */
  mode?: 'activate';
  userData?: VerificationUserData;
}

export const REGISTERED_MESSAGE = 'تم إنشاء الحساب، يرجى تسجيل الدخول لإكمال التفعيل';

function ActivationForm({ userData, onBack }: { userData: VerificationUserData; onBack: () => void }) {
  const navigate = useNavigate();
  const verify = useVerifyAccount();
  const form = useZodForm(codeSchema, { defaultValues: { code: '' } });

  const activate = async ({ code }: { code: string }) => {
    await verify.mutateAsync({ userId: userData.userId, verificationCode: code });
    navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <Form form={form} className="form" onSubmit={activate}>
      <p className="auth-card__prompt">{userData.question || 'أدخل رمز التحقق المرسل إلى بريدك الإلكتروني'}</p>
      {userData.email && (
        <p className="muted">
          الحساب: <bdi dir="ltr">{userData.email}</bdi>
        </p>
      )}
      <InputField name="code" label="رمز التفعيل" format="code" className="field--code" />
      <SubmitButton block>تفعيل الحساب</SubmitButton>
      <button type="button" className="link-button" onClick={onBack}>
        العودة إلى تسجيل الدخول
      </button>
    </Form>
  );
}

/** /login: email and password, or the account activation mode (docs/adr/0002-verification-question.md). */
export function LoginScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const state = (location.state ?? {}) as LoginLocationState;
  const [activation, setActivation] = useState<VerificationUserData | null>(
    state.mode === 'activate' && state.userData ? state.userData : null,
  );
  const form = useZodForm(loginSchema, { defaultValues: { email: state.email ?? '', password: '' } });

  const onSubmit = async (values: LoginInput) => {
    const result = await login.mutateAsync(values);
    if (result.kind === 'verification-required') {
      navigate(paths.verificationMethod.getHref(), { state: { userData: result.userData } });
      return;
    }
    navigate(result.user.isAdmin ? paths.admin.getHref() : paths.home.getHref(), { replace: true });
  };

  if (activation) {
    return (
      <AuthCard title="تفعيل الحساب" subtitle="أدخل الرمز المكوّن من 6 أرقام لتفعيل حسابك">
        <ActivationForm userData={activation} onBack={() => setActivation(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="تسجيل الدخول"
      subtitle="مرحباً بعودتك إلى مزاد"
      footer={
        <>
          <p>
            ليس لديك حساب؟ <Link to={paths.register.getHref()}>إنشاء حساب جديد</Link>
          </p>
          <p>
            <Link to={paths.adminLogin.getHref()}>دخول المشرفين</Link>
          </p>
          <p className="auth-card__open-auction">
            <Link to={paths.adminLogin.getHref()}>مزاد مفتوح</Link>
          </p>
        </>
      }
    >
      {state.message && <Notice tone="success">{state.message}</Notice>}
      <Form form={form} className="form" onSubmit={onSubmit}>
        <InputField name="email" label="البريد الإلكتروني" type="email" autoComplete="email" dir="ltr" />
        <InputField name="password" label="كلمة المرور" type="password" autoComplete="current-password" dir="ltr" />
        <div className="form__row form__row--end">
          <Link to={paths.forgotPassword.getHref()}>نسيت كلمة المرور؟</Link>
        </div>
        <SubmitButton block>تسجيل الدخول</SubmitButton>
      </Form>
      <Notice tone="info">بعد تسجيل الدخول يمكنك إنشاء مزادك الخاص والبدء في البيع.</Notice>
    </AuthCard>
  );
}
