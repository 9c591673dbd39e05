import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { maskEmail } from '@/lib/mask';
import type { VerificationUserData } from '../api/login';
import { useAvailableServices } from '../api/available-services';
import { sendOtp } from '../api/send-otp';
import type { OtpType } from '../lib/otp-type';
import { messages } from '../lib/validation';
import { OTP_METHOD_LABELS, saveOtpTarget, type OtpTarget } from '../lib/otp-target';
import { AuthCard } from './auth-card';
import type { LoginLocationState } from './login-screen';

export const TELEGRAM_NOTE = 'لاستخدام تيليجرام يجب أن يكون التطبيق مثبتاً لديك وأن تكون قد تفاعلت مع بوت مزاد مسبقاً.';

/** /verification-method (R-CODE-DELIVERY): needs userData in navigation state. */
export function VerificationMethodScreen() {
  const location = useLocation();
  const userData = (location.state as { userData?: VerificationUserData } | null)?.userData;
  if (!userData?.email) return <Navigate to={paths.login.getHref()} replace />;
  return <VerificationMethodForm userData={userData} />;
}

function VerificationMethodForm({ userData }: { userData: VerificationUserData }) {
  const navigate = useNavigate();
  const services = useAvailableServices();
  const [method, setMethod] = useState<OtpType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const telegramOn = services.data?.telegram === true;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!method) {
      setError(messages.methodRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await sendOtp(method, userData.email);
      const target: OtpTarget = { identifier: userData.email, type: method };
      saveOtpTarget(target);
      navigate(paths.otpVerification.getHref(), { state: target });
    } catch (err) {
      setError(errorMessage(err, 'حدث خطأ أثناء إرسال الرمز'));
      setBusy(false);
    }
  };

  const activationState: LoginLocationState = { mode: 'activate', userData };

  return (
    <AuthCard
      title="تفعيل الحساب"
      subtitle={
        <>
          مرحباً {userData.name}، اختر طريقة استلام رمز التحقق لحسابك <bdi dir="ltr">{maskEmail(userData.email)}</bdi>
        </>
      }
      footer={
        <>
          <p>
            لديك رمز تفعيل بالفعل؟{' '}
            <Link to={paths.login.getHref()} state={activationState}>
              أدخله هنا
            </Link>
          </p>
          <p>
            <Link to={paths.login.getHref()}>العودة إلى تسجيل الدخول</Link>
          </p>
        </>
      }
    >
      {error && <Notice tone="error">{error}</Notice>}
      <form className="form" onSubmit={onSubmit} noValidate>
        <fieldset className="choice-group">
          <legend className="field__label">طريقة التحقق</legend>
          <label className={`choice ${method === 'email' ? 'choice--selected' : ''}`}>
            <input
              type="radio"
              name="method"
              value="email"
              checked={method === 'email'}
              onChange={() => setMethod('email')}
            />
            <span className="choice__title">
              {OTP_METHOD_LABELS.email} <span className="tag tag--success">موصى به</span>
            </span>
            <span className="choice__hint">نرسل رمزاً من 6 أرقام إلى بريدك الإلكتروني</span>
          </label>
          <label
            className={`choice ${method === 'telegram' ? 'choice--selected' : ''} ${telegramOn ? '' : 'choice--disabled'}`}
          >
            <input
              type="radio"
              name="method"
              value="telegram"
              checked={method === 'telegram'}
              disabled={!telegramOn}
              onChange={() => setMethod('telegram')}
            />
            <span className="choice__title">
              {OTP_METHOD_LABELS.telegram}{' '}
              {!telegramOn && !services.isLoading && <span className="tag">غير متاح حالياً</span>}
            </span>
            <span className="choice__hint">{TELEGRAM_NOTE}</span>
          </label>
        </fieldset>
        <Button type="submit" block loading={busy}>
          إرسال رمز التحقق
        </Button>
      </form>
    </AuthCard>
  );
}
