// The SQL editor's public entry: the service and the database role its statements run as.
export { createSqlService, type SqlService } from './service';
export { dropEditorViews, prepareSqlRole, resolveSqlRole } from './role';
