import type { ComponentType } from 'react';
import type { NavAnchor, SectionAnchor } from '../../content/types';
import { Hero } from '../sections/hero/Hero';

/**
 * The home page, section by section, in order: the one list the page, its
 * hydration, its CSS height estimates, the navigation and the tests are derived from.
 *
 * Adding a section: its copy in `content/en` and `content/fr`, its component in `sections/`, one
 * entry here, and its test. Nothing else names it.
 */
export type SectionEntry = {
  /** Names the section's wrapper (`<div data-section="…">`) and its chunk. */
  id: string;
  /** The ids of places inside it that links scroll to, in document order. */
  anchors: readonly SectionAnchor[];
  /** Which navigation item leads here (its label is `nav[anchor]` in the copy), if any. */
  nav?: NavAnchor;
  /** After `<main>` (the footer), not in it. */
  afterMain?: true;
} & (
  | {
      /** Drawn at the top of the page: in the page's first chunk, hydrated with the page. */
      placement: 'first-screen';
      Component: ComponentType;
    }
  | {
      placement: 'below-the-fold';
      /** Its own chunk. */
      load: () => Promise<ComponentType>;
      /**
       * false: nothing in it to interact with (text, icons, links); its prerendered HTML is kept
       * as it is and the browser never fetches its code. A browser test fails if such a section
       * gains a control.
       */
      hydrates: boolean;
      /** It can raise a notification: the notifications area loads with it. */
      toasts: boolean;
      // Its height until the browser lays it out is measured, not typed: hydration/section-heights.json
      // (`npm run heights -- --write`).
    }
);

export const SECTIONS = [
  { id: 'hero', anchors: [], placement: 'first-screen', Component: Hero },
  {
    id: 'services',
    anchors: ['services'],
    nav: 'services',
    placement: 'below-the-fold',
    load: () => import('../sections/services/Services').then((m) => m.Services),
    hydrates: false,
    toasts: false,
  },
  {
    id: 'voice-demo',
    anchors: ['ai-caller'],
    placement: 'below-the-fold',
    load: () => import('../sections/voice-demo/VoiceDemo').then((m) => m.VoiceDemo),
    hydrates: true,
    toasts: true,
  },
  {
    id: 'benefits',
    anchors: ['about'],
    nav: 'about',
    placement: 'below-the-fold',
    load: () => import('../sections/benefits/Benefits').then((m) => m.Benefits),
    hydrates: false,
    toasts: false,
  },
  {
    id: 'testimonials',
    anchors: [],
    placement: 'below-the-fold',
    load: () => import('../sections/testimonials/Testimonials').then((m) => m.Testimonials),
    hydrates: false,
    toasts: false,
  },
  {
    id: 'delivery',
    anchors: [],
    placement: 'below-the-fold',
    load: () => import('../sections/delivery/Delivery').then((m) => m.Delivery),
    hydrates: false,
    toasts: false,
  },
  {
    id: 'contact',
    anchors: ['contact', 'contact-form'],
    nav: 'contact',
    placement: 'below-the-fold',
    load: () => import('../sections/contact/Contact').then((m) => m.Contact),
    hydrates: true,
    toasts: true,
  },
  {
    id: 'banner',
    anchors: [],
    placement: 'below-the-fold',
    load: () => import('../sections/banner/BrandBanner').then((m) => m.BrandBanner),
    hydrates: true,
    toasts: false,
  },
  {
    id: 'faq',
    anchors: ['faq'],
    nav: 'faq',
    placement: 'below-the-fold',
    load: () => import('../sections/faq/Faq').then((m) => m.Faq),
    hydrates: true,
    toasts: false,
  },
  {
    id: 'footer',
    anchors: [],
    afterMain: true,
    placement: 'below-the-fold',
    load: () => import('../sections/footer/Footer').then((m) => m.Footer),
    hydrates: true,
    toasts: true,
  },
] as const satisfies readonly SectionEntry[];

export type SectionId = (typeof SECTIONS)[number]['id'];
export type BelowTheFoldSection = Extract<(typeof SECTIONS)[number], { placement: 'below-the-fold' }>;

export const BELOW_THE_FOLD: readonly BelowTheFoldSection[] = SECTIONS.filter((entry): entry is BelowTheFoldSection => entry.placement === 'below-the-fold');

/** The navigation's items, in page order: the anchor each leads to (its label is in the copy). */
export const NAV_ANCHORS: readonly NavAnchor[] = SECTIONS.flatMap((entry) => ('nav' in entry ? [entry.nav] : []));

/** Every anchor of the page, in page order, each in the one section that holds it. */
export const ANCHORS: readonly SectionAnchor[] = SECTIONS.flatMap((entry) => entry.anchors);
