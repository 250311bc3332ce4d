import { useContent } from '../../content/context';
import { serviceStyle } from '../../content/catalog';
import { Icon } from '../../components/Icon';
import { Section } from '../../components/Section';

export function Services() {
  const { services } = useContent();
  return (
    <Section id="services" headingId="services-title" title={services.title} subtitle={services.subtitle} reveal>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {services.items.map((item) => {
          const style = serviceStyle[item.id];
          return (
            <li
              key={item.id}
              data-service={item.id}
              className={`reveal-item ${style.delayClass} group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-xl dark:border-slate-800 dark:bg-slate-900`}
            >
              <span className={`grid size-12 place-items-center rounded-xl bg-gradient-to-br ${style.gradient} text-white shadow-md`}>
                <Icon name={style.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{item.description}</p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
