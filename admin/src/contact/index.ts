import MailIcon from '@mui/icons-material/Mail';
import { ContactMessageList } from './ContactMessageList';

export default { list: ContactMessageList, icon: MailIcon, recordRepresentation: 'name' };
