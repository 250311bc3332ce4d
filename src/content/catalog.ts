import type { BenefitId, DeliveryId, SectionAnchor, ServiceId } from './types';

/**
 * Language-independent facts about the page: which icon goes with which card, animation timing
 * from the spec (§9), and where links point. Copy lives in ./en/ and ./fr/.
 */

/** When the privacy policy last changed: set by hand with each change, written out in each language. */
export const PRIVACY_POLICY_UPDATED = '2026-11-26';

/** Spec §9: service card entrance delays, in the order of the cards. */
export const SERVICE_ORDER: ServiceId[] = ['customer-service', 'lead-generation', 'internal-automation', 'marketing'];

export type IconName =
  'phone-call' | 'target' | 'workflow' | 'megaphone' | 'piggy-bank' | 'clock' | 'trending-up' | 'zap' | 'brain' | 'cog' | 'messages' | 'bar-chart';

export const serviceStyle: Record<ServiceId, { icon: IconName; delayClass: string }> = {
  // Tailwind only generates classes it can read literally in the source, so they are spelled out here.
  'customer-service': { icon: 'phone-call', delayClass: '[--reveal-delay:0.1s]' },
  'lead-generation': { icon: 'target', delayClass: '[--reveal-delay:0.2s]' },
  'internal-automation': { icon: 'workflow', delayClass: '[--reveal-delay:0.3s]' },
  marketing: { icon: 'megaphone', delayClass: '[--reveal-delay:0.4s]' },
};

/** The icon a benefit's card shows where it has no figure (content `highlight`). */
export const benefitStyle: Record<BenefitId, { icon: IconName }> = {
  cost: { icon: 'piggy-bank' },
  productivity: { icon: 'clock' },
  growth: { icon: 'trending-up' },
  efficiency: { icon: 'zap' },
};

export const deliveryStyle: Record<DeliveryId, { icon: IconName }> = {
  'local-llm': { icon: 'brain' },
  'process-automation': { icon: 'cog' },
  'customer-engagement': { icon: 'messages' },
  'business-intelligence': { icon: 'bar-chart' },
};

/** Spec §2: the mobile menu sends "Contact" to the form card rather than the section. */
export function mobileTarget(anchor: SectionAnchor): SectionAnchor {
  return anchor === 'contact' ? 'contact-form' : anchor;
}
