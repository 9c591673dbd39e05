import BlockIcon from '@mui/icons-material/Block';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { FIELDS, formatJod, operatorCancelRefusal, textChecks, type Auction, type Bid } from '@mazad/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import { useNotifyError } from '../common';
import type { MazadDataProvider } from '../dataProvider';

const RULE = FIELDS.bidCancelReason;

/** The reason's problem, by the server's own rule (required, 3–300 characters), or null. */
export function cancelReasonError(value: string): string | null {
  const text = value.trim();
  if (!text) return RULE.messages.required;
  return textChecks(RULE, () => true).find(([check]) => !check(text))?.[1] ?? null;
}

/**
 * «إلغاء المزايدة» on one bid of the auction's page (R-BID-OPERATOR-CANCEL): a dialog asks for
 * the reason the bidder will read, then POST /api/admin/bids/{id}/cancel. Pessimistic: nothing
 * changes on screen until the server answered; then the auction is read again (its price may
 * have fallen, the bid shows as cancelled). Offered only where the server would take it (a
 * standing bid of an auction that still takes bids: operatorCancelRefusal).
 */
export function CancelBidButton({ auction, bid }: { auction: Pick<Auction, 'status' | 'endTime'>; bid: Bid }) {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };

  // An expired admin session (401/403) logs out: react-admin's data provider wrapper sees to it.
  const cancel = useMutation({
    mutationFn: (params: { id: Identifier; reason: string }) => dataProvider.cancelBid('auctions', params),
    onSuccess: () => {
      notify('mazad.auctions.bid_cancelled', { type: 'success' });
      close();
      refresh();
    },
    onError: (err) => notifyError(err, 'mazad.auctions.cancel_bid_error'),
  });

  const facts = { bidderId: bid.bidder?._id ?? '', createdAt: bid.createdAt, isCancelled: bid.isCancelled ?? false };
  if (operatorCancelRefusal(auction, facts, Date.now())) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = cancelReasonError(reason);
    setError(problem);
    if (!problem) cancel.mutate({ id: bid._id, reason: reason.trim() });
  };
  const who = bid.bidder?.name || translate('mazad.undefined');

  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<BlockIcon />}
        onClick={() => setOpen(true)}
        aria-label={`${translate('mazad.auctions.cancel_bid')}: ${who} ${formatJod(bid.amount)}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('mazad.auctions.cancel_bid')}
      </Button>
      <Dialog open={open} onClose={close} dir="rtl" fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle>{translate('mazad.auctions.cancel_bid')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>
              {translate('mazad.auctions.cancel_bid_of', { name: who })} <bdi dir="ltr">{formatJod(bid.amount)}</bdi>
            </DialogContentText>
            <DialogContentText variant="body2" sx={{ mb: 1 }}>
              {translate('mazad.auctions.cancel_bid_effect')}
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="dense"
              label={RULE.label}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(error)}
              helperText={error ?? translate('mazad.auctions.cancel_bid_reason_help')}
              slotProps={{ htmlInput: { maxLength: RULE.max } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('mazad.auctions.keep_bid')}</Button>
            <Button type="submit" variant="contained" color="error" disabled={cancel.isPending}>
              {translate('mazad.auctions.cancel_bid')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
