// Security headers (CSP with a per-request nonce, frame-ancestors, nosniff, referrer policy, HSTS
// behind TLS), body-type checks and CORS for the allowed origins only.
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { AppError } from '../core/errors';

/**
 * 16 fresh random bytes, base64, for one response's nonce. Drawn from a pool of the system's random
 * bytes filled 256 nonces at a time, each slice handed out once: a system call per request costs a
 * visible share of the server's thread under load (Node pools `randomUUID` the same way).
 */
const NONCE_BYTES = 16;
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
export function freshNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export function nonceMiddleware(_req: Request, res: Response, next: NextFunction): void {
  res.locals.nonce = freshNonce();
  next();
}

export function securityHeaders(dev: boolean) {
  const scriptSrc = dev ? ["'self'", "'unsafe-inline'"] : ["'self'", (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.nonce as string}'`];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only makes sense over TLS: set per request below.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

export function hstsWhenSecure(req: Request, res: Response, next: NextFunction): void {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}

/** Writes to the API must be JSON: anything else is a 415, not a confusing validation error. */
export function requireJsonBody(req: Request, _res: Response, next: NextFunction): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) && hasBody && !req.is('application/json')) {
    next(new AppError('unsupported_media_type', 'unsupported', 'Send the request body as application/json.', { hint: 'Set Content-Type: application/json.' }));
    return;
  }
  next();
}

/** CORS for the configured origins only, never with credentials; other origins get no CORS headers. */
export function corsFor(allowed: string[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.headers.origin;
    res.vary('Origin');
    if (origin && allowed.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
        res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
        res.status(204).end();
        return;
      }
    }
    next();
  };
}

/**
 * CSRF defence for cookie-authenticated writes: a browser marks cross-site requests (Sec-Fetch-Site)
 * and names their Origin; any state-changing request from another site is refused. SameSite=Lax
 * cookies are the second layer.
 */
export function refuseCrossSiteWrites(allowedOrigins: string[]) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const own = `${req.protocol}://${req.get('host')}`;
    const foreignOrigin = origin !== undefined && origin !== 'null' && origin !== own && !allowedOrigins.includes(origin);
    if (site === 'cross-site' || foreignOrigin || origin === 'null') {
      next(
        new AppError('cross_site_request', 'forbidden', 'This request came from another site and was refused.', { hint: 'Submit the form from this site.' }),
      );
      return;
    }
    next();
  };
}
