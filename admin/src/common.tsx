/** Small pieces shared by the console's resources. */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** List dates: Arabic, Gregorian calendar, Latin digits, in Amman; the day is enough in a table. */
export const DATE_LOCALE = 'ar-JO-u-ca-gregory-nu-latn';
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Amman',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};

/** The empty state of a list ("no users in the system", "no auctions in the system"). */
export function EmptyList({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, width: '100%' }}>
      <Typography variant="h6" color="text.secondary">
        {translate(message)}
      </Typography>
    </Box>
  );
}
