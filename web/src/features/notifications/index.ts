/** The in-app notifications: the header's bell (docs/notifications.md). */
export { NotificationBell } from './components/notification-bell';
