import CampaignIcon from '@mui/icons-material/Campaign';
import { BannerCreate, BannerEdit } from './BannerForm';
import { BannerList } from './BannerList';

export default {
  list: BannerList,
  create: BannerCreate,
  edit: BannerEdit,
  icon: CampaignIcon,
  recordRepresentation: 'text',
};
