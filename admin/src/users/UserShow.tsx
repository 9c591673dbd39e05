import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  Link as MuiLink,
  Rating as Stars,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatJod, formatPhone } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  DeleteButton,
  Show,
  TopToolbar,
  useDataProvider,
  useGetRecordId,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { statusColour } from '../auctions/AuctionList';
import { errorText, formatDate, Section } from '../common';
import type { MazadDataProvider } from '../dataProvider';
import type { UserDetails } from './dataProvider';
import { ChangePasswordButton } from './ChangePasswordButton';

const STAT_KEYS = [
  'totalAuctions',
  'activeAuctions',
  'soldAuctions',
  'unsoldAuctions',
  'totalBids',
  'wonAuctions',
] as const;

function Empty({ message }: { message: string }) {
  const translate = useTranslate();
  return <Typography color="text.secondary">{translate(message)}</Typography>;
}

function AuctionLink({ id, title }: { id: string; title: string }) {
  return <MuiLink href={`#/auctions/${encodeURIComponent(id)}/show`}>{title}</MuiLink>;
}

/** The member's profile, figures, auctions, bids and received ratings. */
function UserDetailsView() {
  const record = useRecordContext<UserDetails>();
  const dataProvider = useDataProvider<MazadDataProvider>();
  const translate = useTranslate();
  const id = useGetRecordId();
  const activity = useQuery({
    queryKey: ['users', 'getActivity', { id }],
    queryFn: () => dataProvider.getActivity('users', { id }),
  });

  if (!record) return null;
  // The list row stands in (react-admin's placeholder) until the full record arrives.
  const user = (record.user ?? record) as UserDetails['user'];
  const stats: Partial<UserDetails['stats']> = record.stats ?? {};
  return (
    <Box sx={{ p: 2 }}>
      <Section title="mazad.user_show.profile">
        <Stack spacing={0.5}>
          <Typography variant="h5" component="p">
            {user.name}
          </Typography>
          <Typography color="text.secondary">{user.location}</Typography>
          {user.email ? (
            <Typography dir="ltr" sx={{ textAlign: 'end' }}>
              {user.email}
            </Typography>
          ) : null}
          {user.phone ? (
            <Typography dir="ltr" sx={{ textAlign: 'end' }}>
              {formatPhone(user.phone)}
            </Typography>
          ) : null}
          <Stack direction="row" spacing={1}>
            {typeof user.isVerified === 'boolean' ? (
              <Chip
                size="small"
                color={user.isVerified ? 'success' : 'default'}
                label={translate(user.isVerified ? 'mazad.users.active' : 'mazad.users.inactive')}
              />
            ) : null}
            {user.isAdmin ? (
              <Chip size="small" color="primary" variant="outlined" label={translate('mazad.users.admin')} />
            ) : null}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.users.fields.createdAt')}: {formatDate(user.createdAt)}
          </Typography>
        </Stack>
        <Box
          sx={{ display: 'grid', gap: 1, mt: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(6, 1fr)' } }}
        >
          {STAT_KEYS.map((key) => (
            <Box
              key={key}
              sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover', textAlign: 'center' }}
              data-testid={`user-stat-${key}`}
            >
              <Typography variant="h6" component="p">
                {stats[key] ?? 0}
              </Typography>
              <Typography variant="caption">{translate(`mazad.user_show.stats.${key}`)}</Typography>
            </Box>
          ))}
        </Box>
      </Section>

      {activity.error ? (
        <Alert severity="error">{errorText(activity.error, translate('mazad.user_show.load_error'))}</Alert>
      ) : null}
      {!activity.data && !activity.error ? <CircularProgress size={28} /> : null}
      {activity.data ? (
        <>
          <Section title="mazad.user_show.auctions">
            {activity.data.auctions.length === 0 ? (
              <Empty message="mazad.user_show.no_auctions" />
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('resources.auctions.fields.title')}</TableCell>
                    <TableCell>{translate('resources.auctions.fields.currentPrice')}</TableCell>
                    <TableCell>{translate('resources.auctions.fields.bidCount')}</TableCell>
                    <TableCell>{translate('resources.auctions.fields.status')}</TableCell>
                    <TableCell>{translate('resources.auctions.fields.endTime')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {activity.data.auctions.map((a) => (
                    <TableRow key={a._id}>
                      <TableCell>
                        <AuctionLink id={a._id} title={a.title} />
                      </TableCell>
                      <TableCell dir="ltr">{formatJod(a.currentPrice)}</TableCell>
                      <TableCell>{a.bidCount}</TableCell>
                      <TableCell>
                        <Chip size="small" color={statusColour(a.status)} label={a.status} />
                      </TableCell>
                      <TableCell>{formatDate(a.endTime)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Section>
          <Section title="mazad.user_show.bids">
            {activity.data.bids.length === 0 ? (
              <Empty message="mazad.user_show.no_bids" />
            ) : (
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('resources.auctions.fields.title')}</TableCell>
                    <TableCell>{translate('mazad.user_show.highest_bid')}</TableCell>
                    <TableCell>{translate('mazad.user_show.bid_count')}</TableCell>
                    <TableCell>{translate('resources.auctions.fields.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {activity.data.bids.map((a) => (
                    <TableRow key={a._id}>
                      <TableCell>
                        <AuctionLink id={a._id} title={a.title} />
                      </TableCell>
                      <TableCell dir="ltr">{formatJod(a.highestBid)}</TableCell>
                      <TableCell>{a.userBidCount}</TableCell>
                      <TableCell>
                        <Chip size="small" color={statusColour(a.status)} label={a.status} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Section>
          <Section title="mazad.user_show.ratings">
            {activity.data.ratings.length === 0 ? (
              <Empty message="mazad.user_show.no_ratings" />
            ) : (
              <Stack spacing={1.5}>
                {activity.data.ratings.map((r) => (
                  <Box key={r._id}>
                    <Stack direction="row" spacing={1} alignItems="center">
                      <Typography fontWeight={600}>{r.from.name}</Typography>
                      <Stars value={r.stars} readOnly size="small" />
                      <Typography variant="caption" color="text.secondary">
                        {formatDate(r.createdAt)}
                      </Typography>
                    </Stack>
                    <Typography variant="body2">{r.comment || translate('mazad.user_show.no_comment')}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {r.auction.title}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
          </Section>
        </>
      ) : null}
    </Box>
  );
}

const actions = (
  <TopToolbar>
    <ChangePasswordButton />
    <DeleteButton mutationMode="pessimistic" />
  </TopToolbar>
);

export function UserShow() {
  return (
    <Show actions={actions}>
      <UserDetailsView />
    </Show>
  );
}
