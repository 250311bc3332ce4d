import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { TEST_WEBHOOK_SECRET as SECRET } from '../../../test/storage';
import { webhookKey } from '../core/config';
import { signWebhook } from './signature';

const key = () => (webhookKey(SECRET) as { key: Buffer }).key;
const signedHeaders = (id: string, timestamp: number, signature: string) => ({
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signature,
});
const verify = (secret: string, payload: string, signed: Record<string, string>) => () => new Webhook(secret).verify(payload, signed);

describe('webhook signatures (Standard Webhooks)', () => {
  const body = JSON.stringify({ id: 'evt', type: 'contact.created', data: { name: 'Élodie' } });

  it('matches the specification’s example signature', () => {
    const example = webhookKey('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') as { key: Buffer };
    expect(signWebhook(example.key, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('the official library accepts what the server signs, and refuses a tampered body, another id, a wrong secret or an old timestamp', () => {
    const now = Math.floor(Date.now() / 1000);
    const signature = signWebhook(key(), 'evt_1', now, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(SECRET).verify(body, signedHeaders('evt_1', now, signature))).toEqual(JSON.parse(body));

    expect(verify(SECRET, body.replace('Élodie', 'Eve'), signedHeaders('evt_1', now, signature))).toThrow('No matching signature found');
    // The id is signed: a signature cannot be moved to another event.
    expect(verify(SECRET, body, signedHeaders('evt_2', now, signature))).toThrow('No matching signature found');
    expect(verify('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', body, signedHeaders('evt_1', now, signature))).toThrow('No matching signature found');
    // A captured request replayed later, even with its valid signature, is refused.
    const old = now - 301;
    expect(verify(SECRET, body, signedHeaders('evt_1', old, signWebhook(key(), 'evt_1', old, body)))).toThrow('Message timestamp too old');
  });
});
