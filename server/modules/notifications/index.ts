// Notifications' public entry: the service, its live topic, and who a trade event notifies.
export { createNotificationService, NOTIFICATIONS_TOPIC, type NotificationService, type StoredNotification } from './service';
export { organisationAndMembers, organisationRecipients, staffTeam } from './recipients';
