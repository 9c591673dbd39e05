/**
 * «تأكيد الاستلام» (the winner) or «تأكيد إتمام الصفقة» (the seller) of a sold auction
 * (R-DEAL-CONFIRM), asked once more: the button opens a dialog saying what confirming means —
 * the item was received (or handed over) and paid, the deal closes, and it cannot be undone —
 * and only its confirm button does it. Every screen that confirms a deal uses it: the auction
 * page's after-sale card, the chat's deal panel, the profile's tabs and the archive.
 */
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export type DealSide = 'winner' | 'seller';

export const CONFIRM_DEAL_TEXTS: Record<DealSide, { button: string; title: string; confirm: string }> = {
  winner: { button: 'تأكيد الاستلام', title: 'تأكيد استلام السلعة', confirm: 'نعم، استلمت السلعة' },
  seller: { button: 'تأكيد إتمام الصفقة', title: 'تأكيد إتمام الصفقة', confirm: 'نعم، أتممت الصفقة' },
};

/** What confirming means, said before it is done. */
export function confirmDealMessage(side: DealSide, title: string): string {
  return side === 'winner'
    ? `بتأكيدك تقرّ بأنك استلمت «${title}» ودفعت ثمنه كما اتفقتما. تُغلق الصفقة بذلك ولا يمكن التراجع عن التأكيد، فلا تؤكد قبل أن تصلك السلعة وتفحصها.`
    : `بتأكيدك تقرّ بأنك سلّمت «${title}» للفائز واستلمت ثمنه كما اتفقتما. تُغلق الصفقة بذلك ولا يمكن التراجع عن التأكيد.`;
}

export interface ConfirmDealButtonProps extends Pick<ButtonProps, 'size' | 'block' | 'variant'> {
  side: DealSide;
  /** The auction's title, named in the dialog. */
  title: string;
  /** The button's words when the screen's own differ (e.g. «تأكيد استلام الصفقة» in the archive). */
  label?: string;
  /** An accessible name naming the auction, for rows of several. */
  ariaLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}

export function ConfirmDealButton({
  side,
  title,
  label,
  ariaLabel,
  busy = false,
  onConfirm,
  ...button
}: ConfirmDealButtonProps) {
  const [asking, setAsking] = useState(false);
  const texts = CONFIRM_DEAL_TEXTS[side];
  return (
    <>
      <Button {...button} loading={busy} aria-label={ariaLabel} onClick={() => setAsking(true)}>
        {label ?? texts.button}
      </Button>
      <ConfirmDialog
        open={asking}
        title={texts.title}
        message={confirmDealMessage(side, title)}
        confirmLabel={texts.confirm}
        cancelLabel="ليس بعد"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      />
    </>
  );
}
