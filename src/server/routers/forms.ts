// forms.*: a publication's embeddable signup forms (Subscribers page → Signup forms), owner only: list
// with their copy-paste code, create, rename (and change the tag), delete. Posts reach /f/<id>.
import { router, protectedProcedure } from '../trpc/init';
import { removedResult } from '../../shared/schemas/common';
import { createForm, deleteForm, listForms, updateForm } from '../readers/forms';
import { createFormInput, formDto, formList, formRef, formsOfInput, updateFormInput } from '../readers/form-schemas';

export const formsRouter = router({
  list: protectedProcedure
    .input(formsOfInput)
    .output(formList)
    .query(({ ctx, input }) => listForms(ctx, input.publicationId)),
  create: protectedProcedure
    .input(createFormInput)
    .output(formDto)
    .mutation(({ ctx, input }) => createForm(ctx, input)),
  update: protectedProcedure
    .input(updateFormInput)
    .output(formDto)
    .mutation(({ ctx, input }) => updateForm(ctx, input)),
  delete: protectedProcedure
    .input(formRef)
    .output(removedResult)
    .mutation(({ ctx, input }) => deleteForm(ctx, input)),
});
