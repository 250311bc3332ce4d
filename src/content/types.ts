/**
 * The shape of every sentence on the page, per locale. Components only render these objects.
 * Strings may contain the placeholders of `PLACEHOLDERS` (./index.ts: `{brand}`, `{phone}`,
 * `{email}`, `{year}`, `{address}`, `{privacyOfficerName}`, ...), filled by `fill()` from the site
 * configuration; nothing else is interpolated. Every locale has exactly the same keys
 * (locales.test.ts).
 *
 * Structural data that does not change with the language (icons, gradients, animation delays,
 * anchors) lives in ./catalog.ts, keyed by the same ids.
 */
import type { ContactField } from '../contracts/contact';
import type { FieldErrorCode } from '../contracts/fields';
import type { Locale } from '../contracts/locales';
import type { PrivacySectionId } from './privacy/types';

/** The ids of places in the page that its links scroll to (#services, #contact…). */
export const SECTION_ANCHORS = ['ai-caller', 'services', 'about', 'contact', 'contact-form', 'faq'] as const;
export type SectionAnchor = (typeof SECTION_ANCHORS)[number];

/** Why the voice demo cannot be tried now, as the card says it (./types.ts `voiceDemo.states`). */
export type VoiceDemoUnavailable = 'unavailable' | 'budget-spent' | 'lines-busy';

export type ServiceId = 'customer-service' | 'lead-generation' | 'internal-automation' | 'marketing';
export type BenefitId = 'cost' | 'productivity' | 'growth' | 'efficiency';
export type DeliveryId = 'local-llm' | 'process-automation' | 'customer-engagement' | 'business-intelligence';
export type FaqGroupId = 'general' | 'services' | 'process';

/** The sections the navigation bars lead to (app/sections.ts says which and in what order). */
export type NavAnchor = 'services' | 'about' | 'contact' | 'faq';

export type NavLinkText = { anchor: SectionAnchor; label: string };

export type FaqItem = {
  id: string;
  question: string;
  /** One or more paragraphs. */
  answer: string[];
  /** Optional ordered steps shown after the first paragraph (the five-step process). */
  steps?: { title: string; text: string }[];
};

export type FieldText = { label: string; placeholder: string };

/** A short notice at collection (Law 25) ending with a link to the privacy policy, or to one of its sections. */
export type CollectionNotice = { text: string; link: string; section?: PrivacySectionId };

/** How a language names itself and offers itself, in that language (./languages.ts). */
export type LanguageText = {
  /** This language's name in itself ("English", "Français"): the switch that leads to it. */
  name: string;
  /** Its short form, shown instead of the name where the bar is narrow ("EN", "FR"). */
  code: string;
  /**
   * Written in this language, offered on the default-language page (`/`) to a first-time visitor
   * whose browser prefers this language (features/language/LanguageOffer.tsx).
   */
  offer: { message: string; accept: string; decline: string };
};

export type Content = {
  locale: Locale;
  meta: {
    /** <title>; also the Open Graph title. */
    title: string;
    description: string;
    ogImageAlt: string;
    /** The region served, for search engines' structured data ("Quebec" / "Québec"). */
    areaServed: string;
  };
  a11y: {
    skipToContent: string;
    homeLink: string;
    /** Read after the brand on the mobile menu button ("Atelier IA Menu"); aria-expanded says whether it is open. */
    menu: string;
    mainNav: string;
    mobileNav: string;
    footerNav: string;
    theme: { label: string; light: string; dark: string; system: string };
    pauseBanner: string;
    playBanner: string;
    requiredMark: string;
    optionalMark: string;
    /** Names of the toast area and of each toast's close button (sonner's defaults are English). */
    notifications: string;
    closeNotification: string;
  };
  /** The navigation bars' label for each section they lead to. */
  nav: Record<NavAnchor, string>;
  /** The mobile menu's way to the voice demo, under the section links (its last item is the hero's call to action). */
  menu: { demo: string };
  hero: {
    headlinePrefix: string;
    desktopParagraph: string;
    mobileDescription: string;
    cta: string;
    /** Short reassurance line under the CTA (e.g. "30 minutes, no commitment"). */
    ctaNote: string;
    /** Under the CTA, a quiet link to the live voice demo (#ai-caller). */
    voiceLink: string;
    /** Above the headline: what the firm does and for whom, in a few words. */
    eyebrow: string;
    /** Under the CTA: short facts the firm stands by (never a count of clients it cannot show). */
    proof: string[];
    /** The desktop hero's picture from 1024 px: a call answered at night, then what the agent did with it. */
    call: { answered: string; when: string; steps: string[] };
  };
  services: {
    title: string;
    subtitle: string;
    items: { id: ServiceId; title: string; description: string }[];
  };
  voiceDemo: {
    title: string;
    subtitle: string;
    callMe: string;
    endCall: string;
    connecting: string;
    /** The small control that abandons a call still connecting (the main button is disabled then). */
    cancelCall: string;
    status: { connected: string; assistantSpeaking: string; listening: string };
    /**
     * The card when the demo cannot be tried now, known before any press (GET /api/voice/status,
     * when the card comes into view) or from a press refused: `unavailable` (not set up on the
     * server, or its database not answering), `budget-spent` (the day's demo minutes, or this
     * network's share, are spent: back after the firm's midnight), `lines-busy` (every line is in
     * use: for a minute or so). `button`: the main button's label in place of "Call Me" (short: it
     * sits inside the circle); `note`: one line under the button, in place of the microphone note,
     * saying why; `instead`: in the captions box, what the visitor can do meanwhile, with the firm's
     * phone (`[{phone}]({phoneHref})`) and the contact form (`[label](#contact-form)`).
     */
    states: Record<VoiceDemoUnavailable, { button: string; note: string; instead: string }>;
    /**
     * Shown in the card when a press is refused for too many sessions (RATE_LIMIT_VOICE, 429) and
     * this page has started several calls: try again in a few minutes.
     */
    rateLimited: string;
    /**
     * The same refusal (429) when this page has not started several calls (the limit counts the
     * visitor's other tabs, and the proof of work has a limit of its own): nothing said about calls.
     */
    tooManyAttempts: string;
    /** The live captions of the call, in the card. */
    captions: {
      /** The accessible name of the region that reads the captions out (final lines only). */
      label: string;
      /** In the empty box, before a call. */
      placeholder: string;
      /** Who spoke, before each line, with the language's punctuation ("You:", « Vous : »). */
      roles: { assistant: string; user: string };
      /** Before the length of a call that has ended ("The call lasted"). */
      lasted: string;
      /**
       * Before that, why the call ended, when Vapi said so: the agent said goodbye (its closing
       * line at the time limit included), the call's maximum length, the silence timeout. One
       * sentence each. (None when the visitor hung up, nor for a failure: that is a notification.)
       */
      endReason: { assistant: string; 'time-limit': string; silence: string };
      /** After an ended call: a link to the contact form. */
      followUp: { text: string; link: string };
    };
    errors: {
      microphoneDenied: { title: string; description: string };
      startFailed: { title: string; description: string };
      /** No microphone found, or the browser cannot use one here (e.g. another app holds it). */
      microphoneUnavailable: { title: string; description: string };
      /** The call broke after it had connected. */
      callFailed: { title: string; description: string };
    };
    microphoneNote: string;
    /** Under the card: one line saying what happens to the call's audio, with the policy's link. */
    privacyNotice: CollectionNotice;
    /** The rest of the notice, in a disclosure under that line, readable before any call (Law 25). */
    privacyDetails: { summary: string; text: string };
  };
  benefits: {
    title: string;
    subtitle: string;
    /** `highlight`: the card's figure ("70%"), where it has one; a card without shows its icon instead. */
    items: { id: BenefitId; title: string; highlight?: string; description: string }[];
  };
  testimonials: {
    title: string;
    subtitle: string;
    /**
     * `name` is the person's name alone: their monogram is drawn from it. A title such as "Dr"
     * goes in `honorific`, shown before the name.
     */
    items: { honorific?: string; name: string; title: string; text: string }[];
  };
  delivery: {
    heading: string;
    items: { id: DeliveryId; title: string; description: string }[];
    closing: string;
  };
  contact: {
    heading: string;
    subtitle: string;
    info: {
      title: string;
      paragraphs: string[];
      points: string[];
      phoneLabel: string;
      emailLabel: string;
      addressLabel: string;
    };
    chipCaption: string;
    form: {
      title: string;
      fields: Record<ContactField, FieldText>;
      submit: string;
      submitting: string;
      privacyNotice: CollectionNotice;
      /** Shown in the form only when the browser runs no JavaScript: the form cannot send then. */
      noScript: string;
    };
  };
  banner: { phrases: string[] };
  faq: {
    title: string;
    subtitle: string;
    /** Between a step's title and its text: "Consultation and analysis: we learn…". */
    stepJoin: string;
    groups: { id: FaqGroupId; title: string; items: FaqItem[] }[];
    closing: { title: string; text: string; link: string };
  };
  footer: {
    newsletter: {
      title: string;
      line: string;
      emailLabel: string;
      placeholder: string;
      subscribe: string;
      subscribing: string;
      /** Shown under the sign-up only when the browser runs no JavaScript: it cannot send then. */
      noScript: string;
      /**
       * CASL express consent, shown beside the sign-up: what the firm sends, who asks (brand,
       * mailing address, a contact) and that consent can be withdrawn at any time. Submitting the
       * address with this text beside it is the consent. Changing this wording in any language means
       * changing NEWSLETTER_CONSENT_VERSION in src/contracts/newsletter.ts (consent-version.test.ts
       * fails until you do): the server stores that version as part of each subscriber's proof.
       */
      consent: CollectionNotice;
    };
    quickLinks: { title: string; links: NavLinkText[] };
    contactUs: { title: string; phoneLabel: string; emailLabel: string };
    brandTagline: string;
    /** e.g. "© {year} {brand}. All rights reserved." */
    copyright: string;
    privacyLink: string;
  };
  /** The 404 page of this language (served for unknown addresses under its path). */
  notFound: { title: string; text: string; home: string; /** Leads to the firm's phone and e-mail. */ contact: string };
  toasts: {
    contact: {
      notConfigured: { title: string; description: string };
      failed: { title: string; description: string };
      /** Added after the description of every 503 (not configured, database down, the storage ceiling): the way round it. */
      phoneFallback: string;
      /** The browser's proof of work could not be made, or was refused twice. */
      proofFailed: { title: string; description: string };
      success: { title: string; description: string };
      rateLimited: { title: string; description: string };
      invalid: { title: string; description: string };
    };
    newsletter: {
      empty: string;
      invalidEmail: string;
      duplicate: string;
      failed: string;
      success: string;
      /** Under `success` when the site confirms sign-ups by e-mail (double opt-in). */
      confirmFromInbox: string;
      rateLimited: string;
      /** The browser's proof of work could not be made, or was refused twice. */
      proofFailed: string;
    };
  };
  /** Inline messages for field-level errors returned by the API or found before sending. */
  fieldErrors: Record<FieldErrorCode, string>;
};

/**
 * The copy is loaded in two parts per language (./en/, ./fr/): what the first screen needs, with the
 * page, and the rest as the sections below the first screen hydrate (hydration/Slot.tsx).
 */
export type FirstScreenContent = Pick<Content, 'locale' | 'a11y' | 'nav' | 'menu' | 'hero'>;
export type BelowTheFoldContent = Omit<Content, keyof FirstScreenContent>;
