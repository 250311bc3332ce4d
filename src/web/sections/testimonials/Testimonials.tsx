import { Quote } from 'lucide-react';
import { useContent } from '../../lib/content-context';
import { keepNamesWhole } from '../../../content/typography';
import { Section } from '../../components/Section';
import { monogram } from '../../lib/monogram';
import { keepLastWordsTogether } from '../../../content/formats';

/** The four testimonials, each signed with a monogram: no photographs of people who are not the firm's. */
export function Testimonials() {
  const { testimonials } = useContent();
  return (
    <Section headingId="testimonials-title" title={testimonials.title} subtitle={testimonials.subtitle}>
      <ul className="grid gap-5 md:grid-cols-2">
        {testimonials.items.map((item) => (
          <li key={item.name} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7 dark:border-slate-800 dark:bg-slate-900">
            <figure className="flex h-full flex-col">
              <Quote aria-hidden="true" focusable="false" className="size-7 text-brand-400" />
              {/* Wrapped line by line as the words come (`text-pretty` made the last lines of a long quote
                  ragged), the last two words together: never one alone on the last line. */}
              <blockquote className="mt-3 flex-1 text-lead text-slate-700 dark:text-slate-200">
                <p className="text-wrap">{keepLastWordsTogether(item.text)}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4 border-t border-slate-200 pt-5 dark:border-slate-800">
                {/* A ring in the brand's gradient, the cards' icons', around the initials. */}
                <span aria-hidden="true" className="shrink-0 rounded-full bg-gradient-to-br from-brand-500 to-mark-cyan p-0.5">
                  <span data-monogram="" className="grid size-11 place-items-center rounded-full bg-white font-bold tracking-wide dark:bg-slate-900">
                    {monogram(item.name)}
                  </span>
                </span>
                {/* Names of people and places never break at their hyphen (Trois-Rivières); a title stays with the name. */}
                <span>
                  <span className="block font-semibold">{keepNamesWhole([item.honorific, item.name].filter(Boolean).join('\u00A0'))}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{keepNamesWhole(item.title)}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
