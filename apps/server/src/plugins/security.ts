import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '@kolikko/core/errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sec-Fetch-Site names another site (`cross-site`, or `same-site`: a sibling subdomain). Our own
 * pages send `same-origin`, an address typed or bookmarked `none`; clients that send no such header
 * (curl, server to server) carry no victim's cookie.
 */
const isCrossSite = (request: FastifyRequest) => {
  const site = request.headers['sec-fetch-site'];
  return Boolean(site) && site !== 'same-origin' && site !== 'none';
};

/**
 * For a GET that changes something (the spec's GET /api/logout): a link or form on another site
 * must not do it. Browsers send Sec-Fetch-Site with every navigation, so such a request is known.
 */
export async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  if (isCrossSite(request)) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS', { message: 'Cross-site request refused' });
}

/**
 * The built app's fingerprinted files (web.ts: Vite's JavaScript, CSS and images under /assets/,
 * cached for a year): served as they are, to anyone, and never a document.
 */
export const isAsset = (url: string): boolean => url.startsWith('/assets/');

/** Video hosts a todo may embed (DESIGN.md section 7). */
const VIDEO_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * Stripe's hosts (its security guide): Stripe.js and the Payment Element's frames, and its API.
 * Allowed only when card payments go through Stripe; only the checkout page loads them.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Security headers (a CSP without inline script) and the same-origin check: a request that
 * changes something and carries a cookie must come from this site's own pages.
 */
async function securityPlugin(app: FastifyInstance, opts: { publicUrl: string; secure: boolean; stripe?: boolean }) {
  const stripe = (hosts: string[]) => (opts.stripe ? hosts : []);
  // Helmet's middleware is built once: @fastify/helmet rebuilt it (parsing the CSP) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe(STRIPE.script)],
        // Mantine writes its CSS variables into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...stripe(STRIPE.connect)],
        // 'self': the demo at /proto shows the app's own pages in two frames (issue 19).
        frameSrc: ["'self'", ...VIDEO_FRAMES, ...stripe(STRIPE.frame)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Framed by the site's own pages only (the demo at /proto); never by another site.
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: opts.secure ? [] : null,
      },
    },
    hsts: opts.secure,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isAsset(request.url)) {
      // A script, style sheet or image is no document: a policy on it is never applied (the app
      // starts no worker), and the 11 headers cost a phone some 800 bytes a file, sent 16 times
      // on a student's first load (bench/README.md, "What crosses the wire").
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
      done();
      return;
    }
    securityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });

  const publicOrigin = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method) || !request.headers.cookie) return;
    const origin = request.headers.origin;
    if (origin) {
      const own = new Set([publicOrigin, `http://${request.headers.host}`, `https://${request.headers.host}`]);
      if (!own.has(origin)) throw new AppError('PERMISSION.INSUFFICIENT_PERMISSIONS', { message: 'Cross-site request refused' });
      return;
    }
    await refuseCrossSite(request);
  });
}

export default fp(securityPlugin, { name: 'security' });
