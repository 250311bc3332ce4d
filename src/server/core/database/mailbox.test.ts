import { describe, expect, it } from 'vitest';
import { mailboxOf } from './context';

describe('the mailbox an address reaches, as providers deliver it', () => {
  it('is one for every spelling a provider delivers to the same inbox', () => {
    for (const address of ['victim@gmail.com', 'Victim+news@Gmail.com', 'v.i.c.t.i.m@gmail.com', 'vic.tim+1@googlemail.com']) {
      expect(mailboxOf(address), address).toEqual({ mailbox: 'victim@gmail.com', domain: 'gmail.com' });
    }
  });

  it("is one for an account's other domains and Fastmail's subdomain addressing, from one list of providers", () => {
    for (const [spellings, mailbox] of [
      [['jo@icloud.com', 'Jo@me.com', 'jo+shop@mac.com'], 'jo@icloud.com'],
      [['jo@proton.me', 'jo@protonmail.com', 'jo+1@protonmail.ch', 'jo@pm.me'], 'jo@proton.me'],
      [['jo@fastmail.com', 'news@jo.fastmail.com', 'jo+x@fastmail.com'], 'jo@fastmail.com'],
    ] as const) {
      for (const address of spellings) expect(mailboxOf(address).mailbox, address).toBe(mailbox);
    }
    // Outlook's domains are separate accounts; its +tags are dropped as everywhere.
    expect(mailboxOf('jo+news@outlook.com').mailbox).toBe('jo@outlook.com');
    expect(mailboxOf('jo@hotmail.com').mailbox).not.toBe(mailboxOf('jo@outlook.com').mailbox);
    // Dots matter outside Gmail, a subdomain elsewhere is its own domain.
    expect(mailboxOf('j.o@icloud.com').mailbox).toBe('j.o@icloud.com');
    expect(mailboxOf('news@jo.example.com').mailbox).toBe('news@jo.example.com');
  });

  it('keeps dots where the provider does not ignore them, and drops a +tag everywhere', () => {
    expect(mailboxOf('v.ictim+promo@example.com')).toEqual({ mailbox: 'v.ictim@example.com', domain: 'example.com' });
    expect(mailboxOf('victim@example.com')).not.toEqual(mailboxOf('v.ictim@example.com'));
    // A local part that is only a tag is not emptied.
    expect(mailboxOf('+x@example.com').mailbox).toBe('+x@example.com');
  });
});
