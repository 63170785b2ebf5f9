// The mail-providers feature's public surface: managing the account's (or the system's) mail providers.
export { MailProviderSettings, SystemMailProviderSettings } from './provider-settings';
