import { useInstallPrompt } from '@/lib/install-prompt';
import '../install.css';

export const INSTALL_BUTTON_TEXT = 'ثبّت تطبيق مزاد';

/**
 * The home page's "Mazad on your phone" section (lib/install-prompt.ts): an install button when
 * the browser offers to install the app, the steps of "Add to Home Screen" on an iPhone or iPad,
 * nothing in the installed app itself, and the app stores' "coming soon" badges otherwise.
 */
export function InstallApp() {
  const { state, install } = useInstallPrompt();
  if (state === 'installed') return null;
  return (
    <section className="apps card" aria-labelledby="apps-title">
      <h2 id="apps-title" className="apps__title">
        تطبيق مزاد على هاتفك
      </h2>
      {state === 'prompt' && (
        <>
          <p className="muted">ثبّت مزاد على جهازك ليفتح كتطبيق من الشاشة الرئيسية، دون متجر تطبيقات.</p>
          <button type="button" className="btn btn--primary" onClick={() => void install()}>
            {INSTALL_BUTTON_TEXT}
          </button>
        </>
      )}
      {state === 'ios' && (
        <>
          <p className="muted">أضِف مزاد إلى الشاشة الرئيسية في iPhone أو iPad ليفتح كتطبيق:</p>
          <ol className="apps__steps" aria-label="خطوات الإضافة إلى الشاشة الرئيسية">
            <li>اضغط زر «مشاركة» في Safari</li>
            <li>اختر «إضافة إلى الشاشة الرئيسية»</li>
          </ol>
        </>
      )}
      {state === 'unavailable' && (
        <>
          <p className="muted">تطبيقات الهواتف قيد التطوير وستتوفر قريباً.</p>
          <div className="apps__badges">
            <span className="store-badge" aria-disabled="true">
              App Store <span className="store-badge__soon">قريباً</span>
            </span>
            <span className="store-badge" aria-disabled="true">
              Google Play <span className="store-badge__soon">قريباً</span>
            </span>
          </div>
        </>
      )}
    </section>
  );
}
