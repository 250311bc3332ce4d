import { describe, expect, it } from 'vitest';
import { useFormApp, VALID_CONTACT } from '../../../test/form-app';
import { ENGINES } from '../../../test/storage';

/** The contact form's route: a request stored as the visitor typed it, trimmed. */
describe.each(ENGINES)('POST /api/contact on %s', (engine) => {
  const form = useFormApp(engine);
  const { start, post, counts } = form;

  it('stores a contact request with trimmed values and company NULL when empty', async () => {
    await start();
    const before = await counts();
    const response = await post('/api/contact', VALID_CONTACT, { referer: 'http://localhost/fr/' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const rows = await form.store.listContacts();
    expect(rows).toHaveLength(before.contacts + 1);
    expect(rows.at(-1)).toMatchObject({
      name: 'Marie Tremblay',
      phone: '+1 514-555-0142',
      email: 'Marie.Tremblay@Example.com',
      company: null,
      message: 'We answer 200 calls a day and would like a voice agent.',
      status: 'new',
      page: '/fr/',
      locale: 'fr',
    });
    expect(Date.parse(rows.at(-1)!.created_at)).toBeGreaterThan(Date.now() - 60_000);

    await post('/api/contact', { ...VALID_CONTACT, company: '  Clinique Dentaire  ' });
    expect((await form.store.listContacts()).at(-1)).toMatchObject({ company: 'Clinique Dentaire', page: null, locale: null });
  });
});
