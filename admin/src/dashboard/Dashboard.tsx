import GavelIcon from '@mui/icons-material/Gavel';
import PaidIcon from '@mui/icons-material/Paid';
import PeopleIcon from '@mui/icons-material/People';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import SellIcon from '@mui/icons-material/Sell';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { formatJod, type Auction, type DailyStat } from '@mazad/contracts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Title, useDataProvider, useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import type { AdminStats, MazadDataProvider } from '../dataProvider';
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

/** GET /api/admin/stats → six cards (specification: admin statistics). */
export function Dashboard() {
  const dataProvider = useDataProvider<MazadDataProvider>();
  const translate = useTranslate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [stats, setStats] = useState<{ data?: AdminStats; error?: string; loading: boolean }>({ loading: true });

  const load = useCallback(() => {
    setStats((s) => ({ ...s, loading: true, error: undefined }));
    dataProvider
      .getStats()
      .then((data) => setStats({ data, loading: false }))
      .catch((error: unknown) => {
        // An expired or revoked admin session (401/403) goes back to the login page.
        void logoutIfAccessDenied(error);
        setStats({
          loading: false,
          error: error instanceof Error && error.message ? error.message : translate('mazad.dashboard.load_error'),
        });
      });
  }, [dataProvider, translate, logoutIfAccessDenied]);

  useEffect(load, [load]);

  const [daily, setDaily] = useState<{ data?: DailyStat[]; error?: string; loading: boolean }>({ loading: true });
  const [ending, setEnding] = useState<{ data?: Auction[]; error?: string; loading: boolean; at: number }>({
    loading: true,
    at: 0,
  });
  useEffect(() => {
    let live = true;
    const message = (error: unknown, key: string) =>
      error instanceof Error && error.message ? error.message : translate(key);
    dataProvider
      .getDailyStats(30)
      .then((data) => live && setDaily({ data, loading: false }))
      .catch(
        (error: unknown) => live && setDaily({ loading: false, error: message(error, 'mazad.charts.load_error') }),
      );
    dataProvider
      .getEndingSoon()
      .then((data) => live && setEnding({ data, loading: false, at: Date.now() }))
      .catch(
        (error: unknown) =>
          live && setEnding({ loading: false, at: Date.now(), error: message(error, 'mazad.dashboard.load_error') }),
      );
    return () => {
      live = false;
    };
  }, [dataProvider, translate]);

  return (
    <Box sx={{ py: 2 }}>
      <Title title="mazad.dashboard.title" />
      {stats.error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={load}>
              {translate('mazad.dashboard.retry')}
            </Button>
          }
        >
          {stats.error}
        </Alert>
      )}
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
                  {stats.loading ? (
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
      <DailyCharts days={daily.data} loading={daily.loading} error={daily.error} />
      <EndingSoon auctions={ending.data} loading={ending.loading} error={ending.error} now={ending.at} />
    </Box>
  );
}
