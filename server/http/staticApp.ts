import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode } from '../../api/contract';
import { isApiPath, pathOf } from './apiPaths';

// Hashed bundles never change under one name, so browsers may keep them for a year; everything else
// (index.html above all) must be revalidated so a new build reaches people on their next visit.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Source maps (and the .br/.gz copies the build writes of them) map the bundles back to the original sources:
 * they are the build's, never the public's. Checked on the decoded path, in any case, with trailing slashes dropped.
 */
const SOURCE_MAP = /\.map(?:\.(?:br|gz))?\/*$/i;

export function isSourceMapPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A broken escape: judged as written.
  }
  return SOURCE_MAP.test(decoded) || SOURCE_MAP.test(pathname);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fundflow</title></head>
<body>
<h1>Fundflow API is running</h1>
<p>The web app has not been built yet. Run <code>npm run build</code>, then restart the server
(or use <code>npm run dev</code> while developing).</p>
<p>API health: <a href="/api/health">/api/health</a></p>
</body></html>`;

/**
 * Serves the built web app from distDir and answers every other HTML navigation with index.html (the app's
 * router decides), and API-looking or non-HTML misses with a JSON 404.
 */
export function registerStaticApp(app: FastifyInstance, distDir: string | null | undefined): void {
  const root = distDir ? resolve(distDir) : null;
  const built = root !== null && existsSync(join(root, 'index.html'));

  if (built) {
    app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: 'index.html',
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz copies of its text files: sent when the browser accepts them.
      preCompressed: true,
      // Source maps are never sent; the request falls through to the not-found handler (a 404).
      allowedPath: (pathname) => !isSourceMapPath(pathname),
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isHtmlNavigation(request)) {
      if (built) return reply.sendFile('index.html');
      return reply
        .code(pathOf(request.url) === '/' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(NOT_BUILT_PAGE);
    }
    return reply.code(404).send({
      errorCode: ApiErrorCode.NOT_FOUND,
      message: `There is no ${request.method} ${truncate(pathOf(request.url))} here.`,
    });
  });
}

function isHtmlNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  // A map's path is a file's, never a page of the app: a plain 404, not the app shell.
  if (isSourceMapPath(pathOf(request.url))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

const truncate = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}…` : text);
