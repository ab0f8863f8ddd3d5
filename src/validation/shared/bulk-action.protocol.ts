// What every console list's "act on several at once" shares (README.md, "The inbox": acting on
// several at once; "The console": subscribers), written once for the browser and the server: the
// most rows one action takes, the chosen rows by id, the export's `ids` parameter and the answer
// (how many the selection held, how many the action changed). Browser-safe.
import { array, enums, integer, max, min, number, object, optional, pattern, refine, size, string } from 'superstruct';

/** The most rows one bulk action takes: more is refused, and the filter is to be narrowed. */
export const BULK_MAX = 5000;

/** The largest row id: the id columns are 32-bit integers (PostgreSQL's `serial`); a larger one names no row. */
export const ROW_ID_MAX = 2_147_483_647;

/** The rows chosen one by one (or by page): their ids, at least one, at most BULK_MAX. */
export const BulkIdsStruct = object({ ids: size(array(max(min(integer(), 1), ROW_ID_MAX)), 1, BULK_MAX) });

/** An export's `ids` query parameter (the chosen rows, within the filter): ids separated by commas, each a row id. */
export const exportIdsParam = optional(
  refine(pattern(size(string(), 1, 2000), /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/), 'row ids', (value) => value.split(',').every((id) => Number(id) <= ROW_ID_MAX) || `each id is at most ${ROW_ID_MAX}`),
);

/** The ids of an export's `ids` parameter, each once. */
export function idsOfParam(param: string): number[] {
  return [...new Set(param.split(',').map(Number))];
}

/** What one action did: `selected`, the rows the selection held; `changed`, those it changed (one already read is not read again). */
export function bulkAnswerStruct<Action extends string>(actions: readonly Action[]) {
  return object({ action: enums(actions), selected: number(), changed: number() });
}
