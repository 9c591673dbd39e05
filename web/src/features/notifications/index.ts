/** The in-app notifications: the header's bell (docs/notifications.md). */
export { NotificationBell } from './components/notification-bell';
export { NotificationSettings } from './components/notification-settings';
