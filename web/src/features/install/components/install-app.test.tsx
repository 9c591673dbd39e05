import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isIosSafari } from '@/lib/install-prompt';
import { INSTALL_BUTTON_TEXT, InstallApp } from './install-app';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

/** The browser's offer, as Chromium fires it; `outcome` is the member's answer in its dialog. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

/** jsdom has no matchMedia: the display mode the page would report. */
const standalone = (matches: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches && query === '(display-mode: standalone)' }));

const userAgent = (ua: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);

describe('the home page install section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the "coming soon" badges while the browser offers nothing', () => {
    standalone(false);
    render(<InstallApp />);
    expect(screen.getByRole('heading', { name: 'تطبيق مزاد على هاتفك' })).toBeInTheDocument();
    expect(screen.getAllByText('قريباً')).toHaveLength(2);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("explains Safari's Add to Home Screen on an iPhone, which has no install prompt", () => {
    standalone(false);
    userAgent(IPHONE_SAFARI);
    render(<InstallApp />);
    const steps = screen.getByRole('list', { name: 'خطوات الإضافة إلى الشاشة الرئيسية' });
    expect(steps).toHaveTextContent('«مشاركة»');
    expect(steps).toHaveTextContent('«إضافة إلى الشاشة الرئيسية»');
    expect(screen.queryByText('قريباً')).not.toBeInTheDocument();
  });

  it('shows nothing inside the installed app', () => {
    standalone(true);
    const { container } = render(<InstallApp />);
    expect(container).toBeEmptyDOMElement();
  });

  it("turns into an install button when the browser offers it, and shows the browser's dialog", async () => {
    standalone(false);
    render(<InstallApp />);
    const offer = offerInstall('dismissed');
    expect(offer.defaultPrevented).toBe(true); // no mini-infobar of the browser's own
    expect(screen.queryByText('قريباً')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: INSTALL_BUTTON_TEXT });
    button.focus();
    fireEvent.click(button);
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    // Dismissed: the offer is used up, the badges come back until the browser offers again.
    expect(await screen.findAllByText('قريباً')).toHaveLength(2);
  });

  it('goes once the member accepts the install', async () => {
    standalone(false);
    const { container } = render(<InstallApp />);
    offerInstall('accepted');
    fireEvent.click(screen.getByRole('button', { name: INSTALL_BUTTON_TEXT }));
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('goes when the browser reports the app installed', () => {
    standalone(false);
    const { container } = render(<InstallApp />);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('isIosSafari', () => {
  const nav = (ua: string, platform = 'iPhone', maxTouchPoints = 5) => ({ userAgent: ua, platform, maxTouchPoints });

  it('is Safari on an iPhone, and on an iPad that reports itself as a Mac', () => {
    expect(isIosSafari(nav(IPHONE_SAFARI))).toBe(true);
    expect(isIosSafari(nav(IPAD_DESKTOP_MODE, 'MacIntel', 5))).toBe(true);
  });

  it('is not Chrome on an iPhone, a Mac without touch, or Android', () => {
    expect(isIosSafari(nav(IPHONE_CHROME))).toBe(false);
    expect(isIosSafari(nav(IPAD_DESKTOP_MODE, 'MacIntel', 0))).toBe(false);
    expect(isIosSafari(nav(ANDROID_CHROME, 'Linux armv8l'))).toBe(false);
  });
});
