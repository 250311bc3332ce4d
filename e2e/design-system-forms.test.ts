import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { pagesInOneBrowser } from './helpers/browser';
import { box, overlap, showWholePage, type Box } from './helpers/layout';

/**
 * The design system's forms: one field radius, every message beside a field a sentence, the contact
 * section in reading order, and a form's outcome said once, clear of the form. Measured in a real
 * Chromium on the production build.
 */
const { open } = pagesInOneBrowser(inject('baseUrl'));

describe('form fields share one corner radius', () => {
  it('the newsletter field is shaped as the contact form’s fields, on a phone and on a desktop', async () => {
    for (const device of ['phone', 'desktop'] as const) {
      const { page, context } = await open(device, 'en');
      await showWholePage(page);
      const radii = await page.$$eval('#contact-form :is(input, textarea):not([name="website"]), #newsletter input:not([name="website"])', (fields) =>
        fields.map((field) => `${field.id}: ${getComputedStyle(field).borderTopLeftRadius} ${getComputedStyle(field).borderBottomRightRadius}`),
      );
      expect(radii.length, device).toBe(6);
      expect(new Set(radii.map((radius) => radius.split(': ')[1])), `${device}: ${radii.join(', ')}`).toHaveProperty('size', 1);
      await context.close();
    }
  });

  it('every message said beside a field ends with a period, in both languages', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await page.locator('#contact-email').fill('not an address');
      await page.locator('#contact-form button[type="submit"]').click();
      await page.locator('#contact-email-error').waitFor();
      // The newsletter's errors are said in their notices alone (features/newsletter): none beside its field.
      const messages = await page.$$eval('[id$="-error"]', (elements) => elements.map((element) => element.textContent ?? ''));
      expect(messages.length, locale).toBeGreaterThanOrEqual(4);
      for (const message of messages) expect(message, locale).toMatch(/\.$/);
      await context.close();
    }
  });
});

describe('the contact section reads in order', () => {
  it('on a phone the form follows the details and the illustration comes last; side by side, the two headings stand on one line', async () => {
    for (const locale of LOCALES) {
      const phone = await open('phone', locale, { viewport: { width: 360, height: 800 } });
      await showWholePage(phone.page);
      const details = await box(phone.page, '#contact header + div > div:first-child');
      const form = await box(phone.page, '#contact-form');
      const chip = await box(phone.page, '#contact figure');
      expect(form.top, locale).toBeGreaterThan(details.bottom);
      expect(chip.top, locale).toBeGreaterThan(form.bottom);
      await phone.context.close();

      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      for (const width of [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const [left, right] = await Promise.all([box(page, '#contact header + div h3'), box(page, '#contact-form-title')]);
        expect(Math.abs(left.top - right.top), `${locale} at ${width} px`).toBeLessThanOrEqual(1);
        expect(right.left, `${locale} at ${width} px: side by side`).toBeGreaterThan(left.right);
      }
      await context.close();
    }
  });
});

/** The notice on screen now, once its entrance is over. */
async function notice(page: Page) {
  const shown = page.locator('[data-sonner-toast][data-mounted="true"]').first();
  await shown.waitFor();
  await page.waitForTimeout(500);
  return (await shown.evaluate((element) => element.getBoundingClientRect().toJSON())) as Box;
}

describe('a form’s outcome is said once, clear of the form', () => {
  it('a success: the notice, then the same words in the card once it has gone, never both at once', async () => {
    for (const locale of LOCALES) {
      const { toasts } = getContent(locale);
      const { page, context } = await open('phone', locale);
      await page.locator('#newsletter-email').fill(`once-${locale}-${Date.now().toString(36)}@example.com`);
      await page.locator('#newsletter button[type="submit"]').tap();
      await page.locator('[data-sonner-toast]').filter({ hasText: toasts.newsletter.success }).waitFor();
      expect(await page.locator('footer [data-sent]').count(), `${locale}: the card while the notice is on`).toBe(0);
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
      expect(await page.locator('footer [data-sent]').textContent(), locale).toContain(toasts.newsletter.success);
      // Read once: the card's words are no second live announcement.
      expect(await page.locator('footer [data-sent]').getAttribute('role')).toBeNull();
      expect(await page.locator('footer [aria-live], footer [role="status"]').count()).toBe(0);
      // The next edit and the card says nothing of the last address.
      await page.locator('#newsletter-email').fill('n');
      expect(await page.locator('footer [data-sent]').count()).toBe(0);
      await context.close();
    }
  });

  it('a notice covers neither the form nor its caption, even when they are at the bottom of the screen', async () => {
    for (const device of ['phone', 'desktop'] as const) {
      for (const width of device === 'phone' ? [360, 390] : [768, 1280]) {
        const { page, context } = await open(device, 'fr', { viewport: { width, height: 800 } });
        await showWholePage(page);
        // What the visitor has in view as the notice comes: the newsletter's field, button and
        // consent; the contact form's button and the notice under it (the form is taller than a phone).
        const forms = [
          {
            name: 'newsletter',
            form: '#newsletter',
            caption: '#newsletter-consent',
            clear: ['#newsletter-email', '#newsletter button[type="submit"]', '#newsletter-consent'],
          },
          {
            name: 'contact',
            form: '#contact-form form',
            caption: '#contact-privacy-notice',
            clear: ['#contact-form button[type="submit"]', '#contact-privacy-notice'],
          },
        ];
        for (const form of forms) {
          if (form.name === 'contact') {
            await page.locator('#contact-name').fill('Josée Tremblay');
            await page.locator('#contact-phone').fill('418 555-0199');
            await page.locator('#contact-email').fill(`clear-${width}-${Date.now().toString(36)}@example.com`);
            await page.locator('#contact-message').fill('Où vont les notifications?');
          } else await page.locator('#newsletter-email').fill('');
          // The caption's bottom at the screen's bottom: where a notice would come by default.
          await page.locator(form.caption).evaluate((caption) => caption.scrollIntoView({ block: 'end', behavior: 'instant' }));
          await page.locator(`${form.form} button[type="submit"]`).click();
          const toast = await notice(page);
          const where = `${device} at ${width} px, ${form.name}: notice ${JSON.stringify(toast)}`;
          expect(toast.bottom, where).toBeLessThanOrEqual(800);
          for (const selector of form.clear) expect(overlap(toast, await box(page, selector)), `${where} over ${selector}`).toBe(false);
          // Its close button inside it, not astride its corner; on a desktop the newsletter's notice clear of the footer.
          const close = await box(page, '[data-sonner-toast] [data-close-button]');
          expect(
            [close.left >= toast.left, close.right <= toast.right, close.top >= toast.top, close.bottom <= toast.bottom],
            `${where}: close ${JSON.stringify(close)}`,
          ).toEqual([true, true, true, true]);
          if (device === 'desktop' && form.name === 'newsletter') expect(overlap(toast, await box(page, 'footer')), `${where} over the footer`).toBe(false);
          await page.evaluate(() =>
            document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((button) => button.click()),
          );
          await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
        }
        await context.close();
      }
    }
  });
});
