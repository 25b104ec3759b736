// The audit log's public entry: recording an entry in the caller's transaction, the redaction of
// secrets in its values, and the staff's log (search, detail, export).
export { type AuditEntry, recordAudit, recordAudits } from './service';
export { REDACTED, redactAuditValues } from './redaction';
export { type AuditLogService, createAuditLogService } from './query';
