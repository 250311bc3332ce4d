import { CheckCircle2 } from 'lucide-react';
import { useContent } from '../../lib/content-context';
import { deliveryStyle } from '../../../content/catalog';
import { Card, CardGrid, CardIcon } from '../../components/Card';
import { Section } from '../../components/Section';

export function Delivery() {
  const { delivery } = useContent();
  return (
    <Section headingId="delivery-title" title={delivery.heading} className="bg-slate-50 dark:bg-slate-900/50">
      <CardGrid>
        {delivery.items.map((item) => (
          <Card key={item.id} data-delivery={item.id} mark={<CardIcon name={deliveryStyle[item.id].icon} />} title={item.title} text={item.description} />
        ))}
      </CardGrid>
      {/* The tick flows with the words: beside the first one, centred with them, however the line wraps. */}
      <p className="mt-8 text-center text-lg font-semibold text-accent">
        <CheckCircle2 aria-hidden="true" focusable="false" className="mr-2 inline size-6 align-[-0.3em]" />
        {delivery.closing}
      </p>
    </Section>
  );
}
