import {
  Alert,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { formatJod, type Auction } from '@mazad/contracts';
import { useTranslate } from 'react-admin';

/** Open auctions ending within the hour, soonest first (the operator watches the closings). */
export function EndingSoon({
  auctions,
  loading,
  error,
  now,
}: {
  auctions: Auction[] | undefined;
  loading: boolean;
  error?: string;
  now: number;
}) {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="ending-soon">
      <CardContent>
        <Typography variant="subtitle1" fontWeight={700}>
          {translate('mazad.ending_soon.title')}
        </Typography>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {loading ? <Skeleton height={80} /> : null}
        {!loading && !error && auctions?.length === 0 ? (
          <Typography color="text.secondary">{translate('mazad.ending_soon.empty')}</Typography>
        ) : null}
        <List dense>
          {auctions?.map((a) => (
            <ListItem
              key={a._id}
              secondaryAction={<Chip size="small" label={<span dir="ltr">{formatJod(a.currentPrice)}</span>} />}
            >
              <ListItemText
                primary={<MuiLink href={`#/auctions/${encodeURIComponent(a._id)}/show`}>{a.title}</MuiLink>}
                secondary={translate('mazad.ending_soon.ends_in', {
                  minutes: Math.max(0, Math.ceil((Date.parse(a.endTime) - now) / 60_000)),
                })}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
