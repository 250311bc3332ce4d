import { useContent } from '../../lib/content-context';
import { serviceStyle } from '../../../content/catalog';
import { Card, CardGrid, CardIcon } from '../../components/Card';
import { Section } from '../../components/Section';

/**
 * The four service cards (spec §3's entity: title, description, icon, colour gradient, animation
 * delay): the copy comes from the content, the icon and delay from content/catalog.ts, the
 * gradient is the brand's, the same on every card of the page (components/Card.tsx).
 */
export function Services() {
  const { services } = useContent();
  return (
    <Section id="services" headingId="services-title" title={services.title} subtitle={services.subtitle} reveal>
      <CardGrid>
        {services.items.map((item) => (
          <Card
            key={item.id}
            data-service={item.id}
            className={`reveal-item ${serviceStyle[item.id].delayClass}`}
            mark={<CardIcon name={serviceStyle[item.id].icon} />}
            title={item.title}
            text={item.description}
          />
        ))}
      </CardGrid>
    </Section>
  );
}
