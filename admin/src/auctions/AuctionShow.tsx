import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { AuctionStatus, categoryLabel, formatJod, type Auction } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  DeleteButton,
  Show,
  TopToolbar,
  useDataProvider,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { errorText, formatDate, Section } from '../common';
import type { MazadDataProvider } from '../dataProvider';
import { statusColour, ViewButton } from './AuctionList';
import { CancelBidButton } from './CancelBidButton';

type AuctionRecord = Auction & RaRecord;

/** The chat of a sold auction, read-only (operators moderate, they do not take part). */
function Conversation({ auction }: { auction: AuctionRecord }) {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const translate = useTranslate();
  const chat = useQuery({
    queryKey: ['auctions', 'getMessages', { id: auction.id }],
    queryFn: () => dataProvider.getMessages('auctions', { id: auction.id }),
  });

  if (chat.error)
    return <Alert severity="error">{errorText(chat.error, translate('ra.notification.http_error'))}</Alert>;
  if (!chat.data) return <CircularProgress size={24} />;
  if (chat.data.length === 0)
    return <Typography color="text.secondary">{translate('mazad.auctions.no_chat')}</Typography>;
  return (
    <Stack spacing={1} data-testid="auction-chat">
      {chat.data.map((m) => {
        const fromSeller = m.sender._id === auction.seller._id;
        return (
          <Box
            key={m._id}
            sx={{
              alignSelf: fromSeller ? 'flex-start' : 'flex-end',
              maxWidth: '75%',
              p: 1.5,
              borderRadius: 2,
              bgcolor: fromSeller ? 'action.hover' : 'primary.main',
              color: fromSeller ? 'text.primary' : 'primary.contrastText',
            }}
          >
            <Typography variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
              {m.sender.name} · {formatDate(m.createdAt)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {m.content}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

function AuctionDetails() {
  const auction = useRecordContext<AuctionRecord>();
  const translate = useTranslate();
  if (!auction) return null;
  // The list row stands in (react-admin's placeholder) until the whole auction arrives.
  const images = auction.images ?? [];
  const bids = [...(auction.bids ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Box sx={{ p: 2 }}>
      <Section title="mazad.auctions.description">
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h5" component="p">
            {auction.title}
          </Typography>
          <Chip size="small" color={statusColour(auction.status)} label={auction.status} />
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>{auction.description ?? ''}</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Detail label="resources.auctions.fields.category">{categoryLabel(auction.category)}</Detail>
          <Detail label="mazad.auctions.seller">{auction.seller?.name || translate('mazad.undefined')}</Detail>
          <Detail label="mazad.auctions.winner">{auction.winner?.name ?? '—'}</Detail>
          <Detail label="resources.auctions.fields.currentPrice">
            <span dir="ltr">{formatJod(auction.currentPrice)}</span>
          </Detail>
          <Detail label="mazad.auctions.starting_price">
            <span dir="ltr">{auction.startingPrice === undefined ? '—' : formatJod(auction.startingPrice)}</span>
          </Detail>
          <Detail label="mazad.auctions.buy_now_price">
            {auction.buyNowPrice ? <span dir="ltr">{formatJod(auction.buyNowPrice)}</span> : '—'}
          </Detail>
          <Detail label="resources.auctions.fields.createdAt">{formatDate(auction.createdAt)}</Detail>
          <Detail label="mazad.auctions.end_time">{formatDate(auction.endTime)}</Detail>
          <Detail label="mazad.auctions.views">{auction.viewCount ?? '—'}</Detail>
        </Box>
      </Section>
      <Section title="mazad.auctions.images">
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {images.map((src) => (
            <Box
              key={src}
              component="img"
              src={src}
              alt={auction.title}
              loading="lazy"
              sx={{ width: 160, height: 120, objectFit: 'cover', borderRadius: 1 }}
            />
          ))}
        </Stack>
      </Section>
      <Section title="mazad.auctions.bids">
        {bids.length === 0 ? (
          <Typography color="text.secondary">{translate('mazad.auctions.no_bids')}</Typography>
        ) : (
          <Box sx={{ maxHeight: '16rem', overflowY: 'auto' }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{translate('mazad.auctions.bidder')}</TableCell>
                  <TableCell>{translate('mazad.auctions.amount')}</TableCell>
                  <TableCell>{translate('mazad.auctions.time')}</TableCell>
                  <TableCell>{translate('mazad.auctions.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {bids.map((bid, i) => (
                  <TableRow key={bid._id}>
                    <TableCell>{bids.length - i}</TableCell>
                    <TableCell>
                      {bid.bidder?.name || translate('mazad.undefined')}
                      {bid.isCancelled ? (
                        <Chip size="small" sx={{ ms: 1 }} label={translate('mazad.auctions.cancelled')} />
                      ) : null}
                    </TableCell>
                    <TableCell dir="ltr">{formatJod(bid.amount)}</TableCell>
                    <TableCell>{formatDate(bid.createdAt)}</TableCell>
                    <TableCell>
                      <CancelBidButton auction={auction} bid={bid} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Section>
      <Section title="mazad.auctions.chat">
        {auction.status === AuctionStatus.Sold || auction.winner ? (
          <Conversation auction={auction} />
        ) : (
          <Typography color="text.secondary">{translate('mazad.auctions.chat_only_sold')}</Typography>
        )}
      </Section>
    </Box>
  );
}

const actions = (
  <TopToolbar>
    <ViewButton />
    <DeleteButton mutationMode="pessimistic" redirect="list" />
  </TopToolbar>
);

export function AuctionShow() {
  return (
    <Show actions={actions}>
      <AuctionDetails />
    </Show>
  );
}
