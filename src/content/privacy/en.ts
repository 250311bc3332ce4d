import type { PrivacyPolicy } from './types';

/**
 * The privacy policy (Quebec Law 25, Canada's anti-spam law). Facts about the site that it states
 * — what the forms collect, where rows are stored, the purge, the voice demo's provider — must
 * stay true: change this page with the code. The French version (./fr.ts) says the same.
 */
export const privacyEn: PrivacyPolicy = {
  meta: {
    title: 'Privacy Policy | {brand}',
    description: 'How {brand} collects, uses, stores and deletes the personal information sent through its website, and how to exercise your rights.',
  },
  title: 'Privacy Policy',
  updated: 'Last updated: {policyDate}',
  intro:
    "This policy explains what personal information {brand} collects through this website, why, where it is kept, for how long, and how you can exercise your rights under Quebec's Act respecting the protection of personal information in the private sector.",
  contents: 'On this page',
  callReport: {
    summaryOnly:
      'When the call ends, Vapi also sends our server a summary of it (and its transcript, which we do not keep); we keep the summary with your request, and keep nothing of a call in which you asked for no callback.',
    withTranscript:
      'When the call ends, Vapi also sends our server a summary of it and its transcript; we keep both with your request, and keep nothing of a call in which you asked for no callback.',
  },
  sections: [
    {
      id: 'who',
      title: 'Who we are',
      paragraphs: [
        '{brand} is an AI automation consultancy based in Quebec. We are responsible for the personal information collected on this site.',
        'Mailing address: {address}. Email: [{email}](mailto:{email}). Phone: {phone}.',
      ],
    },
    {
      id: 'officer',
      title: 'Person in charge of the protection of personal information',
      paragraphs: [
        'The person in charge of the protection of personal information at {brand} is {privacyOfficerName}, {privacyOfficerTitle}.',
        'You can reach them at [{privacyOfficerEmail}](mailto:{privacyOfficerEmail}) or by mail at the address above.',
      ],
    },
    {
      id: 'collected',
      title: 'What we collect and why',
      paragraphs: ['We collect only what you send us through the forms of this site, and only for the purpose stated beside each form:'],
      list: [
        'Contact form: your name, phone number, email address, company (optional) and message, to answer your request.',
        "Newsletter: your email address, to send you our newsletter. With it we record the proof of your consent required by Canada's anti-spam legislation: the date and time, the form used, the language of the page and the version of the consent text you were shown.",
        'With each form: the date and time and the page it was sent from (which tells us your language), so we can answer you in your language.',
        'The voice demo: see the next section. A callback request you make during a call is kept as a contact request.',
      ],
      after: [
        'To protect the forms and the voice demo from abuse, our server counts recent requests in its database. Per Internet (IP) address, it writes not the address but a code computed from it with a secret key, for the time each limit covers (a few minutes to a day): a pseudonym, since we could compute the code of a given address again. Per network (the first three numbers of an IPv4 address, or the first part of an IPv6 address), it writes the network itself, for 24 hours at most. The network a request came from is also kept with the notification that brings it to us, until that notification is sent.',
        'We never ask for sensitive information; please do not include any in your message.',
      ],
    },
    {
      id: 'voice-demo',
      title: 'The voice demo ("Call Me")',
      paragraphs: [
        'The demo starts only when you press "Call Me" and allow your browser to use your microphone. Our server then places this one call with Vapi for your browser; for that, it counts the calls of the day and the recent requests per Internet (IP) address and per network (see above), and keeps the network the call was placed for until the end of the day. During the call, Vapi tells our server when it starts and ends and, at the end, sends it a report with a summary and a transcript of the conversation: our server keeps none of it unless you ask to be called back.',
        "The audio of your voice goes directly from your browser to Vapi, our voice-AI provider, and to Daily, the service that carries the call. Vapi has it processed by its own providers to recognize your words (Deepgram), write the assistant's answers (OpenAI) and speak them (Microsoft Azure). These companies are based in the United States: your voice is processed outside Quebec, for the length of the call only (a few minutes at most).",
        'The written captions of the conversation are shown in your browser only: they are not sent to our server and disappear when you reload or leave the page.',
        'The audio of the call is not recorded: neither we nor Vapi keep it. Vapi does keep a written record of each call in our account with Vapi, in the United States: its transcript, a summary and technical logs. We are responsible for that record as for the rest of your information, and our server has Vapi delete it {vapiDeletion}. Apart from what we need to call you back, please do not share personal or sensitive information during the demo.',
        'If you ask the agent to have our team call you back, it reads your details back to you and asks for your agreement; only then does Vapi send our server what you gave (your name, company, phone number and/or email address, what you need, when to call you, the language of the call). We keep them as a contact request, to call you back: same use, same retention, same rights. {callReport}',
      ],
    },
    {
      id: 'storage',
      title: 'Where your information is stored',
      paragraphs: [
        'Contact requests and newsletter subscriptions are stored in a {database} database on the server {brand} runs for this site. Only the people at {brand} who need them to answer you or to send the newsletter can see them. Connections to the site are encrypted (HTTPS).',
      ],
    },
    {
      id: 'retention',
      title: 'What we keep, why, for how long, and who sees it',
      paragraphs: ['Everything our server keeps about you, your device or your network, and what our voice-AI provider keeps for us:'],
      table: true,
      after: [
        'When its time is up, each item is deleted by our server itself, every day. The audio of a demo call is never recorded, and its captions stay in your browser.',
      ],
    },
    {
      id: 'trackers',
      title: 'No cookies or trackers; the site counts its visits without identifying anyone',
      paragraphs: [
        "This site uses no cookies, no advertising, no third-party trackers and no outside analytics service. It remembers your choice of theme and of language, and that your browser already has the site's typeface, in your browser's local storage; that never leaves your device.",
        'To know how the site is used, our own server keeps counts per day of a few events: a page viewed, the voice demo seen, "Call Me" pressed, the contact form started, and, when our database stores them, a contact request or a newsletter sign-up. With each count go only the language of the page, the kind of screen (phone or computer), the kind of site you came from (a search engine, a social network, another site, or none; never its address) and the campaign named in the link you followed, only if it is one of our own advertising campaigns (any other is counted as "other").',
        'Nothing in these counts identifies you or can be linked to you: no cookie, nothing written in your browser, no IP address, no description of your browser, no "fingerprint", and no code derived from any of them. Our server looks at your IP address only in memory, for a minute, to ignore a flood of counts, and at your browser\'s description only to leave out search-engine robots. The counts are kept {statsRetention} at most, then deleted.',
        "That is why no consent banner is needed: counts that identify no one are not personal information under Quebec's Act respecting the protection of personal information in the private sector (Law 25), and in the reading of audience measurement by France's data-protection authority (the CNIL), which we take as a reference, a tool that only measures a site's own audience, produces anonymous figures and stores nothing on your device needs no consent.",
      ],
    },
    {
      id: 'sharing',
      title: 'Sharing',
      paragraphs: [
        'We do not sell, rent or trade your personal information. We share it only with the service providers that help us run the site and answer you (such as Vapi, Daily and the providers Vapi uses for the voice demo), bound to use it only for that purpose, or when the law requires it.',
      ],
    },
    {
      id: 'rights',
      title: 'Your rights',
      paragraphs: ['At any time, you can:'],
      list: [
        'ask to see the personal information we hold about you;',
        'have it corrected if it is inaccurate, incomplete or ambiguous;',
        'withdraw your consent and ask us to delete your information (for the newsletter, the unsubscribe link in every email does it at once).',
      ],
      after: [
        'To exercise these rights, write to {privacyOfficerName} at [{privacyOfficerEmail}](mailto:{privacyOfficerEmail}). We answer within 30 days.',
        "If you are not satisfied with our answer, you can file a complaint with the [Commission d'accès à l'information du Québec](https://www.cai.gouv.qc.ca/).",
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      paragraphs: [
        'When we change this policy, we publish the new version on this page with its date. If a change affects how we use information we already hold, we ask for your consent again where the law requires it.',
      ],
    },
  ],
  kept: {
    caption: 'What we keep',
    headers: { what: 'What', why: 'Why', howLong: 'For how long', seenBy: 'Who sees it, and where' },
    kinds: {
      request:
        'A contact request: your name, phone number, email address, company and message (or, from a call, your need and when to call you back), with the page, the language and the time it came',
      callRecord: 'From a call in which you asked to be called back: its summary (and its transcript, if we keep them) and its reference at Vapi',
      subscription: 'Newsletter: your email address and the proof of your consent (when, on which form and page, in which language, with which wording)',
      pendingSignup: 'A newsletter sign-up waiting for you to confirm your address',
      notification: 'The copy of your request or sign-up in the notification that brings it to us',
      sourceNetwork: 'The network your request came from (not your address)',
      demoCall: 'The reference of each demo call at Vapi',
      demoNetwork: 'The network a demo call was placed for (not your address)',
      demoPlacement: "A demo call's reference and the address that ends it at Vapi",
      limitCounters: 'Counts of recent requests: per address, a code computed from it with a secret key; per network, the network itself',
      providerCallRecord: "Vapi's record of each demo call, in our account: its transcript, a summary and technical logs",
    },
    purposes: {
      answer: 'To answer your request',
      newsletter: 'To send you the newsletter and prove your consent',
      abuse: 'To protect the forms and the demo from abuse',
      figures: 'For our figures and our bill',
      notify: 'To bring your request to us, each network in its turn',
      demo: 'To run the demo, and end a call nobody joined',
      processor: 'Vapi keeps it in our account by default; our server has it deleted',
    },
    until: {
      delivered: 'Until the notification is delivered or given up',
      'delivered-or-retention': 'Until the notification is delivered; one that cannot be is kept as long as your request, to be sent again',
      'window-end': 'For the time its limit covers (a few minutes to a day)',
      'day-end': 'Until the end of the day',
      erasure:
        'While you are subscribed; once you unsubscribe, your address marked as such, with the proof of your consent and of its withdrawal, until you ask us to delete it',
    },
    settings: {
      SITE_RETENTION_DAYS: '{retention} after we receive it',
      STATS_RETENTION_DAYS: '{statsRetention}',
      VAPI_CALL_RETENTION_DAYS: '{vapiRetention} after the call',
    },
    vapiAtOnce: 'Two days at most after the call',
    days: '{days}',
    recipients: {
      firm: '{brand}',
      relay: 'Our email provider',
      webhook: 'Our customer-management tool',
      vapi: 'Vapi (United States)',
      daily: 'Daily (United States)',
    },
    serverOnly: 'No one: our server uses it by itself',
  },
  backHome: 'Back to the home page',
};
