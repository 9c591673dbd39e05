import GavelIcon from '@mui/icons-material/Gavel';
import PaidIcon from '@mui/icons-material/Paid';
import PeopleIcon from '@mui/icons-material/People';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import SellIcon from '@mui/icons-material/Sell';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { formatJod, type AdminStats } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { errorText } from '../common';
import type { MazadDataProvider } from '../dataProvider';
import { STATS_TOTALS, type StatsRecord } from './dataProvider';
import { DailyCharts } from './DailyCharts';
import { EndingSoon } from './EndingSoon';

interface CardSpec {
  key: keyof AdminStats;
  label: string;
  icon: ReactNode;
  format?: (value: number) => string;
}

const CARDS: CardSpec[] = [
  { key: 'totalUsers', label: 'mazad.dashboard.total_users', icon: <PeopleIcon /> },
  { key: 'totalAuctions', label: 'mazad.dashboard.total_auctions', icon: <GavelIcon /> },
  { key: 'activeAuctions', label: 'mazad.dashboard.active_auctions', icon: <PlayCircleIcon /> },
  { key: 'soldAuctions', label: 'mazad.dashboard.sold_auctions', icon: <SellIcon /> },
  { key: 'totalBids', label: 'mazad.dashboard.total_bids', icon: <TrendingUpIcon /> },
  { key: 'totalRevenue', label: 'mazad.dashboard.total_revenue', icon: <PaidIcon />, format: (v) => formatJod(v) },
];

const integer = new Intl.NumberFormat('en-US');

/**
 * Six figures (the `stats` record), the last 30 days' charts and the auctions ending within the
 * hour. An expired or revoked admin session (401/403) goes back to the login page: react-admin's
 * data provider wrapper does that for every call.
 */
export function Dashboard() {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const translate = useTranslate();
  const stats = useGetOne<StatsRecord>('stats', { id: STATS_TOTALS });
  const daily = useQuery({
    queryKey: ['stats', 'getDaily', { days: 30 }],
    queryFn: () => dataProvider.getDaily('stats', { days: 30 }),
  });
  const ending = useQuery({
    queryKey: ['auctions', 'getEndingSoon'],
    queryFn: () => dataProvider.getEndingSoon('auctions'),
  });

  return (
    <Box sx={{ py: 2 }}>
      <Title title="mazad.dashboard.title" />
      {stats.error ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void stats.refetch()}>
              {translate('mazad.dashboard.retry')}
            </Button>
          }
        >
          {errorText(stats.error, translate('mazad.dashboard.load_error'))}
        </Alert>
      ) : null}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
      >
        {CARDS.map((card) => (
          <Card key={card.key} data-testid={`stat-${card.key}`}>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Box sx={{ color: 'primary.main', display: 'flex', fontSize: 40, '& svg': { fontSize: 40 } }}>
                {card.icon}
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {translate(card.label)}
                </Typography>
                <Typography variant="h5" component="p" dir="ltr" sx={{ textAlign: 'start' }}>
                  {stats.isPending ? (
                    <Skeleton width={80} />
                  ) : stats.data ? (
                    (card.format ?? ((v: number) => integer.format(v)))(stats.data[card.key])
                  ) : (
                    '—'
                  )}
                </Typography>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
      <DailyCharts
        days={daily.data}
        loading={daily.isPending}
        error={daily.error ? errorText(daily.error, translate('mazad.charts.load_error')) : undefined}
      />
      <EndingSoon
        auctions={ending.data}
        loading={ending.isPending}
        error={ending.error ? errorText(ending.error, translate('mazad.dashboard.load_error')) : undefined}
        now={ending.dataUpdatedAt || ending.errorUpdatedAt}
      />
    </Box>
  );
}
