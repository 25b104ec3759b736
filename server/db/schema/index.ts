// The Drizzle schema, one file per domain. Everything imports it from here (`db/schema`), and
// drizzle-kit generates the migrations from this index (drizzle.config.ts); `npm test` fails when the
// committed migrations and the schema disagree (scripts/check-migrations.mjs).
export * from './accounts';
export * from './attachments';
export * from './audit';
export * from './catalog';
export * from './chat';
export * from './cocktails';
export * from './content';
export * from './inquiries';
export * from './invoices';
export * from './jobs';
export * from './mail';
export * from './marketing';
export * from './media';
export * from './notifications';
export * from './orders';
export * from './partners';
export * from './payments';
export * from './retailers';
export * from './shipments';
export * from './stock';
export * from './stores';
export * from './system';
export * from './navigation';
export * from './code';
export * from './tax';
