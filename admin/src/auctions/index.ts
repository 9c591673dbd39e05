import GavelIcon from '@mui/icons-material/Gavel';
import type { RaRecord } from 'react-admin';
import { AuctionList } from './AuctionList';

export default {
  list: AuctionList,
  icon: GavelIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
