/**
 * The database schema, one file per area under schema/ (drizzle-kit reads this file; repositories
 * import tables from here).
 */
export * from './schema/site';
export * from './schema/users';
export * from './schema/mail';
export * from './schema/accounts';
export * from './schema/markets';
export * from './schema/trading';
export * from './schema/chat';
export * from './schema/advisors';
export * from './schema/funding';
export * from './schema/verification';
export * from './schema/files';
export * from './schema/financing';
export * from './schema/conditions';
export * from './schema/dividends';
