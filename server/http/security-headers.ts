import type { FastifyInstance, FastifyRequest } from 'fastify';

// No inline scripts and no eval: user and CMS text can never run as code in the shop.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** The headers every reply carries; also for replies that take over the raw response (event streams). */
export function securityHeaders(request: FastifyRequest): Record<string, string> {
  return {
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(request.protocol === 'https' ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(securityHeaders(request));
    return payload;
  });
}
