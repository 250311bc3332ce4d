import type { BelowTheFoldContent } from '../types';

/**
 * The FAQ's copy, as ../en/faq.ts. Typed with a plain keyboard: ./below-the-fold.ts typesets it with
 * the rest of the copy below the first screen (../typography.ts).
 */
export const frFaq: BelowTheFoldContent['faq'] = {
  title: 'Foire aux questions',
  subtitle: "Tout ce que les entreprises du Québec nous demandent sur nos services-conseils en IA, l'automatisation et notre façon de travailler avec vous.",
  // Entre le titre d'une étape et son texte : « Consultation et analyse : nous apprenons… ».
  stepJoin: ' : ',
  groups: [
    {
      id: 'general',
      title: 'Questions générales',
      items: [
        {
          id: 'what-ai-integration-does',
          question: "Que peut faire l'IA pour mon entreprise?",
          answer: [
            "Une fois reliée à vos outils, l'IA prend en charge les tâches répétitives et chronophages : répondre aux appels, fixer des rendez-vous, qualifier des prospects, saisir des données, publier du contenu. Le travail se fait automatiquement, toujours avec le même soin.",
            'Votre équipe récupère du temps pour le travail qui demande une touche humaine, et vos clients obtiennent des réponses plus rapides, de jour comme de nuit.',
          ],
        },
        {
          id: 'why-local-quebec-firm',
          question: 'Pourquoi choisir une firme québécoise?',
          answer: [
            "Nous connaissons le marché québécois, sa clientèle et ses règles, y compris la Loi 25 sur la protection des renseignements personnels. Nous travaillons en français et en anglais, et nous pouvons vous rencontrer en personne quand c'est utile.",
            "Quand vous avez besoin de soutien, vous parlez à des gens de votre fuseau horaire qui connaissent votre entreprise, et non à un centre d'assistance anonyme à l'autre bout du monde.",
          ],
        },
        {
          id: 'which-businesses',
          question: 'Avec quelles entreprises travaillez-vous?',
          answer: [
            "Nous travaillons autant avec des PME qu'avec de grandes entreprises : restaurants, cliniques, services professionnels, commerces de détail, distributeurs et fabricants, entre autres.",
            "Si votre équipe passe des heures sur des appels, des courriels ou des tâches administratives répétitives, il y a fort à parier que l'IA peut vous aider. L'appel exploratoire gratuit est la façon la plus rapide de le savoir.",
          ],
        },
      ],
    },
    {
      id: 'services',
      title: "Nos services d'IA sur mesure",
      items: [
        {
          id: 'crm-erp-integration',
          question: "Votre IA peut-elle s'intégrer à notre GRC (CRM) ou à notre PGI (ERP) actuel?",
          answer: [
            "Oui. Nous relions l'IA à votre GRC, à votre PGI, à votre agenda et à vos autres outils d'affaires au moyen de leurs API, pour que l'information circule automatiquement d'un système à l'autre.",
            "Vous conservez les logiciels que votre équipe connaît déjà; l'IA travaille avec eux au lieu de les remplacer. Si un outil n'offre pas d'API, nous examinons d'autres options avec vous, comme des échanges de fichiers sécurisés ou des connecteurs sur mesure.",
          ],
        },
        {
          id: 'intelligent-voice-agent',
          question: "Comment fonctionne l'agent vocal intelligent?",
          answer: [
            "Notre agent vocal répond à vos appels téléphoniques 24 heures sur 24, 7 jours sur 7, d'une voix naturelle. Il comprend les demandes des appelants, répond à leurs questions, prend des rendez-vous et peut transférer l'appel à une personne au besoin.",
            "Il est configuré avec les renseignements de votre entreprise et relié à vos systèmes. Vous pouvez l'essayer dès maintenant avec le bouton [« Parler à l'agent »](#ai-caller) plus haut sur cette page.",
          ],
        },
        {
          id: 'marketing-automation',
          question: "Que comprend l'automatisation des réseaux sociaux et du marketing?",
          answer: [
            "Nous mettons en place une IA qui planifie votre calendrier éditorial, rédige des publications dans le ton de votre marque et les publie sur vos réseaux sociaux selon l'horaire prévu.",
            "Le contenu est adapté à votre public, et vous pouvez le réviser et l'approuver avant sa mise en ligne : vous gardez ainsi la maîtrise de votre marque.",
          ],
        },
        {
          id: 'local-vs-standard-llm',
          question: 'Quelle est la différence entre un modèle de langage local (privé) et un modèle standard?',
          answer: [
            "Un modèle de langage standard fonctionne sur les serveurs d'un fournisseur tiers, souvent à l'extérieur du Canada, et vos données sont transmises à ce fournisseur pour y être traitées.",
            'Un modèle de langage local fonctionne sur votre propre infrastructure ou sur des serveurs situés au Canada. Vos données restent sous votre contrôle, ce qui vous aide à respecter vos obligations en vertu de la Loi 25 du Québec, et le modèle peut être adapté à vos documents et à vos processus.',
          ],
        },
      ],
    },
    {
      id: 'process',
      title: 'Processus et coûts',
      items: [
        {
          id: 'our-process',
          question: 'Comment se déroule un projet avec vous?',
          answer: [
            'Chaque projet suit les cinq mêmes étapes, adaptées à la taille et aux besoins de votre entreprise :',
            'Les coûts dépendent de la portée du projet; vous recevez une proposition claire avant le début de tout développement.',
          ],
          steps: [
            {
              title: 'Consultation et analyse',
              text: "nous apprenons comment fonctionne votre entreprise et repérons les tâches où l'IA aura le plus d'effet.",
            },
            {
              title: 'Stratégie sur mesure',
              text: "nous vous proposons un plan clair, avec les priorités, l'échéancier et les retombées attendues pour votre entreprise.",
            },
            {
              title: 'Développement et intégration',
              text: 'nous concevons la solution et la relions à vos outils et à vos systèmes existants.',
            },
            {
              title: 'Déploiement et formation',
              text: "nous mettons la solution en service et formons votre équipe pour que tout le monde soit à l'aise avec l'outil.",
            },
            {
              title: 'Soutien et optimisation',
              text: "nous suivons les résultats et continuons d'améliorer la solution à mesure que votre entreprise évolue.",
            },
          ],
        },
        {
          id: 'measuring-roi',
          question: 'Comment mesurez-vous le rendement du capital investi?',
          answer: [
            "Avant de commencer, nous convenons avec vous d'indicateurs clairs, que nous mesurons avant et après le déploiement.",
            "Les indicateurs habituels sont les heures économisées, la réduction des coûts, le nombre de prospects qualifiés et les indices de satisfaction de la clientèle. Vous recevez des rapports réguliers qui montrent exactement ce que l'IA apporte à votre entreprise.",
          ],
        },
      ],
    },
  ],
  closing: {
    title: 'Vous avez encore des questions?',
    text: "Notre équipe se fera un plaisir d'y répondre et d'examiner votre situation.",
    link: 'Parler à un expert',
  },
};
