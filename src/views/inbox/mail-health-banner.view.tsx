// Temporary stand-in so the shell's branch builds; the inbox feature's real banner replaces it at merge.
import type { ConsolePageProps } from '../shared/console-page-props.ts';

export function MailHealthBanner(_props: ConsolePageProps) {
  return null;
}
