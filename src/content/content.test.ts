import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../config/site-schema';
import { SERVICE_ORDER, serviceStyle } from './catalog';
import { getContent } from './all';

const en = getContent('en');
import { fill, fillContent } from './index';
import { fillFirstScreen } from './fill';
import { enFirstScreen } from './en/first-screen';
import { frFirstScreen } from './fr/first-screen';

const site = loadSiteConfig({});

describe('English copy, word for word as the firm wrote it', () => {
  it('has the titles and labels', () => {
    expect(en.services.title).toBe('What We Automate For You');
    expect(en.services.subtitle).toBe('Targeted AI solutions designed to reduce your costs, save your time, and drive your revenue.');
    expect(en.voiceDemo).toMatchObject({
      title: 'Try Our AI Voice Agent',
      subtitle: 'Please wait a few seconds and witness the latest technology',
      callMe: 'Call Me',
      endCall: 'End Call',
    });
    expect(en.voiceDemo.status).toEqual({ connected: 'Connected - You can speak now', assistantSpeaking: 'AI is speaking...', listening: 'Listening...' });
    expect(en.benefits.title).toBe('What you get');
    expect(en.testimonials).toMatchObject({ title: 'What our customers say', subtitle: "We're not just a business, we're a growth partner" });
    // "What the company AI delivers": "the company" stands for the brand.
    expect(en.delivery.heading).toBe('What {brand} delivers');
    expect(en.delivery.closing).toBe('Ready to use in your next project');
    expect(en.contact.heading).toBe('Get started');
    expect(en.contact.form.title).toBe('See it for yourself');
    expect(en.contact.form.submitting).toBe('Sending...');
    expect(en.faq.title).toBe('Frequently Asked Questions');
    expect(en.faq.closing).toMatchObject({ title: 'Still have questions?', link: 'Contact Our Experts' });
    expect(en.footer.newsletter).toMatchObject({
      title: 'Get Real Free Value',
      line: 'Actionable AI insights for real results. No fluff. No spam.',
      subscribing: 'Subscribing...',
    });
    expect(en.hero.cta).toBe('Book a Free Call');
  });

  it('has the form fields and placeholders', () => {
    expect(en.contact.form.fields).toEqual({
      name: { label: 'Full Name', placeholder: 'Enter your full name' },
      phone: { label: 'Phone Number', placeholder: 'Enter your phone number' },
      email: { label: 'Email', placeholder: 'Enter your email address' },
      company: { label: 'Company', placeholder: 'Enter your company name' },
      message: { label: 'Message or Inquiry', placeholder: 'Message or reason for request' },
    });
  });

  it('has the messages of the error catalogue', () => {
    expect(en.toasts.contact.notConfigured).toEqual({
      title: 'Form temporarily unavailable',
      description: 'Configuration missing on the server. Please try again later.',
    });
    expect(en.toasts.contact.failed).toEqual({ title: 'Failed to send message', description: 'Please try again later.' });
    expect(en.toasts.contact.success).toEqual({ title: 'Message sent successfully!', description: "We'll get back to you soon." });
    expect(en.toasts.newsletter).toMatchObject({
      empty: 'Please enter your email address',
      invalidEmail: 'Please enter a valid email address',
      duplicate: 'This email is already subscribed to our newsletter',
      failed: 'Failed to subscribe. Please try again.',
      success: 'Successfully subscribed to our newsletter!',
    });
  });

  it('has the lists: 4 services, 4 benefits with the claims, 4 testimonials, 4 deliverables, 3+4+2 FAQ items', () => {
    expect(en.services.items.map((item) => item.id)).toEqual(SERVICE_ORDER);
    expect(SERVICE_ORDER.map((id) => serviceStyle[id].delayClass)).toEqual(['0.1s', '0.2s', '0.3s', '0.4s'].map((delay) => `[--reveal-delay:${delay}]`));
    expect(en.benefits.items.map((item) => item.title)).toEqual([
      'Drastic Cost Reduction',
      '24/7/365 Productivity',
      'Data-Driven Growth',
      'Exponential Efficiency',
    ]);
    expect(JSON.stringify(en.benefits)).toContain('70%');
    // The firm's claim in its words; the card's figure is typeset ("5×").
    expect(JSON.stringify(en.benefits)).toContain('5x faster execution');
    expect(en.benefits.items.map((item) => item.highlight)).toEqual(['70%', '24/7', undefined, '5×']);
    expect(en.testimonials.items).toHaveLength(4);
    expect(en.delivery.items.map((item) => item.title)).toEqual([
      'Personal AI & Local LLMs',
      'Intelligent Process Automation',
      'AI-Powered Customer Engagement',
      'Predictive Business Intelligence',
    ]);
    expect(en.faq.groups.map((group) => [group.title, group.items.length])).toEqual([
      ['General Questions', 3],
      ['Our Custom AI Services', 4],
      ['Process and Costs', 2],
    ]);
    const ids = en.faq.groups.flatMap((group) => group.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(en.faq.groups[2]!.items[0]!.steps).toHaveLength(5);
  });

  it('has the nav and footer links', () => {
    expect(en.nav).toEqual({ services: 'Services', about: 'About', contact: 'Contact', faq: 'FAQ' });
    expect(en.footer.quickLinks.links).toEqual([
      { anchor: 'ai-caller', label: 'Home' },
      { anchor: 'services', label: 'Services' },
      { anchor: 'ai-caller', label: 'AI Caller' },
      { anchor: 'faq', label: 'FAQ' },
    ]);
  });
});

describe('placeholders', () => {
  it('fills brand, phone, e-mail and the year the page is built in', () => {
    const built = loadSiteConfig({}, new Date('2031-06-15T12:00:00'));
    expect(fill('© {year} {brand}. Call {phone} or write {email}.', built, 'en')).toBe(
      '© 2031 Atelier\u00a0IA. Call +1 514-555-0142 or write bonjour@example.com.',
    );
  });

  it('writes the phone, the address, durations and the brand after « de » as each language does', () => {
    expect(fill('{phone} · {address} · {retention} · {possessiveBrand} · {city}', site, 'en')).toBe(
      "+1 514-555-0142 · 1250 rue Example, bureau 400, Montréal (QC) H3B\u00a00A1 · two\u00a0years · Atelier\u00a0IA's · Montréal",
    );
    expect(fill('{phone} · {address} · {retention} · {possessiveBrand}', site, 'fr')).toBe(
      '514\u00a0555-0142 · 1250, rue Example, bureau 400, Montréal (Québec)\u00a0 H3B\u00a00A1 · deux\u00a0ans · d’Atelier\u00a0IA',
    );
    const studio = loadSiteConfig({ SITE_BRAND_NAME: 'Studio Lumière', SITE_RETENTION_DAYS: '365' });
    expect(fill('{retention}, {possessiveBrand}', studio, 'fr')).toBe('un\u00a0an, de Studio\u00a0Lumière');
    expect(fill('{retention}, {possessiveBrand}', studio, 'en')).toBe("one\u00a0year, Studio\u00a0Lumière's");
  });

  it('fills the first screen’s copy with the plain placeholders alone, as the browser does, to the same text as the whole fill', () => {
    for (const copy of [enFirstScreen, frFirstScreen]) {
      const browser = fillFirstScreen(copy, site);
      expect(JSON.stringify(browser), copy.locale).not.toMatch(/\{\w+\}/);
      // What the prerendered page shows (the whole fill): hydration would otherwise differ.
      expect(browser, copy.locale).toEqual(fillContent(copy, site));
    }
    // A placeholder with formatting code of its own is left unfilled there: the first screen must not use one.
    expect(fillFirstScreen({ locale: 'fr' as const, text: '{brand} {phone}' }, site).text).toBe('Atelier\u00a0IA {phone}');
  });

  it('leaves no placeholder anywhere in the filled content', () => {
    const filled = JSON.stringify(fillContent(en, loadSiteConfig({})));
    expect(filled).not.toMatch(/\{\w+\}/);
    // The brand never split across two lines.
    expect(filled).toContain('Atelier\u00a0IA');
    expect(filled).not.toContain('Atelier IA');
  });
});
