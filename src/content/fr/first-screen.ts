import { typesetFrench } from '../typography';
import type { FirstScreenContent } from '../types';

/**
 * The copy the first screen needs (navigation, hero, accessible names), loaded with the page; the
 * rest is in ./below-the-fold.ts, loaded as the sections below hydrate.
 * Wording and typography as described in ./below-the-fold.ts.
 */
export const frFirstScreen: FirstScreenContent = typesetFrench({
  locale: 'fr',

  a11y: {
    skipToContent: 'Passer au contenu principal',
    homeLink: 'Accueil – {brand}',
    menu: 'Menu',
    mainNav: 'Principale',
    mobileNav: 'Principale',
    footerNav: 'Pied de page',
    theme: { label: 'Thème', light: 'Clair', dark: 'Sombre', system: 'Système' },
    pauseBanner: "Mettre l'animation en pause",
    playBanner: "Reprendre l'animation",
    requiredMark: 'obligatoire',
    optionalMark: 'facultatif',
    notifications: 'Notifications',
    closeNotification: 'Fermer la notification',
  },

  nav: { services: 'Services', about: 'À propos', contact: 'Contact', faq: 'FAQ' },

  hero: {
    headlinePrefix: 'Transformez votre entreprise avec',
    desktopParagraph:
      "Nous bâtissons une infrastructure d'IA prête à grandir avec vous, des agents vocaux qui répondent à chaque appel jusqu'aux automatisations qui relient vos outils existants. Votre équipe consacre moins de temps aux tâches répétitives et plus de temps à faire croître l'entreprise.",
    mobileDescription: "Nous créons des solutions d'IA sur mesure pour une efficacité maximale : votre entreprise avance plus vite, avec moins d'efforts.",
    cta: 'Réserver un appel gratuit',
    ctaNote: '30 minutes, gratuit et sans engagement',
    voiceLink: 'ou parlez à notre agent vocal maintenant',
  },
});
