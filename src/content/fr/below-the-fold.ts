import { typesetFrench } from '../typography';
import type { BelowTheFoldContent } from '../types';
import { frFaq } from './faq';
import { frVoiceDemo } from './voice-demo';

/**
 * French (Québec) copy, written for French readers rather than translated: the meaning follows
 * ../en/, the wording OQLF usage. Typed with a plain keyboard (' ... "" and ordinary spaces):
 * ../typography.ts sets the apostrophes, guillemets and non-breaking spaces as it is loaded.
 */
export const frBelowTheFold: BelowTheFoldContent = typesetFrench({
  meta: {
    title: '{brand} | Automatisation IA pour les entreprises du Québec',
    description:
      "{brand} conçoit de l'IA sur mesure pour les entreprises du Québec : agents vocaux 24/7, génération de prospects, automatisation des processus et modèles de langage privés.",
    ogImageAlt: 'Logo de {brand} : automatisation IA pour les entreprises du Québec',
    areaServed: 'Québec',
  },

  services: {
    title: 'Ce que nous automatisons pour vous',
    subtitle: "Des solutions d'IA ciblées pour réduire vos coûts, vous faire gagner du temps et augmenter vos revenus.",
    items: [
      {
        id: 'customer-service',
        title: 'Service à la clientèle par IA',
        description:
          'Des agents vocaux intelligents répondent à vos clients jour et nuit, règlent leurs problèmes et prennent leurs rendez-vous dans vos systèmes.',
      },
      {
        id: 'lead-generation',
        title: 'Prospection automatisée',
        description:
          "Remplissez votre carnet de prospects qualifiés, pour que votre équipe de vente se concentre sur ce qu'elle fait de mieux : conclure des affaires.",
      },
      {
        id: 'internal-automation',
        title: 'Automatisation interne par IA',
        description:
          "Automatisez la gestion des stocks et des horaires, et éliminez les tâches administratives répétitives. Nous relions l'IA aux outils que vous utilisez déjà, comme votre GRC (CRM) et votre PGI (ERP).",
      },
      {
        id: 'marketing',
        title: 'Marketing automatisé par IA',
        description: "L'IA planifie, rédige et publie du contenu sur vos réseaux sociaux, adapté à votre marque et à votre public.",
      },
    ],
  },

  voiceDemo: frVoiceDemo,

  benefits: {
    title: 'Ce que vous y gagnez',
    subtitle: 'Des résultats concrets pour votre entreprise, pas seulement une nouvelle technologie.',
    items: [
      {
        id: 'cost',
        title: 'Des coûts nettement réduits',
        highlight: '70 %',
        description:
          "Nos clients économisent en moyenne 70 % des coûts liés aux tâches que nous automatisons, en remplaçant le travail manuel et répétitif par l'IA.",
      },
      {
        id: 'productivity',
        title: "Productivité jour et nuit, toute l'année",
        highlight: '24/7',
        description:
          'Vos agents IA ne dorment jamais, ne prennent jamais de pause et ne manquent aucun appel, y compris le soir, la fin de semaine et les jours fériés.',
      },
      {
        id: 'growth',
        title: 'Décisions fondées sur les données',
        description:
          'Chaque conversation et chaque processus génèrent des renseignements utiles : vous prenez vos décisions à partir de données réelles plutôt que de suppositions.',
      },
      {
        id: 'efficiency',
        title: 'Des processus accélérés',
        highlight: '5 ×',
        description: "Vos processus automatisés s'exécutent 5 fois plus vite, pour que votre équipe en accomplisse davantage sans avoir à embaucher.",
      },
    ],
  },

  testimonials: {
    title: 'Ce que disent nos clients',
    subtitle: "Plus qu'un fournisseur, un partenaire de croissance",
    items: [
      {
        name: 'Marie-Ève Tremblay',
        title: 'Propriétaire, Bistro Le Cartier, Québec',
        text: "En plein service du souper, on ratait constamment des appels pour des réservations. Maintenant, l'agent vocal répond à chaque appel, réserve les tables et répond aux questions sur notre menu. Mon équipe peut enfin se consacrer aux clients qui sont en salle.",
      },
      {
        honorific: 'Dr',
        name: 'Jean-François Gagnon',
        title: 'Propriétaire, Clinique Santé Beauport, Québec',
        text: "La prise de rendez-vous et les rappels occupaient des heures de notre équipe de réception chaque jour. L'IA traite maintenant la plupart de ces appels et se synchronise directement avec notre logiciel d'agenda. Nous avons nettement moins de rendez-vous manqués, et l'accueil est beaucoup plus calme.",
      },
      {
        name: 'Sophie Lavoie',
        title: 'Directrice des ventes, Distribution Laurentide, Lévis',
        text: "La prospection automatisée remplit notre carnet de clients potentiels qui correspondent vraiment à notre marché. Mes représentants passent leur temps au téléphone à conclure des ventes plutôt qu'à faire de la recherche et de la saisie de données. L'équipe était opérationnelle en quelques semaines.",
      },
      {
        name: 'Mathieu Bouchard',
        title: 'Directeur, Groupe Rive-Nord, Trois-Rivières',
        text: "Ce qui nous a convaincus, c'est le modèle de langage local : nos données restent au Canada et sous notre contrôle. L'équipe a pris le temps de comprendre nos processus avant de proposer quoi que ce soit. On sent qu'on travaille avec un partenaire, et non avec un simple fournisseur.",
      },
    ],
  },

  delivery: {
    heading: 'Ce que vous apporte {brand}',
    items: [
      {
        id: 'local-llm',
        title: 'IA privée et modèles de langage locaux',
        description: 'Des modèles de langage privés, hébergés sur votre infrastructure ou au Canada, et entraînés sur vos propres données.',
      },
      {
        id: 'process-automation',
        title: 'Automatisation intelligente des processus',
        description: 'Des flux de travail qui relient vos outils et prennent en charge les tâches répétitives du début à la fin.',
      },
      {
        id: 'customer-engagement',
        title: 'Relation client assistée par IA',
        description:
          'Des agents vocaux et des agents conversationnels qui répondent à vos clients, les qualifient et leur fixent des rendez-vous, jour et nuit.',
      },
      {
        id: 'business-intelligence',
        title: "Intelligence d'affaires prédictive",
        description: 'Des tableaux de bord et des prévisions qui transforment vos données en décisions claires et concrètes.',
      },
    ],
    closing: 'Des outils prêts à déployer dans votre prochain projet',
  },

  contact: {
    heading: 'Démarrons ensemble',
    subtitle: "Découvrez comment transformer votre entreprise grâce à des solutions d'IA faciles à intégrer.",
    info: {
      title: 'Parlons de votre entreprise',
      paragraphs: [
        "Réservez un appel exploratoire gratuit de 30 minutes avec notre équipe. Nous examinerons le fonctionnement actuel de votre entreprise et repérerons les tâches où l'IA peut vous faire économiser le plus de temps et d'argent.",
        "Laissez-nous un message : nous vous répondrons dans un délai d'un jour ouvrable.",
      ],
      points: ['Appel exploratoire gratuit de 30 minutes', "Réponse dans un délai d'un jour ouvrable", 'Équipe établie à {city}'],
      phoneLabel: 'Téléphone',
      emailLabel: 'Courriel',
      addressLabel: 'Adresse',
    },
    chipCaption: "Vos systèmes, reliés par l'IA",
    form: {
      title: 'Écrivez-nous',
      fields: {
        // Short enough to show whole in the field of a 320 px phone (e2e/visual.test.ts).
        name: { label: 'Nom complet', placeholder: 'Votre nom complet' },
        phone: { label: 'Numéro de téléphone', placeholder: 'Votre numéro de téléphone' },
        email: { label: 'Courriel', placeholder: 'Votre adresse courriel' },
        company: { label: 'Entreprise', placeholder: 'Nom de votre entreprise' },
        message: { label: 'Message ou demande', placeholder: "Votre message ou l'objet de votre demande" },
      },
      submit: 'Envoyer le message',
      submitting: 'Envoi en cours...',
      noScript:
        'Ce formulaire a besoin de JavaScript, qui est désactivé dans votre navigateur. Vous pouvez plutôt nous appeler ou nous écrire : nos coordonnées sont sur cette page.',
      privacyNotice: {
        text: 'Nous utilisons ces renseignements uniquement pour répondre à votre demande. Ils sont conservés sur notre serveur et supprimés après {retention}; vous pouvez les consulter, les faire corriger ou retirer votre consentement en tout temps.',
        link: 'Politique de confidentialité',
      },
    },
  },

  banner: {
    phrases: ['Agents vocaux 24/7', 'Conçu au Québec', 'Une IA privée, sous votre contrôle', 'Automatisez le répétitif', 'Une IA bâtie pour votre entreprise'],
  },

  faq: frFaq,

  footer: {
    newsletter: {
      title: "L'infolettre IA, sans blabla",
      line: "Des conseils d'IA pratiques et gratuits, pour de vrais résultats. Pas de pourriel.",
      emailLabel: 'Adresse courriel',
      placeholder: 'Votre adresse courriel',
      subscribe: "S'abonner",
      subscribing: 'Abonnement en cours...',
      noScript: "L'abonnement a besoin de JavaScript, qui est désactivé dans votre navigateur.",
      // Vous changez ce texte? Changez aussi NEWSLETTER_CONSENT_VERSION (src/contracts/newsletter.ts).
      consent: {
        // Trois lignes sur un téléphone de 360 px (« En vous abonnant, » en ferait quatre; le texte est à
        // côté du bouton « S'abonner »); qui l'envoie (nom, adresse, coordonnées) : la première section de la politique.
        // {possessiveBrand} : « d'Atelier IA », « de Studio IA », l'élision que demande la marque.
        text: "Vous acceptez de recevoir l'infolettre {possessiveBrand}. Désabonnement en tout temps.",
        link: 'Politique de confidentialité',
        section: 'who',
      },
    },
    quickLinks: {
      title: 'Liens rapides',
      links: [
        { anchor: 'ai-caller', label: 'Accueil' },
        { anchor: 'services', label: 'Services' },
        { anchor: 'ai-caller', label: 'Agent vocal' },
        { anchor: 'faq', label: 'FAQ' },
      ],
    },
    contactUs: { title: 'Nous joindre', phoneLabel: 'Téléphone', emailLabel: 'Courriel' },
    brandTagline:
      "Des solutions d'automatisation par IA sur mesure qui aident les entreprises du Québec à gagner du temps, à réduire leurs coûts et à croître.",
    copyright: '© {year} {brand}. Tous droits réservés.',
    privacyLink: 'Politique de confidentialité',
  },

  notFound: {
    title: 'Page introuvable',
    text: "La page que vous cherchez n'existe pas ou a été déplacée.",
    home: "Retour à l'accueil",
    contact: 'Vous cherchiez quelque chose en particulier? Appelez-nous ou écrivez-nous :',
  },

  toasts: {
    contact: {
      notConfigured: {
        title: 'Formulaire temporairement indisponible',
        description: "Votre message n'a pas été envoyé; écrivez-nous plutôt par courriel, à l'adresse indiquée au bas de la page.",
      },
      failed: { title: "Échec de l'envoi du message", description: 'Veuillez réessayer plus tard.' },
      phoneFallback: 'Vous pouvez aussi nous appeler au {phone}.',
      proofFailed: {
        title: 'Échec de l’envoi du message',
        description: 'Votre navigateur n’a pas pu terminer notre vérification antipourriel. Veuillez réessayer ou nous appeler au {phone}.',
      },
      success: { title: 'Merci! Votre message a bien été envoyé.', description: 'Nous vous répondrons sous peu.' },
      rateLimited: {
        title: 'Trop de messages',
        description: 'Veuillez réessayer dans quelques minutes ou nous appeler au {phone}.',
      },
      invalid: {
        title: 'Certains champs sont à vérifier',
        description: 'Veuillez corriger les champs en surbrillance, puis réessayer.',
      },
    },
    newsletter: {
      empty: 'Entrez votre adresse courriel.',
      invalidEmail: 'Entrez une adresse courriel valide.',
      duplicate: 'Cette adresse est déjà abonnée à notre infolettre.',
      failed: "L'abonnement a échoué. Veuillez réessayer.",
      success: 'Votre inscription à notre infolettre est enregistrée!',
      confirmFromInbox: 'Pour la confirmer, ouvrez le lien du courriel que nous venons de vous envoyer.',
      rateLimited: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
      proofFailed: 'Votre navigateur n’a pas pu terminer notre vérification antipourriel. Veuillez réessayer.',
    },
  },

  fieldErrors: {
    required: 'Ce champ est obligatoire.',
    too_long: 'Le texte saisi est trop long.',
    invalid_email: 'Entrez une adresse courriel valide.',
    invalid_phone: 'Entrez un numéro de téléphone valide.',
    invalid_characters: 'Ce texte contient des caractères illisibles. Saisissez-le de nouveau.',
    invalid: "Cette valeur n'est pas valide.",
  },
});
