import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, apiSuccessSchema } from '../../contracts/responses';
import { replyWithError } from './plugins/errors';
import { type ZodMiniTypeProvider, zodSerializerCompiler } from './validation';

async function appWith(reply: unknown, status = 201) {
  const app = Fastify().withTypeProvider<ZodMiniTypeProvider>();
  app.setSerializerCompiler(zodSerializerCompiler);
  app.setErrorHandler(replyWithError);
  app.post('/api/thing', { schema: { response: { 201: apiSuccessSchema, ...API_ERRORS } } }, async (_request, answer) =>
    answer.code(status).send(reply as never),
  );
  await app.ready();
  return app;
}

/** A route's response schema checks the reply and sends only what it names, error answers included. */
describe('response schemas', () => {
  it('sends the fields the schema names and drops any other (nothing internal leaks by mistake)', async () => {
    const app = await appWith({ ok: true, confirmation: 'email', rowId: 42, email: 'marie@example.com' });
    const response = await app.inject({ method: 'POST', url: '/api/thing' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 201, body: { ok: true, confirmation: 'email' } });
  });

  it('keeps every field of an error answer: fields, retryAfter, proof, writable', async () => {
    const body = { ok: false, error: 'invalid_request', fields: { email: 'invalid_email' }, retryAfter: 60, proof: 'used', writable: false };
    const app = await appWith(body, 400);
    const response = await app.inject({ method: 'POST', url: '/api/thing' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body });
  });

  it('answers 500 internal, not a malformed answer, when a reply breaks its schema', async () => {
    const app = await appWith({ ok: 'yes' });
    const response = await app.inject({ method: 'POST', url: '/api/thing' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 500, body: { ok: false, error: 'internal' } });
  });

  it('refuses a response schema that is not a contract’s zod schema, when the route is registered', async () => {
    const app = Fastify();
    app.setSerializerCompiler(zodSerializerCompiler);
    app.get('/api/plain', { schema: { response: { 200: { type: 'object' } } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/a response schema is one of the contracts' zod schemas/);
  });
});
