import type { BelowTheFoldContent } from '../types';

/**
 * The FAQ's copy: the questions by group and their answers, which the FAQ section shows and the
 * page's structured data (src/web/seo/structured-data.ts) and the voice agent's prompt repeat.
 */
export const enFaq: BelowTheFoldContent['faq'] = {
  title: 'Frequently Asked Questions',
  subtitle: 'Everything Quebec businesses ask us about AI consulting, automation and working with our team.',
  stepJoin: ': ',
  groups: [
    {
      id: 'general',
      title: 'General Questions',
      items: [
        {
          id: 'what-ai-integration-does',
          question: 'What can AI integration do for my business?',
          answer: [
            'AI integration takes over repetitive, time-consuming tasks such as answering calls, booking appointments, qualifying leads, entering data and publishing content. It connects to the tools you already use, so the work gets done automatically and consistently.',
            'Your team gets time back for the work that needs a human touch, and your customers get faster answers, day and night.',
          ],
        },
        {
          id: 'why-local-quebec-firm',
          question: 'Why choose a local Quebec firm?',
          answer: [
            'We know the Quebec market, its customers and its rules, including Law 25 on the protection of personal information. We work in French and English and can meet you in person when it helps.',
            'When you need support, you talk to people in your time zone who know your business, not an anonymous overseas help desk.',
          ],
        },
        {
          id: 'which-businesses',
          question: 'Which businesses do you work with?',
          answer: [
            'We work with small and large businesses alike: restaurants, clinics, professional services, retailers, distributors and manufacturers, among others.',
            'If your team spends hours on repetitive calls, emails or admin tasks, there is a good chance AI can help. The free discovery call is the quickest way to find out.',
          ],
        },
      ],
    },
    {
      id: 'services',
      title: 'Our Custom AI Services',
      items: [
        {
          id: 'crm-erp-integration',
          question: 'Can your AI integrate with our existing CRM or ERP?',
          answer: [
            'Yes. We connect AI to your existing CRM, ERP, calendar and other business tools through their APIs, so information flows automatically between systems.',
            'You keep the software your team already knows; the AI works alongside it instead of replacing it. If a tool has no API, we look at other options with you, such as secure file exchanges or dedicated connectors.',
          ],
        },
        {
          id: 'intelligent-voice-agent',
          question: 'How does the intelligent voice agent work?',
          answer: [
            'Our voice agent answers your phone calls 24/7 in a natural voice. It understands what callers ask, answers their questions, books appointments and can transfer the call to a person when needed.',
            'It is configured with your business information and connected to your systems. You can try it yourself right now with the [Call Me](#ai-caller) button higher up on this page.',
          ],
        },
        {
          id: 'marketing-automation',
          question: 'What does social media and marketing automation include?',
          answer: [
            "We set up AI that plans your content calendar, writes posts in your brand's voice and publishes them across your social platforms on schedule.",
            'Content is personalized to your audience, and you can review and approve it before it goes live, so you stay in control of your brand.',
          ],
        },
        {
          id: 'local-vs-standard-llm',
          question: 'What is the difference between a local (private) language model and a standard one?',
          answer: [
            "A standard language model runs on a third-party provider's servers, often outside Canada, and your data is sent to that provider for processing.",
            "A local language model runs on your own infrastructure or on servers in Canada. Your data stays under your control, which makes it easier to meet your obligations under Quebec's Law 25, and the model can be tailored to your documents and processes.",
          ],
        },
      ],
    },
    {
      id: 'process',
      title: 'Process and Costs',
      items: [
        {
          id: 'our-process',
          question: 'What does your process look like?',
          answer: [
            'Every project follows the same five steps, adapted to the size and needs of your business:',
            'Costs depend on the scope of the project; you receive a clear proposal before any development begins.',
          ],
          steps: [
            {
              title: 'Consultation and analysis',
              text: 'we learn how your business works and identify the tasks where AI will have the most impact.',
            },
            {
              title: 'Custom strategy',
              text: 'we propose a clear plan with priorities, timelines and the expected benefits for your business.',
            },
            {
              title: 'Development and integration',
              text: 'we build the solution and connect it to your existing tools and systems.',
            },
            {
              title: 'Deployment and training',
              text: 'we launch the solution and train your team so everyone is comfortable using it.',
            },
            {
              title: 'Support and optimization',
              text: 'we monitor results and keep improving the solution as your business evolves.',
            },
          ],
        },
        {
          id: 'measuring-roi',
          question: 'How do you measure return on investment?',
          answer: [
            'We agree on clear indicators with you before we start, then measure them before and after deployment.',
            'Typical indicators are hours saved, cost reduction, number of qualified leads and customer satisfaction scores. You receive regular reports, so you can see exactly what the AI brings to your business.',
          ],
        },
      ],
    },
  ],
  closing: {
    title: 'Still have questions?',
    text: 'Our team is happy to answer them and look at your specific situation.',
    link: 'Contact Our Experts',
  },
};
