// A passkey authenticator for browser tests: the DevTools protocol's WebAuthn domain, reached
// through a CDP session of playwright-core. It answers navigator.credentials like a platform
// authenticator with a fingerprint reader, without asking: a test creates a passkey at
// enrolment and signs in with it (README.md "The console"). WebAuthn refuses IP addresses as
// relying party ids: serve the site with SITE_URL=http://localhost:<port> and open it there.
import type { CDPSession, Page } from 'playwright-core';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** The passkeys it holds (one per enrolment or added passkey). */
  credentials(): Promise<Array<{ credentialId: string; isResidentCredential: boolean; rpId?: string; userHandle?: string; signCount: number }>>;
  /** Makes the next ceremonies fail as if the person cancelled (or succeed again). */
  setUserVerified(verified: boolean): Promise<void>;
  remove(): Promise<void>;
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    async setUserVerified(verified) {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: verified });
    },
    async remove() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await cdp.detach();
    },
  };
}

/**
 * Opens an enrolment link with a fresh virtual authenticator, creates the passkey and waits for
 * the console's home, the dashboard: the invited person is signed in.
 */
export async function enrolWithPasskey(page: Page, link: string): Promise<VirtualAuthenticator> {
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 15_000 });
  return authenticator;
}
