// forms.*: a publication's embeddable signup forms (Subscribers page → Signup forms), owner only: list
// with their copy-paste code, create, rename (and change the tag), delete. Posts reach /f/<id>.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { createForm, deleteForm, listForms, updateForm } from '../readers/forms';
import { formsContract } from '../../shared/schemas/forms';

export const formsRouter = router(
  implement(formsContract, {
    list: (ctx, input) => listForms(ctx, input.publicationId),
    create: createForm,
    update: updateForm,
    delete: deleteForm,
  }),
);
