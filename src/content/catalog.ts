import type { BenefitId, DeliveryId, SectionAnchor, ServiceId } from './types';

/**
 * Language-independent facts about the page: which icon and colours go with which card,
 * animation timing from the spec (§9), and where links point. Copy lives in ./en.ts.
 */

export const COPYRIGHT_YEAR = 2025;

/** Spec §9: service card entrance delays, in the order of the cards. */
export const SERVICE_ORDER: ServiceId[] = ['customer-service', 'lead-generation', 'internal-automation', 'marketing'];

export type IconName =
  'phone-call' | 'target' | 'workflow' | 'megaphone' | 'piggy-bank' | 'clock' | 'trending-up' | 'zap' | 'brain' | 'cog' | 'messages' | 'bar-chart';

export const serviceStyle: Record<ServiceId, { icon: IconName; gradient: string; delayClass: string }> = {
  // Tailwind only generates classes it can read literally in the source, so they are spelled out here.
  'customer-service': { icon: 'phone-call', gradient: 'from-sky-500 to-indigo-600', delayClass: '[--reveal-delay:0.1s]' },
  'lead-generation': { icon: 'target', gradient: 'from-emerald-500 to-teal-600', delayClass: '[--reveal-delay:0.2s]' },
  'internal-automation': { icon: 'workflow', gradient: 'from-violet-500 to-fuchsia-600', delayClass: '[--reveal-delay:0.3s]' },
  marketing: { icon: 'megaphone', gradient: 'from-orange-500 to-rose-600', delayClass: '[--reveal-delay:0.4s]' },
};

/** The testimonials' monogram rings, in turn: the service cards' gradients. */
export const MONOGRAM_GRADIENTS: readonly string[] = SERVICE_ORDER.map((id) => serviceStyle[id].gradient);

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
