// A reader confirming a subscription: the link opened several times at once (a mail scanner and the
// reader) confirms once, and the others answer "already subscribed".
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { SIGNUP_MSG } from '../../../src/server/readers/subscription/messages';
import { times } from './support';

const N = 6;

describe('confirming a subscription', () => {
  it(`one confirmation link opened ${N} times at once confirms once (five rounds)`, async () => {
    const h = await harnessWithAdmin({ env: { RATE_LIMITS: 'off' } });
    const api = h.caller(await h.insertUser({ planType: 'basic' }));
    const pub = await api.publications.create({ name: 'Field Notes' });
    const slug = new URL((await api.subscribers.share({ publicationId: pub.id })).signupUrl).pathname.split('/').pop()!;
    for (let round = 0; round < 5; round++) {
      const email = `reader${round}@example.com`;
      await h.caller('anon').subscribers.signup({ slug, email });
      const [mail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, email));
      const token = /confirm\?token=([\w-]+)/.exec(mail!.text)![1]!;

      const answers = await Promise.all(Array.from({ length: N }, () => h.caller('anon').subscribers.confirm({ slug, token })));
      expect(answers.filter((a) => a.status === 'confirmed')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 'already').map((a) => a.message)).toEqual(times(N - 1, SIGNUP_MSG.already));
    }
  });
});
