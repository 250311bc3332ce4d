import type { FirstScreenContent } from '../types';

/**
 * The copy the first screen needs (navigation, hero, accessible names), loaded with the page; the
 * rest is in ./below-the-fold.ts, loaded as the sections below hydrate.
 */
export const enFirstScreen: FirstScreenContent = {
  locale: 'en',

  a11y: {
    skipToContent: 'Skip to main content',
    homeLink: '{brand} home',
    menu: 'Menu',
    mainNav: 'Main',
    mobileNav: 'Main',
    footerNav: 'Footer',
    theme: { label: 'Theme', light: 'Light', dark: 'Dark', system: 'System' },
    pauseBanner: 'Pause animation',
    playBanner: 'Play animation',
    requiredMark: 'required',
    optionalMark: 'optional',
    notifications: 'Notifications',
    closeNotification: 'Close notification',
  },

  nav: { services: 'Services', about: 'About', contact: 'Contact', faq: 'FAQ' },
  menu: { demo: 'Try the AI Voice Agent' },

  hero: {
    headlinePrefix: 'Transform your Business with',
    desktopParagraph:
      'We design AI infrastructure built for scale, from voice agents that answer every call to automations that connect your existing tools. Your team spends less time on repetitive work and more time growing the business.',
    mobileDescription: 'We build custom AI for maximum efficiency, so your business runs faster with less effort.',
    cta: 'Book a Free Call',
    ctaNote: 'Free 30-minute call, no commitment',
    voiceLink: 'or talk to our voice agent now',
    eyebrow: 'Voice agents & automation for Quebec businesses',
    proof: ['Calls answered 24/7', 'French and English', 'Built for Law 25'],
    call: {
      answered: 'Answered by your voice agent',
      when: 'Incoming call · 9:47 PM',
      steps: ['Question answered', 'Appointment booked', 'Lead sent to your CRM'],
    },
  },
};
