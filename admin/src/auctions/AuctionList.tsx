import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Chip, type ChipProps } from '@mui/material';
import {
  AUCTION_STATUS_VALUES,
  AuctionStatus,
  type AdminAuctionRow,
  CATEGORY_VALUES,
  categoryLabel,
  formatJod,
  normalizeAuctionStatus,
} from '@mazad/contracts';
import {
  Datagrid,
  DateField,
  DeleteButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  ShowButton,
  TextField,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DATE_LOCALE, DATE_OPTIONS, EmptyList } from '../common';
import { csvExporter, type CsvColumn } from '../csvExport';

/** The auctions' CSV (R-CSV-EXPORT); prices in JOD. */
export const AUCTION_CSV_COLUMNS: readonly CsvColumn<AdminAuctionRow>[] = [
  { header: 'العنوان', value: (a) => a.title },
  { header: 'الفئة', value: (a) => categoryLabel(a.category) },
  { header: 'البائع', value: (a) => a.seller?.name },
  { header: 'الفائز', value: (a) => a.winner?.name },
  { header: 'السعر الحالي (د.أ)', value: (a) => a.currentPrice },
  { header: 'المزايدات', value: (a) => a.bidCount },
  { header: 'الحالة', value: (a) => a.status },
  { header: 'وقت الانتهاء', value: (a) => a.endTime },
  { header: 'تاريخ الإنشاء', value: (a) => a.createdAt },
  { header: 'المعرّف', value: (a) => a._id },
];

/** Admin colours: active green, sold blue, unsold red, deleted and others neutral. */
export function statusColour(status: unknown): ChipProps['color'] {
  switch (normalizeAuctionStatus(typeof status === 'string' ? status : undefined)) {
    case AuctionStatus.Active:
      return 'success';
    case AuctionStatus.Sold:
      return 'info';
    case AuctionStatus.Unsold:
      return 'error';
    default:
      return 'default';
  }
}

export function bidCount(record: RaRecord): number {
  if (typeof record.bidCount === 'number') return record.bidCount;
  return Array.isArray(record.bids) ? record.bids.length : 0;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="بحث في المزادات" />,
  <SelectInput
    key="status"
    source="status"
    choices={AUCTION_STATUS_VALUES.map((value) => ({ id: value, name: value }))}
    emptyText="mazad.auctions.all_statuses"
    alwaysOn
  />,
  <SelectInput
    key="category"
    source="category"
    choices={CATEGORY_VALUES.map((value) => ({ id: value, name: categoryLabel(value) }))}
    emptyText="mazad.auctions.all_categories"
    translateChoice={false}
    alwaysOn
  />,
];

export function ViewButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button
      size="small"
      startIcon={<OpenInNewIcon />}
      href={`/auction/${encodeURIComponent(String(record.id))}`}
      target="_blank"
      rel="noopener"
    >
      {translate('mazad.auctions.view_on_site')}
    </Button>
  );
}

/** Auctions: title, seller, current price (JOD), bids, status, created date, view and delete. */
export function AuctionList() {
  const translate = useTranslate();
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={csvExporter(AUCTION_CSV_COLUMNS, 'auctions')}
      perPage={25}
      empty={<EmptyList message="resources.auctions.empty" />}
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <TextField source="title" />
        <FunctionField source="category" render={(record: RaRecord) => categoryLabel(String(record.category ?? ''))} />
        <FunctionField
          source="seller.name"
          render={(record: RaRecord) => record.seller?.name || translate('mazad.undefined')}
        />
        <FunctionField
          source="currentPrice"
          render={(record: RaRecord) => <span dir="ltr">{formatJod(Number(record.currentPrice) || 0)}</span>}
        />
        <FunctionField source="bidCount" render={(record: RaRecord) => bidCount(record)} />
        <FunctionField
          source="status"
          render={(record: RaRecord) => (
            <Chip size="small" color={statusColour(record.status)} label={String(record.status ?? '')} />
          )}
        />
        <DateField source="createdAt" locales={DATE_LOCALE} options={DATE_OPTIONS} />
        <ShowButton />
        <ViewButton />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
