import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';

let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.cleanup();
  testApp = undefined;
});

describe(`GET /wp-json/site/v1/config on ${testDialect}`, () => {
  it('gives the browser the public keys, and only those', async () => {
    testApp = await createTestApp({
      RECAPTCHA_SITE_KEY: '6LcPublicSiteKey',
      RECAPTCHA_SECRET: '6LcPrivateSecret',
      GOOGLE_MAPS_API_KEY: 'AIzaPublicMapsKey',
      LIGHTGALLERY_LICENSE_KEY: '1A2B-3C4D-5E6-7F80',
      NONCE_SECRET: 'private-nonce-secret-0123456789abcdef',
      CLICK_COUNTS: 'on',
      MAP_LOAD: 'visible',
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/wp-json/site/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ recaptchaSiteKey: '6LcPublicSiteKey', googleMapsApiKey: 'AIzaPublicMapsKey', mapLoad: 'visible', lightGalleryLicenseKey: '1A2B-3C4D-5E6-7F80', clickCounts: true });
    expect(response.body).not.toContain('Private');
    expect(response.body).not.toContain('private');
  });

  it('answers null for services that are not configured, click counts off and the map on click by default', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/wp-json/site/v1/config' });
    expect(response.json()).toEqual({ recaptchaSiteKey: null, googleMapsApiKey: null, mapLoad: 'click', lightGalleryLicenseKey: null, clickCounts: false });
  });

  it('may be cached briefly', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/wp-json/site/v1/config' });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});
