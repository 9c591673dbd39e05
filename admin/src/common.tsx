/** Small pieces shared by the console's resources. */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useCallback, type ReactNode } from 'react';
import { CreateButton, useNotify, useTranslate, type NotificationOptions } from 'react-admin';

/** List dates: Arabic, Gregorian calendar, Latin digits, in Amman; the day is enough in a table. */
export const DATE_LOCALE = 'ar-JO-u-ca-gregory-nu-latn';
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Amman',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};
/** Dates with the time of day (bids, messages). */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { ...DATE_OPTIONS, hour: '2-digit', minute: '2-digit' };

export function formatDate(
  iso: string | null | undefined,
  options: Intl.DateTimeFormatOptions = DATE_TIME_OPTIONS,
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : new Intl.DateTimeFormat(DATE_LOCALE, options).format(date);
}

/** The server's Arabic message of a failed call, else the fallback key (toasts prefer the server's words). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The empty state of a list ("no users in the system", "no auctions in the system"). */
export function EmptyList({ message, create = false }: { message: string; create?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, width: '100%' }}>
      <Typography variant="h6" color="text.secondary" gutterBottom>
        {translate(message)}
      </Typography>
      {create ? <CreateButton variant="contained" /> : null}
    </Box>
  );
}

/** A titled card of a show page (a member's auctions, an auction's bids …). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** An error toast: the server's Arabic message when it gave one, else the fallback key. */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallback: string, options: NotificationOptions = {}) => {
      const message = errorText(error, fallback);
      notify(message, { ...options, type: 'error', messageArgs: { _: message } });
    },
    [notify],
  );
}
