import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_PATH } from './image-path.ts';
import type { ImageEntry } from './load.ts';
import type { ContentService } from './service.ts';

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/**
 * `/graphql` (GET and POST) and the content images on a Fastify server. Query answers may be cached
 * for a minute by browsers and CDNs; images, which change only with a release, for a day.
 */
export const contentRoutes: FastifyPluginAsync<{
  /**
   * Makes the service at the first request that needs it: the API passes a dynamic import, so a
   * server starts without GraphQL's 770 modules (a third of its start) and the first content
   * request after a start loads them. Made once; a failed making is tried again next request.
   */
  service: () => ContentService | Promise<ContentService>;
}> = async (app, options) => {
  let making: Promise<{ service: ContentService; files: Map<string, ImageEntry> }> | undefined;
  const loaded = () => {
    if (!making) {
      making = (async () => {
        const service = await options.service();
        const files = new Map([...service.content.images.values()].map((image) => [image.file, image]));
        return { service, files };
      })();
      making.catch(() => {
        making = undefined;
      });
    }
    return making;
  };

  app.route({
    url: '/graphql',
    method: ['GET', 'POST'],
    handler: async (request, reply) => {
      const headers = new Headers();
      for (const name of ['content-type', 'accept']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      const { service } = await loaded();
      const response = await service.yoga.fetch(`http://content.local${request.url}`, {
        method: request.method,
        headers,
        body: request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
      });
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') reply.header(name, value);
      });
      if (request.method === 'GET' && response.ok) reply.header('cache-control', 'public, max-age=60');
      return reply.send(await response.text());
    },
  });

  app.get<{ Params: { file: string } }>(`${IMAGE_PATH}/:file`, async (request, reply) => {
    // Only files named in images.json: no path ever reaches the file system from the request.
    const { service, files } = await loaded();
    const image = files.get(request.params.file);
    if (!image) return reply.callNotFound();
    const extension = image.file.slice(image.file.lastIndexOf('.') + 1);
    reply.header('content-type', IMAGE_TYPES[extension] ?? 'application/octet-stream');
    reply.header('cache-control', 'public, max-age=86400');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(await readFile(join(service.content.dataDir, 'images', image.file)));
  });
};
