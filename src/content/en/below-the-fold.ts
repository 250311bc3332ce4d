import type { BelowTheFoldContent } from '../types';
import { enFaq } from './faq';
import { enVoiceDemo } from './voice-demo';

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

  voiceDemo: enVoiceDemo,

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

  faq: enFaq,

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
