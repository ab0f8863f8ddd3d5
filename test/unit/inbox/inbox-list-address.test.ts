// The list's own address change coming back (the hashchange of the hash it just wrote) is not
// the person going back: typing on in the search is kept. An address the person went back to is
// restored.
import { expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { inboxListMachine } from '../../../src/machines/inbox/inbox-list.machine.ts';
import { EMPTY_FILTER, filterFromHash } from '../../../src/services/inbox/inbox-filter.service.ts';
import { createConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { PAGE_MORE } from '../../model-based/inbox/inbox-fixtures.ts';

function startList() {
  const logic = inboxListMachine.provide({ actors: { listMessages: fromPromise(async () => PAGE_MORE), addressFilter: fromCallback(() => undefined) } });
  const actor = createActor(logic, { input: { api: createConsoleApi({ baseUrl: 'http://localhost' }), filter: EMPTY_FILTER } }).start();
  const written: string[] = [];
  actor.on('address.change', (event) => written.push(event.hash));
  return { actor, written };
}

it('ignores the echo of the address it wrote while the search is typed on', async () => {
  const { actor, written } = startList();
  actor.send({ type: 'filter.change', field: 'state', value: 'spam' });
  expect(written).toEqual(['#/messages?state=spam']);
  actor.send({ type: 'filter.change', field: 'q', value: 'pump' });
  actor.send({ type: 'filter.restore', filter: filterFromHash('#/messages?state=spam') });
  expect(actor.getSnapshot().context.filter.q).toBe('pump');
  expect(actor.getSnapshot().matches({ active: 'debouncing' })).toBe(true);
  actor.stop();
});

it('restores an address the person went back to', () => {
  const { actor } = startList();
  actor.send({ type: 'filter.change', field: 'state', value: 'spam' });
  actor.send({ type: 'filter.restore', filter: filterFromHash('#/messages') });
  expect(actor.getSnapshot().context.filter).toEqual(EMPTY_FILTER);
  actor.stop();
});
