import { useContent } from '../../lib/content-context';
import { benefitStyle } from '../../../content/catalog';
import { Icon } from '../../components/Icon';
import { Section } from '../../components/Section';

export function Benefits() {
  const { benefits } = useContent();
  return (
    <Section id="about" headingId="about-title" title={benefits.title} subtitle={benefits.subtitle} className="bg-slate-50 dark:bg-slate-900/50">
      {/* As the service cards: two by two until four fit. */}
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {benefits.items.map((item) => (
          <li
            key={item.id}
            data-benefit={item.id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <Icon name={benefitStyle[item.id].icon} className="size-7 text-brand-600 dark:text-accent-400" />
            <p className="mt-4 text-title font-extrabold tracking-tight text-brand-700 dark:text-brand-100">{item.highlight}</p>
            <h3 className="mt-2 text-lg font-semibold text-balance">{item.title}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{item.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
