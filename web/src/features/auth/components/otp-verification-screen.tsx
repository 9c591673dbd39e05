import { LIMITS } from '@mazad/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Form, InputField, SubmitButton, useZodForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { maskIdentifier } from '@/lib/mask';
import { useAvailableServices } from '../api/available-services';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { OTP_TYPES, type OtpType } from '../lib/otp-type';
import { useCooldown } from '../hooks/use-cooldown';
import { OTP_METHOD_LABELS, resolveOtpTarget, type OtpTarget } from '../lib/otp-target';
import { codeSchema } from '../lib/validation';
import { AuthCard } from './auth-card';

export const REDIRECT_AFTER_VERIFY_MS = 1500;

/** /otp-verification (R-VERIFICATION-CODE): identifier and type from state or localStorage. */
export function OtpVerificationScreen() {
  const location = useLocation();
  const [target] = useState(() => resolveOtpTarget(location.state));
  if (!target) return <Navigate to={paths.login.getHref()} replace />;
  return <OtpForm initial={target} />;
}

type Banner = { tone: 'success' | 'error'; text: string } | null;

function OtpForm({ initial }: { initial: OtpTarget }) {
  const navigate = useNavigate();
  const services = useAvailableServices();
  const sendCode = useSendOtp();
  const verify = useVerifyOtp();
  const [target, setTarget] = useState(initial);
  const form = useZodForm(codeSchema, { defaultValues: { code: '' } });
  const [banner, setBanner] = useState<Banner>(null);
  const sending = sendCode.isPending;
  const [done, setDone] = useState(false);
  const cooldown = useCooldown(LIMITS.otpResendCooldownSeconds);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const send = (type: OtpType, isResend: boolean) => {
    setBanner(null);
    sendCode.mutate(
      { identifier: target.identifier, type },
      {
        onSuccess: (result, next) => {
          setTarget(next);
          form.reset({ code: '' });
          cooldown.restart();
          setBanner({ tone: 'success', text: result?.message || `تم إرسال رمز جديد عبر ${OTP_METHOD_LABELS[type]}` });
        },
        onError: (error) =>
          setBanner({
            tone: 'error',
            text: errorMessage(error, isResend ? 'فشل إعادة إرسال الرمز' : 'حدث خطأ أثناء إرسال الرمز'),
          }),
      },
    );
  };

  const onSubmit = async ({ code }: { code: string }) => {
    setBanner(null);
    const session = await verify.mutateAsync({ identifier: target.identifier, otp: code, type: target.type });
    setDone(true);
    setBanner({ tone: 'success', text: session.message || 'تم التحقق بنجاح، جارٍ تحويلك إلى الصفحة الرئيسية…' });
    redirectTimer.current = setTimeout(
      () => navigate(paths.home.getHref(), { replace: true }),
      REDIRECT_AFTER_VERIFY_MS,
    );
  };

  const onError = (error: unknown) =>
    setBanner({ tone: 'error', text: errorMessage(error, 'حدث خطأ أثناء التحقق من الرمز') });

  return (
    <AuthCard
      title="أدخل رمز التحقق"
      subtitle={
        <>
          أرسلنا رمزاً من 6 أرقام عبر {OTP_METHOD_LABELS[target.type]} إلى{' '}
          <bdi dir="ltr">{maskIdentifier(target.identifier)}</bdi>
        </>
      }
      footer={
        <p>
          <Link to={paths.login.getHref()}>العودة إلى تسجيل الدخول</Link>
        </p>
      }
    >
      {banner && <Notice tone={banner.tone}>{banner.text}</Notice>}
      <div className="segmented" role="radiogroup" aria-label="طريقة استلام الرمز">
        {OTP_TYPES.map((type) => {
          const available = type === 'email' ? services.data?.email !== false : services.data?.telegram === true;
          const current = target.type === type;
          // Switching sends a code, so it waits for the same 60 s as a resend (the server would answer 429).
          const waiting = cooldown.active && !current && available;
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={current}
              className={`segmented__item ${current ? 'segmented__item--active' : ''}`}
              disabled={done || sending || !available || current || cooldown.active}
              onClick={() => send(type, false)}
            >
              {OTP_METHOD_LABELS[type]}
              {waiting && (
                <span className="segmented__wait">
                  {' '}
                  (بعد <bdi dir="ltr">{cooldown.seconds}</bdi> ث)
                </span>
              )}
            </button>
          );
        })}
      </div>
      <Form form={form} className="form" onSubmit={onSubmit} onError={onError}>
        <InputField name="code" label="رمز التحقق" format="code" disabled={done} className="field--code" />
        <SubmitButton block disabled={done}>
          تحقق
        </SubmitButton>
      </Form>
      <div className="resend">
        {cooldown.active ? (
          <p className="muted" aria-live="off">
            يمكنك طلب رمز جديد بعد <bdi dir="ltr">{cooldown.seconds}</bdi> ثانية
          </p>
        ) : (
          <Button variant="ghost" loading={sending} disabled={done} onClick={() => send(target.type, true)}>
            إعادة إرسال الرمز
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
