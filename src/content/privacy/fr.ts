import { typesetFrench } from '../typography';
import type { PrivacyPolicy } from './types';

/** La politique de confidentialité; même contenu que ./en.ts (voir la note qui s'y trouve). */
export const privacyFr: PrivacyPolicy = typesetFrench({
  meta: {
    title: 'Politique de confidentialité | {brand}',
    description:
      'Comment {brand} recueille, utilise, conserve et détruit les renseignements personnels transmis par son site Web, et comment exercer vos droits.',
  },
  title: 'Politique de confidentialité',
  updated: 'Dernière mise à jour : {policyDate}',
  intro:
    'Cette politique explique quels renseignements personnels {brand} recueille par ce site Web, à quelles fins, où ils sont conservés, pendant combien de temps, et comment exercer les droits que vous confère la Loi sur la protection des renseignements personnels dans le secteur privé du Québec.',
  contents: 'Sur cette page',
  callReport: {
    summaryOnly:
      "À la fin de l'appel, Vapi envoie aussi à notre serveur un résumé de l'appel (et sa transcription, que nous ne conservons pas); nous conservons le résumé avec votre demande, et nous ne conservons rien d'un appel où vous n'avez pas demandé de rappel.",
    withTranscript:
      "À la fin de l'appel, Vapi envoie aussi à notre serveur un résumé de l'appel et sa transcription; nous les conservons avec votre demande, et nous ne conservons rien d'un appel où vous n'avez pas demandé de rappel.",
  },
  sections: [
    {
      id: 'who',
      title: 'Qui sommes-nous?',
      paragraphs: [
        '{brand} est une firme-conseil en automatisation par IA établie au Québec. Nous sommes responsables des renseignements personnels recueillis sur ce site.',
        'Adresse postale : {address}. Courriel : [{email}](mailto:{email}). Téléphone : {phone}.',
      ],
    },
    {
      id: 'officer',
      title: 'Responsable de la protection des renseignements personnels',
      paragraphs: [
        'La personne responsable de la protection des renseignements personnels chez {brand} est {privacyOfficerName}, {privacyOfficerTitle}.',
        "Vous pouvez la joindre à l'adresse [{privacyOfficerEmail}](mailto:{privacyOfficerEmail}) ou par la poste à l'adresse ci-dessus.",
      ],
    },
    {
      id: 'collected',
      title: 'Ce que nous recueillons et pourquoi',
      paragraphs: [
        'Nous recueillons uniquement ce que vous nous transmettez par les formulaires de ce site, et seulement pour la fin indiquée à côté de chacun :',
      ],
      list: [
        'Formulaire de contact : votre nom, votre numéro de téléphone, votre adresse courriel, votre entreprise (facultatif) et votre message, pour répondre à votre demande.',
        "Infolettre : votre adresse courriel, pour vous envoyer notre infolettre. Nous y joignons la preuve de votre consentement exigée par la Loi canadienne anti-pourriel : la date et l'heure, le formulaire utilisé, la langue de la page et la version du texte de consentement qui vous a été présenté.",
        "Avec chaque formulaire : la date et l'heure, ainsi que la page d'où il a été envoyé (ce qui nous indique votre langue), pour vous répondre dans votre langue.",
        'La démonstration vocale : voir la section suivante. Une demande de rappel faite pendant un appel est conservée comme une demande de contact.',
      ],
      after: [
        "Pour protéger les formulaires et la démonstration vocale contre les abus, notre serveur compte les demandes récentes dans sa base de données. Pour chaque adresse Internet (IP), il n'écrit pas l'adresse, mais un code calculé à partir d'elle avec une clé secrète, le temps que couvre chaque limite (de quelques minutes à une journée) : c'est un pseudonyme, puisque nous pourrions recalculer le code d'une adresse donnée. Pour chaque réseau (les trois premiers nombres d'une adresse IPv4, ou le début d'une adresse IPv6), il écrit le réseau lui-même, pendant 24 heures au plus. Le réseau d'où vient une demande est aussi conservé avec l'avis qui nous l'annonce, jusqu'à ce que cet avis soit envoyé.",
        'Nous ne vous demandons jamais de renseignements sensibles; veuillez ne pas en inclure dans votre message.',
      ],
    },
    {
      id: 'voice-demo',
      title: "La démonstration vocale (« Parler à l'agent »)",
      paragraphs: [
        "La démonstration ne commence que lorsque vous appuyez sur « Parler à l'agent » et que vous autorisez votre navigateur à utiliser votre microphone. Notre serveur demande alors à Vapi de lancer cet appel, et seulement celui-là, pour votre navigateur; pour ce faire, il compte les appels de la journée et les demandes récentes par adresse Internet (IP) et par réseau (voir plus haut), et conserve jusqu'à la fin de la journée le réseau pour lequel l'appel a été lancé. Pendant l'appel, Vapi signale à notre serveur le début et la fin de l'appel, puis lui envoie un compte rendu qui contient un résumé et une transcription de la conversation : notre serveur n'en conserve rien, sauf si vous demandez qu'on vous rappelle.",
        "Le son de votre voix est transmis directement de votre navigateur à Vapi, notre fournisseur d'IA vocale, et à Daily, le service qui achemine l'appel. Vapi le fait traiter par ses propres fournisseurs pour reconnaître vos paroles (Deepgram), rédiger les réponses de l'assistant (OpenAI) et les prononcer (Microsoft Azure). Ces entreprises sont établies aux États-Unis : votre voix est donc traitée à l'extérieur du Québec, le temps de l'appel seulement (quelques minutes tout au plus).",
        "Les sous-titres de la conversation s'affichent uniquement dans votre navigateur : ils ne sont pas transmis à notre serveur et disparaissent quand vous rechargez ou quittez la page.",
        "Le son de l'appel n'est pas enregistré : ni nous ni Vapi ne le conservons. Vapi conserve toutefois une trace écrite de chaque appel dans notre compte Vapi, aux États-Unis : sa transcription, un résumé et des journaux techniques. Nous en sommes responsables au même titre que vos autres renseignements, et notre serveur la fait supprimer par Vapi {vapiDeletion}. Hormis ce qu'il nous faut pour vous rappeler, veuillez ne communiquer aucun renseignement personnel ou sensible pendant la démonstration.",
        "Si vous demandez à l'agent que notre équipe vous rappelle, il vous relit vos renseignements et vous demande votre accord; c'est seulement alors que Vapi transmet à notre serveur ce que vous avez donné (votre nom et celui de votre entreprise, le numéro de téléphone ou l'adresse courriel où vous joindre, votre besoin, le moment où vous rappeler et la langue de l'appel). Nous les conservons comme une demande de contact, pour vous rappeler : même usage, même durée de conservation, mêmes droits. {callReport}",
      ],
    },
    {
      id: 'storage',
      title: 'Où vos renseignements sont conservés',
      paragraphs: [
        "Les demandes de contact et les abonnements à l'infolettre sont conservés dans une base de données {database} sur le serveur que {brand} exploite pour ce site. Seules les personnes de {brand} qui en ont besoin pour vous répondre ou pour envoyer l'infolettre peuvent y accéder. Les connexions au site sont chiffrées (HTTPS).",
      ],
    },
    {
      id: 'retention',
      title: 'Ce que nous conservons, pourquoi, combien de temps, et qui le voit',
      paragraphs: ['Tout ce que notre serveur conserve sur vous, votre appareil ou votre réseau, et ce que notre fournisseur d’IA vocale conserve pour nous :'],
      table: true,
      after: [
        'Une fois son délai écoulé, chaque élément est supprimé par notre serveur lui-même, chaque jour. Le son d’un appel de démonstration n’est jamais enregistré, et ses sous-titres restent dans votre navigateur.',
      ],
    },
    {
      id: 'trackers',
      title: 'Aucun témoin, aucun traceur : le site compte ses visites sans identifier personne',
      paragraphs: [
        "Ce site n'utilise aucun témoin (cookie), aucune publicité, aucun traceur tiers et aucun service externe d'analyse d'audience. Il mémorise votre choix de thème et de langue, et le fait que votre navigateur a déjà la police de caractères du site, dans le stockage local de votre navigateur; ces données ne quittent jamais votre appareil.",
        "Pour savoir comment le site est utilisé, notre propre serveur tient des compteurs quotidiens de quelques événements : une page consultée, la démonstration vocale affichée, le bouton « Parler à l'agent » utilisé, le formulaire de contact commencé et, lorsque notre base de données les enregistre, une demande de contact ou une inscription à l'infolettre. Chaque compte ne porte que la langue de la page, le type d'écran (téléphone ou ordinateur), le type de site d'où vous venez (un moteur de recherche, un réseau social, un autre site, ou aucun; jamais son adresse) et la campagne nommée dans le lien que vous avez suivi, seulement s'il s'agit d'une de nos campagnes publicitaires (toute autre est comptée comme « autre »).",
        "Rien dans ces compteurs ne vous identifie ni ne peut être relié à vous : aucun témoin, rien d'écrit dans votre navigateur, aucune adresse IP, aucune description de votre navigateur, aucune « empreinte », ni aucun code tiré de ces éléments. Notre serveur ne consulte votre adresse IP qu'en mémoire, pendant une minute, pour ignorer un afflux de comptes, et la description de votre navigateur que pour écarter les robots des moteurs de recherche. Les compteurs sont conservés {statsRetention} au plus, puis supprimés.",
        "C'est pourquoi aucune bannière de consentement n'est nécessaire : des compteurs qui n'identifient personne ne sont pas des renseignements personnels au sens de la Loi sur la protection des renseignements personnels dans le secteur privé (Loi 25), et selon la lecture de la mesure d'audience de la CNIL, l'autorité française de protection des données, que nous prenons pour référence, un outil qui ne sert qu'à mesurer l'audience du site lui-même, produit des chiffres anonymes et n'enregistre rien sur votre appareil n'exige aucun consentement.",
      ],
    },
    {
      id: 'sharing',
      title: 'Communication à des tiers',
      paragraphs: [
        "Nous ne vendons, ne louons ni n'échangeons vos renseignements personnels. Nous les communiquons uniquement aux fournisseurs qui nous aident à exploiter le site et à vous répondre (comme Vapi, Daily et les fournisseurs de Vapi pour la démonstration vocale), qui ne peuvent les utiliser qu'à cette fin, ou lorsque la loi l'exige.",
      ],
    },
    {
      id: 'rights',
      title: 'Vos droits',
      paragraphs: ['En tout temps, vous pouvez :'],
      list: [
        'demander à consulter les renseignements personnels que nous détenons à votre sujet;',
        "les faire rectifier s'ils sont inexacts, incomplets ou équivoques;",
        "retirer votre consentement et nous demander de supprimer vos renseignements (pour l'infolettre, le lien de désabonnement présent dans chaque courriel le fait immédiatement).",
      ],
      after: [
        "Pour exercer ces droits, écrivez à {privacyOfficerName} à l'adresse [{privacyOfficerEmail}](mailto:{privacyOfficerEmail}). Nous répondons dans un délai de 30 jours.",
        "Si notre réponse ne vous satisfait pas, vous pouvez porter plainte auprès de la [Commission d'accès à l'information du Québec](https://www.cai.gouv.qc.ca/).",
      ],
    },
    {
      id: 'changes',
      title: 'Modifications à la présente politique',
      paragraphs: [
        "Lorsque nous modifions cette politique, nous publions la nouvelle version sur cette page, avec sa date. Si une modification touche l'usage de renseignements que nous détenons déjà, nous vous demandons de nouveau votre consentement lorsque la loi l'exige.",
      ],
    },
  ],
  kept: {
    caption: 'Ce que nous conservons',
    headers: { what: 'Quoi', why: 'Pourquoi', howLong: 'Combien de temps', seenBy: 'Qui le voit, et où' },
    kinds: {
      request:
        'Une demande de contact : votre nom, votre numéro de téléphone, votre adresse courriel, votre entreprise et votre message (ou, lors d’un appel, votre besoin et le moment où vous rappeler), avec la page, la langue et l’heure de la demande',
      callRecord: 'D’un appel où vous avez demandé qu’on vous rappelle : son résumé (et sa transcription, si nous les conservons) et sa référence chez Vapi',
      subscription:
        'Infolettre : votre adresse courriel et la preuve de votre consentement (quand, sur quel formulaire et quelle page, dans quelle langue, avec quel libellé)',
      pendingSignup: 'Une inscription à l’infolettre en attente de la confirmation de votre adresse',
      notification: 'La copie de votre demande ou de votre inscription dans l’avis qui nous l’apporte',
      sourceNetwork: 'Le réseau d’où vient votre demande (pas votre adresse)',
      demoCall: 'La référence de chaque appel de démonstration chez Vapi',
      demoNetwork: 'Le réseau pour lequel un appel de démonstration a été lancé (pas votre adresse)',
      demoPlacement: 'La référence d’un appel de démonstration et l’adresse qui permet d’y mettre fin chez Vapi',
      limitCounters:
        'Des compteurs de demandes récentes : par adresse, un code calculé à partir de celle-ci avec une clé secrète; par réseau, le réseau lui-même',
      providerCallRecord: 'La trace que Vapi garde de chaque appel de démonstration dans notre compte : sa transcription, un résumé et des journaux techniques',
    },
    purposes: {
      answer: 'Pour répondre à votre demande',
      newsletter: 'Pour vous envoyer l’infolettre et prouver votre consentement',
      abuse: 'Pour protéger les formulaires et la démonstration contre les abus',
      figures: 'Pour nos statistiques et notre facture',
      notify: 'Pour nous transmettre votre demande, chaque réseau à son tour',
      demo: 'Pour faire fonctionner la démonstration et mettre fin à un appel resté sans interlocuteur',
      processor: 'Vapi la garde par défaut dans notre compte; notre serveur la fait supprimer',
    },
    until: {
      delivered: 'Jusqu’à ce que l’avis soit livré ou abandonné',
      'delivered-or-retention':
        'Jusqu’à ce que l’avis soit livré; un avis qui ne peut l’être est conservé aussi longtemps que votre demande, pour être renvoyé',
      'window-end': 'Le temps que couvre sa limite (de quelques minutes à une journée)',
      'day-end': 'Jusqu’à la fin de la journée',
      erasure:
        'Tant que vous êtes abonné; après votre désabonnement, votre adresse marquée comme telle, avec la preuve de votre consentement et de son retrait, jusqu’à ce que vous nous demandiez de la supprimer',
    },
    settings: {
      SITE_RETENTION_DAYS: '{retention} après sa réception',
      STATS_RETENTION_DAYS: '{statsRetention}',
      VAPI_CALL_RETENTION_DAYS: '{vapiRetention} après l’appel',
    },
    vapiAtOnce: 'Deux jours au plus après l’appel',
    days: '{days}',
    recipients: {
      firm: '{brand}',
      relay: 'Notre fournisseur de courriel',
      webhook: 'Notre outil de gestion de la clientèle',
      vapi: 'Vapi (États-Unis)',
      daily: 'Daily (États-Unis)',
    },
    serverOnly: 'Personne : notre serveur s’en sert lui-même',
  },
  backHome: "Retour à la page d'accueil",
});
