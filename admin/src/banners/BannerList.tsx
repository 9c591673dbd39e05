import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { IconButton, Link as MuiLink, Stack, Switch, Tooltip } from '@mui/material';
import type { Banner } from '@mazad/contracts';
import {
  CreateButton,
  Datagrid,
  DateField,
  DeleteButton,
  EditButton,
  ExportButton,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { DATE_LOCALE, DATE_OPTIONS, EmptyList, useNotifyError } from '../common';
import { csvExporter, yesNo, type CsvColumn } from '../csvExport';

type BannerRecord = Banner & RaRecord;

/** The banners' CSV (R-CSV-EXPORT). */
export const BANNER_CSV_COLUMNS: readonly CsvColumn<Banner>[] = [
  { header: 'نص الإعلان', value: (b) => b.text },
  { header: 'الرابط', value: (b) => b.link },
  { header: 'ظاهر', value: (b) => yesNo(b.isActive) },
  { header: 'الترتيب', value: (b) => b.order },
  { header: 'تاريخ الإضافة', value: (b) => b.createdAt },
  { header: 'المعرّف', value: (b) => b._id },
];

/** Shows or hides a banner at once (PUT { isActive }); hidden ones leave the member home page. */
export function VisibilityToggle() {
  const record = useRecordContext<BannerRecord>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate<BannerRecord>();
  if (!record) return null;
  const toggle = () =>
    update(
      'banners',
      { id: record.id, data: { isActive: !record.isActive }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => notify(saved.isActive ? 'mazad.banners.shown' : 'mazad.banners.hid', { type: 'success' }),
        onError: (error) => notifyError(error, 'mazad.banners.toggle_error'),
      },
    );
  return (
    <Tooltip title={translate(record.isActive ? 'mazad.banners.visible' : 'mazad.banners.hidden')}>
      <Switch
        checked={record.isActive}
        onChange={toggle}
        disabled={isPending}
        slotProps={{ input: { 'aria-label': `${translate('resources.banners.fields.isActive')}: ${record.text}` } }}
      />
    </Tooltip>
  );
}

/**
 * Moves a banner one place up or down: the two neighbours swap their `order` values (or take
 * their positions when several share one), pessimistically, then the list reloads.
 */
function ReorderButtons() {
  const record = useRecordContext<BannerRecord>();
  const { data = [] } = useListContext<BannerRecord>();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const translate = useTranslate();
  // The two neighbours' new orders, one PUT each, then the list reloads whatever happened.
  const reorder = useMutation({
    mutationFn: async (moves: { banner: BannerRecord; order: number }[]) => {
      for (const { banner, order } of moves)
        await dataProvider.update('banners', { id: banner.id, data: { order }, previousData: banner });
    },
    onSuccess: () => notify('mazad.banners.reordered', { type: 'success' }),
    onError: (error) => notifyError(error, 'mazad.banners.reorder_error'),
    onSettled: () => refresh(),
  });
  if (!record) return null;
  const index = data.findIndex((b) => b.id === record.id);

  const move = (delta: -1 | 1) => {
    const other = data[index + delta];
    if (!other) return;
    // Positions as orders, so equal orders (the default 0) still move.
    const mine = other.order === record.order ? index + delta : other.order;
    const theirs = other.order === record.order ? index : record.order;
    reorder.mutate([
      { banner: record, order: mine },
      { banner: other, order: theirs },
    ]);
  };
  const busy = reorder.isPending;

  return (
    <Stack direction="row">
      <IconButton
        size="small"
        aria-label={translate('mazad.banners.move_up')}
        disabled={busy || index <= 0}
        onClick={() => move(-1)}
      >
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={translate('mazad.banners.move_down')}
        disabled={busy || index < 0 || index >= data.length - 1}
        onClick={() => move(1)}
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

const actions = (
  <TopToolbar>
    <CreateButton />
    <ExportButton />
  </TopToolbar>
);

/** Banners: visible toggle, text, link, order (with reordering), created date, edit, delete. */
export function BannerList() {
  return (
    <List
      actions={actions}
      exporter={csvExporter(BANNER_CSV_COLUMNS, 'banners')}
      perPage={100}
      pagination={false}
      empty={<EmptyList message="resources.banners.empty" create />}
      sort={{ field: 'order', order: 'ASC' }}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField source="isActive" sortable={false} render={() => <VisibilityToggle />} />
        <TextField source="text" sortable={false} />
        <FunctionField
          source="link"
          sortable={false}
          render={(record: BannerRecord) =>
            record.link ? (
              <MuiLink href={record.link} target="_blank" rel="noopener" dir="ltr">
                {record.link}
              </MuiLink>
            ) : (
              '—'
            )
          }
        />
        <FunctionField
          source="order"
          sortable={false}
          render={(record: BannerRecord) => <span dir="ltr">{record.order}</span>}
        />
        <FunctionField label="ra.action.sort" render={() => <ReorderButtons />} />
        <DateField source="createdAt" sortable={false} locales={DATE_LOCALE} options={DATE_OPTIONS} />
        <EditButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
