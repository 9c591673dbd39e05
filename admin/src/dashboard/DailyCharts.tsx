import { Alert, Box, Card, CardContent, Skeleton, Typography, useTheme } from '@mui/material';
import type { DailyStat } from '@mazad/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslate } from 'react-admin';

/** `2026-11-23` → `23/11` (the axis is short; the tooltip shows the full date). */
const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * The last 30 Amman days: auctions, bids and sales per day, and the revenue in JOD. Recharts
 * draws left to right; in RTL the time axis is reversed so the newest day sits at the start
 * (right), and the value axis moves to the right with it.
 */
export function DailyCharts({
  days,
  loading,
  error,
}: {
  days: DailyStat[] | undefined;
  loading: boolean;
  error?: string;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  if (error) return <Alert severity="error">{error}</Alert>;
  const axis = { stroke: theme.palette.text.secondary, fontSize: 12 };

  const chart = (title: string, content: React.ReactElement, testId: string) => (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" fontWeight={700} gutterBottom>
          {translate(title)} · {translate('mazad.charts.title')}
        </Typography>
        <Box sx={{ height: 260, direction: 'ltr' }}>
          {loading || !days ? (
            <Skeleton variant="rectangular" height={260} />
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              {content}
            </ResponsiveContainer>
          )}
        </Box>
      </CardContent>
    </Card>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, mt: 2 }}>
      {chart(
        'mazad.charts.activity',
        <BarChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={shortDate} reversed={rtl} tick={axis} />
          <YAxis allowDecimals={false} orientation={rtl ? 'right' : 'left'} tick={axis} />
          <Tooltip />
          <Legend />
          <Bar dataKey="newAuctions" name={translate('mazad.charts.new_auctions')} fill={theme.palette.primary.main} />
          <Bar dataKey="bids" name={translate('mazad.charts.bids')} fill={theme.palette.secondary.main} />
          <Bar dataKey="sales" name={translate('mazad.charts.sales')} fill={theme.palette.success.main} />
        </BarChart>,
        'chart-activity',
      )}
      {chart(
        'mazad.charts.revenue_title',
        <LineChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={shortDate} reversed={rtl} tick={axis} />
          <YAxis orientation={rtl ? 'right' : 'left'} tick={axis} />
          <Tooltip formatter={(value) => Number(value).toFixed(3)} />
          <Legend />
          <Line
            type="monotone"
            dataKey="revenue"
            name={translate('mazad.charts.revenue')}
            stroke={theme.palette.success.main}
            strokeWidth={2}
            dot={false}
          />
        </LineChart>,
        'chart-revenue',
      )}
    </Box>
  );
}
