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
  menu: { demo: "Essayer l'agent vocal" },

  hero: {
    headlinePrefix: 'Transformez votre entreprise avec',
    desktopParagraph:
      "Plus aucun appel sans réponse, vos tâches répétitives automatisées : nous concevons des agents vocaux et des automatisations sur mesure, reliés à vos outils et bâtis pour suivre votre croissance. Votre équipe consacre moins de temps au répétitif et plus de temps à développer l'entreprise.",
    mobileDescription:
      "Des agents vocaux qui répondent à chaque appel et des automatisations sur mesure : votre entreprise tourne plus rondement, avec moins d'efforts.",
    cta: 'Réserver un appel gratuit',
    ctaNote: 'Appel gratuit de 30 minutes, sans engagement',
    voiceLink: 'ou parlez à notre agent vocal maintenant',
    eyebrow: 'Agents vocaux et automatisation pour les entreprises du Québec',
    proof: ['Réponse aux appels 24/7', 'En français et en anglais', 'Conçu pour la Loi 25'],
    call: {
      answered: 'Pris en charge par votre agent vocal',
      when: 'Appel entrant · 21 h 47',
      steps: ['Question réglée', 'Rendez-vous fixé', 'Client ajouté à votre CRM'],
    },
  },
});
