import { describe, expect, it } from 'vitest';
import { mailboxOf } from './context';

describe('the mailbox an address reaches, as providers deliver it', () => {
  it('is one for every spelling a provider delivers to the same inbox', () => {
    for (const address of ['victim@gmail.com', 'Victim+news@Gmail.com', 'v.i.c.t.i.m@gmail.com', 'vic.tim+1@googlemail.com']) {
      expect(mailboxOf(address), address).toEqual({ mailbox: 'victim@gmail.com', domain: 'gmail.com' });
    }
  });

  it('keeps dots where the provider does not ignore them, and drops a +tag everywhere', () => {
    expect(mailboxOf('v.ictim+promo@example.com')).toEqual({ mailbox: 'v.ictim@example.com', domain: 'example.com' });
    expect(mailboxOf('victim@example.com')).not.toEqual(mailboxOf('v.ictim@example.com'));
    // A local part that is only a tag is not emptied.
    expect(mailboxOf('+x@example.com').mailbox).toBe('+x@example.com');
  });
});
