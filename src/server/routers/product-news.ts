// productNews.*: product newsletters staff write to the accounts that opted in (compose, preview, test
// and drafts for every staff role; sending for admins), and each user's own opt-in switch.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { productNewsContract } from '../../shared/schemas/product-news';
import {
  deleteDraft,
  getProductNews,
  listNewsletters,
  optedInCount,
  previewNewsletter,
  saveDraft,
  sendNewsletter,
  sendNewsletterTest,
  setProductNews,
} from '../onboarding/product-news';

export const productNewsRouter = router(
  implement(productNewsContract, {
    get: getProductNews,
    set: setProductNews,
    list: listNewsletters,
    audience: optedInCount,
    preview: previewNewsletter,
    sendTest: sendNewsletterTest,
    saveDraft,
    deleteDraft,
    send: sendNewsletter,
  }),
);
