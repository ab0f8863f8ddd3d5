// The harness on a small fixture machine with what the site's two machines do not have yet: a
// promise actor that resolves (xstate.done.actor.*) or rejects (xstate.error.actor.*), a named
// delay, and a view that disables its button with `snapshot.can(...)`. Later machines (forms,
// newsletter) rely on these steps working. Its coverage is recorded under `harnessFixture`,
// which machines:coverage ignores (it reports src/machines only).
import { screen } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { expect } from 'vitest';
import { fromPromise, setup, type InspectionEvent } from 'xstate';
import { describeModel, fakePromiseActor, type FakePromiseActor } from './index.ts';

const harnessFixtureMachine = setup({
  types: { events: {} as { type: 'form.submit' } },
  actors: { sendMessage: fromPromise<{ ticket: string }, { message: string }>(async () => ({ ticket: 'real' })) },
  delays: { noticeDuration: 3_000 },
}).createMachine({
  id: 'harnessFixture',
  initial: 'idle',
  states: {
    idle: { on: { 'form.submit': 'sending' } },
    sending: {
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: { message: 'hello' },
        onDone: 'sent',
        onError: 'failed',
      },
    },
    sent: { after: { noticeDuration: 'idle' } },
    failed: { on: { 'form.submit': 'sending' } },
  },
});

function FixtureView({ logic, inspect }: { logic: typeof harnessFixtureMachine; inspect: (event: InspectionEvent) => void }) {
  const actorRef = useActorRef(logic, { inspect });
  const state = useSelector(actorRef, (snapshot) => String(snapshot.value));
  const canSubmit = useSelector(actorRef, (snapshot) => snapshot.can({ type: 'form.submit' }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actorRef.send({ type: 'form.submit' });
      }}
    >
      <button type="submit" disabled={!canSubmit}>
        Send
      </button>
      <p role="status">{{ idle: '', sending: 'Sending…', sent: 'Thank you!', failed: 'Could not send.' }[state]}</p>
    </form>
  );
}

const sendButton = () => screen.getByRole('button', { name: 'Send' });
const sender = (fakes: Record<string, unknown>) => fakes.sendMessage as FakePromiseActor;

describeModel({
  machine: harnessFixtureMachine,
  eventSamples: [
    { type: 'xstate.done.actor.sendMessage', output: { ticket: 'T-1' } },
    { type: 'xstate.error.actor.sendMessage', error: new Error('offline') },
  ],
  fakes: { sendMessage: () => fakePromiseActor() },
  render: (props) => <FixtureView {...props} />,
  events: {
    'form.submit': ({ user }) => user.click(sendButton()),
  },
  states: {
    idle: () => {
      expect(sendButton()).toBeEnabled();
      expect(screen.getByRole('status')).toHaveTextContent('');
    },
    sending: ({ fakes }) => {
      expect(sendButton()).toBeDisabled();
      expect(screen.getByRole('status')).toHaveTextContent('Sending…');
      expect(sender(fakes).pending?.input).toEqual({ message: 'hello' });
    },
    sent: () => {
      expect(sendButton()).toBeDisabled();
      expect(screen.getByRole('status')).toHaveTextContent('Thank you!');
    },
    failed: ({ fakes }) => {
      expect(sendButton()).toBeEnabled();
      expect(screen.getByRole('status')).toHaveTextContent('Could not send.');
      expect(sender(fakes).pending).toBeUndefined();
    },
  },
});
