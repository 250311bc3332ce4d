import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../config/site-schema';
import { LOCALES } from '../contracts/locales';
import { CALLBACK_TOOL } from '../contracts/voice-lead';
import { fill, formatPhone } from '../content';
import { getContent } from '../content/all';
import { withoutLinks } from '../content/text';
import { privacyPolicies } from '../content/privacy';
import { ASSISTANT_KEY, CLOSING_LEAD_SECONDS, VOICE_FORMATTER, assistantDefinition, assistantDefinitions } from './assistants';

const site = loadSiteConfig({ SITE_BRAND_NAME: 'Studio Lumière IA', SITE_PHONE: '+1 418-555-0199', SITE_EMAIL: 'allo@lumiere.example' });
const definitions = assistantDefinitions({ site, maxCallSeconds: 180 });
const promptOf = (locale: 'fr' | 'en') => {
  const [message] = (definitions[locale].model as { messages: Array<{ role: string; content: string }> }).messages;
  expect(message?.role).toBe('system');
  return message!.content;
};
/** The page's text as a visitor reads it: placeholders filled. */
const shown = (text: string, locale: 'fr' | 'en') => fill(text, site, locale);

describe('the demo assistants, one per language of the site', () => {
  it('cover exactly the languages of the page', () => {
    expect(Object.keys(definitions).sort()).toEqual([...LOCALES].sort());
  });

  describe.each(LOCALES)('%s', (locale) => {
    const content = getContent(locale);
    const prompt = promptOf(locale);

    it("names each of the page's services, in the page's words", () => {
      expect(content.services.items).toHaveLength(4);
      for (const service of content.services.items) {
        expect(prompt).toContain(shown(service.title, locale));
        expect(prompt).toContain(shown(service.description, locale));
      }
    });

    it('answers each FAQ question of the page with its answer, steps included', () => {
      const items = content.faq.groups.flatMap((group) => group.items);
      expect(items.length).toBeGreaterThan(5);
      for (const item of items) {
        const question = prompt.indexOf(shown(item.question, locale));
        expect(question, item.question).toBeGreaterThan(-1);
        // Each paragraph and step of the answer follows its question.
        for (const paragraph of item.answer) expect(prompt.indexOf(shown(withoutLinks(paragraph), locale), question), paragraph).toBeGreaterThan(question);
        for (const step of item.steps ?? []) expect(prompt.indexOf(shown(step.text, locale), question), step.title).toBeGreaterThan(question);
      }
    });

    it('knows what clients get, and the firm by its configured name, phone and e-mail', () => {
      for (const benefit of content.benefits.items) expect(prompt).toContain(shown(benefit.description, locale));
      expect(prompt).toContain('Studio Lumière IA');
      // As each language writes it: « 418 555-0199 » in French.
      const phone = formatPhone(site.phone, locale);
      expect(phone).toBe(locale === 'fr' ? '418\u00a0555-0199' : '+1 418-555-0199');
      expect(prompt).toContain(phone);
      expect(prompt).toContain('allo@lumiere.example');
      expect(prompt).not.toMatch(/\{\w+\}/); // no placeholder left unfilled
      expect(definitions[locale].firstMessage).toContain('Studio Lumière IA');
      expect(definitions[locale].endCallMessage).toContain(phone);
    });

    it('speaks that language only, hears it with a single-language transcriber, in a voice native to it', () => {
      const definition = definitions[locale];
      expect(definition.transcriber).toEqual({ provider: 'deepgram', model: 'nova-3', language: locale === 'fr' ? 'fr-CA' : 'en' });
      expect(definition.voice).toMatchObject({ provider: 'azure', voiceId: locale === 'fr' ? 'fr-CA-SylvieNeural' : 'en-CA-ClaraNeural' });
      expect(prompt).toContain(locale === 'fr' ? 'Parlez uniquement en français, un français québécois' : 'Speak English only');
      // The words of the call are the language's: the first message and the closing phrases.
      expect(definition.firstMessage).toMatch(locale === 'fr' ? /^Bonjour et bienvenue chez/ : /^Hi, and welcome to/);
      expect(definition.endCallPhrases).toEqual([locale === 'fr' ? 'au revoir' : 'goodbye']);
      expect(prompt).toContain(locale === 'fr' ? '«\u00a0Au revoir!\u00a0»' : '"Goodbye!"');
    });

    it('says its closing line before the time limit, then ends the call; the limit stays as the backstop', () => {
      const definition = definitions[locale];
      expect(definition.hooks).toEqual([
        {
          on: 'call.timeElapsed',
          options: { seconds: 180 - CLOSING_LEAD_SECONDS },
          do: [
            { type: 'say', exact: definition.endCallMessage },
            { type: 'tool', tool: { type: 'endCall' } },
          ],
        },
      ]);
      expect(definition.endCallMessage).toMatch(locale === 'fr' ? /^C'est tout le temps/ : /^That's all the time we have/);
      expect(definition.hooks[0]!.options.seconds).toBeLessThan(definition.maxDurationSeconds!);
      expect(assistantDefinition(locale, { site, maxCallSeconds: 300 }).hooks[0]!.options.seconds).toBe(300 - CLOSING_LEAD_SECONDS);
    });

    it("has Vapi's voice formatter off, so that numbers and addresses are said as the prompt writes them", () => {
      expect(VOICE_FORMATTER[locale]).toBe(false);
      expect(definitions[locale].voice).toMatchObject({ chunkPlan: { enabled: true, formatPlan: { enabled: false } } });
    });

    it('is limited in time and silence, sends transcripts to the browser, records nothing, and is found by its key', () => {
      const definition = definitions[locale];
      expect(definition.maxDurationSeconds).toBe(180);
      expect(prompt).toContain(locale === 'fr' ? 'au plus 3 minutes' : 'at most 3 minutes');
      expect(definition.silenceTimeoutSeconds).toBe(20);
      expect(definition.clientMessages).toContain('transcript');
      expect(definition.serverMessages).toEqual([]);
      expect(definition.artifactPlan).toEqual({ recordingEnabled: false, videoRecordingEnabled: false, pcapEnabled: false });
      expect(definition.metadata).toEqual({ [ASSISTANT_KEY]: `voice-demo-${locale}` });
      expect(definition.name.length).toBeLessThanOrEqual(40);
    });
  });

  describe.each(LOCALES)('taking a callback request (%s)', (locale) => {
    const callbacks = { serverUrl: 'https://www.lumiere.example/api/voice/events', credentialId: 'cred-42' };
    const withCallbacks = assistantDefinition(locale, { site, maxCallSeconds: 180, callbacks });
    const prompt = (withCallbacks.model as { messages: Array<{ content: string }> }).messages[0]!.content;

    it('has the tool and sends its calls and the end-of-call report to our server, with the credential', () => {
      const tools = (withCallbacks.model as { tools?: Array<{ function: { name: string } }> }).tools;
      expect(tools?.map((tool) => tool.function.name)).toEqual([CALLBACK_TOOL]);
      expect(withCallbacks.server).toEqual({
        url: 'https://www.lumiere.example/api/voice/events',
        credentialId: 'cred-42',
        timeoutSeconds: 20,
        // A report that meets a restart is retried; a 4xx is not.
        backoffPlan: { type: 'exponential', maxRetries: 3, baseDelaySeconds: 1, excludedStatusCodes: expect.arrayContaining([400, 401, 413]) },
      });
      expect(withCallbacks.server?.backoffPlan.excludedStatusCodes.every((code) => code >= 400 && code < 500)).toBe(true);
      // The call's start (for the day's budget), the tool's calls, and its end.
      expect(withCallbacks.serverMessages).toEqual(['tool-calls', 'status-update', 'end-of-call-report']);
      // Nothing else changes: the same assistant, taking requests.
      const { model: _model, server: _server, serverMessages: _messages, ...rest } = withCallbacks;
      const { model: _m, serverMessages: _s, ...without } = definitions[locale];
      expect(rest).toEqual(without);
    });

    it('is told to collect the details, read them back, ask for consent, then call the tool once, and what to do with its answers', () => {
      const [heading, ...steps] = prompt.slice(prompt.lastIndexOf('## ')).split('\n');
      expect(heading).toBe(locale === 'fr' ? '## Prendre une demande de rappel' : '## Taking a callback request');
      expect(steps).toHaveLength(6);
      const expected =
        locale === 'fr'
          ? [
              /son nom.*entreprise.*numéro de téléphone, une adresse courriel, ou les deux.*besoin.*quel moment/,
              /Relisez-lui.*épelant l'adresse courriel.*si vous pouvez transmettre.*Sans un oui clair/,
              new RegExp(`appelez ${CALLBACK_TOOL} une seule fois.*«\u00a0fr\u00a0»`),
              /enregistrée.*rappellera/,
              /pose problème.*redemandez.*418\u00a0555-0199.*allo@lumiere\.example/,
              /déjà notée/,
            ]
          : [
              /their name.*company.*a phone number, an e-mail address, or both.*what they need.*when/,
              /Read the details back.*spelling out the e-mail address.*whether you may pass.*Without a clear yes/,
              new RegExp(`call ${CALLBACK_TOOL} once.*"en"`),
              /saved.*call them back/,
              /something is wrong.*ask for that detail again.*\+1 418-555-0199.*allo@lumiere\.example/,
              /already noted/,
            ];
      expected.forEach((pattern, index) => expect(steps[index]).toMatch(new RegExp(`^${index + 1}\\. .*${pattern.source}`)));
      // Without callbacks: no tool, no section, and nothing leaves Vapi for a server.
      const plain = definitions[locale];
      expect((plain.model as { tools?: unknown }).tools).toBeUndefined();
      expect(JSON.stringify(plain.model)).not.toContain(CALLBACK_TOOL);
      expect(plain.server).toBeUndefined();
    });
  });

  it('take the call length from the configuration', () => {
    const longer = assistantDefinition('fr', { site, maxCallSeconds: 300 });
    expect(longer.maxDurationSeconds).toBe(300);
    expect(JSON.stringify(longer.model)).toContain('au plus 5 minutes');
  });

  it('follow the page: a changed FAQ answer changes that language only', () => {
    const changed = structuredClone(getContent('fr'));
    changed.faq.groups[0]!.items[0]!.answer[0] = 'Une toute nouvelle réponse.';
    const options = { site, maxCallSeconds: 180, content: (locale: 'fr' | 'en') => (locale === 'fr' ? changed : getContent(locale)) };
    const next = assistantDefinitions(options);
    expect(JSON.stringify(next.fr.model)).toContain('Une toute nouvelle réponse.');
    expect(next.fr.model).not.toEqual(definitions.fr.model);
    expect(next.en).toEqual(definitions.en);
  });

  it('are processed by exactly the providers the privacy policy names, in both languages', () => {
    const PROVIDER_NAMES: Record<string, string> = { deepgram: 'Deepgram', openai: 'OpenAI', azure: 'Microsoft Azure' };
    for (const locale of LOCALES) {
      const { transcriber, model, voice } = definitions[locale];
      const providers = [transcriber, model, voice].map((part) => PROVIDER_NAMES[(part as { provider: string }).provider]);
      const section = privacyPolicies[locale].sections.find((part) => part.id === 'voice-demo')!;
      for (const name of providers) expect(section.paragraphs.join(' '), `${locale}: ${name}`).toContain(name);
    }
  });
});
