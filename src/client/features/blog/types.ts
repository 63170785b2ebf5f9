import type { RouterOutputs } from '../../trpc';

type Out = RouterOutputs['blog'];
export type BlogCard = Out['list']['posts'][number];
export type BlogPost = Out['bySlug'];
export type BlogAdminItem = Out['adminList']['posts'][number];
export type BlogEditorPost = Out['get'];
