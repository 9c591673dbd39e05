import GavelIcon from '@mui/icons-material/Gavel';
import type { RaRecord } from 'react-admin';
import { AuctionList } from './AuctionList';
import { AuctionShow } from './AuctionShow';

export default {
  list: AuctionList,
  show: AuctionShow,
  icon: GavelIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
