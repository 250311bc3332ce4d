import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * On-the-fly compression for responses of 1 KiB and more with a compressible type: HTML or
 * assets the build did not pre-compress, the 404 page. API answers are a few dozen bytes, below
 * the threshold. Pre-compressed .br/.gz files are served as they are by site/static.ts.
 */
export const compressPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Request bodies are small JSON; accepting compressed ones would only widen the attack surface.
      globalDecompression: false,
    });
  },
  { name: 'compress' },
);
