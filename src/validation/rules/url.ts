// url: parses as a URL whose scheme WordPress allows (wp_allowed_protocols), as swv does.
// javascript:, data: and file: are refused, so a URL field cannot carry script.
import { everyText } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';

export const allowedSchemes: ReadonlySet<string> = new Set([
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed',
  'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
]);

export function isUrl(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  try {
    return allowedSchemes.has(new URL(trimmed).protocol.replace(/:$/, ''));
  } catch {
    return false;
  }
}

export const url: RuleCheck = (rule, values) => everyText(values, rule.field, isUrl);
