import type { BelowTheFoldContent } from '../types';

/** The voice demo's copy: its button's states, the live captions, its errors and privacy notes. */
export const enVoiceDemo: BelowTheFoldContent['voiceDemo'] = {
  title: 'Try Our AI Voice Agent',
  subtitle: 'Please wait a few seconds and witness the latest technology',
  callMe: 'Call Me',
  endCall: 'End Call',
  connecting: 'Connecting...',
  cancelCall: 'Cancel call',
  status: {
    connected: 'Connected - You can speak now',
    assistantSpeaking: 'AI is speaking...',
    listening: 'Listening...',
  },
  states: {
    unavailable: {
      button: 'Unavailable',
      note: 'The demo is unavailable right now.',
      instead: "Call us at [{phone}]({phoneHref}) or [book a free call](#contact-form) and we'll show you the voice agent at work, live.",
    },
    'budget-spent': {
      button: 'Back tomorrow',
      note: "Today's demo calls are all taken; the demo will be back tomorrow.",
      instead: "Call us at [{phone}]({phoneHref}) or [book a free call](#contact-form) and we'll show you the voice agent live.",
    },
    'lines-busy': {
      button: 'Try again',
      note: 'All our lines are busy. Please try again in a minute.',
      instead: 'Rather not wait? Call us at [{phone}]({phoneHref}) or [write to us](#contact-form).',
    },
  },
  rateLimited: 'You have started several calls in a short time. Please try again in a few minutes, or call us at [{phone}]({phoneHref}).',
  tooManyAttempts: 'Too many attempts in a short time. Please try again in a few minutes, or call us at [{phone}]({phoneHref}).',
  captions: {
    label: 'Live captions',
    placeholder: 'During the call, what you and the agent say appears here.',
    roles: { assistant: 'Agent:', user: 'You:' },
    lasted: 'The call lasted',
    endReason: {
      assistant: 'The agent ended the call.',
      'time-limit': "The demo's time limit was reached.",
      silence: 'The call ended after a long silence.',
    },
    followUp: { text: 'Want to go further?', link: 'Write to us' },
  },
  errors: {
    microphoneDenied: {
      title: 'Microphone access needed',
      description:
        'The voice agent needs your microphone. Click the lock or camera icon in your browser\'s address bar, allow the microphone for this site, then press "Call Me" again.',
    },
    startFailed: {
      title: 'The call could not start',
      description: 'Something went wrong while connecting to the voice agent. Please check your connection and try again.',
    },
    microphoneUnavailable: {
      title: 'No microphone available',
      description: 'We could not use a microphone on this device. Plug one in or close other apps that use it, then press "Call Me" again.',
    },
    callFailed: {
      title: 'The call was interrupted',
      description: 'The connection to the voice agent was lost. Press "Call Me" to start a new call.',
    },
  },
  microphoneNote: 'Your browser will ask for permission to use your microphone. The call stays in your browser; no phone number is needed.',
  privacyNotice: {
    text: 'Vapi, in the United States, transcribes your call; the transcript is deleted {vapiDeletion}, and no audio is recorded.',
    link: 'Privacy Policy',
    section: 'voice-demo',
  },
  privacyDetails: {
    summary: 'How your call is handled',
    text: 'When you press "Call Me", your voice goes to Vapi, our voice-AI provider, and its partners, which process it outside Quebec for the length of the call only. The captions are shown in your browser only and are gone when you leave the page. Its audio is not recorded; Vapi keeps a written transcript of it in our account, in the United States, and our server has it deleted {vapiDeletion}. If you ask to be called back, the details you give are kept as a contact request is.',
  },
};
