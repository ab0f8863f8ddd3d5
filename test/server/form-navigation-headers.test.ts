import { describe, expect, it } from 'vitest';
import { isFormNavigation } from '../../server/http/form-navigation.ts';
import { isSameOriginRequest } from '../../server/http/same-origin.ts';
import { BROWSER_ACCEPT } from './helpers/form-navigation.ts';

/*
 * How the form routes read a request's headers (README.md, "Forms before their code" and "The
 * newsletter"): whether it is the browser's own form submission, answered with a page
 * (isFormNavigation), and whether the browser says it comes from the site's own page, which is
 * what lets the newsletter take a sign-up without a nonce (isSameOriginRequest).
 */

const request = (headers: Record<string, string>) => ({ headers });

/** Accept as jQuery sends it for `dataType: 'json'` (the Brevo plugin's script). */
const JQUERY_JSON_ACCEPT = 'application/json, text/javascript, */*; q=0.01';
/** Accept of a navigation in Firefox and in Safari before Sec-Fetch-*. */
const FIREFOX_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const OLD_SAFARI_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('isFormNavigation', () => {
  it('is a navigation when Sec-Fetch-Mode says navigate, whatever Accept says', () => {
    expect(isFormNavigation(request({ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', accept: BROWSER_ACCEPT }))).toBe(true);
    expect(isFormNavigation(request({ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe', accept: 'application/json' }))).toBe(true);
    expect(isFormNavigation(request({ 'sec-fetch-mode': 'Navigate' }))).toBe(true);
  });

  it('is no navigation when Sec-Fetch-Mode says cors (or anything else), whatever Accept says', () => {
    expect(isFormNavigation(request({ 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', accept: BROWSER_ACCEPT }))).toBe(false);
    expect(isFormNavigation(request({ 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'document', accept: 'text/html' }))).toBe(false);
    expect(isFormNavigation(request({ 'sec-fetch-mode': 'same-origin', accept: 'text/html' }))).toBe(false);
    expect(isFormNavigation(request({ 'sec-fetch-mode': 'no-cors', accept: 'text/html' }))).toBe(false);
  });

  it('reads Sec-Fetch-Dest when Sec-Fetch-Mode is missing', () => {
    expect(isFormNavigation(request({ 'sec-fetch-dest': 'document' }))).toBe(true);
    expect(isFormNavigation(request({ 'sec-fetch-dest': 'frame' }))).toBe(true);
    expect(isFormNavigation(request({ 'sec-fetch-dest': 'empty', accept: 'text/html' }))).toBe(false);
  });

  it('without Sec-Fetch headers, is a navigation when Accept prefers text/html over JSON', () => {
    for (const accept of [BROWSER_ACCEPT, FIREFOX_ACCEPT, OLD_SAFARI_ACCEPT, 'text/html', 'text/*', 'application/json;q=0.5, text/html']) {
      expect(isFormNavigation(request({ accept })), accept).toBe(true);
    }
  });

  it('without Sec-Fetch headers, is no navigation for a script asking for JSON or taking anything equally', () => {
    for (const accept of ['application/json', JQUERY_JSON_ACCEPT, 'application/json, */*;q=0.1', '*/*', 'application/*', 'text/html;q=0.5, application/json', 'text/html, application/json', 'text/plain', '']) {
      expect(isFormNavigation(request({ accept })), accept).toBe(false);
    }
    expect(isFormNavigation(request({}))).toBe(false);
  });
});

describe('isSameOriginRequest', () => {
  const SITE = 'https://example.co.za';

  it('is true when Origin is the site\'s and Sec-Fetch-Site, when sent, is same-origin', () => {
    expect(isSameOriginRequest(SITE, request({ origin: SITE, 'sec-fetch-site': 'same-origin' }))).toBe(true);
    // A browser too old to send Sec-Fetch-Site (Safari before 16.4) still sends Origin.
    expect(isSameOriginRequest(SITE, request({ origin: SITE }))).toBe(true);
  });

  it('is false when Sec-Fetch-Site says the request comes from anywhere but the site\'s own origin', () => {
    for (const site of ['same-site', 'cross-site', 'none', 'Same-Origin']) {
      expect(isSameOriginRequest(SITE, request({ origin: SITE, 'sec-fetch-site': site })), site).toBe(false);
    }
  });

  it('is false without Origin, with Origin null, or with another origin, a subdomain or the bare host among them', () => {
    expect(isSameOriginRequest(SITE, request({}))).toBe(false);
    expect(isSameOriginRequest(SITE, request({ 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isSameOriginRequest(SITE, request({ origin: 'null', 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isSameOriginRequest(SITE, request({ origin: 'null' }))).toBe(false);
    for (const origin of ['https://www.example.co.za', 'http://example.co.za', 'https://example.co.za:8443', 'https://example.co.za.evil.example', 'https://evil.example', 'not an origin']) {
      expect(isSameOriginRequest(SITE, request({ origin })), origin).toBe(false);
    }
    expect(isSameOriginRequest('https://www.example.co.za', request({ origin: SITE }))).toBe(false);
  });
});
