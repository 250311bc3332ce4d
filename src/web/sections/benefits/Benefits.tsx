import { useContent } from '../../lib/content-context';
import { benefitStyle } from '../../../content/catalog';
import { Card, CardFigure, CardGrid, CardIcon } from '../../components/Card';
import { Section } from '../../components/Section';

/** What clients get: each card shows its figure where it has one (the spec's claims), its icon where it has none. */
export function Benefits() {
  const { benefits } = useContent();
  return (
    <Section id="about" headingId="about-title" title={benefits.title} subtitle={benefits.subtitle} className="bg-slate-50 dark:bg-slate-900/50">
      <CardGrid>
        {benefits.items.map((item) => (
          <Card
            key={item.id}
            data-benefit={item.id}
            mark={item.highlight ? <CardFigure>{item.highlight}</CardFigure> : <CardIcon name={benefitStyle[item.id].icon} />}
            title={item.title}
            text={item.description}
          />
        ))}
      </CardGrid>
    </Section>
  );
}
