import { LIMITS } from '@mazad/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { login, LOGIN_FALLBACK_ERROR, type VerificationUserData } from '../api/login';
import { verifyAccount } from '../api/verify-account';
import { useSession } from '../hooks/use-session';
import { sanitizeOtp, validateEmail, validateOtp } from '../lib/validation';
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
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateOtp(code);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const result = await verifyAccount({ userId: userData.userId, verificationCode: code });
      signIn(result.token, result.user);
      toast.success('تم تفعيل الحساب بنجاح');
      navigate(paths.home.getHref(), { replace: true });
    } catch {
      // The API client already showed the server's message.
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p className="auth-card__prompt">{userData.question || 'أدخل رمز التحقق المرسل إلى بريدك الإلكتروني'}</p>
      {userData.email && (
        <p className="muted">
          الحساب: <bdi dir="ltr">{userData.email}</bdi>
        </p>
      )}
      <TextField
        label="رمز التفعيل"
        name="verificationCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        maxLength={LIMITS.otpLength}
        value={code}
        onChange={(e) => setCode(sanitizeOtp(e.target.value))}
        error={error}
        className="field--code"
      />
      <Button type="submit" block loading={busy}>
        تفعيل الحساب
      </Button>
      <button type="button" className="link-button" onClick={onBack}>
        العودة إلى تسجيل الدخول
      </button>
    </form>
  );
}

/** /login: email and password, or the account activation mode (docs/adr/0002-verification-question.md). */
export function LoginScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const state = (location.state ?? {}) as LoginLocationState;
  const [activation, setActivation] = useState<VerificationUserData | null>(
    state.mode === 'activate' && state.userData ? state.userData : null,
  );
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { email: validateEmail(email), password: password ? null : 'كلمة المرور مطلوبة' };
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const result = await login({ email: email.trim(), password });
      if (result.kind === 'verification-required') {
        if (result.message) toast(result.message);
        navigate(paths.verificationMethod.getHref(), { state: { userData: result.userData } });
        return;
      }
      signIn(result.token, result.user);
      toast.success('تم تسجيل الدخول بنجاح');
      navigate(result.user.isAdmin ? paths.admin.getHref() : paths.home.getHref(), { replace: true });
    } catch (error) {
      console.error('[login]', error);
      toast.error(errorMessage(error, LOGIN_FALLBACK_ERROR));
      setBusy(false);
    }
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
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="البريد الإلكتروني"
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextField
          label="كلمة المرور"
          name="password"
          type="password"
          autoComplete="current-password"
          dir="ltr"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div className="form__row form__row--end">
          <Link to={paths.forgotPassword.getHref()}>نسيت كلمة المرور؟</Link>
        </div>
        <Button type="submit" block loading={busy}>
          تسجيل الدخول
        </Button>
      </form>
      <Notice tone="info">بعد تسجيل الدخول يمكنك إنشاء مزادك الخاص والبدء في البيع.</Notice>
    </AuthCard>
  );
}
