// Temporary stand-in so the shell's branch builds; the real page replaces it at merge.
import type { ConsolePageProps } from '../shared/console-page-props.ts';

export function AuditPage(_props: ConsolePageProps) {
  return <h1 tabIndex={-1}>Audit log</h1>;
}
