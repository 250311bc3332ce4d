import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, testConfig } from '../../../test/storage';
import { createStore } from '../store';
import { SESSION_SECONDS } from './budget';

/** What a session holds of the day's budget in the store, and for how long. */

describe.each(ENGINES)('the voice holds on %s', (engine) => {
  it('frees an unused session once its minute is over, and a new day deletes the holds of the day before', async () => {
    const storage = await freshStorage(engine);
    const store = await createStore(testConfig(storage.env));
    const budget = { secondsPerDay: 600, maxCallSeconds: 180, lines: 1 };
    try {
      const now = new Date();
      const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
      const locale = 'fr';
      expect(await store.admitVoiceSession({ day: '2026-11-25', network: '203.0.113.0/24', budget, now, expiresAt, locale })).toMatchObject({ ok: true });
      // The one line is held by the key…
      expect(await store.admitVoiceSession({ day: '2026-11-25', network: '198.51.100.0/24', budget, now, expiresAt, locale })).toEqual({
        ok: false,
        refusal: 'lines-busy',
      });
      // …until it expires unused: it cost nothing.
      const later = new Date(now.getTime() + (SESSION_SECONDS + 1) * 1000);
      expect(
        await store.admitVoiceSession({
          day: '2026-11-25',
          network: '198.51.100.0/24',
          budget,
          now: later,
          expiresAt: new Date(later.getTime() + SESSION_SECONDS * 1000),
          locale,
        }),
      ).toMatchObject({
        ok: true,
      });
      expect(await store.admitVoiceSession({ day: '2026-11-26', network: '198.51.100.0/24', budget, now, expiresAt, locale })).toMatchObject({ ok: true });
      expect(await store.voiceHolds('2026-11-25')).toEqual([]);
      expect(await store.voiceHolds('2026-11-26')).toHaveLength(1);
    } finally {
      await store.close();
      await storage.dispose();
    }
  });
});
