import type { BelowTheFoldContent } from '../types';

export const enBelowTheFold: BelowTheFoldContent = {
  meta: {
    title: '{brand} | AI Automation for Quebec Businesses',
    description: '{brand} builds custom AI for Quebec businesses: 24/7 voice agents, lead generation, workflow automation and private local language models.',
    ogImageAlt: '{brand} logo: AI automation for Quebec businesses',
    areaServed: 'Quebec',
  },

  services: {
    title: 'What We Automate For You',
    subtitle: 'Targeted AI solutions designed to reduce your costs, save your time, and drive your revenue.',
    items: [
      {
        id: 'customer-service',
        title: 'AI Customer Service',
        description:
          'Intelligent voice agents answer your customers 24/7, resolve their issues and book appointments. They plug directly into your existing systems.',
      },
      {
        id: 'lead-generation',
        title: 'Automated Lead Generation',
        description: 'Keep your sales pipeline full of qualified leads, so your sales team can focus on what it does best: closing deals.',
      },
      {
        id: 'internal-automation',
        title: 'Internal AI Automation',
        description:
          'Automate inventories and schedules and eliminate repetitive admin work. We connect AI to the tools you already use, such as your CRM and ERP.',
      },
      {
        id: 'marketing',
        title: 'Automated AI Marketing',
        description: 'AI plans, writes and publishes content across your social platforms, personalized to your brand and your audience.',
      },
    ],
  },

  voiceDemo: {
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
  },

  benefits: {
    title: 'What you get',
    subtitle: 'Concrete results for your business, not just new technology.',
    items: [
      {
        id: 'cost',
        title: 'Drastic Cost Reduction',
        highlight: '70%',
        description: 'Our clients see 70% average cost savings on the tasks we automate, by replacing manual, repetitive work with AI.',
      },
      {
        id: 'productivity',
        title: '24/7/365 Productivity',
        highlight: '24/7',
        description: 'Your AI agents never sleep, never take a break and never miss a call, evenings, weekends and holidays included.',
      },
      {
        id: 'growth',
        title: 'Data-Driven Growth',
        description: 'Every conversation and process generates insights, so you can make decisions based on real data instead of guesswork.',
      },
      {
        id: 'efficiency',
        title: 'Exponential Efficiency',
        highlight: '5×',
        description: 'Get 5x faster execution on automated workflows, so your team can take on more work without adding headcount.',
      },
    ],
  },

  testimonials: {
    title: 'What our customers say',
    subtitle: "We're not just a business, we're a growth partner",
    items: [
      {
        name: 'Marie-Ève Tremblay',
        title: 'Owner, Bistro Le Cartier, Quebec City',
        text: 'During the dinner rush, we used to miss reservation calls all the time. Now the voice agent answers every call, books tables and answers questions about our menu. My staff can finally focus on the guests in front of them.',
      },
      {
        honorific: 'Dr.',
        name: 'Jean-François Gagnon',
        title: 'Owner, Clinique Santé Beauport, Quebec City',
        text: "Appointment booking and reminders used to take hours of our reception team's day. The AI now handles most of these calls and syncs directly with our scheduling system. We have noticeably fewer no-shows and a much calmer front desk.",
      },
      {
        name: 'Sophie Lavoie',
        title: 'Director of Sales, Distribution Laurentide, Lévis',
        text: 'The automated lead generation keeps our pipeline full with prospects who actually fit our market. My reps spend their time on calls and closing instead of research and data entry. The team was up and running within a few weeks.',
      },
      {
        name: 'Mathieu Bouchard',
        title: 'Director, Groupe Rive-Nord, Trois-Rivières',
        text: 'What convinced us was the local language model: our data stays in Canada and under our control. The team took the time to understand our processes before proposing anything. They feel like a partner, not just a supplier.',
      },
    ],
  },

  delivery: {
    // The firm's text is "What the company AI delivers": "the company" stands where the brand goes.
    heading: 'What {brand} delivers',
    items: [
      {
        id: 'local-llm',
        title: 'Personal AI & Local LLMs',
        description: 'Private language models hosted on your infrastructure or in Canada, trained on your own data.',
      },
      {
        id: 'process-automation',
        title: 'Intelligent Process Automation',
        description: 'Workflows that connect your tools and handle repetitive tasks from start to finish.',
      },
      {
        id: 'customer-engagement',
        title: 'AI-Powered Customer Engagement',
        description: 'Voice agents and chatbots that answer, qualify and book customers around the clock.',
      },
      {
        id: 'business-intelligence',
        title: 'Predictive Business Intelligence',
        description: 'Dashboards and forecasts that turn your data into clear, actionable decisions.',
      },
    ],
    closing: 'Ready to use in your next project',
  },

  contact: {
    heading: 'Get started',
    subtitle: 'Discover how we can transform your business with easy integrating AI solutions.',
    info: {
      title: "Let's talk about your business",
      paragraphs: [
        'Book a free 30-minute discovery call with our team. We will look at how your business runs today and identify where AI can save you the most time and money.',
        'Send us a message and we will reply within one business day.',
      ],
      points: ['Free 30-minute discovery call', 'Reply within one business day', 'Team based in {city}'],
      phoneLabel: 'Phone',
      emailLabel: 'Email',
      addressLabel: 'Address',
    },
    chipCaption: 'Your systems, connected by AI',
    form: {
      title: 'See it for yourself',
      fields: {
        name: { label: 'Full Name', placeholder: 'Enter your full name' },
        phone: { label: 'Phone Number', placeholder: 'Enter your phone number' },
        email: { label: 'Email', placeholder: 'Enter your email address' },
        company: { label: 'Company', placeholder: 'Enter your company name' },
        message: { label: 'Message or Inquiry', placeholder: 'Message or reason for request' },
      },
      submit: 'Send Message',
      submitting: 'Sending...',
      noScript: 'This form needs JavaScript, which is turned off in your browser. You can call or email us instead: our details are on this page.',
      privacyNotice: {
        text: 'We use these details only to answer your request. They are kept on our server and deleted after {retention}; you can see, correct or withdraw them at any time.',
        link: 'Privacy Policy',
      },
    },
  },

  banner: {
    phrases: ['Voice agents 24/7', 'Made in Quebec', 'Private AI under your control', 'Automate the repetitive', 'AI built for your business'],
  },

  faq: {
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
  },

  footer: {
    newsletter: {
      title: 'Get Real Free Value',
      line: 'Actionable AI insights for real results. No fluff. No spam.',
      emailLabel: 'Email address',
      placeholder: 'Enter your email',
      subscribe: 'Subscribe',
      subscribing: 'Subscribing...',
      noScript: 'Subscribing needs JavaScript, which is turned off in your browser.',
      // Changing this wording? Change NEWSLETTER_CONSENT_VERSION in src/contracts/newsletter.ts too.
      consent: {
        // Three lines on a phone; who sends it (name, address, contact) is the policy's first section.
        text: 'By subscribing, you agree to receive {possessiveBrand} newsletter by email. Unsubscribe at any time.',
        link: 'Privacy Policy',
        section: 'who',
      },
    },
    quickLinks: {
      title: 'Quick Links',
      links: [
        { anchor: 'ai-caller', label: 'Home' },
        { anchor: 'services', label: 'Services' },
        { anchor: 'ai-caller', label: 'AI Caller' },
        { anchor: 'faq', label: 'FAQ' },
      ],
    },
    contactUs: { title: 'Contact Us', phoneLabel: 'Phone', emailLabel: 'Email' },
    brandTagline: 'Custom AI automation that helps Quebec businesses save time, cut costs and grow.',
    copyright: '© {year} {brand}. All rights reserved.',
    privacyLink: 'Privacy Policy',
  },

  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    home: 'Go to the home page',
    contact: 'Looking for something in particular? Call or write to us:',
  },

  toasts: {
    contact: {
      notConfigured: {
        title: 'Form temporarily unavailable',
        description: 'Configuration missing on the server. Please try again later.',
      },
      failed: { title: 'Failed to send message', description: 'Please try again later.' },
      phoneFallback: 'Or call us at {phone}.',
      proofFailed: {
        title: 'Failed to send message',
        description: 'Your browser could not complete our anti-spam check. Please try again, or call us at {phone}.',
      },
      success: { title: 'Message sent successfully!', description: "We'll get back to you soon." },
      rateLimited: {
        title: 'Too many messages',
        description: 'Please try again in a few minutes, or call us at {phone}.',
      },
      invalid: {
        title: 'Some fields need your attention',
        description: 'Please correct the highlighted fields and try again.',
      },
    },
    newsletter: {
      empty: 'Please enter your email address',
      invalidEmail: 'Please enter a valid email address',
      duplicate: 'This email is already subscribed to our newsletter',
      failed: 'Failed to subscribe. Please try again.',
      success: 'Successfully subscribed to our newsletter!',
      confirmFromInbox: 'To confirm, open the link in the e-mail we just sent you.',
      rateLimited: 'Too many attempts. Please try again in a few minutes.',
      proofFailed: 'Your browser could not complete our anti-spam check. Please try again.',
    },
  },

  fieldErrors: {
    required: 'This field is required.',
    too_long: 'This entry is too long.',
    invalid_email: 'Please enter a valid email address.',
    invalid_phone: 'Please enter a valid phone number.',
    invalid_characters: 'This entry contains characters we cannot read. Please type it again.',
    invalid: 'This value is not valid.',
  },
};
