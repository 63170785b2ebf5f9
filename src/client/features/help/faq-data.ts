// The questions of /quick-start-guide and /help. Every answer describes what the product does today
// (README, ARCHITECTURE "Decisions"); parts still being built are named as coming, never as working.
import { SUPPORT_EMAIL, TRIAL_DAYS } from '../../../shared/plans';
import { PLAN_LIST, keyLimits } from '../../../shared/plan-offers';

/** Each plan's price and first limits, as the price list states them (plans.ts). */
const plansAnswer = `${PLAN_LIST.map((o) => `${o.name} (${o.priceLabel}): ${keyLimits(o.id).slice(0, 3).join(', ').toLowerCase()}`).join('. ')}. Paid plans add subscribers and monthly AI generations; the pricing list on the home page names every feature.`;

export interface FaqEntry {
  question: string;
  answer: string;
}

export const QUICK_START_FAQ: readonly FaqEntry[] = [
  {
    question: 'Where does the content of my newsletter come from?',
    answer:
      'From channels: real RSS, Atom and JSON feeds. Search channels by topic or paste a site’s address and we find its feed. Articles are fetched from the feeds themselves and every story links back to its source.',
  },
  {
    question: 'Which themes can I use?',
    answer:
      'There are 18 designed themes for email and the web. Each theme belongs to a plan level; the theme picker shows which ones your plan includes and offers Upgrade to Use on the others.',
  },
  {
    question: 'Can I export a newsletter?',
    answer: 'Yes. Every plan exports plain text, Markdown and PDF from the preview step or from a saved newsletter. Enterprise adds HTML, Word and EPUB.',
  },
  {
    question: 'How do I send an issue to my subscribers?',
    answer:
      'Collect subscribers through your publication’s signup page or import a CSV, verify your own e-mail address once, then send the issue from step 5. Replies go to you, and the progress (sent, failed, remaining) updates live while it goes out.',
  },
  {
    question: 'Can readers unsubscribe easily?',
    answer:
      'Yes. Every issue carries a one-click unsubscribe header that mail apps show as an Unsubscribe button, plus a link in the footer. A reader who unsubscribes is not mailed again unless they subscribe themselves.',
  },
  {
    question: 'How does the free trial work?',
    answer: `The trial lasts ${TRIAL_DAYS} days and needs no card. Afterwards your account moves to the free plan and keeps everything you made; nothing is charged unless you choose a plan.`,
  },
  {
    question: 'What do the plans include?',
    answer: plansAnswer,
  },
  {
    question: 'Is my work saved if I stop halfway?',
    answer:
      'Yes. The five steps save your progress as you go, so you can close the tab and continue later from Publications. Newsletters you save stay as drafts until you send them.',
  },
  {
    question: 'Can I schedule an issue for later?',
    answer:
      'Yes. Choose a date and time up to one year ahead when you send. Until it goes out you can cancel the scheduled send; the subscriber list is taken at the scheduled time.',
  },
  {
    question: 'Can I see how my newsletters perform?',
    answer:
      'Yes, on plans with analytics (Professional and up): the Analytics page shows each issue’s opens (with Apple Mail’s automatic opens counted apart), clicks per link, unsubscribes, bounces and complaints, with a trend chart and a CSV export. Open and click tracking can be turned off per publication when you send.',
  },
];

export const HELP_FAQ: readonly FaqEntry[] = [
  {
    question: 'How do I reset my password?',
    answer:
      'Choose Forgot Password on the sign-in page and enter your e-mail address. We e-mail you a link to choose a new password; it is valid for 1 hour and works once. Resetting signs you out everywhere else.',
  },
  {
    question: 'How do I connect my email service?',
    answer:
      'Open Email Management (plans with Email Management) and add your provider with the correct API key or SMTP login. The key needs permission to send mail; use Test to check it before you rely on it. Without your own provider, mail goes through the service’s own sender.',
  },
  {
    question: 'How do I upgrade my plan?',
    answer:
      'Choose Upgrade plan on the Subscription Plans card of your dashboard, or open /upgrade, and pay with Stripe (when this server has payments set up). The new features are available as soon as Stripe confirms the payment, usually within seconds.',
  },
  {
    question: 'How do I cancel my subscription?',
    answer: `Open the billing portal from /upgrade and cancel there at any time. You keep your plan until the end of the period you paid for, then move to the free plan with your work kept. Your first purchase has a 14-day money-back guarantee: write to ${SUPPORT_EMAIL}.`,
  },
  {
    question: 'How does the AI content generation work?',
    answer:
      'AI reads the articles of the channels you choose. By default a built-in engine quotes and cites sentences from your articles; if the server is configured with a language model, that model writes instead. The built-in engine links every sentence to its article; a model is asked to cite the article behind each statement, and citations of articles you did not give are removed. The app says which engine wrote.',
  },
  {
    question: 'Which email services are supported?',
    answer:
      'Sending works through SMTP, Brevo, Resend, Mailgun and Postmark. On the Integrations page you can also connect Brevo, Mailchimp, MailerLite and beehiiv with an API key and publish a saved newsletter to your lists there as a draft, now or scheduled; Substack has no public API, so you copy the issue into its editor.',
  },
  {
    question: 'Is my data secure?',
    answer:
      'Passwords are hashed with argon2id, the API keys of your email providers are encrypted with AES-256-GCM, and the service runs over HTTPS in production. Content from feeds is shown as plain text, never as code.',
  },
  {
    question: 'How can I get better AI results?',
    answer:
      'Pick a few focused channels rather than many broad ones, give a clear topic, and choose fewer, better articles. The AI only works from the articles you give it, so good sources make good writing.',
  },
];
