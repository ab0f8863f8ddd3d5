import type { FastifyInstance } from 'fastify';

const nullableString = { type: ['string', 'null'] } as const;

/**
 * `GET /wp-json/site/v1/config`: the public keys and switches the browser needs, so they are
 * not baked into the build (`clickCounts`: CLICK_COUNTS, whether pages show their links'
 * counts). They only change with a restart, hence a short public cache.
 */
export default async function siteConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/wp-json/site/v1/config',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['recaptchaSiteKey', 'googleMapsApiKey', 'lightGalleryLicenseKey', 'clickCounts'],
            properties: { recaptchaSiteKey: nullableString, googleMapsApiKey: nullableString, lightGalleryLicenseKey: nullableString, clickCounts: { type: 'boolean' } },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        recaptchaSiteKey: app.config.recaptchaSiteKey,
        googleMapsApiKey: app.config.googleMapsApiKey,
        lightGalleryLicenseKey: app.config.lightGalleryLicenseKey,
        clickCounts: app.config.clickCounts,
      };
    },
  );
}
