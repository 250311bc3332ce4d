import { Check, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { site } from '../../../config/site';
import { useContent } from '../../lib/content-context';
import { formatAddress, formatPhone } from '../../../content';
import { Section } from '../../components/Section';
import { Static } from '../../hydration/Static';
import { ContactForm } from '../../features/contact-form/ContactForm';
import { ChipCircuit } from './ChipCircuit';

/**
 * The details, the form, then the chip: on a phone the form follows the details at once and the
 * illustration comes last; from 1024 px the form is the right column, the chip under the details.
 * `--form-pad` is the form card's padding: the details start as far down, so the two headings
 * stand on one line.
 */
export function Contact() {
  const { contact, locale } = useContent();
  const { info } = contact;
  return (
    <Section id="contact" headingId="contact-title" title={contact.heading} subtitle={contact.subtitle}>
      <div className="grid items-start gap-10 [--form-pad:clamp(1rem,5vw,2rem)] lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-12">
        <Static>
          <div className="lg:pt-[calc(var(--form-pad)+1px)]">
            <h3 className="text-heading font-bold">{info.title}</h3>
            {info.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-pretty text-slate-600 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
            <ul className="mt-6 space-y-3">
              {info.points.map((point) => (
                <li key={point} className="flex gap-3">
                  <Check aria-hidden="true" focusable="false" className="mt-0.5 size-5 shrink-0 text-accent" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-8 space-y-3">
              <ContactLine icon={Phone} label={info.phoneLabel}>
                <a href={site.phoneHref} className="font-medium underline-offset-4 hover:underline">
                  {formatPhone(site.phone, locale)}
                </a>
              </ContactLine>
              <ContactLine icon={Mail} label={info.emailLabel}>
                <a href={`mailto:${site.email}`} className="font-medium underline-offset-4 hover:underline">
                  {site.email}
                </a>
              </ContactLine>
              <ContactLine icon={MapPin} label={info.addressLabel}>
                {formatAddress(site.address, locale)}
              </ContactLine>
            </dl>
          </div>
        </Static>
        <div
          id="contact-form"
          className="rounded-3xl border border-slate-200 bg-white p-(--form-pad) shadow-xl outline-none lg:row-span-2 dark:border-slate-800 dark:bg-slate-900"
        >
          <h3 id="contact-form-title" className="mb-6 text-heading font-bold">
            {contact.form.title}
          </h3>
          <ContactForm />
        </div>
        <Static>
          <ChipCircuit brand={site.brand} caption={contact.chipCaption} />
        </Static>
      </div>
    </Section>
  );
}

function ContactLine({ icon: IconComponent, label, children }: { icon: typeof Phone; label: string; children: ReactNode }) {
  return (
    // The icon sits in the <dd>: a <div> in a <dl> may hold only <dt> and <dd> (the Nu checker).
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="flex items-center gap-3">
        <IconComponent aria-hidden="true" focusable="false" className="size-5 shrink-0 text-accent" />
        <span>{children}</span>
      </dd>
    </div>
  );
}
