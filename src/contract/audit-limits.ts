/** The most rows one CSV export of the audit log holds: the newest that match its filters (docs/back-office-people.md). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
