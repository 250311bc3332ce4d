import type { BelowTheFoldContent } from '../types';

/**
 * The voice demo's copy, as ../en/voice-demo.ts. Typed with a plain keyboard: ./below-the-fold.ts
 * typesets it with the rest of the copy below the first screen (../typography.ts).
 */
export const frVoiceDemo: BelowTheFoldContent['voiceDemo'] = {
  title: 'Essayez notre agent vocal',
  subtitle: "Appuyez sur « Parler à l'agent » : il vous répond en quelques secondes",
  callMe: "Parler à l'agent",
  endCall: 'Raccrocher',
  connecting: 'Connexion...',
  cancelCall: "Annuler l'appel",
  status: {
    connected: 'Connecté – vous pouvez parler',
    assistantSpeaking: "L'IA parle...",
    listening: "À l'écoute...",
  },
  states: {
    unavailable: {
      button: 'Indisponible',
      note: 'La démonstration est indisponible pour le moment.',
      instead:
        "Appelez-nous au [{phone}]({phoneHref}) ou [réservez un appel gratuit](#contact-form) : nous vous montrerons l'agent vocal à l'œuvre, en direct.",
    },
    'budget-spent': {
      button: 'À demain',
      note: "Nous avons atteint la limite de démonstrations pour aujourd'hui; l'agent sera de retour demain.",
      instead: 'Appelez-nous au [{phone}]({phoneHref}) ou [réservez un appel gratuit](#contact-form) et nous vous en ferons la démonstration en direct.',
    },
    'lines-busy': {
      button: 'Réessayer',
      note: 'Toutes nos lignes sont occupées. Réessayez dans une minute.',
      instead: 'Vous préférez ne pas attendre? Appelez-nous au [{phone}]({phoneHref}) ou [écrivez-nous](#contact-form).',
    },
  },
  rateLimited: 'Vous avez lancé plusieurs appels en peu de temps. Réessayez dans quelques minutes ou appelez-nous au [{phone}]({phoneHref}).',
  tooManyAttempts: 'Trop de tentatives en peu de temps. Réessayez dans quelques minutes ou appelez-nous au [{phone}]({phoneHref}).',
  captions: {
    label: 'Sous-titres en direct',
    placeholder: "Pendant l'appel, ce que vous et l'agent dites s'affiche ici.",
    roles: { assistant: 'Agent :', user: 'Vous :' },
    lasted: 'L’appel a duré',
    endReason: {
      assistant: "L'agent a mis fin à l'appel.",
      'time-limit': 'La durée maximale de la démonstration a été atteinte.',
      silence: "L'appel a pris fin après un long silence.",
    },
    followUp: { text: 'Vous voulez aller plus loin?', link: 'Écrivez-nous' },
  },
  errors: {
    microphoneDenied: {
      title: 'Accès au microphone requis',
      description:
        "L'agent vocal a besoin de votre microphone. Cliquez sur l'icône du cadenas ou de la caméra dans la barre d'adresse de votre navigateur, autorisez le microphone pour ce site, puis appuyez de nouveau sur « Parler à l'agent ».",
    },
    startFailed: {
      title: "L'appel n'a pas pu démarrer",
      description: "Un problème est survenu lors de la connexion à l'agent vocal. Vérifiez votre connexion Internet et réessayez.",
    },
    microphoneUnavailable: {
      title: 'Aucun microphone accessible',
      description:
        "Nous n'avons pas pu utiliser de microphone sur cet appareil. Branchez-en un ou fermez les autres applications qui l'utilisent, puis appuyez de nouveau sur « Parler à l'agent ».",
    },
    callFailed: {
      title: "L'appel a été interrompu",
      description: "La connexion avec l'agent vocal a été perdue. Appuyez sur « Parler à l'agent » pour lancer un nouvel appel.",
    },
  },
  microphoneNote:
    "Votre navigateur vous demandera l'autorisation d'utiliser votre microphone. L'appel se déroule entièrement dans votre navigateur; aucun numéro de téléphone n'est nécessaire.",
  privacyNotice: {
    text: "Vapi, aux États-Unis, transcrit votre appel; la transcription est supprimée {vapiDeletion} et aucun son n'est enregistré.",
    link: 'Politique de confidentialité',
    section: 'voice-demo',
  },
  privacyDetails: {
    summary: 'Comment votre appel est traité',
    text: "Quand vous appuyez sur « Parler à l'agent », votre voix est transmise à Vapi, notre fournisseur d'IA vocale, et à ses partenaires, qui la traitent à l'extérieur du Québec le temps de l'appel seulement. Les sous-titres s'affichent uniquement dans votre navigateur et disparaissent quand vous quittez la page. Le son n'en est pas enregistré; Vapi en conserve une transcription écrite dans notre compte, aux États-Unis, que notre serveur fait supprimer {vapiDeletion}. Si vous demandez un rappel, les renseignements que vous donnez sont conservés comme ceux d'une demande de contact.",
  },
};
