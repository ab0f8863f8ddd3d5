// A moment in a console page: shown on the company's clock (src/services/shared/console-time.ts),
// with its exact instant in `dateTime` for machines and assistive technology.
import { formatConsoleTime } from '../../services/shared/console-time.ts';

export function ConsoleTime({ at, timeZone }: { at: string; timeZone: string }) {
  return <time dateTime={at}>{formatConsoleTime(at, timeZone)}</time>;
}
