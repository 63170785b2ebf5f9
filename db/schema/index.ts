// Re-exports every domain's tables; drizzle-kit and the app read the schema from here.
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
