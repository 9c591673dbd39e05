import { LIMITS } from '@mazad/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { requestPasswordReset } from '../api/forgot-password';
import { resetPassword } from '../api/reset-password';
import { messages, validateConfirm, validateEmail, validatePassword } from '../lib/validation';
import { AuthCard } from './auth-card';
import type { LoginLocationState } from './login-screen';

/** Navigation state from a registration conflict (409 EMAIL_TAKEN offers a reset). */
export interface ForgotPasswordLocationState {
  phone?: string;
  email?: string;
  message?: string;
}

interface Step2Errors {
  answer?: string | null;
  password?: string | null;
  confirm?: string | null;
}

/** /forgot-password: email → code sent to it + new password → /login. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as ForgotPasswordLocationState;
  const [email, setEmail] = useState(state.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [request, setRequest] = useState<{ userId: string; question: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Step2Errors>({});
  const [busy, setBusy] = useState(false);

  const onRequest = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setEmailError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const result = await requestPasswordReset(email.trim());
      setRequest({ userId: result.userId, question: result.verificationQuestion });
      if (result.message) toast.success(result.message);
    } catch (error) {
      console.error('[forgot-password]', error);
    } finally {
      setBusy(false);
    }
  };

  const onReset = async (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    const next: Step2Errors = {
      answer: answer.trim() ? null : messages.codeRequired,
      password: validatePassword(password),
      confirm: validateConfirm(password, confirm),
    };
    setErrors(next);
    if (next.answer || next.password || next.confirm) return;
    setBusy(true);
    try {
      await resetPassword({ userId: request.userId, verificationAnswer: answer.trim(), password });
      toast.success('تم تحديث كلمة المرور بنجاح');
      const loginState: LoginLocationState = {
        email: email.trim(),
        message: 'تم تحديث كلمة المرور، يمكنك تسجيل الدخول الآن',
      };
      navigate(paths.login.getHref(), { replace: true, state: loginState });
    } catch (error) {
      console.error('[reset-password]', error);
      setBusy(false);
    }
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
        <form className="form" onSubmit={onRequest} noValidate>
          <TextField
            label="البريد الإلكتروني"
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={emailError}
          />
          <Button type="submit" block loading={busy}>
            متابعة
          </Button>
        </form>
      ) : (
        <form className="form" onSubmit={onReset} noValidate>
          <p className="auth-card__prompt">{request.question}</p>
          <TextField
            label="رمز التحقق"
            name="verificationAnswer"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={LIMITS.otpLength}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            error={errors.answer}
            className="field--code"
          />
          <TextField
            label="كلمة المرور الجديدة"
            name="password"
            type="password"
            autoComplete="new-password"
            dir="ltr"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <TextField
            label="تأكيد كلمة المرور الجديدة"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            dir="ltr"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirm}
          />
          <Button type="submit" block loading={busy}>
            تحديث كلمة المرور
          </Button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRequest(null);
              setAnswer('');
            }}
          >
            تغيير البريد الإلكتروني أو إعادة إرسال الرمز
          </button>
        </form>
      )}
    </AuthCard>
  );
}
