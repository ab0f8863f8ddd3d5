import type { FastifyInstance } from 'fastify';
import { CAPTCHA_IMAGE_PATH } from '../contact-form/refill.ts';

/**
 * `GET /wp-content/uploads/wpcf7_captcha/<id>.svg`: a captcha image, on the path CF7 with
 * Really Simple CAPTCHA serves them from. Private and never stored by caches: the image is
 * the secret. Unknown or expired ids are a plain 404.
 */
export default async function captchaImageRoutes(app: FastifyInstance): Promise<void> {
  // Answers SVG or a plain-text 404: no JSON to describe.
  const params = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^\\d+$' } } } as const;
  app.get<{ Params: { id: string } }>(`${CAPTCHA_IMAGE_PATH}/:id(^\\d+).svg`, { schema: { params } }, async (request, reply) => {
    const svg = await app.captchas.image(request.params.id);
    reply.header('cache-control', 'no-store');
    if (svg === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.type('image/svg+xml').send(svg);
  });
}
