import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { createStore } from '../store';
import { useFormApp, VALID_CONTACT } from '../../../test/form-app';
import { ENGINES, captureLogs, testConfig } from '../../../test/storage';
import { solve } from '../../../test/proof';

/**
 * What both form routes share (./submission.ts and the contracts' schemas): a clear 400 per field
 * for what cannot be stored, and a honeypot that stores nothing; nothing refused is ever stored.
 */
describe.each(ENGINES)('a form post, contact or newsletter, on %s', (engine) => {
  const form = useFormApp(engine);
  const { start, post, counts } = form;

  it('answers 400 with a code per field and stores nothing', async () => {
    await start();
    const before = await counts();
    const response = await post('/api/contact', { name: '   ', phone: 'call me', email: 'nope', message: '', company: 'x'.repeat(161) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      error: 'invalid_request',
      fields: { name: 'required', phone: 'invalid_phone', email: 'invalid_email', message: 'required', company: 'too_long' },
    });
    const newsletter = await post('/api/newsletter', { email: 'a b@c.d' });
    expect(newsletter.json()).toEqual({ ok: false, error: 'invalid_request', fields: { email: 'invalid_email' } });
    // Fields left out altogether are required, as empty ones are; a field of the wrong type is invalid.
    expect((await post('/api/contact', { email: 'marie@example.com' })).json()).toEqual({
      ok: false,
      error: 'invalid_request',
      fields: { name: 'required', phone: 'required', message: 'required' },
    });
    expect((await post('/api/newsletter', {})).json()).toEqual({ ok: false, error: 'invalid_request', fields: { email: 'required' } });
    expect((await post('/api/contact', { ...VALID_CONTACT, phone: 5145550100 })).json()).toMatchObject({ fields: { phone: 'invalid' } });
    expect(await counts()).toEqual(before);
  });
  it('answers 400 naming the field for text no one could read back, and two-address e-mails', async () => {
    await start();
    const before = await counts();
    const refused = async (url: string, body: string | object, field: string, code: string) => {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const response = await post(url, payload, { 'content-type': 'application/json' });
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status: 400,
        body: { ok: false, error: 'invalid_request', fields: { [field]: code } },
      });
    };
    // Only control characters: they pass "required", and would store the row with an empty name.
    await refused('/api/contact', { ...VALID_CONTACT, name: '\u0000' }, 'name', 'invalid_characters');
    await refused('/api/contact', { ...VALID_CONTACT, message: '\u0000\u0001\u0002' }, 'message', 'invalid_characters');
    await refused('/api/contact', { ...VALID_CONTACT, company: 'Cie\u0007' }, 'company', 'invalid_characters');
    // A phone number is one line: CR, LF and tab would break the lines of the firm's e-mail and the export.
    for (const phone of ['514 555 0100\r\nBcc: x@e.ca', '514\n555\n0100', '514\t555\t0100']) {
      await refused('/api/contact', { ...VALID_CONTACT, phone }, 'phone', 'invalid_characters');
    }
    // A Reply-To with two recipients; and addresses the relay cannot deliver to (a final dot would be
    // accepted here, refused by the relay, and retried for hours), as the page says: not valid.
    for (const address of [
      'a@evil.example,ceo',
      'CEO<x@evil.example>',
      'x@evil.example;y@evil.example',
      'victim@mail.example.',
      'a@b..example',
      'a@.example',
      'a@localhost',
    ]) {
      await refused('/api/contact', { ...VALID_CONTACT, email: address }, 'email', 'invalid_email');
      await refused('/api/newsletter', { email: address }, 'email', 'invalid_email');
    }
    // Bytes that are not UTF-8 (they decoded silently to U+FFFD), and a lone surrogate, which the
    // two engines stored differently.
    const invalidUtf8 = Buffer.concat([
      Buffer.from('{"name":"Ma'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from(`rie","phone":"514 555 0100","email":"m@example.com","message":"Hi"}`),
    ]);
    const response = await post('/api/contact', invalidUtf8, { 'content-type': 'application/json' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { ok: false, error: 'invalid_request', fields: { name: 'invalid_characters' } },
    });
    await refused(
      '/api/contact',
      '{"name":"Marie","phone":"514 555 0100","email":"m@example.com","message":"Hi \\ud800 there"}',
      'message',
      'invalid_characters',
    );
    expect(await counts()).toEqual(before);
    // Line breaks and tabs are still fine in a message, and any real character anywhere.
    expect((await post('/api/contact', { ...VALID_CONTACT, name: 'Zoé Côté 😀', message: 'Line one\n\tline two\r\nline three' })).statusCode).toBe(201);
  });
  it('refuses a line or paragraph separator in a one-line field (it drew a line of its own in the firm’s e-mail)', async () => {
    await start();
    const before = await counts();
    // U+2028 and U+2029 passed in the name, the company and the phone; NEL (U+0085) is a control character.
    for (const separator of ['\u2028', '\u2029', '\u0085']) {
      const fake = `${separator}Courriel : ceo@firm.example${separator}`;
      for (const [field, value] of [
        ['name', `Marie${fake}Tremblay`],
        ['company', `Cie${fake}inc.`],
        ['phone', `514 555${separator}0100`],
        ['email', `marie${separator}@example.com`],
      ] as const) {
        const shown = JSON.stringify(value);
        const response = await post('/api/contact', { ...VALID_CONTACT, [field]: value });
        expect({ shown, status: response.statusCode, body: response.json() }).toEqual({
          shown,
          status: 400,
          body: { ok: false, error: 'invalid_request', fields: { [field]: 'invalid_characters' } },
        });
      }
    }
    expect(await counts()).toEqual(before);
    // Still fine on the message's own lines.
    expect((await post('/api/contact', { ...VALID_CONTACT, message: 'Ligne un\u2028ligne deux' })).statusCode).toBe(201);
  });

  it('refuses an e-mail address with an invisible character (bidirectional controls, zero-width), on both forms', async () => {
    await start();
    const before = await counts();
    const invisible = ['\u202E', '\u202A', '\u2066', '\u2069', '\u200B', '\u200C', '\u200D', '\u200E', '\u2060', '\uFEFF', '\u00AD'];
    for (const character of invisible) {
      for (const address of [`ceo${character}@firm.example`, `ceo@firm${character}.example`, `ceo@${character}firm.example`]) {
        const shown = JSON.stringify(address);
        const contact = await post('/api/contact', { ...VALID_CONTACT, email: address });
        expect({ shown, status: contact.statusCode, body: contact.json() }).toEqual({
          shown,
          status: 400,
          body: { ok: false, error: 'invalid_request', fields: { email: 'invalid_email' } },
        });
        const newsletter = await post('/api/newsletter', { email: address });
        expect({ shown, status: newsletter.statusCode, fields: newsletter.json().fields }).toEqual({ shown, status: 400, fields: { email: 'invalid_email' } });
      }
    }
    expect(await counts()).toEqual(before);
    // An address in another script is still an address.
    expect((await post('/api/newsletter', { email: 'zoé@café.example' })).statusCode).toBe(201);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const logs = captureLogs();
    await start({}, { logger: logs.logger });
    const before = await counts();
    expect((await post('/api/contact', { ...VALID_CONTACT, website: 'http://spam.example' })).statusCode).toBe(201);
    expect((await post('/api/newsletter', { email: 'bot@example.com', website: 'x' })).json()).toEqual({ ok: true });
    expect(await counts()).toEqual(before);
    expect(logs.lines().filter((line) => line.honeypot === true)).toHaveLength(2);
  });

  it('answers a filled honeypot with the same 201 whatever its proof and whatever limit its network met, counting nothing', async () => {
    // A store of its own: the per-network limit is the store's (one lead a day here).
    const config = testConfig({ ...form.storage.env, SUBMISSIONS_PER_NETWORK_PER_DAY: '1' });
    const limited = await createStore(config);
    const app = await buildApp({ config, store: limited, logger: captureLogs().logger });
    onTestFinished(async () => {
      await app.close();
      await limited.close();
    });
    const send = (url: string, payload: object, altcha?: string) =>
      app.inject({ method: 'POST', url, payload: { ...payload, ...(altcha === undefined ? {} : { altcha }) }, remoteAddress: '203.0.113.9' });
    const before = await counts();
    // No proof, a made-up one: the bot is not told.
    for (const altcha of [undefined, 'not-a-proof']) {
      expect((await send('/api/contact', { ...VALID_CONTACT, website: 'x' }, altcha)).json()).toEqual({ ok: true });
      expect((await send('/api/newsletter', { email: 'bot@example.com', website: 'x' }, altcha)).statusCode).toBe(201);
    }
    const proofFor = async () => {
      const challenge = await app.inject({ url: '/api/challenge', remoteAddress: '203.0.113.9' });
      return solve(challenge.json());
    };
    // Its network's one lead of the day: the honeypot's posts did not count against it.
    expect((await send('/api/contact', VALID_CONTACT, await proofFor())).statusCode).toBe(201);
    // Now the network is past its day's share: a person gets 429, the honeypot still 201.
    expect((await send('/api/contact', VALID_CONTACT, await proofFor())).statusCode).toBe(429);
    expect((await send('/api/contact', { ...VALID_CONTACT, website: 'x' }, await proofFor())).statusCode).toBe(201);
    expect(await counts()).toEqual({ ...before, contacts: before.contacts + 1 });
  });
});
