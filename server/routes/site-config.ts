import type { FastifyInstance } from 'fastify';

const nullableString = { type: ['string', 'null'] } as const;

/**
 * `GET /wp-json/site/v1/config`: the public keys and switches the browser needs, so they are
 * not baked into the build (`clickCounts`: CLICK_COUNTS, whether pages show their links'
 * counts; `mapLoad`: MAP_LOAD, when Google Maps loads). They only change with a restart, hence a short public cache.
 */
export default async function siteConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/wp-json/site/v1/config',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['recaptchaSiteKey', 'googleMapsApiKey', 'mapLoad', 'lightGalleryLicenseKey', 'clickCounts'],
            properties: { recaptchaSiteKey: nullableString, googleMapsApiKey: nullableString, mapLoad: { type: 'string', enum: ['click', 'visible'] }, lightGalleryLicenseKey: nullableString, clickCounts: { type: 'boolean' } },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        recaptchaSiteKey: app.config.recaptchaSiteKey,
        googleMapsApiKey: app.config.googleMapsApiKey,
        mapLoad: app.config.mapLoad,
        lightGalleryLicenseKey: app.config.lightGalleryLicenseKey,
        clickCounts: app.config.clickCounts,
      };
    },
  );
}
