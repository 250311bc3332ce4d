import { CheckCircle2 } from 'lucide-react';
import { useContent } from '../../lib/content-context';
import { deliveryStyle } from '../../../content/catalog';
import { Icon } from '../../components/Icon';
import { Section } from '../../components/Section';

export function Delivery() {
  const { delivery } = useContent();
  return (
    <Section headingId="delivery-title" title={delivery.heading} className="bg-slate-50 dark:bg-slate-900/50">
      <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
        {delivery.items.map((item) => (
          <li key={item.id} className="flex gap-4 rounded-2xl bg-white p-5 dark:bg-slate-900">
            <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
              <Icon name={deliveryStyle[item.id].icon} className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 flex items-center justify-center gap-2 text-lg font-semibold text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 aria-hidden="true" focusable="false" className="size-6" />
        {delivery.closing}
      </p>
    </Section>
  );
}
