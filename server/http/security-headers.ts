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

const COMMON = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
// Made once: every reply sets them, and a catalogue request is a fraction of a millisecond.
const OVER_HTTP: Readonly<Record<string, string>> = Object.freeze({ ...COMMON });
const OVER_HTTPS: Readonly<Record<string, string>> = Object.freeze({ ...COMMON, 'strict-transport-security': 'max-age=31536000; includeSubDomains' });

/** The headers every reply carries; also for replies that take over the raw response (event streams). */
export function securityHeaders(request: FastifyRequest): Readonly<Record<string, string>> {
  return request.protocol === 'https' ? OVER_HTTPS : OVER_HTTP;
}

/**
 * Set here rather than through @fastify/helmet, which was weighed against this policy: helmet sends
 * Strict-Transport-Security on every reply, while the shop sends it only over HTTPS (as its proxy
 * reports through TRUST_PROXY), never to a plain-HTTP development shop; it has no Permissions-Policy;
 * and it adds seven headers of its own (Cross-Origin-Opener- and -Resource-Policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection)
 * that would each have to be switched off to keep the policy as it is. What would remain for helmet is
 * four fixed strings, with two headers still written here, and a middleware run per request instead of
 * one frozen object; the hijacked change stream would still need `securityHeaders` above.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per reply.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(securityHeaders(request));
    done(null, payload);
  });
}
