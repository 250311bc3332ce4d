import { ChevronDown } from 'lucide-react';
import { RichText } from '../../components/RichText';
import { keepLastWordsTogether } from '../../../content/formats';
import { useContent } from '../../lib/content-context';
import type { FaqItem } from '../../../content/types';
import { Section } from '../../components/Section';
import { Static } from '../../hydration/Static';
import { SectionLink } from '../../components/SectionLink';
import { primaryAction } from '../../components/styles';
import { useAccordion } from './use-accordion';

/** A link in an answer (the demo's "Call Me" leads to the demo). */
const ANSWER_LINK = 'font-medium text-accent underline underline-offset-2 hover:text-brand-900 dark:hover:text-white';

/** WAI-ARIA accordion: each question is a button in a heading controlling its answer region. */
export function Faq() {
  const { faq } = useContent();
  const accordion = useAccordion();
  return (
    <Section id="faq" headingId="faq-title" title={faq.title} subtitle={faq.subtitle}>
      <div className="mx-auto max-w-3xl space-y-10">
        {faq.groups.map((group) => (
          <div key={group.id} data-faq-group={group.id}>
            <h3 className="mb-4 text-xl font-bold text-accent">{group.title}</h3>
            <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
              {group.items.map((item) => (
                <FaqEntry key={item.id} item={item} stepJoin={faq.stepJoin} open={accordion.isOpen(item.id)} onToggle={() => accordion.toggle(item.id)} />
              ))}
            </div>
          </div>
        ))}
        <div className="rounded-3xl bg-brand-50 p-[clamp(1.25rem,4vw,2rem)] text-center dark:bg-brand-900/50">
          <h3 className="text-heading font-bold">{faq.closing.title}</h3>
          <p className="mt-2 text-slate-700 dark:text-slate-200">{faq.closing.text}</p>
          <SectionLink anchor="contact" className={`${primaryAction} mt-6 px-7`}>
            {faq.closing.link}
          </SectionLink>
        </div>
      </div>
    </Section>
  );
}

function FaqEntry({ item, stepJoin, open, onToggle }: { item: FaqItem; stepJoin: string; open: boolean; onToggle: () => void }) {
  const buttonId = `faq-${item.id}-button`;
  const panelId = `faq-${item.id}-panel`;
  return (
    <div data-faq-item={item.id}>
      <h4>
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold"
        >
          {keepLastWordsTogether(item.question)}
          <ChevronDown
            aria-hidden="true"
            focusable="false"
            className={`size-5 shrink-0 text-slate-500 transition-transform duration-300 ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h4>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-panel" data-open={open ? '' : undefined}>
        <div className="overflow-hidden">
          <Answer item={item} stepJoin={stepJoin} />
        </div>
      </div>
    </div>
  );
}

/** An answer's text, never hydrated: nothing in it to interact with (its links are plain links). */
function Answer({ item, stepJoin }: { item: FaqItem; stepJoin: string }) {
  return (
    <Static>
      <div className="space-y-3 px-5 pb-5 text-slate-700 dark:text-slate-300">
        {item.answer.slice(0, 1).map((paragraph) => (
          <p key={paragraph}>
            <RichText text={keepLastWordsTogether(paragraph)} linkClassName={ANSWER_LINK} />
          </p>
        ))}
        {item.steps ? (
          <ol className="list-decimal space-y-2 pl-6">
            {item.steps.map((step) => (
              <li key={step.title}>
                <strong className="font-semibold text-slate-900 dark:text-slate-100">{step.title}</strong>
                {stepJoin}
                {keepLastWordsTogether(step.text)}
              </li>
            ))}
          </ol>
        ) : null}
        {item.answer.slice(1).map((paragraph) => (
          <p key={paragraph}>
            <RichText text={keepLastWordsTogether(paragraph)} linkClassName={ANSWER_LINK} />
          </p>
        ))}
      </div>
    </Static>
  );
}
