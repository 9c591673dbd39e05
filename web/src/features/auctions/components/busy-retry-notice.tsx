/**
 * Says, while a bid, a purchase or a maximum is sent again after AUCTION_BUSY, that it is
 * (busy-retry.ts). The live region stays mounted so that screen readers announce the text
 * when it appears.
 */
export function BusyRetryNotice({ retrying, text }: { retrying: boolean; text: string }) {
  return (
    <p className="field__hint busy-retry" role="status" aria-live="polite" data-testid="busy-retry">
      {retrying ? text : null}
    </p>
  );
}
