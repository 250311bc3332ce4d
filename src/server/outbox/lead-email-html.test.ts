// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '../../contracts/lead-event';
import { NOTIFICATION_COPY } from './copy';
import { composeLeadEmail } from './lead-email';
import { composeTogetherEmail } from './together-email';

/**
 * Whatever markup a visitor types reaches the firm's e-mail as the text they typed: React writes
 * the HTML part (lead-email-html.tsx), so no field can open an element or leave an attribute.
 * Read back here as a mail client reads it, by an HTML parser (jsdom's, this file's environment).
 */

const SCRIPT = '<script>alert(1)</script>';
const ATTRIBUTE = '"><img src=x onerror=alert(1)>';
const hostile = `${SCRIPT} ${ATTRIBUTE} O'Brien & fils`;

const lead: Extract<LeadEvent, { type: 'contact.created' }> = {
  id: 'evt-hostile',
  type: 'contact.created',
  createdAt: '2026-11-24T15:30:00.000Z',
  data: {
    submissionId: 9,
    source: 'form',
    name: hostile,
    phone: ATTRIBUTE,
    email: 'marie@example.com',
    company: SCRIPT,
    message: `Bonjour\n${hostile}`,
    locale: 'fr',
    page: '/fr/',
  },
};

/** The HTML part as a parsed document, and what in it could run or fetch. */
function parsed(html: string) {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const active = [...document.querySelectorAll('*')].filter(
    (element) => ['SCRIPT', 'IMG'].includes(element.tagName) || [...element.attributes].some((attribute) => /^on/i.test(attribute.name)),
  );
  const field = (label: string) =>
    [...document.querySelectorAll('tr')].find((row) => row.querySelector('th')?.textContent === label)?.querySelector('td')?.textContent;
  return { document, active: active.map((element) => element.outerHTML), field };
}

describe('markup typed into a lead is text in the firm’s e-mail', () => {
  it('its own e-mail: the name, phone, company and message read as typed, nothing runs', async () => {
    const mail = await composeLeadEmail(lead, NOTIFICATION_COPY.fr, 'America/Toronto');
    const { document, active, field } = parsed(mail.html);
    expect(active).toEqual([]);
    expect(document.title).toBe(`Nouvelle demande de contact\u00a0: ${hostile}`);
    expect({ name: field('Nom'), phone: field('Téléphone'), company: field('Entreprise') }).toEqual({ name: hostile, phone: ATTRIBUTE, company: SCRIPT });
    expect(document.querySelector('p[style*="pre-wrap"]')?.textContent).toBe(`Bonjour\n${hostile}`);
    expect(document.body.lastElementChild?.textContent).toBe(`Répondez à ce courriel pour écrire directement à ${hostile}.`);
  });

  it('the e-mail carrying several leads: the same, under each lead’s heading', async () => {
    const mail = await composeTogetherEmail([lead, { ...lead, id: 'evt-2' }], NOTIFICATION_COPY.en, 'America/Toronto');
    const { document, active, field } = parsed(mail.html);
    expect(active).toEqual([]);
    expect([...document.querySelectorAll('h2')].map((heading) => heading.textContent)).toEqual([
      `1. New contact request: ${hostile}`,
      `2. New contact request: ${hostile}`,
    ]);
    expect(field('Name')).toBe(hostile);
  });
});
