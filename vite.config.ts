// Vite builds the browser bundle (dist/client) and the SSR bundle of src/entry-server.tsx
// (dist/ssr) that scripts/prerender.ts uses. Two small plugins make the dev server behave like
// the built site: optimised pictures are served from the image cache, and pages are rendered
// on the server and hydrated, exactly as in production.
import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { readRetentionDays } from './src/validation/privacy/retention-periods.ts';
import { imageMimeTypes, type ImageFormat } from './content/image-manifest.ts';
import { applyTemplate } from './server/site-render/render-site.ts';
import { IMAGE_BASE_PATH, optimiseImages, type OptimiseImagesResult } from './scripts/optimise-images.ts';

const formatOfExtension: Record<string, ImageFormat> = { '.avif': 'avif', '.webp': 'webp', '.jpg': 'jpeg', '.png': 'png' };

/**
 * Optimises content/images (cached, so cheap when nothing changed), serves the variants under
 * /assets/images/ in dev and emits them into the client build. The SSR build only needs the
 * manifest, which it imports like any module.
 */
function optimisedImages(): Plugin {
  let run: Promise<OptimiseImagesResult> | undefined;
  const optimise = (log: (line: string) => void) => (run ??= optimiseImages({ log }));
  return {
    name: 'site:optimised-images',
    async buildStart() {
      await optimise((line) => this.info(line));
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? '';
        if (!pathname.startsWith(IMAGE_BASE_PATH)) return next();
        try {
          const { cacheDir, files } = await optimise((line) => server.config.logger.info(line));
          const file = basename(pathname);
          const format = formatOfExtension[extname(file)];
          if (!files.includes(file) || !format) return next();
          res.setHeader('Content-Type', imageMimeTypes[format]);
          res.setHeader('Cache-Control', 'no-cache');
          res.end(await readFile(join(cacheDir, file)));
        } catch (error) {
          next(error);
        }
      });
    },
    async generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      const { cacheDir, files } = await optimise((line) => this.info(line));
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: `${IMAGE_BASE_PATH.slice(1)}${file}`, source: await readFile(join(cacheDir, file)) });
      }
    },
  };
}

/** In dev, pages are rendered by src/entry-server.tsx and hydrated, like the prerendered build. */
function devServerRendering(): Plugin {
  return {
    name: 'site:dev-server-rendering',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.originalUrl ?? req.url ?? '/', 'http://localhost');
        const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
        const isAsset = /\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.endsWith('.html');
        // The console is a client-rendered page of its own: Vite serves admin/index.html at
        // /admin/, and /admin goes there as the server sends it (server/routes/static-site.ts).
        if (url.pathname === '/admin') {
          res.writeHead(301, { Location: `/admin/${url.search}` }).end();
          return;
        }
        const isConsole = url.pathname.startsWith('/admin/');
        if (!wantsPage || isAsset || isConsole) return next();
        try {
          const template = await server.transformIndexHtml(url.pathname, await readFile('index.html', 'utf8'));
          const entry = (await server.ssrLoadModule('/src/entry-server.tsx')) as typeof import('./src/entry-server.tsx');
          // The query too: `/?category=x` renders the grid filtered, as the built site serves it.
          // Loaded through Vite too, so an edited document shows at the next reload.
          const { repositoryContent } = (await server.ssrLoadModule('/content/repository-content.ts')) as typeof import('./content/repository-content.ts');
          const { imageManifest } = (await server.ssrLoadModule('/content/image-manifest.ts')) as typeof import('./content/image-manifest.ts');
          const page = entry.render(`${url.pathname}${url.search}`, repositoryContent(), imageManifest);
          res.statusCode = page.status;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(applyTemplate(template, page));
        } catch (error) {
          server.ssrFixStacktrace(error as Error);
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), optimisedImages(), devServerRendering()],
  // Multi-page: no SPA fallback, every route is its own prerendered HTML file.
  appType: 'mpa',
  define: {
    // The footer's copyright year, fixed at build so the prerender and hydration agree.
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
    // The retention periods the privacy page states: read from the build's environment with the
    // server's own reader, and stamped beside the SSR bundle (README, "Privacy"), so the server
    // refuses to start with other numbers.
    'import.meta.env.VITE_RETENTION_DAYS': JSON.stringify(JSON.stringify(readRetentionDays(process.env))),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunk imports which, for the bundle budget
    // (bench/bundle.ts). The server leaves dot folders out.
    manifest: true,
    // Fonts stay files: the Content-Security-Policy allows fonts from the site itself, not
    // `data:` URLs (lightGallery's icon font would otherwise be inlined into its stylesheet).
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf|eot)$/.test(file) ? false : undefined),
  },
  preview: {
    port: 4173,
  },
});
