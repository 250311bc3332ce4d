import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSiteConfig } from '../../../config/site-schema';
import { getContent } from '../../../content/all';
import { ContentProvider, fillContent } from '../../lib/content-context';
import { ContactForm } from './ContactForm';

const content = fillContent(getContent('en'), loadSiteConfig({}));
const contentIn = (locale: 'en' | 'fr') => fillContent(getContent(locale), loadSiteConfig({}));

afterEach(() => vi.restoreAllMocks());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('contact form checks before sending', () => {
  it('names the fields holding unreadable characters or a two-address e-mail, and sends nothing', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(
      <ContentProvider content={content}>
        <ContactForm />
      </ContentProvider>,
    );
    const { fields } = content.contact.form;
    type(fields.name.label, '\u0000');
    type(fields.phone.label, '514 555 0100');
    type(fields.email.label, 'CEO<x@evil.example>');
    type(fields.message.label, 'Hello \ud800');
    fireEvent.submit(screen.getByRole('button', { name: content.contact.form.submit }).closest('form')!);

    expect(screen.getByLabelText(fields.name.label, { exact: false })).toHaveAccessibleDescription(content.fieldErrors.invalid_characters);
    expect(screen.getByLabelText(fields.email.label, { exact: false })).toHaveAccessibleDescription(content.fieldErrors.invalid_email);
    expect(screen.getByLabelText(fields.message.label, { exact: false })).toHaveAccessibleDescription(content.fieldErrors.invalid_characters);
    expect(screen.getByLabelText(fields.phone.label, { exact: false })).not.toHaveAttribute('aria-invalid');
    // Focus entering the form may fetch a proof-of-work challenge; nothing is posted.
    expect(vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});

describe('an e-mail address no mail server can deliver to', () => {
  it.each(['en', 'fr'] as const)(
    'in %s: a final dot, or a domain without a dot, is said to be not valid, and nothing is sent; a phone with a tab too',
    (locale) => {
      const fetch = vi.spyOn(globalThis, 'fetch');
      const local = contentIn(locale);
      render(
        <ContentProvider content={local}>
          <ContactForm />
        </ContentProvider>,
      );
      const { fields } = local.contact.form;
      const message = local.fieldErrors.invalid_email;
      const form = screen.getByRole('button', { name: local.contact.form.submit }).closest('form')!;
      type(fields.name.label, 'Marie Tremblay');
      // (A one-line input drops line breaks itself; a tab it keeps.)
      type(fields.phone.label, '514\t555\t0100');
      type(fields.message.label, 'Bonjour');
      for (const address of ['victim@mail.example.', 'victim@localhost']) {
        type(fields.email.label, address);
        fireEvent.submit(form);
        expect(screen.getByLabelText(fields.email.label, { exact: false })).toHaveAccessibleDescription(message);
      }
      expect(screen.getByLabelText(fields.phone.label, { exact: false })).toHaveAccessibleDescription(local.fieldErrors.invalid_characters);
      expect(vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    },
  );
});
