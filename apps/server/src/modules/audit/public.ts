// What other modules may use of the audit module (docs/decisions/0013).
export { recordAudit, recordPastAudits, type Actor, type AuditRecord } from './audit.service';
