// The console's access and erasure requests (README, "Privacy") over the console API: what is
// held about one person, the archive's download link, the erasure.
import { ErasedStruct, PERSON_RECORDS_ROUTE, PersonRecordsStruct, type PersonRecords } from '../../validation/privacy/person-records.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';

export function createPersonRecordsClient(api: ConsoleApi) {
  const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    records(subject: string, signal?: AbortSignal): Promise<PersonRecords> {
      return api.get(PERSON_RECORDS_ROUTE.records, PersonRecordsStruct, { searchParams: { subject }, ...signalOf(signal) });
    },
    /** The archive of an access request: a plain download link. */
    exportUrl(subject: string): string {
      return api.url(PERSON_RECORDS_ROUTE.export, { subject });
    },
    async erase(subject: string, confirm: string, signal?: AbortSignal): Promise<void> {
      await api.post(PERSON_RECORDS_ROUTE.erase, { subject, confirm }, ErasedStruct, signalOf(signal));
    },
  };
}
