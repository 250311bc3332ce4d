import { useRef } from 'react';
import { EMAIL_MAX } from '../../../contracts/form-rules';
import { useContent } from '../../lib/content-context';
import { Honeypot } from '../../components/Honeypot';
import { NoScriptNote } from '../../components/NoScriptNote';
import { PrivacyNotice } from '../../components/PrivacyNotice';
import { SentNote } from '../../components/SentNote';
import { primaryAction } from '../../components/styles';
import { useNewsletter } from './use-newsletter';

const CONSENT_ID = 'newsletter-consent';

/**
 * The sign-up. CASL express consent: the consent text sits right under the field and is the
 * description of both the field and the button, and there is no box to tick (let alone a
 * pre-ticked one): typing an address and pressing "Subscribe" beside that text is the positive
 * act that gives consent (docs/languages-privacy-voice.md, "Privacy and consent", says why no checkbox).
 */
export function NewsletterForm() {
  const { footer } = useContent();
  const text = footer.newsletter;
  // Destructured: the field's ref must not make the whole form object look like a ref.
  const formRef = useRef<HTMLFormElement>(null);
  // The notices stand clear of the form and of the consent under it.
  const { field, ...form } = useNewsletter(formRef, () => [formRef.current, document.getElementById(CONSENT_ID)]);
  return (
    <>
      {/* noValidate: the site's own checks and messages (trim, pattern) run instead of the browser's. */}
      {/* method and action only matter without JavaScript: see ContactForm. */}
      <form
        id="newsletter"
        method="post"
        action="#newsletter"
        noValidate
        onSubmit={form.submit}
        ref={formRef}
        className="relative flex flex-col gap-3 sm:flex-row"
      >
        <Honeypot id="newsletter-website" />
        <label htmlFor="newsletter-email" className="sr-only">
          {text.emailLabel}
        </label>
        <input
          ref={field}
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          placeholder={text.placeholder}
          // An error is said in its notice alone (use-newsletter.ts); the field is only marked.
          aria-invalid={form.invalid ? true : undefined}
          aria-describedby={CONSENT_ID}
          value={form.email}
          onChange={(event) => form.setEmail(event.target.value)}
          disabled={form.submitting}
          className="min-h-12 w-full flex-1 rounded-xl border border-slate-300 bg-white px-3.5 text-slate-900 placeholder:text-slate-500 disabled:opacity-60 aria-invalid:border-rose-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-rose-400"
        />
        <button type="submit" aria-describedby={CONSENT_ID} disabled={form.submitting} className={`${primaryAction} shrink-0 px-6`}>
          {form.submitting ? text.subscribing : text.subscribe}
        </button>
      </form>
      {form.done ? (
        <div className="mt-3">
          <SentNote title={form.done.message} description={form.done.detail} />
        </div>
      ) : null}
      <NoScriptNote text={text.noScript} className="mt-3" />
      <PrivacyNotice id={CONSENT_ID} notice={text.consent} className="mt-3" />
    </>
  );
}
