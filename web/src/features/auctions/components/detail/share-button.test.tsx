import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { COPY_FAILED, LINK_COPIED, ShareButton } from './share-button';

const ID = '3f1c2d4e-0000-4000-8000-000000000001';
const URL_OF_AUCTION = `${window.location.origin}/auction/${ID}`;

function setup(nav: { share?: unknown; clipboard?: unknown }) {
  vi.stubGlobal('navigator', { ...navigator, ...nav });
  render(
    <>
      <ShareButton auctionId={ID} title="ساعة يد" />
      <Toaster />
    </>,
  );
  return screen.getByRole('button', { name: 'مشاركة' });
}

afterEach(() => vi.unstubAllGlobals());

describe('ShareButton', () => {
  it("uses the Web Share API with the title and the auction's public URL where the browser has it", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    const button = setup({ share, clipboard: { writeText } });
    await act(async () => fireEvent.click(button));
    expect(share).toHaveBeenCalledWith({ title: 'ساعة يد', url: URL_OF_AUCTION });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(LINK_COPIED)).toBeNull();
  });

  it('without it, copies the link and says so in Arabic', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const button = setup({ share: undefined, clipboard: { writeText } });
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith(URL_OF_AUCTION);
    expect(await screen.findByText('تم نسخ الرابط')).toBeInTheDocument();
  });

  it('closing the share sheet does nothing more; a refused share falls back to copying', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const aborted = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    const button = setup({ share: aborted, clipboard: { writeText } });
    await act(async () => fireEvent.click(button));
    expect(writeText).not.toHaveBeenCalled();

    const refused = vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, share: refused, clipboard: { writeText } });
    await act(async () => fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith(URL_OF_AUCTION);
  });

  it('a clipboard that refuses is told as an error', async () => {
    const button = setup({
      share: undefined,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText(COPY_FAILED)).toBeInTheDocument();
  });
});
