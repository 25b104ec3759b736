// Security settings' public entry: the stored settings and the live topic that announces a change.
export { createSettingsService, SECURITY_SETTINGS_TOPIC, type SettingsService } from './settings';
