import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

type Out = inferRouterOutputs<AppRouter>['blog'];
export type BlogCard = Out['list']['posts'][number];
export type BlogPost = Out['bySlug'];
export type BlogAdminItem = Out['adminList']['posts'][number];
export type BlogEditorPost = Out['get'];
