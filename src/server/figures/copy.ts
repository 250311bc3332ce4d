import type { Device, Referrer } from '../../contracts/stats';
import type { LeadSource } from '../../contracts/lead-event';
import { LOCALE_TAGS, type Locale } from '../../contracts/locales';
import { NARROW_NBSP, frenchMarks, frenchPunctuation } from '../../content/typography';
import type { Breakdown, Metric } from './report';

/**
 * The words of the firm's figures, in its language (FIRM_LOCALE): the weekly digest and the
 * `stats` command's reports. Visitors never see them. A new language is a new entry; the type
 * asks for every key.
 */
export type StatsCopy = {
  /** BCP 47 tag for numbers and dates. */
  intlLocale: string;
  digestSubject: (brand: string, week: string) => string;
  digestIntro: (from: string, to: string) => string;
  /** The same two for a site's first digest, of the days it ran since it was installed mid-week. */
  digestSubjectSince: (brand: string, since: string) => string;
  digestIntroSince: (since: string, to: string) => string;
  /** Under the digest's leads when there were more than it lists: how many, and the command that lists them all. */
  digestMoreLeads: (count: string, command: string) => string;
  reportTitle: (brand: string, from: string, to: string) => string;
  metrics: Record<Metric, string>;
  /** Shorter names where a figure heads a column (the breakdowns, the charts' tables). */
  columnNames: Partial<Record<Metric, string>>;
  /** One line under the funnel: what the rates are taken of and what the comparisons are. */
  funnelNote: string;
  /** Added to it when the cost of some of the period's calls is not known: what "≥" before the demo's cost means. */
  costNotKnownNote: string;
  headings: {
    funnel: string;
    breakdowns: Record<Breakdown, string>;
    leads: string;
    /** The same, for a period that is not a week (`stats --from --to`). */
    leadsOfPeriod: string;
    chart: string;
    chartOfPeriods: string;
    days: string;
    views: string;
  };
  columns: {
    step: string;
    count: string;
    rate: string;
    previous: string;
    baseline: string;
    /** The same two, for a period that is not a week. */
    previousPeriod: string;
    baselinePeriods: string;
    week: string;
    period: string;
    day: string;
    name: string;
    company: string;
    source: string;
    received: string;
  };
  values: {
    locale: Record<Locale, string>;
    device: Record<Device, string>;
    referrer: Record<Referrer, string>;
    source: Record<LeadSource, string>;
    /** '' in a breakdown: the dimension is not known (e.g. the device of a lead: the page does not send it). */
    unknown: string;
    otherCampaigns: string;
  };
  noLeads: string;
  /** The rate's stand-in when the step it is taken of is zero, and a change's when there was nothing before. */
  none: string;
  /** What nothing identifying means here, said at the foot of every report. */
  privacyNote: string;
  /** Why the firm gets this e-mail and how to stop it. */
  digestFooter: string;
};

// French typography (src/content/typography.ts): frenchMarks and frenchPunctuation place the
// no-break spaces before : and ;. The button's name keeps narrow no-break spaces inside its « »
// (typography.ts puts full ones there).

export const STATS_COPY: Record<Locale, StatsCopy> = {
  fr: {
    intlLocale: LOCALE_TAGS.fr,
    digestSubject: (brand, week) => frenchMarks`${brand} : les chiffres du site, semaine du ${week}`,
    digestIntro: (from, to) => `Voici ce que le site a fait du ${from} au ${to}, comparé à la semaine d’avant et à la moyenne des quatre semaines précédentes.`,
    digestSubjectSince: (brand, since) => frenchMarks`${brand} : les chiffres du site depuis le ${since}`,
    digestIntroSince: (since, to) =>
      frenchMarks`Voici ce que le site a fait depuis le ${since}, jour de sa mise en service, jusqu’au ${to} : une semaine partielle, la première du site.`,
    digestMoreLeads: (count, command) => frenchMarks`Et ${count} de plus : ${command} sur le serveur les liste toutes.`,
    reportTitle: (brand, from, to) => frenchMarks`${brand} : les chiffres du site du ${from} au ${to}`,
    metrics: {
      views: 'Pages vues',
      entries: 'Visites (entrées)',
      view_home: 'Vues de l’accueil',
      view_privacy: 'Vues de la politique de confidentialité',
      view_404: 'Pages introuvables (404)',
      demo_seen: 'Démo vocale vue',
      call_pressed: `«${NARROW_NBSP}Parler à l’agent${NARROW_NBSP}» pressé`,
      calls_started: 'Appels commencés',
      call_minutes: 'Minutes d’appel',
      demo_cost: 'Coût de la démo',
      calls_without_cost: 'Appels dont le coût n’est pas connu',
      calls_with_callback: 'Appels terminés par une demande de rappel',
      form_started: 'Formulaire de contact commencé',
      form_sent: 'Formulaire de contact envoyé',
      voice_lead: 'Demandes de rappel (agent vocal)',
      leads: 'Demandes reçues (formulaire et agent vocal)',
      newsletter_asked: 'Inscriptions à l’infolettre demandées',
      newsletter_confirmed: 'Inscriptions à l’infolettre confirmées',
    },
    columnNames: {
      views: 'Pages vues',
      entries: 'Visites',
      demo_seen: 'Démo vue',
      call_pressed: `«${NARROW_NBSP}Parler à l’agent${NARROW_NBSP}»`,
      calls_started: 'Appels',
      call_minutes: 'Minutes',
      form_started: 'Formulaire commencé',
      leads: 'Demandes',
    },
    funnelNote:
      'Le taux de chaque étape se calcule sur l’étape qui la précède (sur les visites pour la première étape de chaque parcours). Les deux colonnes de droite donnent le même chiffre pour la période d’avant et la moyenne des quatre précédentes, avec l’écart.',
    costNotKnownNote: frenchPunctuation('≥ : Vapi n’a pas donné le coût de certains appels ; le montant additionne ceux qui sont connus.'),
    headings: {
      funnel: 'Le parcours des visiteurs',
      breakdowns: { locale: 'Par langue', device: 'Par appareil', referrer: 'Par provenance', campaign: 'Par campagne' },
      leads: 'Les demandes de la semaine',
      leadsOfPeriod: 'Les demandes de la période',
      chart: 'Les 8 dernières semaines',
      chartOfPeriods: 'Cette période et les 7 précédentes, de même durée',
      days: 'Jour par jour',
      views: 'Pages vues',
    },
    columns: {
      step: 'Étape',
      count: 'Nombre',
      rate: 'Taux',
      previous: 'Semaine d’avant',
      baseline: 'Moyenne sur 4 semaines',
      previousPeriod: 'Période d’avant',
      baselinePeriods: 'Moyenne des 4 périodes d’avant',
      week: 'Semaine du',
      period: 'Période',
      day: 'Jour',
      name: 'Nom',
      company: 'Entreprise',
      source: 'Provenance',
      received: 'Reçue le',
    },
    values: {
      locale: { fr: 'Français', en: 'Anglais' },
      device: { phone: 'Téléphone', desktop: 'Ordinateur' },
      referrer: {
        search: 'Moteur de recherche',
        social: 'Réseau social',
        site: 'Autre site',
        none: 'Aucune (adresse tapée, favori)',
        self: 'Ce site (navigation interne)',
      },
      source: { form: 'Formulaire', voice: 'Agent vocal' },
      unknown: 'Non connu',
      otherCampaigns: 'Autres campagnes',
    },
    noLeads: 'Aucune demande pendant cette période.',
    none: '–',
    privacyNote: frenchPunctuation(
      'Ces chiffres sont des compteurs par jour. Rien n’y identifie un visiteur : ni témoin, ni adresse IP, ni navigateur, ni empreinte. Les demandes listées sont celles que leurs auteurs vous ont envoyées.',
    ),
    digestFooter: frenchPunctuation('Ce résumé part chaque lundi matin. Pour ne plus le recevoir : STATS_DIGEST=off dans la configuration du serveur.'),
  },
  en: {
    intlLocale: LOCALE_TAGS.en,
    digestSubject: (brand, week) => `${brand}: the site's figures, week of ${week}`,
    digestIntro: (from, to) => `Here is what the site did from ${from} to ${to}, against the week before and the average of the four weeks before it.`,
    digestSubjectSince: (brand, since) => `${brand}: the site's figures since ${since}`,
    digestIntroSince: (since, to) => `Here is what the site did since ${since}, the day it started, to ${to}: a partial week, the site’s first.`,
    digestMoreLeads: (count, command) => `And ${count} more: ${command} on the server lists them all.`,
    reportTitle: (brand, from, to) => `${brand}: the site's figures from ${from} to ${to}`,
    metrics: {
      views: 'Page views',
      entries: 'Visits (entries)',
      view_home: 'Home page views',
      view_privacy: 'Privacy policy views',
      view_404: 'Pages not found (404)',
      demo_seen: 'Voice demo seen',
      call_pressed: '“Call Me” pressed',
      calls_started: 'Calls started',
      call_minutes: 'Call minutes',
      demo_cost: 'Demo cost',
      calls_without_cost: 'Calls whose cost is not known',
      calls_with_callback: 'Calls ended with a callback request',
      form_started: 'Contact form started',
      form_sent: 'Contact form sent',
      voice_lead: 'Callback requests (voice agent)',
      leads: 'Leads received (form and voice agent)',
      newsletter_asked: 'Newsletter sign-ups asked',
      newsletter_confirmed: 'Newsletter sign-ups confirmed',
    },
    columnNames: {
      views: 'Page views',
      entries: 'Visits',
      demo_seen: 'Demo seen',
      call_pressed: '“Call Me”',
      calls_started: 'Calls',
      call_minutes: 'Minutes',
      form_started: 'Form started',
      leads: 'Leads',
    },
    funnelNote:
      'Each step’s rate is taken of the step before it (of the visits for the first step of each path). The two columns on the right are the same figure for the period before and the average of the four before it, with the change.',
    costNotKnownNote: '≥: Vapi has not given the cost of some calls; the amount adds up those that are known.',
    headings: {
      funnel: 'How visitors went through the site',
      breakdowns: { locale: 'By language', device: 'By device', referrer: 'By referrer', campaign: 'By campaign' },
      leads: 'This week’s leads',
      leadsOfPeriod: 'The period’s leads',
      chart: 'The last 8 weeks',
      chartOfPeriods: 'This period and the 7 before it, of the same length',
      days: 'Day by day',
      views: 'Page views',
    },
    columns: {
      step: 'Step',
      count: 'Count',
      rate: 'Rate',
      previous: 'Week before',
      baseline: '4-week average',
      previousPeriod: 'Period before',
      baselinePeriods: 'Average of the 4 periods before',
      week: 'Week of',
      period: 'Period',
      day: 'Day',
      name: 'Name',
      company: 'Company',
      source: 'Source',
      received: 'Received',
    },
    values: {
      locale: { fr: 'French', en: 'English' },
      device: { phone: 'Phone', desktop: 'Desktop' },
      referrer: {
        search: 'Search engine',
        social: 'Social network',
        site: 'Other site',
        none: 'None (typed, bookmark)',
        self: 'This site (moving between pages)',
      },
      source: { form: 'Form', voice: 'Voice agent' },
      unknown: 'Not known',
      otherCampaigns: 'Other campaigns',
    },
    noLeads: 'No leads in this period.',
    none: '–',
    privacyNote:
      'These figures are counters per day. Nothing in them identifies a visitor: no cookie, no IP address, no browser string, no fingerprint. The leads listed are those their authors sent you.',
    digestFooter: 'This summary goes out every Monday morning. To stop it: STATS_DIGEST=off in the server’s configuration.',
  },
};
