import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../../test/storage';
import { maskEmails } from './logger';

describe('maskEmails', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmails('sent to jane.doe+news@example.com today')).toBe('sent to j***@example.com today');
    expect(maskEmails('{"detail":"Key (email_normalized)=(éloïse@exemple.qc.ca) already exists."}')).toBe(
      '{"detail":"Key (email_normalized)=(é***@exemple.qc.ca) already exists."}',
    );
  });

  it('is idempotent and leaves other text alone', () => {
    expect(maskEmails('j***@example.com')).toBe('j***@example.com');
    expect(maskEmails('POST /api/newsletter 201 in 3 ms')).toBe('POST /api/newsletter 201 in 3 ms');
  });
});

describe('createLogger', () => {
  it('masks addresses anywhere in a line, including error messages', () => {
    const logs = captureLogs();
    logs.logger.warn({ err: new Error('duplicate key for someone@example.org'), to: 'boss@example.org' }, 'mail to x.y@example.net failed');
    expect(logs.text()).not.toMatch(/someone@|boss@|x\.y@/);
    expect(logs.lines()[0]).toMatchObject({ msg: 'mail to x***@example.net failed', to: 'b***@example.org' });
  });

  it('logs only type, message, code and stack of an error', () => {
    const logs = captureLogs();
    const error = Object.assign(new Error('insert failed'), { code: '23505', detail: 'Key (email)=(private value)', parameters: ['private value'] });
    logs.logger.error({ err: error }, 'oops');
    expect(logs.text()).not.toContain('private value');
    expect(logs.lines()[0]?.err).toMatchObject({ type: 'Error', message: 'insert failed', code: '23505' });
  });
});
