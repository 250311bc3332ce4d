import type { Page } from 'playwright-core';

/** A part of an address no other test has used: the servers' databases keep every test's rows. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Fills the English contact form's fields, the optional company only when given. */
export async function fillContact(page: Page, values: { name: string; phone: string; email: string; company?: string; message: string }) {
  await page.getByLabel('Full Name').fill(values.name);
  await page.getByLabel('Phone Number').fill(values.phone);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  if (values.company !== undefined) await page.getByLabel('Company (optional)').fill(values.company);
  await page.getByLabel('Message or Inquiry').fill(values.message);
}

/** The notice (toast) on the page that holds `text`. */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
