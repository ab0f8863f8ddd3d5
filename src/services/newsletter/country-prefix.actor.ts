// The prefix picker's one effect: fetch a `sib_country_prefix` nonce, post for the list, read it.
// A nonce the server calls stale is fetched again once (a page left open overnight).
import { fromPromise } from 'xstate';
import { parseCountryPrefixList, type CountryPrefix } from './country-prefix-list.service.ts';
import { createNewsletterClient, INVALID_NONCE_CODE, NONCE_ACTIONS, NewsletterApiError, type NewsletterClient } from './newsletter-api.client.ts';

export async function loadCountryPrefixes(client: NewsletterClient, signal?: AbortSignal): Promise<CountryPrefix[]> {
  const list = async () => client.countryPrefixList(await client.nonce(NONCE_ACTIONS.countryPrefix, signal), signal);
  try {
    return parseCountryPrefixList(await list());
  } catch (error) {
    if (!(error instanceof NewsletterApiError) || error.message !== INVALID_NONCE_CODE) throw error;
    return parseCountryPrefixList(await list());
  }
}

export const fetchCountryPrefixes = fromPromise<CountryPrefix[]>(({ signal }) => loadCountryPrefixes(createNewsletterClient(), signal));
