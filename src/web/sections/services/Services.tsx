import { useContent } from '../../lib/content-context';
import { serviceStyle } from '../../../content/catalog';
import { Icon } from '../../components/Icon';
import { Section } from '../../components/Section';

/**
 * The four service cards (spec §3's entity: title, description, icon, colour gradient, animation
 * delay). The copy comes from the content, the rest from content/catalog.ts; the gradient marks the
 * card's top edge, its icon and a glow behind it.
 */
export function Services() {
  const { services } = useContent();
  return (
    <Section id="services" headingId="services-title" title={services.title} subtitle={services.subtitle} reveal>
      {/* Two by two until four cards have room for their titles (1280 px; e2e/visual-finish.test.ts). */}
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {services.items.map((item) => {
          const style = serviceStyle[item.id];
          return (
            <li
              key={item.id}
              data-service={item.id}
              className={`reveal-item ${style.delayClass} group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-xl dark:border-slate-800 dark:bg-slate-900`}
            >
              <span aria-hidden="true" className={`absolute inset-x-0 top-0 h-1 bg-gradient-to-r ${style.gradient}`} />
              <span
                aria-hidden="true"
                className={`absolute -top-12 -right-12 size-36 rounded-full bg-gradient-to-br ${style.gradient} opacity-15 blur-2xl transition-opacity group-hover:opacity-30`}
              />
              <span className={`relative grid size-12 place-items-center rounded-xl bg-gradient-to-br ${style.gradient} text-white shadow-md`}>
                <Icon name={style.icon} className="size-6" />
              </span>
              <h3 className="relative mt-5 text-lg font-semibold text-balance">{item.title}</h3>
              <p className="relative mt-2 text-slate-600 dark:text-slate-300">{item.description}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
