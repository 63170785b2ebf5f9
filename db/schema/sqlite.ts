// Every domain's SQLite tables (the one schema written by hand); drizzle-kit reads the SQLite schema from here.
export * from './users';
export * from './mail';
export * from './leads';
export * from './publications';
export * from './channels';
export * from './newsletters';
export * from './delivery';
export * from './ai';
export * from './billing';
export * from './content';
export * from './team';
export * from './integrations';
export * from './tracking';
export * from './shared-state';
export * from './themes';
export * from './domains';
export * from './api';
