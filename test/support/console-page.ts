// Fake ConsolePageProps for rendering a console page in a test: a signed-in person, the real
// console API client (its calls are faked by the machines' fakes), and recorded navigate and
// onSessionEnded callbacks.
import { vi } from 'vitest';
import { createConsoleApi } from '../../src/services/shared/console-api.client.ts';
import type { ConsolePageProps } from '../../src/views/shared/console-page-props.ts';

export const TEST_TIME_ZONE = 'Africa/Johannesburg';

export function consolePageProps(role: 'owner' | 'staff' = 'owner') {
  return {
    session: {
      person: { id: 1, email: role === 'owner' ? 'owner@example.co.za' : 'staff@example.co.za', role },
      timeZone: TEST_TIME_ZONE,
      expiresAt: '2026-03-02T08:00:00.000Z',
      idleMinutes: 30,
    },
    api: createConsoleApi({ baseUrl: 'http://localhost' }),
    onSessionEnded: vi.fn<() => void>(),
    navigate: vi.fn<(path: string) => void>(),
  } satisfies ConsolePageProps;
}
