// The reCAPTCHA v3 client against a local stand-in for Google's provider: the real client code
// adds the real script tag; the test plays the provider (defines `grecaptcha`, fires `load`).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecaptchaClient, RECAPTCHA_ACTIONS, recaptchaScriptUrl, type Grecaptcha } from '../../src/services/shared/recaptcha.service.ts';

/** A provider stub: ready() calls back asynchronously, execute() returns numbered tokens. */
function stubProvider() {
  const calls: Array<{ siteKey: string; action: string }> = [];
  let failing = false;
  const grecaptcha: Grecaptcha = {
    ready: (callback) => void setTimeout(callback, 0),
    execute: (siteKey, { action }) => {
      calls.push({ siteKey, action });
      return failing ? Promise.reject(new Error('reCAPTCHA network error')) : Promise.resolve(`token:${action}:${calls.length}`);
    },
  };
  return {
    grecaptcha,
    calls,
    fail: (value: boolean) => {
      failing = value;
    },
  };
}

const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src^="https://www.google.com/recaptcha/"]')];

/** The provider's script "arrives": it defines grecaptcha, then the element fires load. */
function provide(scope: { grecaptcha?: Grecaptcha }, grecaptcha: Grecaptcha, script = scripts().at(-1)) {
  scope.grecaptcha = grecaptcha;
  script?.dispatchEvent(new Event('load'));
}

/** A client whose provider has loaded, and the provider stub behind it. */
async function loadedClient() {
  const scope: { grecaptcha?: Grecaptcha } = {};
  const client = createRecaptchaClient({ document, scope });
  const provider = stubProvider();
  const loaded = client.load('site-key');
  provide(scope, provider.grecaptcha);
  await loaded;
  return { client, provider };
}

afterEach(() => {
  for (const script of scripts()) script.remove();
});

describe('the reCAPTCHA v3 client', () => {
  it('adds the provider script with the site key once, and is ready after the provider is', async () => {
    const scope: { grecaptcha?: Grecaptcha } = {};
    const client = createRecaptchaClient({ document, scope });
    const provider = stubProvider();

    const loaded = client.load('site key/1');
    const again = client.load('site key/1');
    expect(scripts().map((script) => script.src)).toEqual(['https://www.google.com/recaptcha/api.js?render=site%20key%2F1']);
    expect(recaptchaScriptUrl('abc')).toBe('https://www.google.com/recaptcha/api.js?render=abc');
    expect(scripts()[0]!.async).toBe(true);

    provide(scope, provider.grecaptcha);
    await expect(loaded).resolves.toBeUndefined();
    await expect(again).resolves.toBeUndefined();
    expect(scripts()).toHaveLength(1);
  });

  it('gets a token per action from the provider with the site key', async () => {
    const { client, provider } = await loadedClient();

    await expect(client.execute(RECAPTCHA_ACTIONS.homepage)).resolves.toBe('token:homepage:1');
    await expect(client.execute(RECAPTCHA_ACTIONS.contactform)).resolves.toBe('token:contactform:2');
    expect(provider.calls).toEqual([
      { siteKey: 'site-key', action: 'homepage' },
      { siteKey: 'site-key', action: 'contactform' },
    ]);
  });

  it('waits for the provider when a token is asked for while the script is still loading', async () => {
    const scope: { grecaptcha?: Grecaptcha } = {};
    const client = createRecaptchaClient({ document, scope });
    const provider = stubProvider();
    void client.load('site-key');
    const token = client.execute('contactform');
    provide(scope, provider.grecaptcha);
    await expect(token).resolves.toBe('token:contactform:1');
  });

  it('uses a provider the page already has, without a second script', async () => {
    const provider = stubProvider();
    const scope = { grecaptcha: provider.grecaptcha };
    const client = createRecaptchaClient({ document, scope });
    await client.load('site-key');
    expect(scripts()).toEqual([]);
    await expect(client.execute('homepage')).resolves.toBe('token:homepage:1');
  });

  it('refuses tokens before any site key was loaded', async () => {
    const client = createRecaptchaClient({ document, scope: {} });
    await expect(client.execute('homepage')).rejects.toThrow('no site key');
  });

  it('passes a token failure on (the form only logs it)', async () => {
    const { client, provider } = await loadedClient();
    provider.fail(true);
    await expect(client.execute('contactform')).rejects.toThrow('reCAPTCHA network error');
    provider.fail(false);
    await expect(client.execute('contactform')).resolves.toMatch(/^token:contactform:/);
  });

  it('fails when the script cannot load, and tries again on the next load', async () => {
    const scope: { grecaptcha?: Grecaptcha } = {};
    const client = createRecaptchaClient({ document, scope });
    const first = client.load('site-key');
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('could not load');

    const provider = stubProvider();
    const second = client.load('site-key');
    expect(scripts()).toHaveLength(2);
    provide(scope, provider.grecaptcha);
    await expect(second).resolves.toBeUndefined();
  });

  it('fails when the script loads but defines no grecaptcha', async () => {
    const client = createRecaptchaClient({ document, scope: {} });
    const loading = client.load('site-key');
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow('defined no grecaptcha');
  });

  it('never loads the provider without a site key: the setup actor reads the config first', async () => {
    vi.resetModules();
    const { recaptchaSetup } = await import('../../src/services/shared/recaptcha.actor.ts');
    const { createActor, toPromise } = await import('xstate');
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ recaptchaSiteKey: null, googleMapsApiKey: null }), { headers: { 'Content-Type': 'application/json' } }));
    try {
      const actor = createActor(recaptchaSetup, { input: { root: 'http://site.test/wp-json/' } });
      actor.start();
      await expect(toPromise(actor)).resolves.toEqual({ siteKey: null });
      expect(scripts()).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
