import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli or gzip for dynamic responses. Must be registered before any route: it attaches
 * itself to routes as they are added. Static files come precompressed from the build and
 * already carry Content-Encoding, which this plugin leaves alone (no double compression).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    // Browsers never send compressed request bodies; inflating them would only open the
    // door to decompression bombs.
    globalDecompression: false,
  });
}
