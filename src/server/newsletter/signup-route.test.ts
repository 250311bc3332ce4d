import { describe, expect, it } from 'vitest';
import { useFormApp } from '../../../test/form-app';
import { ENGINES } from '../../../test/storage';

/** The newsletter's route: one subscription per address, however it is typed (double opt-in: ../newsletter/double-opt-in.test.ts). */
describe.each(ENGINES)('POST /api/newsletter on %s', (engine) => {
  const form = useFormApp(engine);
  const { start, post, counts } = form;

  it('subscribes an address once, however it is cased or padded', async () => {
    await start();
    const before = await counts();
    const first = await post('/api/newsletter', { email: '  Jean.Roy@Example.com ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true });

    for (const variant of ['jean.roy@example.com', ' JEAN.ROY@EXAMPLE.COM', 'Jean.Roy@example.COM\t']) {
      const again = await post('/api/newsletter', { email: variant });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ ok: false, error: 'already_subscribed' });
    }
    const rows = await form.store.listNewsletter();
    expect(rows).toHaveLength(before.newsletter + 1);
    expect(rows.filter((row) => row.email.toLowerCase() === 'jean.roy@example.com')).toEqual([expect.objectContaining({ email: 'Jean.Roy@Example.com' })]);
  });
});
