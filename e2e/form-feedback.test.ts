import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { pagesInOneBrowser, STILL } from './helpers/browser';
import { box, overlap, placeholderRoom, showWholePage, type Box } from './helpers/layout';

/**
 * What the forms say and where, measured in a real Chromium on the production build: errors in
 * the page's language beside each field, notices clear of the form, a success that stays said,
 * and placeholders that fit their fields.
 */
const baseUrl = inject('baseUrl');
const { open } = pagesInOneBrowser(baseUrl, STILL);

describe('what the forms say, and where', () => {
  it('on /fr/, an empty contact form shows French inline errors, no browser bubble, and focus on the first field', async () => {
    const fr = getContent('fr');
    const { page, context } = await open('desktop', 'fr');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent += 1;
    });
    // The browser's own check fires `invalid` on each field it bubbles about.
    await page.evaluate(() => {
      (window as unknown as { invalids: number }).invalids = 0;
      document.addEventListener('invalid', () => ((window as unknown as { invalids: number }).invalids += 1), true);
    });
    await page.locator('#contact-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#contact-form [aria-invalid="true"]').count()).toBe(4);
    const fields = await page.$$eval('#contact-form :is(input, textarea):not([name="website"])', (controls) =>
      controls.map((control) => ({
        id: control.id,
        invalid: control.getAttribute('aria-invalid'),
        message: (control.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      })),
    );
    expect(fields).toEqual([
      { id: 'contact-name', invalid: 'true', message: expect.stringContaining(fr.fieldErrors.required) },
      { id: 'contact-phone', invalid: 'true', message: expect.stringContaining(fr.fieldErrors.required) },
      { id: 'contact-email', invalid: 'true', message: expect.stringContaining(fr.fieldErrors.required) },
      { id: 'contact-company', invalid: null, message: expect.any(String) },
      { id: 'contact-message', invalid: 'true', message: expect.stringContaining(fr.fieldErrors.required) },
    ]);
    expect(await page.evaluate(() => (window as unknown as { invalids: number }).invalids), 'the browser’s own bubble').toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');

    // A malformed address gets its own French message, in place.
    await page.locator('#contact-email').fill('pas une adresse');
    await page.locator('#contact-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#contact-email-error').textContent()).toBe(fr.fieldErrors.invalid_email);
    expect(sent).toBe(0);
    await context.close();
  });

  it('the newsletter says each error once, in its notice, the field marked and focused; a success stays said in the card', async () => {
    for (const locale of LOCALES) {
      const { toasts } = getContent(locale);
      const { page, context } = await open('desktop', locale);
      const field = page.locator('#newsletter-email');
      const submit = page.locator('#newsletter button[type="submit"]');
      /** Where the page says `message`: the notices, and anywhere else (the footer). */
      const said = (message: string) =>
        page.evaluate(
          (words) =>
            [...document.querySelectorAll('[data-sonner-toast], footer')]
              .filter((element) => element.textContent?.includes(words))
              .map((element) => element.tagName),
          message.replace(/\.$/, ''),
        );
      for (const [value, message] of [
        ['  ', toasts.newsletter.empty],
        ['quelqu’un@exemple', toasts.newsletter.invalidEmail],
      ] as const) {
        await field.fill(value);
        await submit.click();
        await page.locator('[data-sonner-toast]').filter({ hasText: message }).first().waitFor();
        expect(await said(message), `${locale}: ${JSON.stringify(value)}`).toEqual(['LI']);
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('newsletter-email');
      }
      await field.fill(`lasting-${Date.now().toString(36)}@example.com`);
      await submit.click();
      await page.locator('[data-sonner-toast]').filter({ hasText: toasts.newsletter.success }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBeNull();
      // Once every notice has gone, the card still says it. (The pointer leaves the notices: Sonner
      // keeps them while it rests over one, as it did when a notice appeared under the button.)
      await page.mouse.move(0, 0);
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
      expect(await page.locator('footer [data-sent]').textContent()).toContain(toasts.newsletter.success);
      await context.close();
    }
  });

  it('a sent contact message stays said in the form’s card after its notice has gone', async () => {
    const { toasts } = getContent('fr');
    const { page, context } = await open('phone', 'fr');
    await page.locator('#contact-name').fill('Josée Tremblay');
    await page.locator('#contact-phone').fill('418 555-0199');
    await page.locator('#contact-email').fill(`lasting-${Date.now().toString(36)}@example.com`);
    await page.locator('#contact-message').fill('Un agent vocal pour nos réservations.');
    // Tapped, as on a phone: a mouse click leaves the pointer where the notice appears, and Sonner
    // keeps a notice while a pointer rests over it.
    await page.locator('#contact-form button[type="submit"]').tap();
    await page.locator('[data-sonner-toast]').filter({ hasText: toasts.contact.success.title }).waitFor();
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.locator('#contact-form [data-sent]').textContent()).toContain(toasts.contact.success.title);
    await context.close();
  });

  it('notices come at the bottom (a bottom corner on a desktop), or under the bar when the form fills the bottom, over neither the form’s heading nor its button', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const { page, context } = await open(device, 'en');
      await showWholePage(page);
      for (const form of ['#newsletter', '#contact-form'] as const) {
        // A notice of each form: the newsletter's "enter your address", the contact form's success.
        if (form === '#contact-form') {
          await page.locator('#contact-name').fill('Marie Tremblay');
          await page.locator('#contact-phone').fill('514-555-0199');
          await page.locator('#contact-email').fill(`corner-${Date.now().toString(36)}@example.com`);
          await page.locator('#contact-message').fill('Where do notices show?');
        }
        // The button in the middle of the screen (or as near as the end of the page allows), where a visitor has it when pressing it.
        await page.locator(`${form} button[type="submit"]`).evaluate((button) => button.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await page.locator(`${form} button[type="submit"]`).click();
        const notice = page.locator('[data-sonner-toast][data-mounted="true"]').first();
        await notice.waitFor();
        await page.waitForTimeout(500); // its entrance over: where it stays
        const toast = (await notice.evaluate((element) => element.getBoundingClientRect().toJSON())) as Box;
        const viewport = page.viewportSize()!;
        const where = `${device}, ${form}: ${JSON.stringify(toast)}`;
        // At the bottom, unless the form would be under it there (lib/notices.ts): then at the top, under
        // the bar. A tall form around the screen's middle can go either way by a few pixels of scroll
        // (the phone's contact notice went to the top once in CI).
        const bar = await page.evaluate(() => Math.max(...[...document.querySelectorAll('[data-nav]')].map((nav) => nav.getBoundingClientRect().bottom)));
        expect(Math.min(viewport.height - toast.bottom, toast.top - bar), where).toBeGreaterThanOrEqual(0);
        expect(Math.min(viewport.height - toast.bottom, toast.top - bar), where).toBeLessThanOrEqual(48);
        if (device === 'desktop') expect(Math.min(toast.left, viewport.width - toast.right), where).toBeLessThanOrEqual(48);
        const heading = form === '#newsletter' ? 'footer h2' : '#contact-form-title';
        for (const selector of [`${form} button[type="submit"]`, heading]) {
          const covered = await box(page, selector);
          // Only what is on screen can be covered.
          if (covered.bottom > 0 && covered.top < viewport.height) expect(overlap(toast, covered), `${where} over ${selector}`).toBe(false);
        }
        await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((button) => button.click()));
        await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
      }
      await context.close();
    }
  });
});

describe('placeholders are whole', () => {
  it('the footer’s newsletter field shows its whole placeholder on a desktop (1024 to 1920 px), in both languages', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      for (const width of [1024, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator('#newsletter-email').scrollIntoViewIfNeeded();
        const [field] = await placeholderRoom(page, '#newsletter-email');
        expect(field!.room, `${locale} at ${width} px: "${field!.placeholder}"`).toBeGreaterThanOrEqual(field!.needed);
      }
      await context.close();
    }
  });

  it('the contact form’s placeholders are whole on a phone (390 and 320 px wide), in both languages', async () => {
    for (const locale of LOCALES) {
      for (const width of [390, 320]) {
        const { page, context } = await open('phone', locale, { viewport: { width, height: 700 } });
        await page.locator('#contact-form').scrollIntoViewIfNeeded();
        for (const field of await placeholderRoom(page, '#contact-form input[placeholder]')) {
          expect(field.room, `${locale} at ${width} px: "${field.placeholder}"`).toBeGreaterThanOrEqual(field.needed);
        }
        await context.close();
      }
    }
  });
});
