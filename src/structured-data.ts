// The home page's structured data for search engines (README.md, "Public files for machines"):
// one JSON-LD `Organization` with its offices as `LocalBusiness`es, made from the same company
// content the contact section and the footer show (content/documents/company.json), so the two never differ.
import type { Company, Office } from '../content/index.ts';

type Hours = Company['hours'][number];

/** schema.org's OpeningHoursSpecification; a closed row opens and closes at 00:00, as schema.org says. */
function openingHours(row: Hours) {
  return {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: row.dayOfWeek.map((day) => `https://schema.org/${day}`),
    opens: row.opens ?? '00:00',
    closes: row.closes ?? '00:00',
  };
}

function localBusiness(company: Company, office: Office, baseUrl: string) {
  const { address } = office;
  return {
    '@type': 'LocalBusiness',
    '@id': `${baseUrl}/#office-${office.id}`,
    name: `${company.name}, ${office.name}`,
    url: `${baseUrl}/#contact`,
    telephone: office.phone,
    email: office.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${address.street}, ${address.suburb}`,
      addressLocality: address.city,
      addressRegion: address.province,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: office.coordinates.lat, longitude: office.coordinates.lng },
    hasMap: office.mapsUrl,
    openingHoursSpecification: company.hours.map(openingHours),
  };
}

/** The data itself: `Organization` with `subOrganization` = one `LocalBusiness` per office. */
export function organizationData(company: Company, baseUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${baseUrl}/#organization`,
    name: company.name,
    legalName: company.legalName,
    description: company.tagline,
    url: `${baseUrl}/`,
    telephone: company.phone,
    email: company.email,
    foundingDate: String(company.founded),
    vatID: company.registration.vatNumber,
    sameAs: [company.social.facebook, company.social.linkedin, company.social.instagram],
    subOrganization: company.offices.map((office) => localBusiness(company, office, baseUrl)),
  };
}

/**
 * The `<script type="application/ld+json">` for the head. JSON may hold `</script>` or `<!--`
 * in a string, which would end the element or change how HTML reads it: every `<` (and `>`, `&`,
 * U+2028/2029) is written as a \u escape, which JSON reads back as the same character.
 */
export function organizationJsonLd(company: Company, baseUrl: string): string {
  const json = JSON.stringify(organizationData(company, baseUrl)).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}
