import { Quote } from 'lucide-react';
import { useContent } from '../../content/context';
import { Section } from '../../components/Section';

export function Testimonials() {
  const { testimonials } = useContent();
  return (
    <Section headingId="testimonials-title" title={testimonials.title} subtitle={testimonials.subtitle}>
      <ul className="grid gap-6 md:grid-cols-2">
        {testimonials.items.map((item) => (
          <li key={item.name} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <figure>
              <Quote aria-hidden="true" focusable="false" className="size-8 text-brand-400" />
              <blockquote className="mt-4 text-lg text-pretty text-slate-700 dark:text-slate-200">
                <p>{item.text}</p>
              </blockquote>
              <figcaption className="mt-6">
                <span className="block font-semibold">{item.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{item.title}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
