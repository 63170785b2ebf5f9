// Subject lines that spam filters and readers distrust. A short list, each with its reason, rather than
// a score: the creator sees exactly which words tripped it and can change them.
import type { PrecheckFinding } from '../../shared/precheck';

interface Rule {
  id: string;
  test: (subject: string) => boolean;
  title: string;
  why: string;
}

const PHRASES = [
  'free money',
  'act now',
  'limited time',
  'click here',
  '100% free',
  'risk-free',
  'risk free',
  'cash bonus',
  'buy now',
  'make money',
  'earn money',
  'double your',
  'no cost',
  'winner',
  'guaranteed',
  'urgent',
  'once in a lifetime',
  'order now',
];

const capsWords = (s: string) => s.match(/\b[A-Z]{4,}\b/g) ?? [];

const RULES: Rule[] = [
  {
    id: 'caps',
    // Acronyms (AI, NASA) are fine; whole words or most of the line in capitals read as shouting.
    test: (s) => {
      const letters = s.replace(/[^A-Za-z]/g, '');
      return capsWords(s).length >= 2 || (letters.length >= 12 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6);
    },
    title: 'The subject shouts in capitals',
    why: 'Words in capitals read as shouting and weigh toward spam in filters.',
  },
  {
    id: 'bangs',
    test: (s) => /!{2,}/.test(s) || (s.match(/!/g)?.length ?? 0) >= 3,
    title: 'The subject has several exclamation marks',
    why: 'Runs of "!" are a classic spam signal.',
  },
  { id: 'money', test: (s) => /\${2,}|€{2,}|£{2,}/.test(s), title: 'The subject has "$$$"', why: 'Repeated currency signs are a classic spam signal.' },
  {
    id: 'phrase',
    test: (s) => PHRASES.some((p) => s.toLowerCase().includes(p)),
    title: 'The subject uses a spam phrase',
    why: 'Phrases like "free money" or "act now" are in every spam filter’s list.',
  },
  {
    id: 'fake-reply',
    test: (s) => /^\s*(re|fwd?)\s*:/i.test(s),
    title: 'The subject pretends to be a reply',
    why: '"Re:" or "Fwd:" on a newsletter misleads readers and filters.',
  },
];

/** The subject with what can be cleaned mechanically cleaned: capitals calmed, "!!!" and "$$$" and a fake "Re:" removed. */
export function calmSubject(s: string): string {
  return s
    .replace(/^\s*(re|fwd?)\s*:\s*/i, '')
    .replace(/!{2,}/g, '!')
    .replace(/(\${2,}|€{2,}|£{2,})/g, '')
    .replace(/\b([A-Z])([A-Z]{3,})\b/g, (_m, a: string, b: string) => a + b.toLowerCase())
    .replace(/\s+/g, ' ')
    .trim();
}

export function spamFindings(subject: string): PrecheckFinding[] {
  const out: PrecheckFinding[] = [];
  const calmed = calmSubject(subject);
  // One cleaned subject fixes every mechanical finding: offered once, on the first of them.
  let offered = false;
  for (const r of RULES) {
    if (!r.test(subject)) continue;
    const phrase = r.id === 'phrase' ? PHRASES.find((p) => subject.toLowerCase().includes(p)) : undefined;
    const fixable = !offered && r.id !== 'phrase' && calmed && calmed !== subject;
    if (fixable) offered = true;
    out.push({
      id: `subject-${r.id}`,
      check: 'subject',
      severity: 'warning',
      title: r.title,
      detail: `${r.why}${phrase ? ` Found: "${phrase}".` : ''}`,
      fix: phrase ? `Say it in your own words without "${phrase}".` : `Write it as a sentence, for example: "${calmed}".`,
      ...(fixable ? { oneClickFix: { kind: 'setSubject' as const, label: `Use "${calmed}"`, subject: calmed } } : {}),
    });
  }
  if (subject.length > 80) {
    out.push({
      id: 'subject-long',
      check: 'subject',
      severity: 'info',
      title: 'The subject is long',
      detail: `At ${subject.length} characters, phones show about the first 40 and desktop inboxes about 70.`,
      fix: 'Put the words that matter first, or shorten it.',
    });
  }
  return out;
}
