import { describe, expect, it } from 'vitest';
import { useFormApp, VALID_CONTACT } from '../../../../test/form-app';
import { ENGINES } from '../../../../test/storage';

/** The API's scope (./api-scope.ts, ./errors.ts): JSON bodies only, 32 KiB, and a JSON 404 for what it does not serve. */
describe.each(ENGINES)('the /api scope on %s', (engine) => {
  const form = useFormApp(engine);
  const { start, post, counts } = form;

  it('rejects unknown fields, other content types, big bodies and broken JSON', async () => {
    await start();
    const before = await counts();
    const unknownField = await post('/api/contact', { ...VALID_CONTACT, budget: 5000 });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ ok: false, error: 'invalid_request' });

    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const response = await post('/api/newsletter', 'email=a%40b.co', { 'content-type': type });
      expect({ type, status: response.statusCode }).toEqual({ type, status: 415 });
      expect(response.json()).toEqual({ ok: false, error: 'unsupported_body' });
    }

    const tooLarge = await post('/api/contact', { ...VALID_CONTACT, message: 'x'.repeat(40 * 1024) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ ok: false, error: 'unsupported_body' });

    for (const payload of ['{"email": "a@b.co"', '', 'null', '[]', '"a@b.co"']) {
      const response = await post('/api/newsletter', payload, { 'content-type': 'application/json' });
      expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
      expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
    }
    expect(await counts()).toEqual(before);
  });
  it('answers unknown /api paths and methods with 404 not_found JSON, malformed URLs with 400', async () => {
    await start();
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/api/contact'],
      ['DELETE', '/api/newsletter'],
      ['POST', '/api'],
    ] as const) {
      const response = await form.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ ok: false, error: 'not_found' });
    }
    const badUrl = await form.app.inject({ url: '/api/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ ok: false, error: 'invalid_request' });
  });
});
