import { BrandBanner } from '../sections/banner/BrandBanner';
import { Benefits } from '../sections/benefits/Benefits';
import { Contact } from '../sections/contact/Contact';
import { Delivery } from '../sections/delivery/Delivery';
import { Faq } from '../sections/faq/Faq';
import { Footer } from '../sections/footer/Footer';
import { Services } from '../sections/services/Services';
import { Testimonials } from '../sections/testimonials/Testimonials';
import { VoiceDemo } from '../sections/voice-demo/VoiceDemo';
import type { SectionComponents } from './Deferred';
import { Toasts } from './Toasts';

/** Every below-the-fold part, imported at once: for the prerender step and tests (the browser uses lazy-sections.ts). */
export const eagerSections: SectionComponents = {
  services: Services,
  'voice-demo': VoiceDemo,
  benefits: Benefits,
  testimonials: Testimonials,
  delivery: Delivery,
  contact: Contact,
  banner: BrandBanner,
  faq: Faq,
  footer: Footer,
  toasts: Toasts,
};
