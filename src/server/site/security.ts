import helmet from '@fastify/helmet';
import { type CspExtras, buildCsp } from '../core/csp';
import fp from 'fastify-plugin';

/**
 * Browser features the page may use: the microphone, for the voice demo, on our own origin only.
 * The powerful features it never uses are switched off by name, so neither an injected script
 * nor a framed page can ask for them. Only names Chromium knows: an unknown one is a console error.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;
export const PERMISSIONS_POLICY = ['microphone=(self)', ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(', ');

/**
 * Security headers. Helmet sets the fixed ones (nosniff, referrer policy, frame options, no
 * X-Powered-By, ...). CSP and HSTS depend on whether the request came over HTTPS
 * (request.protocol honours X-Forwarded-Proto from trusted proxies only), so they are set here.
 */
export const securityPlugin = fp<{ cspExtras: CspExtras }>(
  async (app, { cspExtras }) => {
    await app.register(helmet, {
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Same intent as CSP frame-ancestors 'none', for browsers that only know the old header.
      xFrameOptions: { action: 'deny' },
    });

    const policy = { http: buildCsp(cspExtras, { https: false }), https: buildCsp(cspExtras, { https: true }) };
    app.addHook('onRequest', async (request, reply) => {
      const https = request.protocol === 'https';
      reply.header('content-security-policy', https ? policy.https : policy.http);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // One year, this host only: includeSubDomains could break other services of the firm's domain.
      if (https) reply.header('strict-transport-security', 'max-age=31536000');
      // API answers are about one request, some about one person: no browser or proxy keeps them.
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);
